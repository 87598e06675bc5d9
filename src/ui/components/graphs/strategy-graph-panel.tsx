import { INERTIA_GRAPH } from '../../../core/strategies/snapshots';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { RunResult } from '../../../core/run/results';
import { DEFAULT_NETWORK_TOP, snapshotGraph, type NetworkFilter } from '../../graphs/snapshot-graph-model';
import { coldStart, defaultTop, drawable, inertialCalls, parseInertia, toolFacts } from '../../graphs/inertia-model';
import { replayable, replayEdges, replayPoint, replayText } from '../../graphs/inertia-replay';
import { networkToolFacts } from '../../graphs/network-model';
import { useStreamTraces } from '../../graphs/use-stream-traces';
import { envLabel, strategyColor, strategyLabel } from '../common/labels';
import { InertiaToolDetail } from './inertia-tool-detail';
import { NetworkToolDetail } from './graph-network-detail';
import { InertiaColdStart } from './inertia-cold-start';

// The drawing library loads with the first graph opened, not with the page.
const GraphCanvas = lazy(() => import('./graph-canvas'));

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** AutoTool's inertia graph: the snapshot, what the view draws of it, and the controls' state. */
function useInertia(snapshot: unknown, top: number | undefined, params: boolean) {
  return useMemo(() => {
    if (!isRecord(snapshot) || snapshot.kind !== INERTIA_GRAPH) return undefined;
    const data = parseInertia(snapshot);
    const candidates = drawable(data.transitions).length;
    const shown = top ?? defaultTop(data.transitions);
    return { data, candidates, shown, tasks: replayable(data) ? data.tasks!.length : 0, graph: snapshotGraph(snapshot, { top: shown, params })! };
  }, [snapshot, top, params]);
}

export interface StrategyGraphPanelProps {
  result: RunResult;
  /** The graph's `snapshotKey` (environment/strategy/seed). */
  stream: string;
  snapshot: unknown;
  /** Whether the view is open: the canvas is drawn only then (React Flow fits the view to a visible, sized box). */
  open: boolean;
  params: boolean;
  setParams(params: boolean): void;
}

/**
 * One strategy graph, its snapshot read: the drawing, AutoTool's controls (strongest transitions,
 * replay by task, parameter edges) and the picked tool's detail. Mounted per graph, so picking
 * another graph starts from its defaults.
 */
