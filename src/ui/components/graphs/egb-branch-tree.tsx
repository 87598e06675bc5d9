import { useMemo, useState } from 'react';
import { MarkerType, type Edge, type Node } from '@xyflow/react';
import type { TraceEvent } from '../../../core/trace';
import type { RunResult } from '../../../core/run/results';
import { branchTree, layoutBranchTree, type BranchTreeNode } from '../../graphs/branch-tree-model';
import { branchCase, caseOutcome, defaultCase, type BranchCase } from '../../graphs/branch-case-model';
import { canvasHeight } from '../../graphs/viewport';
import { useStreamTraces } from '../../graphs/use-stream-traces';
import { useStore } from '../../store';
import { strategyColor, strategyLabel } from '../common/labels';
import { ReadableFlow } from './graph-flow';
import { BRANCH_EDGE_TYPES } from './branch-edge';
import { GRAPH_COLORS } from '../../graphs/graph-colors';

const BAR_ROW = 20;
const heightOf = (node: BranchTreeNode) => (node.kind === 'substep' ? 60 + BAR_ROW * node.distribution.length : node.kind === 'start' ? 50 : 70);
const widthOf = (node: BranchTreeNode) => (node.kind === 'substep' ? 480 : node.kind === 'start' ? 300 : 320);
const sizeOf = (node: BranchTreeNode) => ({ width: widthOf(node), height: heightOf(node) });
const percent = (p: number) => `${Math.round(p * 100)}%`;

/** A substep's candidate distribution as bars: the chosen tool marked, the tools its branches tried tagged with how they went. */
function DistributionBars({ node, color }: { node: BranchTreeNode; color: string }) {
  return (
    <ul className="branch-dist" aria-label={`candidates at substep ${node.title}`}>
      {[...node.distribution]
        .sort((a, b) => b.p - a.p)
        .map((d) => {
          const tried = node.branches?.find((b) => b.tool === d.tool);
          return (
            <li key={d.tool} className={d.tool === node.tool ? 'chosen' : ''}>
              <span className="branch-dist-tool" title={d.tool}>
                {d.tool}
              </span>
              <span className="branch-dist-bar" style={{ background: GRAPH_COLORS.track }}>
                <span style={{ width: percent(d.p), background: d.tool === node.tool ? color : GRAPH_COLORS.neutral }} />
              </span>
              <span className="branch-dist-p">{percent(d.p)}</span>
              <span className={`branch-dist-tag ${tried ? (tried.success ? 'ok' : 'failed') : ''}`}>{d.tool === node.tool ? 'chosen' : tried ? `b${tried.branch} ${tried.success ? '✓' : '✗'}` : ''}</span>
            </li>
          );
        })}
    </ul>
  );
}

function nodeLabel(node: BranchTreeNode, color: string, substeps: number) {
  if (node.kind === 'start') {
    return (
      <div className="branch-node">
        <strong>case start</strong>
        <span className="branch-meta">first pass below; branches to the side</span>
      </div>
    );
  }
  if (node.kind === 'branch') {
    return (
      <div className="branch-node">
        <strong>{node.title}</strong>
        <span className="branch-tool">{node.tool}</span>
        <span className="branch-meta">
          p {percent(node.p ?? 0)} · {node.ok ? 'solved the case' : 'failed'}
        </span>
      </div>
    );
  }
  return (
    <div className="branch-node">
      <span className="branch-head">
        <strong>substep {node.title}</strong>
        <span className="branch-meta" title="Phase 2 branches from the highest-entropy substeps first">
          entropy {node.entropy.toFixed(2)} · rank {node.rank} of {substeps}
        </span>
      </span>
      <span className="branch-meta">
        {node.ok ? 'call matched' : 'call failed'}
        {node.branches && node.branches.length > 0 ? ` · ${node.branches.length} branch${node.branches.length === 1 ? '' : 'es'} from here` : ''}
      </span>
      <DistributionBars node={node} color={color} />
    </div>
  );
}

