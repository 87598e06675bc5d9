import type { TaskResult } from '../../../core/run/results';
import { chooseTrace, traceOptions, type TraceField } from './trace-choice';
import { envLabel, strategyLabel } from '../common/labels';

const PICKERS: { field: TraceField; label: string; text(value: string): string }[] = [
  { field: 'env', label: 'Environment', text: envLabel },
  { field: 'strategy', label: 'Strategy', text: strategyLabel },
  { field: 'seed', label: 'Seed', text: String },
  { field: 'taskId', label: 'Task', text: String },
];

interface TracePickerProps {
  results: TaskResult[];
  current: TaskResult | undefined;
  onPick(key: string): void;
}

/** Selects for environment, strategy, seed and task; each narrows the ones after it. */
export function TracePicker({ results, current, onPick }: TracePickerProps) {
  return (
    <div className="trace-picker">
      {PICKERS.map(({ field, label, text }) => (
        <label key={field} className="field">
          <span>{label}</span>
          <select
            value={current ? String(current[field]) : ''}
            data-testid={`trace-${field}`}
            onChange={(event) => {
              const key = chooseTrace(results, current, field, event.target.value);
              if (key) onPick(key);
            }}
          >
            {!current && <option value="">—</option>}
            {traceOptions(results, field, current).map((value) => (
              <option key={value} value={value}>
                {text(value)}
              </option>
            ))}
          </select>
        </label>
      ))}
    </div>
  );
}
