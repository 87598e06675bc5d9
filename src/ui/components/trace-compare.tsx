import type { TraceEvent } from '../../core/trace';
import { alignSteps, endOf, firstDifference } from './trace-align';
import { strategyLabel } from './labels';

function Outcome({ events }: { events: TraceEvent[] | undefined }) {
  if (!events) return <span className="muted">loading…</span>;
  const end = endOf(events);
  if (!end) return <span className="muted">no end recorded</span>;
  return <span className={`pill ${end.success ? 'ok' : 'failed'}`}>{end.success ? 'solved' : 'not solved'} after {end.steps} steps</span>;
}

function StepCell({ step }: { step: Extract<TraceEvent, { type: 'step' }> | undefined }) {
  if (!step) return <td className="muted">—</td>;
  return (
    <td className={step.ok ? 'ok' : 'failed'}>
      <code>{step.action}</code>
      <div className="small observation" title={step.observation}>
        {step.observation.length > 140 ? `${step.observation.slice(0, 140)}…` : step.observation}
      </div>
    </td>
  );
}

/** Parses `env/strategy/seed/task` for the column heads. */
const strategyOf = (key: string) => key.split('/')[1] ?? key;

/**
 * Two traces of the same task and seed, aligned by step, with the rows where the actions differ
 * highlighted (a paired comparison's "solved by one, not the other" opens here).
 */
export function TraceCompare({ leftKey, rightKey, left, right, onClose }: { leftKey: string; rightKey: string; left: TraceEvent[] | undefined; right: TraceEvent[] | undefined; onClose(): void }) {
  const rows = left && right ? alignSteps(left, right) : [];
  const parted = firstDifference(rows);
  return (
    <section className="trace-compare" data-testid="trace-compare" aria-label="Two traces side by side">
      <div className="trace-compare-head">
        <h3>Side by side</h3>
        <button type="button" className="small-button" onClick={onClose} data-testid="close-compare">
          Close
        </button>
      </div>
      <p className="small muted">
        The same task and seed; rows where the actions differ are highlighted
        {parted !== undefined ? `: they part at step ${parted}` : rows.length ? ': the two took the same actions' : ''}. Reflections and model calls are in
        each trace alone.
      </p>
      <div className="table-scroll">
        <table className="compare-table">
          <thead>
            <tr>
              <th>Step</th>
              <th>
                {strategyLabel(strategyOf(leftKey))} <Outcome events={left} />
              </th>
              <th>
                {strategyLabel(strategyOf(rightKey))} <Outcome events={right} />
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.row} className={row.differs ? 'differs' : ''} data-testid="compare-row">
                <td className="num">{row.row}</td>
                <StepCell step={row.left} />
                <StepCell step={row.right} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