/** The tree of one case. */
function CaseTree({ events, color, caseKey }: { events: TraceEvent[]; color: string; caseKey: string }) {
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const tree = useMemo(() => branchTree(events), [events]);
  const { nodes, edges, height, focus } = useMemo(() => {
    const substeps = tree.nodes.filter((n) => n.kind === 'substep').length;
    const positions = layoutBranchTree(tree, sizeOf);
    const flowNodes: Node[] = tree.nodes.map((node) => ({
      id: node.id,
      position: positions.get(node.id) ?? { x: 0, y: 0 },
      width: widthOf(node),
      height: heightOf(node),
      ariaLabel: node.kind === 'substep' ? `substep ${node.title}, ${node.tool}, entropy ${node.entropy.toFixed(2)}` : node.kind === 'branch' ? `${node.title}, ${node.tool}, ${node.ok ? 'solved' : 'failed'}` : 'case start',
      data: { label: nodeLabel(node, color, substeps) },
      className: `branch-tree-node ${node.kind} ${node.ok ? 'ok' : 'failed'}${node.id === picked ? ' picked' : ''}`,
    }));
    const flowEdges: Edge[] = tree.edges.map((edge) => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      ...(edge.kind === 'branch'
        ? { type: 'branch', style: { strokeDasharray: '6 4', stroke: GRAPH_COLORS.neutral, strokeWidth: 1.5 }, markerEnd: { type: MarkerType.ArrowClosed, color: GRAPH_COLORS.neutral } }
        : { style: { stroke: GRAPH_COLORS.neutral, strokeWidth: 1.5 } }),
    }));
    const bottom = Math.max(0, ...tree.nodes.map((n) => (positions.get(n.id)?.y ?? 0) + heightOf(n)));
    const firstBranch = tree.nodes.find((n) => n.kind === 'branch');
    // Open where the first branch leaves the first pass: the node it hangs off, the branches beside the next.
    const parent = firstBranch && tree.edges.find((e) => e.target === firstBranch.id)?.source;
    return { nodes: flowNodes, edges: flowEdges, height: canvasHeight(bottom, 0.85, 340, 760), focus: parent };
  }, [tree, color, picked]);

  const branches = tree.nodes.filter((n) => n.kind === 'branch');
  const solvedBy = branches.find((n) => n.ok);
  const node = tree.nodes.find((n) => n.id === picked);
  return (
    <>
      <p className="muted" data-testid="branch-tree-summary">
        {branches.length} branch{branches.length === 1 ? '' : 'es'} · case {tree.success ? 'solved' : 'not solved'}
        {solvedBy ? ` by ${solvedBy.title}` : branches.length > 0 ? ', no branch solved it' : ''}. Substeps run top to bottom, each with its candidates’ probabilities (the entropy that ranks the branch points); dashed edges are branches to the side, green where a call matched or a branch solved the case.
      </p>
      <div className="branch-tree-canvas">
        <ReadableFlow key={caseKey} nodes={nodes} edges={edges} edgeTypes={BRANCH_EDGE_TYPES} height={height} onPick={setPicked} focus={focus} label={`EGB branch tree: ${tree.nodes.length - 1} nodes`} />
      </div>
      <div className="graph-detail" data-testid="branch-detail" data-node={picked ?? ''} aria-live="polite">
        {!node ? (
          <span className="muted">Click a node, or focus it with Tab and press Enter, for its details.</span>
        ) : node.kind === 'substep' ? (
          <>
            <strong>substep {node.title}</strong>: chose <span className="mono">{node.tool}</span> ({node.ok ? 'the call matched' : 'the call failed'}); entropy {node.entropy.toFixed(3)}, rank {node.rank} of {tree.nodes.filter((n) => n.kind === 'substep').length}.{' '}
            {node.branches && node.branches.length > 0
              ? `Branches from here: ${node.branches.map((b) => `${b.branch} (${b.tool}, ${b.success ? 'solved' : 'failed'})`).join(', ')}.`
              : 'No branch started here.'}
            <DistributionBars node={node} color={color} />
          </>
        ) : node.kind === 'branch' ? (
          <>
            <strong>{node.title}</strong>: tried <span className="mono">{node.tool}</span> (p {percent(node.p ?? 0)}) instead of the first pass’s choice, then finished the plan; {node.ok ? 'it solved the case.' : 'it did not solve the case.'}
          </>
        ) : (
          <span>The case start: the first pass runs below it.</span>
        )}
      </div>
    </>
  );
}

