import type { LoopStep } from '../common/react-loop';
import { FINISH_TOOL } from '../../types';
import type { NetworkEdge, ToolNetwork } from './tool-network';
import { neighbourLine, recordLine, subjectLine } from '../../llm/prompts/trial-records';

/**
 * One labelled attempt, the (Q, A, L) of ToolExpNet section 3.2: the question, the actor's tool
 * path (its prediction) and the label's tool path (gold). `gold` is undefined where the dataset
 * annotates no path and the trial failed (see `recordAttempt`).
 */
export interface TrialRecord {
  question: string;
  pred: string[];
  gold: string[] | undefined;
}

/** Per tool, the labelled attempts over its edges by question (section 3.1's edge-specific experience pools). */
export type ExperiencePools = Map<string, Map<string, TrialRecord>>;

/** The tools a trial selected, in order (`finish` left out): the actor's answer A compared with the label. */
export function predictedPath(history: LoopStep[]): string[] {
  return history.filter((step) => step.parsed && step.parsed.tool !== FINISH_TOOL).map((step) => step.parsed!.tool);
}

/**
 * Whether a labelled query is one the explorer would write for `edge` (section 3.1): for a
 * similarity edge, a contrastive query whose label uses one of the two tools; for a dependency
 * edge a -> b, a query whose label calls a and then b.
 */
export function bearsOn(edge: NetworkEdge, gold: string[]): boolean {
  if (edge.type === 'similarity') return gold.includes(edge.a) || gold.includes(edge.b);
  const first = gold.indexOf(edge.a);
  return first >= 0 && gold.indexOf(edge.b, first + 1) > first;
}

/**
 * ACC of one attempt for one edge against the label (section 3.1): on a similarity edge the actor
 * used each of the two tools exactly where the label does (it did not take one for the other); on
 * a dependency edge a -> b it called a and then b. Without a label, the attempt is wrong.
 */
export function correctFor(edge: NetworkEdge, pred: string[], gold: string[] | undefined): boolean {
  if (!gold) return false;
  if (edge.type === 'similarity') return gold.includes(edge.a) === pred.includes(edge.a) && gold.includes(edge.b) === pred.includes(edge.b);
  const first = pred.indexOf(edge.a);
  return first >= 0 && pred.indexOf(edge.b, first + 1) > first;
}

/**
 * The tools of `edge` a trial record concerns (section 3.1's edge-specific pools, read per tool in
 * section 3.2): those the gold path uses; without a gold path, those the actor used (the record
 * then says only that they did not help).
 */
export function concerns(edge: NetworkEdge, pred: string[], gold: string[] | undefined): string[] {
  const path = gold ?? pred;
  return [edge.a, edge.b].filter((tool) => path.includes(tool));
}

/** True when `gold` is a subsequence of `pred` (the correct-path test of RestBench). */
function coversPath(pred: string[], gold: string[]): boolean {
  let i = 0;
  for (const tool of pred) if (tool === gold[i]) i++;
  return i === gold.length;
}

/**
 * Reads one labelled attempt into the network and the pools (section 3.1). Each edge drawn for
 * the query is tallied right or wrong against the label; the record joins the pools of the edge's
 * tools it concerns (`concerns`: those of the gold path). Where the actor used a tool the label does not and missed one it has, the two were
 * confused: a similarity edge links them if none does (the k-th missed tool with the k-th
 * wrongly used one). A call whose arguments carry a value the
 * previous call returned shows an actual dependency and confirms (or adds) that dependency edge.
 */
