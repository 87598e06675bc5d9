import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ACADEMIC_SEED, generateAcademicDataset } from './generate-dataset';
import { parseAcademicDataset } from './dataset';

describe('generateAcademicDataset', () => {
  it('should give the same file for the same seed and another for another seed', () => {
    expect(generateAcademicDataset(7)).toEqual(generateAcademicDataset(7));
    expect(generateAcademicDataset(8)).not.toEqual(generateAcademicDataset(7));
  });

  it('should match the bundled public/data/academic.json (rerun npm run generate:data -- academic if not)', () => {
    const bundled = JSON.parse(readFileSync(new URL('../../../../public/data/academic.json', import.meta.url), 'utf8'));
    expect(bundled).toEqual(generateAcademicDataset(ACADEMIC_SEED));
  });

  it('should build a graph and questions of the intended size, kinds, splits and lengths', () => {
    const file = generateAcademicDataset(ACADEMIC_SEED);
    expect(file.graph.papers.length).toBeGreaterThanOrEqual(80);
    expect(file.graph.papers.length).toBeLessThanOrEqual(120);
    expect(file.graph.authors.length).toBeGreaterThanOrEqual(60);
    expect(file.graph.authors.length).toBeLessThanOrEqual(100);
    expect(file.tasks.length).toBeGreaterThanOrEqual(90);
    const kinds = new Set(file.tasks.map((task) => task.kind));
    expect(kinds.size).toBeGreaterThanOrEqual(6);
    for (const kind of kinds) {
      const splits = new Set(file.tasks.filter((task) => task.kind === kind).map((task) => task.split));
      expect([kind, [...splits].sort()]).toEqual([kind, ['test', 'train']]);
    }
    const train = file.tasks.filter((task) => task.split === 'train').length;
    expect(train / file.tasks.length).toBeCloseTo(1 / 3, 1);
    file.tasks.forEach((task, index) => {
      expect(task.id).toBe(`academic-${String(index + 1).padStart(3, '0')}`);
      expect(task.data.solution.length).toBeGreaterThanOrEqual(2);
      expect(task.data.solution.length).toBeLessThanOrEqual(6);
    });
    expect(() => parseAcademicDataset(file)).not.toThrow();
  });

  it('should write titles, names and organisations without commas, so list answers split cleanly', () => {
    const { graph } = generateAcademicDataset(ACADEMIC_SEED);
    const texts = [...graph.papers.map((p) => p.title), ...graph.authors.flatMap((a) => [a.name, a.org])];
    expect(texts.filter((text) => text.includes(','))).toEqual([]);
  });
});