export function StrategyGraphPanel({ result, stream, snapshot, open, params, setParams }: StrategyGraphPanelProps) {
  const [picked, setPicked] = useState<string | undefined>();
  const [top, setTop] = useState<number | undefined>();
  /** The task (0-based) the replay stands after; undefined: the whole run. */
  const [replay, setReplay] = useState<number | undefined>();
  const inertia = useInertia(snapshot, top, params);
  // ToolExpNet's network: top edges first, filtered by tool name and error rate, or one tool in focus.
  const [netTop, setNetTop] = useState<number | undefined>();
  const [toolFilter, setToolFilter] = useState('');
  const [minError, setMinError] = useState(0);
  const [focus, setFocus] = useState<string | undefined>();
  const graph = useMemo(
    () => inertia?.graph ?? snapshotGraph(snapshot, { top: netTop, tool: toolFilter, minErrorRate: minError / 100, focus }),
    [inertia, snapshot, netTop, toolFilter, minError, focus],
  );
  const traces = useStreamTraces(open && inertia ? result : undefined, stream);
  const calls = useMemo(() => inertialCalls(traces.traces), [traces]);
  const streamResults = useMemo(() => result.results.filter((r) => `${r.env}/${r.strategy}/${r.seed}` === stream), [result, stream]);
  const replayed = useMemo(() => (inertia && inertia.tasks > 0 && replay !== undefined ? replayEdges(inertia.graph, replay) : undefined), [inertia, replay]);
  if (!graph) {
    return (
      <p className="error small" role="alert" data-testid="strategy-graph-error">
        This graph’s snapshot is not one the page can draw.
      </p>
    );
  }
  const [env, strategy, seed] = stream.split('/');
  const color = strategyColor(strategy);
  const node = graph.nodes.find((n) => n.id === picked);
  const point = inertia && inertia.tasks > 0 ? replayPoint(inertia.data, replay ?? inertia.tasks - 1) : undefined;
  const drawn = replayed?.transitions ?? graph.edges.filter((e) => e.kind !== 'parameter').length;

  const detail = () => {
    if (!picked) return <span className="muted">Click a tool, or focus it with Tab and press Enter, to see what the strategy learned about it.</span>;
    if (inertia) {
      const hasTraces = (result.traceKeys?.length ?? 0) > 0 || Object.keys(result.traces).length > 0;
      return <InertiaToolDetail facts={toolFacts(inertia.data, picked)} calls={calls.filter((c) => c.tool === picked)} traces={!hasTraces ? 'none' : traces.status === 'loading' ? 'loading' : 'done'} coverage={{ traces: traces.traces.length, tasks: streamResults.length }} />;
    }
    const facts = networkToolFacts(snapshot, picked);
    if (facts) return <NetworkToolDetail facts={facts} />;
    return (
      <>
        <strong>{node?.label ?? picked}</strong> <span className="muted">{node?.meta}</span>
        <p className="pre-wrap">{node?.detail ?? 'Nothing learned about this tool yet.'}</p>
      </>
    );
  };

  return (
    <>
      <p className="muted small">
        <span className="swatch" style={{ background: color }} aria-hidden="true" /> {graph.title} of <span style={{ color }}>{strategyLabel(strategy)}</span> on {envLabel(env)}, seed {seed}: {graph.nodes.length} tools, {graph.edges.length} edges drawn.
      </p>
      {inertia && (
        <div className="graph-controls" data-testid="inertia-controls">
          <label>
            <span>Strongest transitions</span>
            <input
              type="range"
              min={1}
              max={Math.max(1, inertia.candidates)}
              value={inertia.shown}
              data-testid="graph-top"
              onChange={(event) => setTop(Number(event.target.value))}
            />
            <span className="mono">
              {inertia.shown} of {inertia.candidates}
            </span>
          </label>
          {point && (
            <label>
              <span>Replay by task</span>
              <input
                type="range"
                min={0}
                max={inertia.tasks - 1}
                value={point.task}
                data-testid="graph-replay"
                aria-valuetext={`after task ${point.task + 1} of ${point.tasks}`}
                onChange={(event) => setReplay(Number(event.target.value) >= inertia.tasks - 1 ? undefined : Number(event.target.value))}
              />
              <span className="small" data-testid="graph-replay-text" data-task={point.task} data-drawn={drawn}>
                {replayText(point)}; {drawn} of the {inertia.shown} strongest transitions drawn
              </span>
            </label>
          )}
          <label className="checkbox">
            <input type="checkbox" checked={params} data-testid="graph-params" onChange={(event) => setParams(event.target.checked)} /> parameter edges
          </label>
          <p className="muted small">
            {point
              ? 'The graph starts empty and is built online, task after task (AutoTool section 4.3). Replay draws, of the strongest transitions kept above, those first taken by the task it stands after, and the parameter edges first recorded by then; counts and weights stay the run’s final ones.'
              : 'This graph was stored before snapshots recorded per-task history, so it cannot be replayed task by task: run it again for the replay.'}
          </p>
        </div>
      )}
      {graph.filter && <NetworkControls filter={graph.filter} picked={picked} pickedLabel={node?.label ?? picked} top={netTop} setTop={setNetTop} tool={toolFilter} setTool={setToolFilter} minError={minError} setMinError={setMinError} setFocus={setFocus} />}
      <ul className="graph-legend small">
        {graph.legend.map((item) => (
          <li key={item.kind}>{item.text}</li>
        ))}
        <li>hover or focus a tool to light its transitions: green leaves it, purple arrives</li>
      </ul>
      {graph.note && <p className="muted small">{graph.note}</p>}
      {open && (
        <Suspense fallback={<p className="muted">Loading the graph view…</p>}>
          <GraphCanvas key={`${stream}:${inertia?.shown ?? ''}:${params}:${netTop ?? ''}:${toolFilter}:${minError}:${focus ?? ''}`} graph={graph} onPick={setPicked} picked={picked} visible={replayed?.ids} color={color} />
        </Suspense>
      )}
      <div className="graph-detail" data-testid="graph-detail" data-tool={picked ?? ''} aria-live="polite">
        {detail()}
      </div>
      {inertia && open && <InertiaColdStart tasks={coldStart(streamResults)} color={color} at={replay} />}
    </>
  );
}