/**
 * The EGB branch tree (EGB Alg. 1) with the run's cases beside it: which cases branched and
 * whether a branch solved them. It opens on the case Inspect shows when that one branched, else
 * on the first case a branch solved. Each substep shows its candidates as bars (the distribution
 * whose entropy ranks the branch points), branches hang to the side of the choice they replace.
 * `result` and `traceKey` (the case Inspect shows) default to the page's store.
 */
export function EgbBranchTree({ events, result, traceKey }: { events: TraceEvent[]; result?: RunResult; traceKey?: string }) {
  const storeResult = useStore((state) => state.result);
  const storeSelected = useStore((state) => state.selectedTrace);
  const run = result ?? storeResult;
  const selected = traceKey ?? storeSelected;
  const stream = selected?.split('/').slice(0, 3).join('/');
  const strategy = selected?.split('/')[1] ?? '';
  const color = strategyColor(strategy);
  const loaded = useStreamTraces(run, stream);
  const [picked, setPicked] = useState<{ for: string | undefined; key: string } | undefined>(undefined);

  const cases = useMemo(() => {
    const list = loaded.traces.map((t) => branchCase(t.key, t.taskId, t.key === selected && events.length > 0 ? events : t.events)).filter((c): c is BranchCase => c !== undefined);
    if (selected && !list.some((c) => c.key === selected)) {
      const own = branchCase(selected, selected.split('/').slice(3).join('/'), events);
      if (own) list.unshift(own);
    }
    return list;
  }, [loaded, selected, events]);

  const shownKey = (picked && picked.for === selected ? picked.key : undefined) ?? (loaded.status === 'done' ? defaultCase(cases, selected) : selected);
  // The caller's events are the selected case's (possibly still loading: then the run's copy).
  const fromRun = loaded.traces.find((t) => t.key === shownKey)?.events;
  const shownEvents = (shownKey === selected && events.length > 0 ? events : fromRun) ?? events;
  const shown = cases.find((c) => c.key === shownKey);
  const hasEntropy = shownEvents.some((e) => e.type === 'entropy');
  if (!hasEntropy) return <p className="muted">This trace has no EGB entropy records: choose an EGB-Sampling or EGB-Logits task on SLATE.</p>;
  const branched = cases.filter((c) => c.branches > 0).length;
  const streamTasks = run?.results.filter((r) => `${r.env}/${r.strategy}/${r.seed}` === stream).length ?? cases.length;
  const solvedByBranch = cases.filter((c) => c.solvedBy !== undefined).length;

  return (
    <div className="branch-tree" data-testid="branch-tree" data-case={shownKey ?? ''} data-branched={shown && shown.branches > 0 ? 'true' : 'false'}>
      <div className="branch-cases">
        <table className="branch-case-list" data-testid="branch-case-list">
          <caption>
            <span className="swatch" style={{ background: color }} aria-hidden="true" /> Cases of {strategyLabel(strategy)}: {branched} of {cases.length} branched, a branch solved {solvedByBranch}
            {loaded.status === 'loading' ? ' (loading the other cases…)' : cases.length < streamTasks ? ` (the ${cases.length} of ${streamTasks} cases whose traces were kept)` : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">Case</th>
              <th scope="col">Outcome</th>
              <th scope="col">Highest entropy</th>
            </tr>
          </thead>
          <tbody>
            {cases.map((c) => (
              <tr key={c.key} className={`${c.key === shownKey ? 'shown' : ''} ${c.solvedBy !== undefined ? 'solved-by-branch' : c.branches > 0 ? 'branched' : ''}`}>
                <td>
                  <button
                    type="button"
                    className="link-button mono"
                    data-testid="branch-case"
                    data-case={c.key}
                    data-branches={c.branches}
                    data-solved-by-branch={c.solvedBy !== undefined ? 'true' : 'false'}
                    aria-pressed={c.key === shownKey}
                    onClick={() => setPicked({ for: selected, key: c.key })}
                  >
                    {c.taskId}
                  </button>
                  {c.key === selected ? <span className="muted small"> (in Inspect)</span> : null}
                </td>
                <td>{caseOutcome(c)}</td>
                <td>
                  {c.maxEntropy.toFixed(2)} at {c.maxEntropyStep}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shownKey !== selected && shown && <span className="muted small branch-tree-note">Showing {shown.taskId}; Inspect’s trace above is another case.</span>}
      <CaseTree key={shownKey} caseKey={shownKey ?? ''} events={shownEvents} color={color} />
    </div>
  );
}
