import { describe, expect, it } from 'vitest';
import { DatasetError } from '../../errors';
import { parseAcademicDataset } from './dataset';
import { tinyFile } from './tiny-file';

function errorOf(json: unknown): DatasetError {
  try {
    parseAcademicDataset(json);
  } catch (error) {
    if (error instanceof DatasetError) return error;
    throw error;
  }
  throw new Error('parseAcademicDataset accepted a malformed file');
}

describe('parseAcademicDataset', () => {
  it('should read a well-formed file as tasks of the academic environment', () => {
    const dataset = parseAcademicDataset(tinyFile());
    expect(dataset.env).toBe('academic');
    expect(dataset.graph.papers).toHaveLength(3);
    expect(dataset.tasks[0]).toMatchObject({ id: 'academic-001', env: 'academic', split: 'test', kind: 'publication-year' });
  });

  it('should reject a file of another shape with a DatasetError naming the path', () => {
    const file = tinyFile() as unknown as { tasks: { data: Record<string, unknown> }[] };
    delete file.tasks[0].data.answer;
    expect(errorOf(file).path).toBe('tasks[0].data.answer');
    expect(errorOf({ env: 'household' }).path).toBe('env');
    expect(errorOf(null)).toBeInstanceOf(DatasetError);
  });

  it('should reject references to unknown nodes and tools', () => {
    const file = tinyFile();
    file.graph.papers[1].authors.push('Nobody Known');
    expect(errorOf(file).path).toBe('graph.papers[1].authors[2]');
    const other = tinyFile();
    other.tasks[0].data.solution[1].tool = 'searchPapers';
    expect(errorOf(other).message).toMatch(/tasks\[0\]\.data\.solution\[1\]\.tool: unknown tool/);
  });

  it('should reject a task whose subgoals do not match its solution', () => {
    const file = tinyFile();
    file.tasks[0].data.subgoals.pop();
    expect(errorOf(file).path).toBe('tasks[0].data.subgoals');
  });
});
