import type { InertialCall, ToolFacts } from '../../graphs/inertia-model';

const ROWS = 8;
const fixed = (value: number) => Number(value.toFixed(2)).toString();
const pct = (part: number, whole: number) => (whole > 0 ? `${Math.round((100 * part) / whole)}%` : '–');

function TransitionTable({ caption, rows, column }: { caption: string; rows: ToolFacts['outgoing']; column: 'source' | 'target' }) {
  if (rows.length === 0) return null;
  return (
    <table className="graph-detail-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{column === 'target' ? 'Next tool' : 'Previous tool'}</th>
          <th scope="col">Times</th>
          <th scope="col">Inertial</th>
          <th scope="col">Weight</th>
        </tr>
      </thead>
      <tbody>
        {rows.slice(0, ROWS).map((t) => (
          <tr key={`${t.source}>${t.target}`}>
            <td className="mono">{t[column]}</td>
            <td>{t.count}</td>
            <td>{t.inertialCount}</td>
            <td>{fixed(t.weight)}</td>
          </tr>
        ))}
      </tbody>
      {rows.length > ROWS && (
        <tfoot>
          <tr>
            <td colSpan={4} className="muted">
              and {rows.length - ROWS} more, weaker
            </td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}

/**
 * What AutoTool's inertia graph learned about one tool: its transitions out and in with counts
 * and feedback weights, parameter dependency edges, and the calls made with it without the model
 * (from the run's traces) with how each went.
 */
export function InertiaToolDetail({ facts, calls, traces, coverage }: { facts: ToolFacts; calls: InertialCall[]; traces: 'loading' | 'none' | 'done'; coverage?: { traces: number; tasks: number } }) {
  const partial = coverage && coverage.traces < coverage.tasks ? ` (from the ${coverage.traces} of ${coverage.tasks} tasks whose traces were kept)` : '';
  const inertial = calls.filter((c) => c.kind === 'inertial');
  const recovery = calls.filter((c) => c.kind === 'recovery');
  const ok = inertial.filter((c) => c.ok).length;
  return (
    <div className="inertia-detail" data-testid="inertia-detail" data-tool={facts.id}>
      <h4 className="graph-detail-title">
        <span className="mono">{facts.id}</span> <span className="muted">used {facts.uses}× over the run</span>
      </h4>
      {facts.outgoing.length === 0 && facts.incoming.length === 0 && !facts.repeat ? (
        <p className="muted">No transition from or to this tool was recorded.</p>
      ) : (
        <div className="graph-detail-tables">
          <TransitionTable caption="Goes on to (strongest first)" rows={facts.outgoing} column="target" />
          <TransitionTable caption="Comes after" rows={facts.incoming} column="source" />
        </div>
      )}
      {facts.repeat && (
        <p className="small">
          Called again right after itself {facts.repeat.count}× ({facts.repeat.inertialCount} inertial), weight {fixed(facts.repeat.weight)}.
        </p>
      )}
      <p className="small">
        <strong>Parameter dependencies</strong> (an argument taken from an earlier tool’s arguments, section 4.4):{' '}
        {facts.paramsIn.length === 0 && facts.paramsOut.length === 0 ? (
          <span className="muted">none recorded.</span>
        ) : (
          <>
            {facts.paramsIn.map((p) => (
              <span key={`in${p.source}${p.param}`} className="param-chip">
                {p.param.replace(/ → .*/, '')} of <span className="mono">{p.source}</span> → {p.param.replace(/.* → /, '')} here ({p.count}×)
              </span>
            ))}
            {facts.paramsOut.map((p) => (
              <span key={`out${p.target}${p.param}`} className="param-chip">
                {p.param.replace(/ → .*/, '')} here → {p.param.replace(/.* → /, '')} of <span className="mono">{p.target}</span> ({p.count}×)
              </span>
            ))}
          </>
        )}
      </p>
      <div className="small" data-testid="inertia-calls">
        <strong>Calls made with it without the model</strong>{' '}
        {traces === 'loading' ? (
          <span className="muted">loading the traces…</span>
        ) : traces === 'none' ? (
          <span className="muted">need the run’s traces, which this result does not carry ({facts.inertialInto} transitions into it were inertial calls, by the graph’s record).</span>
        ) : calls.length === 0 ? (
          <span className="muted">none: the model chose every call of this tool{partial}.</span>
        ) : (
          <>
            <span>
              {inertial.length} inertial call{inertial.length === 1 ? '' : 's'} ({ok} worked, {pct(ok, inertial.length)}){recovery.length > 0 ? ` and ${recovery.length} recovery call${recovery.length === 1 ? '' : 's'}` : ''}; the first in task {calls[0].task + 1}{partial}.
            </span>
            <table className="graph-detail-table">
              <thead>
                <tr>
                  <th scope="col">Task</th>
                  <th scope="col">Step</th>
                  <th scope="col">Kind</th>
                  <th scope="col">CIPS (freq, context)</th>
                  <th scope="col">Parameters from</th>
                  <th scope="col">Outcome</th>
                </tr>
              </thead>
              <tbody>
                {calls.slice(0, 12).map((c) => (
                  <tr key={`${c.taskId}:${c.step}`} className={c.ok ? 'ok' : c.ok === false ? 'failed' : ''}>
                    <td>
                      {c.task + 1} <span className="mono muted">{c.taskId}</span>
                    </td>
                    <td>{c.step}</td>
                    <td>{c.kind}</td>
                    <td>{c.kind === 'inertial' ? `${fixed(c.score)} (${fixed(c.frequency)}, ${fixed(c.context)})` : '–'}</td>
                    <td>{c.params.length ? c.params.map((p) => `${p.name}: ${p.source}`).join(', ') : '–'}</td>
                    <td>{c.ok === undefined ? '–' : c.ok ? 'worked' : 'failed'}</td>
                  </tr>
                ))}
              </tbody>
              {calls.length > 12 && (
                <tfoot>
                  <tr>
                    <td colSpan={6} className="muted">
                      and {calls.length - 12} later calls
                    </td>
                  </tr>
                </tfoot>
              )}
            </table>
          </>
        )}
      </div>
    </div>
  );
}
