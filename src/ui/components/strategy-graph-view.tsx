import { lazy, Suspense, useMemo, useState } from 'react';
import type { RunResult } from '../../core/run/results';
import { snapshotGraph, type SnapshotGraph } from '../graphs/snapshot-graph-model';
import { envLabel, strategyLabel } from './labels';

// The drawing library loads with the first graph opened, not with the page.
const GraphCanvas = lazy(() => import('./graph-canvas'));

/**
 * The graphs strategies built over the run (AutoTool's inertia graph, ToolExpNet's network), one
 * environment, strategy and seed at a time; clicking a node shows what the strategy learned of it.
 */
export function StrategyGraphView({ result }: { result: RunResult }) {
  const drawable = useMemo(
    () =>
      Object.entries(result.snapshots ?? {})
        .map(([key, snapshot]) => ({ key, graph: snapshotGraph(snapshot) }))
        .filter((item): item is { key: string; graph: SnapshotGraph } => item.graph !== undefined),
    [result],
  );
  const [chosen, setChosen] = useState<string | undefined>();
  const [picked, setPicked] = useState<string | undefined>();
  // The canvas is drawn only while open: React Flow fits the view to a visible, sized box.
  const [open, setOpen] = useState(false);
  const current = drawable.find((item) => item.key === chosen) ?? drawable[0];
  if (!current) return null;
  const node = current.graph.nodes.find((n) => n.id === picked);
  const [env, strategy, seed] = current.key.split('/');
  return (
    <details className="strategy-graph" data-testid="strategy-graph" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Strategy graphs ({drawable.length})</summary>
      <label className="number-field">
        <span>Graph</span>
        <select
          value={current.key}
          data-testid="strategy-graph-select"
          onChange={(event) => {
            setChosen(event.target.value);
            setPicked(undefined);
          }}
        >
          {drawable.map((item) => {
            const [e, s, sd] = item.key.split('/');
            return (
              <option key={item.key} value={item.key}>
                {`${strategyLabel(s)} · ${envLabel(e)} · seed ${sd}`}
              </option>
            );
          })}
        </select>
      </label>
      <p className="muted small">
        {current.graph.title} of {strategyLabel(strategy)} on {envLabel(env)}, seed {seed}: {current.graph.nodes.length} tools, {current.graph.edges.length} edges.
      </p>
      <ul className="graph-legend small">
        {current.graph.legend.map((item) => (
          <li key={item.kind}>{item.text}</li>
        ))}
      </ul>
      {current.graph.note && <p className="muted small">{current.graph.note}</p>}
      {open && (
        <Suspense fallback={<p className="muted">Loading the graph view…</p>}>
          <GraphCanvas key={current.key} graph={current.graph} onPick={setPicked} />
        </Suspense>
      )}
      <div className="graph-detail" data-testid="graph-detail" aria-live="polite">
        {node ? (
          <>
            <strong>{node.label}</strong> <span className="muted">{node.meta}</span>
            <p className="pre-wrap">{node.detail ?? 'Nothing learned about this tool yet.'}</p>
          </>
        ) : (
          <span className="muted">Click a tool to see what the strategy learned about it.</span>
        )}
      </div>
    </details>
  );
}
