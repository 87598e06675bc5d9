import { useMemo, useState } from 'react';
import { pairedDifferences, type PairedDifference } from '../../../core/run/paired';
import { traceKey, type RunResult } from '../../../core/run/results';
import { envLabel, formatNumber, strategyLabel } from '../common/labels';

const COLUMNS = [
  { key: 'success', title: 'Success', format: (v: number) => `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)} pp` },
  // In points, as success and as the table of means and the stories give progress (a share read as a percentage).
  { key: 'progress', title: 'Progress', format: (v: number) => `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)} pp` },
  { key: 'llmCalls', title: 'LLM calls', format: (v: number) => `${v >= 0 ? '+' : ''}${formatNumber(v)}` },
  // Whole tokens, as the table of means gives them ("-6,300", not "-6,299.7").
  { key: 'promptTokens', title: 'Input tokens', format: (v: number) => `${v >= 0 ? '+' : ''}${formatNumber(Math.round(v))}` },
] as const;

const TITLE = 'Mean of (strategy - baseline) over the same tasks and seeds, with a 95% bootstrap interval over tasks (a task\'s seeds resampled together)';

/** Whether an interval excludes zero: the difference is not noise at the 95% level. */
const clear = (d: PairedDifference) => d.interval[0] > 0 || d.interval[1] < 0;

/** Task runs one side solved and the other did not; a click opens both traces side by side. */
function RunList({ label, runs, onOpen, testId }: { label: string; runs: string[]; onOpen(run: string): void; testId: string }) {
  const [all, setAll] = useState(false);
  const shown = all ? runs : runs.slice(0, 24);
  return (
    <div className="run-list" data-testid={testId}>
      <span className="small">
        {label} ({runs.length}):
      </span>{' '}
      {runs.length === 0 && <span className="muted small">none</span>}
      {shown.map((run) => (
        <button key={run} type="button" className="chip" onClick={() => onOpen(run)} title="Open both traces side by side in Inspect">
          {run}
        </button>
      ))}
      {runs.length > shown.length && (
        <button type="button" className="link-button small" onClick={() => setAll(true)}>
          {runs.length - shown.length} more
        </button>
      )}
    </div>
  );
}

interface PairedViewProps {
  result: RunResult;
  baseline: string | undefined;
  onBaseline(strategy: string): void;
  /** Opens two traces side by side: the strategy's and the baseline's of one task and seed. */
  onCompare(key: string, baselineKey: string): void;
}

/**
 * Each strategy against a chosen baseline on the same tasks and seeds (docs/reporting.md): the paired
 * difference with its interval, and which task runs only one of them solved.
 */
export function PairedView({ result, baseline, onBaseline, onCompare }: PairedViewProps) {
  const strategies = result.config.strategies.filter((s) => result.results.some((r) => r.strategy === s));
  const base = baseline && strategies.includes(baseline) ? baseline : strategies[0];
  const differences = useMemo(() => (base ? pairedDifferences(result.results, base, COLUMNS.map((c) => c.key)) : []), [result, base]);
  if (strategies.length < 2) return <p className="muted">A paired comparison needs two strategies in the run.</p>;
  const envs = [...new Set(differences.map((d) => d.env))];
  return (
    <div className="paired-view" data-testid="paired-view">
      <label className="inline-field">
        Baseline{' '}
        <select value={base} data-testid="baseline-select" onChange={(event) => onBaseline(event.target.value)}>
          {strategies.map((s) => (
            <option key={s} value={s}>
              {strategyLabel(s)}
            </option>
          ))}
        </select>
      </label>
      <p className="muted small">
        Differences are strategy minus {strategyLabel(base)} on the same task and seed, so what the tasks and seeds share cancels out. Bold: the
        95% interval excludes zero.
      </p>
      {envs.map((env) => {
        const own = differences.filter((d) => d.env === env);
        const others = [...new Set(own.map((d) => d.strategy))];
        return (
          <section key={env} className="paired-env" data-testid={`paired-${env}`}>
            <h3>{envLabel(env)}</h3>
            <div className="table-scroll">
              <table className="paired-table">
                <caption title={TITLE}>Paired differences from {strategyLabel(base)} with 95% intervals</caption>
                <thead>
                  <tr>
                    <th>Strategy</th>
                    {COLUMNS.map((c) => (
                      <th key={c.key}>{c.title}</th>
                    ))}
                    <th>Pairs</th>
                  </tr>
                </thead>
                <tbody>
                  {others.map((strategy) => (
                    <tr key={strategy} data-testid="paired-row">
                      <td>{strategyLabel(strategy)}</td>
                      {COLUMNS.map((c) => {
                        const d = own.find((x) => x.strategy === strategy && x.column === c.key);
                        return (
                          <td key={c.key} className={`num${d && clear(d) ? ' clear' : ''}`} title={TITLE}>
                            {d ? (
                              <>
                                {c.format(d.difference)}
                                <div className="ci">
                                  [{c.format(d.interval[0])}, {c.format(d.interval[1])}]
                                </div>
                              </>
                            ) : (
                              '—'
                            )}
                          </td>
                        );
                      })}
                      <td className="num">{own.find((x) => x.strategy === strategy)?.pairs ?? 0}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {others.map((strategy) => {
              const d = own.find((x) => x.strategy === strategy && x.column === 'success');
              if (!d) return null;
              const open = (run: string, first: string, second: string) => {
                const [taskId, seed] = [run.slice(0, run.lastIndexOf('@')), Number(run.slice(run.lastIndexOf('@') + 1))];
                onCompare(traceKey({ env, strategy: first, seed, taskId }), traceKey({ env, strategy: second, seed, taskId }));
              };
              return (
                <div key={strategy} className="paired-lists">
                  <RunList testId="only-strategy" label={`Solved by ${strategyLabel(strategy)}, not by ${strategyLabel(base)}`} runs={d.onlyStrategy} onOpen={(run) => open(run, strategy, base)} />
                  <RunList testId="only-baseline" label={`Solved by ${strategyLabel(base)}, not by ${strategyLabel(strategy)}`} runs={d.onlyBaseline} onOpen={(run) => open(run, strategy, base)} />
                </div>
              );
            })}
          </section>
        );
      })}
    </div>
  );
}
