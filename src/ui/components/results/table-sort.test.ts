import { describe, expect, it } from 'vitest';
import { ariaSort, compareValues, distinctValues, filterRows, nextSort, sortRows, type SortState } from './table-sort';

interface Row {
  id: string;
  env: string;
  strategy: string;
  task: string;
  calls?: number;
  success: boolean;
}

const ROWS: Row[] = [
  { id: 'a', env: 'household', strategy: 'react', task: 'household-10', calls: 30, success: false },
  { id: 'b', env: 'household', strategy: 'autotool-react', task: 'household-9', calls: 12, success: true },
  { id: 'c', env: 'academic', strategy: 'react', task: 'academic-2', calls: 30, success: true },
  { id: 'd', env: 'academic', strategy: 'autotool-react', task: 'academic-10', calls: undefined, success: false },
  { id: 'e', env: 'household', strategy: 'react', task: 'household-1', calls: 8, success: true },
];

const value = (row: Row, column: string) => row[column as keyof Row];
const ids = (rows: Row[]) => rows.map((row) => row.id).join('');
const sorted = (column: string, direction: SortState['direction']) => ids(sortRows(ROWS, { column, direction }, value));

describe('compareValues', () => {
  it('compares numbers as numbers, not as text', () => {
    expect(compareValues(9, 10)).toBeLessThan(0);
    expect(compareValues(100, 20)).toBeGreaterThan(0);
    expect(compareValues(-1.5, -1.5)).toBe(0);
  });

  it('compares texts with their digits as numbers, ignoring case', () => {
    expect(compareValues('household-9', 'household-10')).toBeLessThan(0);
    expect(compareValues('ReAct', 'react')).toBe(0);
    expect(compareValues('AutoTool', 'ReAct')).toBeLessThan(0);
  });

  it('puts no before yes, numbers before texts and empty cells last', () => {
    expect(compareValues(false, true)).toBeLessThan(0);
    expect(compareValues(3, 'x')).toBeLessThan(0);
    expect(compareValues(undefined, 0)).toBeGreaterThan(0);
    expect(compareValues(Number.NaN, 5)).toBeGreaterThan(0);
    expect(compareValues(null, undefined)).toBe(0);
  });
});

describe('sortRows', () => {
  it('keeps the rows as given without a sort, and never changes its input', () => {
    const before = ids(ROWS);
    expect(ids(sortRows(ROWS, undefined, value))).toBe(before);
    sortRows(ROWS, { column: 'calls', direction: 'descending' }, value);
    expect(ids(ROWS)).toBe(before);
  });

  it('sorts numerically both ways, equal rows in their own order, empty cells last either way', () => {
    expect(sorted('calls', 'ascending')).toBe('ebacd');
    expect(sorted('calls', 'descending')).toBe('acbed');
  });

  it('sorts text numeric-aware', () => {
    expect(sorted('task', 'ascending')).toBe('cdeba');
    expect(sorted('task', 'descending')).toBe('abedc');
  });

  it('is stable on ties (success, then the run order)', () => {
    expect(sorted('success', 'ascending')).toBe('adbce');
    expect(sorted('success', 'descending')).toBe('bcead');
    expect(sorted('env', 'ascending')).toBe('cdabe');
  });
});

describe('nextSort and ariaSort', () => {
  it('cycles ascending, descending, unsorted on one column; a new column starts ascending', () => {
    const first = nextSort(undefined, 'calls');
    expect(first).toEqual({ column: 'calls', direction: 'ascending' });
    const second = nextSort(first, 'calls');
    expect(second).toEqual({ column: 'calls', direction: 'descending' });
    expect(nextSort(second, 'calls')).toBeUndefined();
    expect(nextSort(second, 'task')).toEqual({ column: 'task', direction: 'ascending' });
  });

  it('names the sorted column for assistive technology', () => {
    expect(ariaSort({ column: 'calls', direction: 'descending' }, 'calls')).toBe('descending');
    expect(ariaSort({ column: 'calls', direction: 'descending' }, 'task')).toBe('none');
    expect(ariaSort(undefined, 'task')).toBe('none');
  });
});

describe('filterRows and distinctValues', () => {
  const field = (row: Row, key: string) => String(row[key as keyof Row]);

  it('keeps the rows that match every chosen value, in order', () => {
    expect(ids(filterRows(ROWS, { strategy: 'react' }, field))).toBe('ace');
    expect(ids(filterRows(ROWS, { strategy: 'react', env: 'household' }, field))).toBe('ae');
    expect(ids(filterRows(ROWS, { strategy: 'react', env: 'household', success: 'true' }, field))).toBe('e');
    expect(filterRows(ROWS, { strategy: 'egb-logits' }, field)).toEqual([]);
  });

  it('ignores filters left on "all"', () => {
    expect(ids(filterRows(ROWS, {}, field))).toBe(ids(ROWS));
    expect(ids(filterRows(ROWS, { strategy: '', env: undefined }, field))).toBe(ids(ROWS));
  });

  it('lists a field\u2019s values once each, in the run order', () => {
    expect(distinctValues(ROWS, (row) => row.strategy)).toEqual(['react', 'autotool-react']);
    expect(distinctValues(ROWS, (row) => row.env)).toEqual(['household', 'academic']);
  });
});
