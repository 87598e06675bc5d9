/**
 * Sorting and filtering of the result tables, apart from React: a sort is a column and a
 * direction, cells compare numbers as numbers and text with its digits as numbers ("task-9" before
 * "task-10"), empty cells go last either way, and equal rows keep their order.
 */

/** What a column sorts by: a number, a text, a yes/no; undefined, null and NaN for an empty cell. */
export type SortValue = number | string | boolean | undefined | null;

export type SortDirection = 'ascending' | 'descending';

export interface SortState {
  column: string;
  direction: SortDirection;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

const isEmpty = (value: SortValue): value is undefined | null => value === undefined || value === null || (typeof value === 'number' && Number.isNaN(value));

/** Ascending order of two cells: numbers and yes/no (no before yes) numerically, texts numeric-aware; numbers before texts. */
export function compareValues(a: SortValue, b: SortValue): number {
  const emptyA = isEmpty(a);
  const emptyB = isEmpty(b);
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  const numA = typeof a === 'boolean' ? Number(a) : a;
  const numB = typeof b === 'boolean' ? Number(b) : b;
  if (typeof numA === 'number' && typeof numB === 'number') return numA - numB;
  if (typeof numA === 'number') return -1;
  if (typeof numB === 'number') return 1;
  return collator.compare(numA, numB);
}

/**
 * The rows in the sort's order (a new array; the input is left alone). Stable: rows whose cells
 * are equal keep their order. Empty cells stay last in both directions. No sort: the rows as given.
 */
export function sortRows<Row>(rows: readonly Row[], sort: SortState | undefined, value: (row: Row, column: string) => SortValue): Row[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row, sort.column) }))
    .sort((a, b) => {
      const emptyA = isEmpty(a.key);
      const emptyB = isEmpty(b.key);
      if (emptyA !== emptyB) return emptyA ? 1 : -1;
      return sign * compareValues(a.key, b.key) || a.index - b.index;
    })
    .map(({ row }) => row);
}

/**
 * The sort after a click on a column's header: a new column sorts ascending, the sorted column
 * turns descending, and a third click goes back to the rows' own order.
 */
export function nextSort(current: SortState | undefined, column: string): SortState | undefined {
  if (!current || current.column !== column) return { column, direction: 'ascending' };
  return current.direction === 'ascending' ? { column, direction: 'descending' } : undefined;
}

/** The `aria-sort` of a column's header. */
export function ariaSort(sort: SortState | undefined, column: string): SortDirection | 'none' {
  return sort?.column === column ? sort.direction : 'none';
}

/** Chosen values per filtered field; an empty or absent value keeps every row. */
export type Filters = Partial<Record<string, string>>;

/** The rows whose fields equal every chosen filter value (a new array, in the same order). */
export function filterRows<Row>(rows: readonly Row[], filters: Filters, field: (row: Row, key: string) => string): Row[] {
  const active = Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]));
  if (active.length === 0) return [...rows];
  return rows.filter((row) => active.every(([key, wanted]) => field(row, key) === wanted));
}

/** The distinct values of a field, in the order they first appear (the run's order). */
export function distinctValues<Row>(rows: readonly Row[], field: (row: Row) => string): string[] {
  return [...new Set(rows.map(field))];
}