interface NetworkControlsProps {
  filter: NetworkFilter;
  picked?: string;
  pickedLabel?: string;
  top?: number;
  setTop(top: number | undefined): void;
  tool: string;
  setTool(tool: string): void;
  minError: number;
  setMinError(percent: number): void;
  setFocus(id: string | undefined): void;
}

/** ToolExpNet's network controls: how many top edges, a tool name, a least error rate, focus on the picked tool. */
function NetworkControls({ filter, picked, pickedLabel, top, setTop, tool, setTool, minError, setMinError, setFocus }: NetworkControlsProps) {
  const focused = filter.focus !== undefined;
  const shown = Math.min(filter.top, filter.candidates);
  return (
    <div className="graph-controls" data-testid="network-controls" data-total={filter.total} data-candidates={filter.candidates} data-shown={shown}>
      {focused ? (
        <p className="small" data-testid="network-focused">
          Focused on <strong>{pickedLabel && picked === filter.focus ? pickedLabel : filter.focus}</strong>: its {filter.candidates} edges{minError > 0 ? ` failing ${minError}% or more` : ''}.{' '}
          <button type="button" className="link-button" data-testid="network-unfocus" onClick={() => setFocus(undefined)}>
            Show the whole network
          </button>
        </p>
      ) : (
        <>
          <label>
            <span>Top edges</span>
            <input
              type="range"
              min={1}
              max={Math.max(1, Math.min(filter.candidates, 400))}
              value={Math.max(1, shown)}
              disabled={filter.candidates <= 1}
              data-testid="network-top"
              aria-valuetext={`${shown} of ${filter.candidates} edges`}
              onChange={(event) => setTop(Number(event.target.value))}
            />
            <span className="mono">
              {shown} of {filter.candidates}
            </span>
          </label>
          <label>
            <span>Tool name</span>
            <input type="search" value={tool} list="network-tools" placeholder="any tool" data-testid="network-tool" onChange={(event) => setTool(event.target.value)} />
            <datalist id="network-tools">
              {filter.tools.map((t) => (
                <option key={t} value={t} />
              ))}
            </datalist>
          </label>
        </>
      )}
      <label>
        <span>Error rate at least</span>
        <input type="range" min={0} max={100} step={10} value={minError} data-testid="network-error" aria-valuetext={`${minError}%`} onChange={(event) => setMinError(Number(event.target.value))} />
        <span className="mono">{minError}%</span>
      </label>
      {!focused && (
        <button type="button" disabled={!picked} data-testid="network-focus" onClick={() => picked && setFocus(picked)}>
          {picked ? `Focus on ${pickedLabel}` : 'Focus on a tool (pick one first)'}
        </button>
      )}
      {(top !== undefined || tool || minError > 0) && !focused && (
        <button
          type="button"
          className="link-button"
          data-testid="network-reset"
          onClick={() => {
            setTop(undefined);
            setTool('');
            setMinError(0);
          }}
        >
          Reset to the top {DEFAULT_NETWORK_TOP}
        </button>
      )}
      <p className="muted small">
        {filter.candidates === 0
          ? 'No edge passes these filters: lower the error rate or clear the tool name.'
          : `The network has ${filter.total} edges; it opens on the ${DEFAULT_NETWORK_TOP} that say the most (most tried, then highest error rate). Pick a tool and focus on it to see all of its edges, labelled with their trials once they are few.`}
      </p>
    </div>
  );
}
