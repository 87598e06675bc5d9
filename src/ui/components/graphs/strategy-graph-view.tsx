import { useMemo, useState } from 'react';
import type { RunResult } from '../../../core/run/results';
import { drawableSnapshots } from '../../graphs/snapshot-list';
import { useSnapshot } from '../../graphs/use-snapshot';
import { envLabel, strategyLabel } from '../common/labels';
import { StrategyGraphPanel } from './strategy-graph-panel';

/**
 * The graphs strategies built over the run (AutoTool's inertia graph, ToolExpNet's network), one
 * environment, strategy and seed at a time. AutoTool's opens on its strongest transitions (a
 * slider shows more), can be replayed task by task (a second slider: what the graph held after
 * each task, AutoTool section 4.3's cold start), and a tool picked by click or keyboard shows what
 * the graph learned of it and the inertial calls made with it; ToolExpNet's shows a tool's
 * guidance, its error rates per learning round and its trials.
 *
 * The graphs are listed from the run's index of snapshots; the one chosen is read (from the run
 * store, where the worker keeps them) once the view is first opened for this run: a SLATE
 * network is 22 MB, which the page must not read unless it draws it.
 */
export function StrategyGraphView({ result }: { result: RunResult }) {
  const entries = useMemo(() => drawableSnapshots(result), [result]);
  const [chosen, setChosen] = useState<string | undefined>();
  const [params, setParams] = useState(false);
  const [open, setOpen] = useState(false);
  // The run the view was opened for: its graph stays read (and its controls kept) while closed.
  const [openedFor, setOpenedFor] = useState<RunResult | undefined>();
  const current = entries.find((entry) => entry.key === chosen) ?? entries[0];
  const load = useSnapshot(result, current?.key, open || openedFor === result);
  if (!current) return null;

  return (
    <details
      className="strategy-graph"
      data-testid="strategy-graph"
      onToggle={(event) => {
        const isOpen = event.currentTarget.open;
        setOpen(isOpen);
        if (isOpen) setOpenedFor(result);
      }}
    >
      <summary>Strategy graphs ({entries.length})</summary>
      <label className="number-field">
        <span>Graph</span>
        <select value={current.key} data-testid="strategy-graph-select" onChange={(event) => setChosen(event.target.value)}>
          {entries.map(({ key }) => {
            const [e, s, sd] = key.split('/');
            return (
              <option key={key} value={key}>
                {`${strategyLabel(s)} · ${envLabel(e)} · seed ${sd}`}
              </option>
            );
          })}
        </select>
      </label>
      {load.status === 'loading' && (
        <p className="muted" data-testid="strategy-graph-loading" aria-live="polite">
          Loading graph…
        </p>
      )}
      {load.status === 'missing' && (
        <p className="error small" role="alert" data-testid="strategy-graph-error">
          This graph is not stored in this browser any more (its site data was cleared, or a run in another tab replaced it): run again to draw it.
        </p>
      )}
      {load.status === 'failed' && (
        <p className="error small" role="alert" data-testid="strategy-graph-error">
          This graph could not be read from this browser’s storage: {load.message}
        </p>
      )}
      {load.status === 'done' && <StrategyGraphPanel key={current.key} result={result} stream={current.key} snapshot={load.snapshot} open={open} params={params} setParams={setParams} />}
    </details>
  );
}
