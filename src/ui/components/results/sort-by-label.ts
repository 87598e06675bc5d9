import { envLabel, strategyLabel } from '../common/labels';
import type { SortValue } from './table-sort';

/**
 * What a results row sorts by in a column, for both result tables: the environment and the
 * strategy by the label the cell shows (not the id), any other column by `own`.
 */
export function sortByLabel<Row extends { env: string; strategy: string }>(own: (row: Row, column: string) => SortValue): (row: Row, column: string) => SortValue {
  return (row, column) => (column === 'env' ? envLabel(row.env) : column === 'strategy' ? strategyLabel(row.strategy) : own(row, column));
}
