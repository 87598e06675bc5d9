import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateSlateDataset, SLATE_SEED } from '.';
import { parseSlateDataset } from '..';
import { SlateEnvironment } from '../slate-environment';
import { slateExpert } from '../slate-expert';
import { SLATE_CATEGORIES } from '../slate-types';
import { parseReference } from '../references';
import { OBJECTS } from './objects';
import { WORDINGS } from './roles';

const bundled = (name: string) => JSON.parse(readFileSync(new URL(`../../../../../public/data/slate/${name}`, import.meta.url), 'utf8'));

describe('generateSlateDataset', () => {
  const { tools, cases } = generateSlateDataset(SLATE_SEED);

  it('should give the same files for the same seed and others for another seed', () => {
    expect(generateSlateDataset(3, 20)).toEqual(generateSlateDataset(3, 20));
    expect(generateSlateDataset(4, 20).cases).not.toEqual(generateSlateDataset(3, 20).cases);
  });

  it('should match the bundled public/data/slate files (rerun npm run generate:data -- slate if not)', () => {
    expect(bundled('tools.json')).toEqual(tools);
    expect(bundled('cases.json')).toEqual(cases);
  });

  it('should write 1,000 tools over the 12 categories, about 3 arguments each, with near-duplicates', () => {
    expect(tools).toHaveLength(1000);
    expect(new Set(tools.map((t) => t.category))).toEqual(new Set(SLATE_CATEGORIES));
    const mean = tools.reduce((sum, t) => sum + Object.keys(t.arguments.properties).length, 0) / tools.length;
    expect(mean).toBeGreaterThan(2.3);
    expect(mean).toBeLessThan(3.5);
    for (const tool of tools) expect(JSON.stringify(tool.default_output)).toContain('no_record_found');
    // Near-duplicates: each object has several wordings of the same role in the library (get/fetch/retrieve …).
    const names = new Set(tools.map((t) => t.name));
    const perRole = OBJECTS.flatMap((o) => [...new Set(WORDINGS.map((w) => w.role))].map((role) => WORDINGS.filter((w) => w.role === role && names.has(w.name(o))).length));
    expect(perRole.reduce((a, b) => a + b, 0) / perRole.length).toBeGreaterThan(2);
    expect(Math.min(...perRole)).toBeGreaterThanOrEqual(1);
  });

  it('should write at least 120 cases of 6 to 16 substeps, ~10/80/10% complexity, a train third, chained references', () => {
    expect(cases.length).toBeGreaterThanOrEqual(120);
    const share = (level: string) => cases.filter((c) => c.complexity === level).length / cases.length;
    expect(share('MODERATE')).toBeCloseTo(0.1, 1);
    expect(share('COMPLEX')).toBeCloseTo(0.8, 1);
    expect(share('ADVANCED')).toBeCloseTo(0.1, 1);
    expect(cases.filter((c) => c.split === 'train').length / cases.length).toBeCloseTo(1 / 3, 1);
    for (const item of cases) {
      const substeps = item.plan.flatMap((step) => step.substeps);
      expect(substeps.length).toBeGreaterThanOrEqual(6);
      expect(substeps.length).toBeLessThanOrEqual(16);
      expect(substeps.some((s) => s.action === null)).toBe(true);
      expect(substeps.some((s) => Object.values(s.action?.args ?? {}).some((v) => parseReference(v)))).toBe(true);
      expect(item.simulation).toHaveLength(substeps.filter((s) => s.action).length);
    }
    expect(() => parseSlateDataset({ tools, cases })).not.toThrow();
  });

  it('should make every case solvable: following the gold plan succeeds with every tool matched', () => {
    const dataset = parseSlateDataset({ tools, cases });
    const env = new SlateEnvironment(dataset.tools);
    for (const task of dataset.tasks) {
      env.reset(task);
      const expert = slateExpert(env);
      let result;
      for (let action = expert.next(); action; action = expert.next()) {
        result = env.step(action);
        expect([task.id, result.ok]).toEqual([task.id, true]);
      }
      expect([task.id, result?.success]).toEqual([task.id, true]);
      expect(env.metrics().toolMatch).toBe(1);
    }
  });

  it('should write plan values in other formats than the simulation stores them, so matching needs equivalence', () => {
    const written = cases.flatMap((c) => c.plan.flatMap((s) => s.substeps.flatMap((sub) => Object.values(sub.action?.args ?? {}))));
    expect(written.some((v) => typeof v === 'string' && /^\$\d/.test(v))).toBe(true);
    expect(written.some((v) => typeof v === 'string' && /^[A-Z][a-z]+ \d{1,2}, \d{4}$/.test(v))).toBe(true);
    expect(written.some((v) => typeof v === 'string' && /^\d+%$/.test(v))).toBe(true);
  });
});