export function recordAttempt(
  network: ToolNetwork,
  pools: ExperiencePools,
  question: string,
  history: LoopStep[],
  gold: string[] | undefined,
  edges: NetworkEdge[],
  kinds: { similarity: boolean; dependency: boolean },
): void {
  const pred = predictedPath(history);
  const record: TrialRecord = { question, pred, gold };
  const pool = (tool: string) => pools.get(tool) ?? (pools.set(tool, new Map()), pools.get(tool)!);
  const solved = gold !== undefined && coversPath(pred, gold);
  for (const tool of new Set([...pred, ...(gold ?? [])])) network.recordToolTrial(tool, question, solved);
  for (const edge of edges) {
    network.tally(edge, !correctFor(edge, pred, gold));
    // Section 3.1 logs a trial into the edge's experience pool; section 3.2 reflects on it per tool.
    // A record is credited to the edge's tools it concerns (`concerns`), never to both ends alike:
    // a query whose gold path uses b says how to use b (and that a is not it), nothing about a's use.
    for (const tool of concerns(edge, pred, gold)) pool(tool).set(question, record);
  }
  if (gold && kinds.similarity) {
    const missed = gold.filter((tool) => !pred.includes(tool));
    const wrong = pred.filter((tool) => !gold.includes(tool) && network.tools.some((t) => t.name === tool));
    // The k-th tool the actor missed was taken for the k-th tool it used instead (our reading of "confuses").
    const wrongs = [...new Set(wrong)];
    [...new Set(missed)].forEach((a, k) => {
      const b = wrongs[k];
      if (b === undefined) return;
      network.add(a, b, 'similarity');
      // Credited to the tool the label calls for (a); the record names b as the one taken for it.
      pool(a).set(question, record);
    });
  }
  if (!kinds.dependency) return;
  const calls = history.filter((step) => step.parsed && step.parsed.tool !== FINISH_TOOL);
  calls.forEach((step, i) => {
    const previous = calls[i - 1];
    if (!step.ok || !previous?.ok || previous.parsed!.tool === step.parsed!.tool) return;
    const carried = Object.values(step.parsed!.args).some((value) => typeof value === 'string' && value.length > 3 && previous.observation.includes(value));
    if (carried) network.add(previous.parsed!.tool, step.parsed!.tool, 'dependency').confirmed = true;
  });
}

/** A neighbour as the insight prompt shows it: its name and its current insight (φ_j^t). */
export interface NeighbourInsight {
  name: string;
  insight: string;
}

/**
 * The prompt of a tool insight refinement (section 3.2 and appendix A, "Process of Tool Guidance
 * Refinement", in our words): the tool's documentation; its dependency and similarity neighbours,
 * each with its current insight; the trial records (question, prediction, gold path), each marked
 * solved or failed; then the chain-of-thought guideline of appendix A.
 */
export function insightPrompt(
  tool: { name: string; description: string },
  neighbours: { similar: NeighbourInsight[]; dependsOn: NeighbourInsight[]; feeds: NeighbourInsight[] },
  records: TrialRecord[],
): string {
  const neighbour = (label: string, n: NeighbourInsight) => [neighbourLine(label, n.name), `    its insight: ${n.insight}`];
  return [
    subjectLine(tool.name),
    `Tool documentation: ${tool.description}`,
    'Tools it may depend on or combine with:',
    ...neighbours.dependsOn.flatMap((n) => neighbour('depends on', n)),
    ...neighbours.feeds.flatMap((n) => neighbour('feeds', n)),
    'Tools with similar functions:',
    ...neighbours.similar.flatMap((n) => neighbour('similar to', n)),
    'Trial records (the question, your prediction, the gold path):',
    ...records.slice(-8).map((r) => recordLine({ ...r, solved: r.gold !== undefined && coversPath(r.pred, r.gold) })),
    'Think step by step: 1. how this tool differs from the similar tools and when to use which; 2. how it combines with the tools it depends on, and whether one must be called first; 3. the typical requests it serves; 4. a shorter, clearer description that tells it apart from look-alikes and states its dependencies.',
    'Write a short usage insight for this tool: when to use it, which similar tool it is not, and what it needs first.',
  ].join('\n');
}

/**
 * The refinement prompt of one tool as the network stands (section 3.2): its neighbours over the
 * edges the variant keeps, each with its current insight (its documentation before it has one),
 * and its trial records.
 */
export function toolInsightPrompt(network: ToolNetwork, name: string, pools: ExperiencePools): string | undefined {
  const tool = network.tools.find((t) => t.name === name);
  if (!tool) return undefined;
  const insight = (n: string) => network.guidance.get(n) ?? network.tools.find((t) => t.name === n)?.description ?? '';
  const shown = (names: string[]) => names.map((n) => ({ name: n, insight: insight(n) }));
  const { similar, dependsOn, feeds } = network.neighbours(name);
  return insightPrompt(tool, { similar: shown(similar), dependsOn: shown(dependsOn), feeds: shown(feeds) }, [...(pools.get(name)?.values() ?? [])]);
}
