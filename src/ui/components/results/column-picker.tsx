export interface PickableColumn {
  key: string;
  label: string;
  shown: boolean;
}

interface ColumnPickerProps {
  columns: PickableColumn[];
  onToggle(column: string, shown: boolean): void;
  onReset(): void;
}

/** The means table's column picker: which columns show, the ones out of view one click away. */
export function ColumnPicker({ columns, onToggle, onReset }: ColumnPickerProps) {
  const hidden = columns.filter((column) => !column.shown).length;
  return (
    <details className="column-picker" data-testid="column-picker">
      <summary>Columns{hidden > 0 ? ` (${hidden} more)` : ''}</summary>
      <fieldset>
        <legend className="sr-only">Columns of the means table</legend>
        {columns.map((column) => (
          <label key={column.key} className="column-choice">
            <input type="checkbox" checked={column.shown} onChange={(event) => onToggle(column.key, event.target.checked)} data-testid={`column-${column.key}`} />
            {column.label}
          </label>
        ))}
        <button type="button" className="link small" onClick={onReset} data-testid="column-reset">
          Default columns
        </button>
      </fieldset>
    </details>
  );
}
