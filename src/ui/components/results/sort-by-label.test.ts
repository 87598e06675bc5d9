import { describe, expect, it } from 'vitest';
import { sortByLabel } from './sort-by-label';
import { sortRows } from './table-sort';
import { strategyLabel } from '../common/labels';

describe('sortByLabel (both result tables)', () => {
  const rows = [
    { env: 'household', strategy: 'react', calls: 3 },
    { env: 'academic', strategy: 'ngram-react', calls: 1 },
    { env: 'household', strategy: 'autotool-react', calls: 2 },
  ];
  const value = sortByLabel<(typeof rows)[number]>((row, column) => (column === 'calls' ? row.calls : undefined));

  it('sorts strategies and environments by the label the cell shows, not the id', () => {
    // "3-gram (ReAct)" comes before "AutoTool (ReAct)", though its id, ngram-react, comes after.
    expect(strategyLabel('ngram-react')).toMatch(/^3-gram/);
    expect(sortRows(rows, { column: 'strategy', direction: 'ascending' }, value).map((r) => r.strategy)).toEqual(['ngram-react', 'autotool-react', 'react']);
    expect(value(rows[1], 'env')).toMatch(/^Academic/);
  });

  it('leaves other columns to the table', () => {
    expect(sortRows(rows, { column: 'calls', direction: 'descending' }, value).map((r) => r.calls)).toEqual([3, 2, 1]);
  });
});
