import type { ReactNode } from 'react';
import { ariaSort, type SortState } from './table-sort';

interface SortHeaderProps {
  /** The column's key, as the table's sort value function takes it. */
  column: string;
  sort: SortState | undefined;
  onSort(column: string): void;
  className?: string;
  title?: string;
  children: ReactNode;
}

/**
 * A column header that sorts its table: a click (or Enter / Space on its button) sorts ascending,
 * then descending, then back to the run's order. The arrow is drawn by CSS, so the header's text
 * stays the column's name.
 */
export function SortHeader({ column, sort, onSort, className, title, children }: SortHeaderProps) {
  const state = ariaSort(sort, column);
  return (
    // The title shows on hover; data-gloss shows the same words on keyboard focus (styles.css), aria-description reads them out.
    <th scope="col" className={className} title={title} data-gloss={title} aria-sort={state === 'none' ? undefined : state} data-column={column}>
      <button type="button" className="sort-button" aria-description={title} onClick={() => onSort(column)}>
        {children}
      </button>
    </th>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

interface FilterSelectProps {
  label: string;
  /** Shown for the empty value, which keeps every row. */
  all: string;
  value: string | undefined;
  options: FilterOption[];
  onChange(value: string | undefined): void;
  testId: string;
}

/** One filter of a table: a labelled select whose first option keeps every row. */
export function FilterSelect({ label, all, value, options, onChange, testId }: FilterSelectProps) {
  return (
    <label className="table-filter">
      <span>{label}</span>
      <select value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)} data-testid={testId}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
