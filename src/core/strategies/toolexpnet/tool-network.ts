import { TOOL_TRIALS_KEPT, type EdgeRound, type ToolNetworkSnapshot, type ToolTrial } from '../snapshots';
import type { Tool } from '../../types';
import type { Embedder } from '../../embed/embedder';
import { cosines } from '../../embed/cosine';
import { sameTexts } from '../../text-cache';
import { moduleCache, weakCache } from '../../caches';

/** An edge of the Tool Experience Network (ToolExpNet section 2.1). */
export interface NetworkEdge {
  a: string;
  b: string;
  /** Similarity edges are undirected; dependency edges run from the tool whose output feeds `b`. */
  type: 'similarity' | 'dependency';
  /** Sampling weight w(e), from 1 (section 3.1); set to the error rate after each iteration. */
  weight: number;
  attempts: number;
  errors: number;
  /** Dependency edges: seen carrying an id in a trial. */
  confirmed: boolean;
  /** `attempts` and `errors` by learning round, rounds without an attempt left out (recorded for the page). */
  rounds: EdgeRound[];
}

/** Longest query text kept in a tool's trial list. */
const GOAL_CHARS = 120;

/** A noun in its singular form, lower-cased (`tracks` -> `track`, `playlists` -> `playlist`, `categories` -> `category`). */
function singular(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  return w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
}

/**
 * The data types a tool returns (section 2.2): each result field's name, the kind an `x_id` field
 * names, and the kinds of objects its description says it holds (`album, track objects`).
 */
export function outputTypes(tool: Tool): Set<string> {
  const found = new Set<string>();
  for (const [name, spec] of Object.entries(tool.results?.properties ?? {})) {
    found.add(name.toLowerCase());
    const kind = /^(\w+?)_ids?$/.exec(name)?.[1];
    if (kind) found.add(singular(kind));
    const objects = /^(.*?)\bobjects?\b/i.exec(spec.description ?? '')?.[1];
    for (const chunk of objects?.split(/,|\band\b|\bor\b/) ?? []) {
      const noun = chunk.trim().split(/\s+/).pop();
      if (noun && /^[a-z]+$/i.test(noun)) found.add(singular(noun));
    }
  }
  return found;
}

/**
 * The data types a tool's required inputs take: the parameter's name, the kind an `x_id` parameter
 * names, and for a bare `id` the kind its description gives (`The catalogue ID of the album`).
 */
export function inputTypes(tool: Tool): Set<string> {
  const found = new Set<string>();
  for (const name of tool.arguments.required) {
    found.add(name.toLowerCase());
    const kind = /^(\w+?)_ids?$/.exec(name)?.[1];
    if (kind) found.add(singular(kind));
    if (/^ids?$/i.test(name)) {
      const described = /\bIDs?\b(?: \w+)? (?:of|for) (?:the |a |an |each )?(\w+)/i.exec(tool.arguments.properties[name]?.description ?? '')?.[1];
      if (described) found.add(singular(described));
    }
  }
  // An id is a value, not a type: `id` alone matches nothing.
  found.delete('id');
  found.delete('ids');
  return found;
}

/**
 * The pairs behind the initial edges, kept per toolset (and embedder and Phi): they are pure
 * functions of the tools' documentation, and the variants of one run (with and without trials,
 * E_s or E_d) start from the same toolset. On SLATE's 1,000 tools each list took 0.3-0.6 s.
 * A toolset is known by its tool objects in order (callers filter the environment's list afresh).
 */
interface Toolset {
  tools: Tool[];
  similar: WeakMap<Embedder, Map<number, Promise<[number, number][]>>>;
  dependent?: [number, number][];
}
const toolsets = moduleCache('strategies/toolexpnet/tool-network: toolsets by first tool', weakCache<Tool, Toolset[]>());

function toolset(tools: Tool[]): Toolset {
  const empty: Toolset = { tools: [...tools], similar: new WeakMap() };
  if (tools.length === 0) return empty;
  let entries = toolsets.get(tools[0]);
  if (!entries) toolsets.set(tools[0], (entries = []));
  const found = entries.find((entry) => sameTexts(entry.tools, tools));
  if (found) return found;
  if (entries.length >= 8) entries.shift();
  entries.push(empty);
  return empty;
}

/** Pairs i < j whose documentation embeddings reach Phi, in order of i then j. */
function similarPairs(tools: Tool[], embedder: Embedder, phi: number): Promise<[number, number][]> {
  const byEmbedder = toolset(tools).similar;
  let byPhi = byEmbedder.get(embedder);
  if (!byPhi) byEmbedder.set(embedder, (byPhi = new Map()));
  let pairs = byPhi.get(phi);
  if (!pairs) {
    pairs = embedder.embed(tools.map((tool) => `${tool.name}: ${tool.description}`)).then((vectors) => {
      const found: [number, number][] = [];
      for (let i = 0; i < tools.length; i++) {
        const row = cosines(vectors[i], vectors.slice(i + 1));
        row.forEach((value, k) => value >= phi && found.push([i, i + 1 + k]));
      }
      return found;
    });
    // A failed embedding is not kept: the next network asks again.
    pairs.catch(() => byPhi!.delete(phi));
    byPhi.set(phi, pairs);
  }
  return pairs;
}

/** Ordered pairs i != j where an output type of tool i is an input type of tool j (section 2.2), in order of i then j. */
function dependentPairs(tools: Tool[]): [number, number][] {
  const set = toolset(tools);
  let pairs = set.dependent;
  if (!pairs) {
    const outputs = tools.map((tool) => [...outputTypes(tool)]);
    const inputs = tools.map(inputTypes);
    pairs = [];
    for (let i = 0; i < tools.length; i++) for (let j = 0; j < tools.length; j++) if (i !== j && outputs[i].some((type) => inputs[j].has(type))) pairs.push([i, j]);
    set.dependent = pairs;
  }
  return pairs;
}

/**
 * The network over a toolset: per tool its guidance φ (initially its documentation) and the
 * similarity and dependency edges between tools.
 */
export class ToolNetwork {
  readonly guidance = new Map<string, string>();
  edges: NetworkEdge[] = [];
  /** Edges by type and ends, so a lookup does not scan the list (SLATE's 1,000 tools give many edges). */
  private readonly index = new Map<string, NetworkEdge>();
  /** Neighbours by tool, built on first use after the edges last changed. */
  private adjacency: Map<string, { similar: string[]; dependsOn: string[]; feeds: string[] }> | undefined;
  /** The learning round (0-based) the trials recorded now belong to; the learning loop sets it. */
  round = 0;
  /** Learning rounds run (the snapshot says so, since a round may leave an edge untried). */
  roundsRun = 0;
  /** Per tool: its trials in all and the latest TOOL_TRIALS_KEPT (recorded for the page, never read back). */
  private readonly trials = new Map<string, { count: number; latest: ToolTrial[] }>();

  constructor(readonly tools: Tool[]) {}

  /**
   * Section 2.2: similarity edges between tools whose documentation embeddings reach Phi;
   * dependency edges where an output type of one is an input type of another.
   */
  static async initialise(tools: Tool[], embedder: Embedder, phi: number, kinds: { similarity: boolean; dependency: boolean }): Promise<ToolNetwork> {
    const network = new ToolNetwork(tools);
    // Edges are added in the order the pairs are listed: similarity pairs, then dependency pairs.
    if (kinds.similarity) for (const [i, j] of await similarPairs(tools, embedder, phi)) network.add(tools[i].name, tools[j].name, 'similarity');
    if (kinds.dependency) for (const [i, j] of dependentPairs(tools)) network.add(tools[i].name, tools[j].name, 'dependency');
    return network;
  }

  find(a: string, b: string, type: NetworkEdge['type']): NetworkEdge | undefined {
    // A similarity edge is undirected: either order finds it.
    return this.index.get(edgeKey(type, a, b)) ?? (type === 'similarity' ? this.index.get(edgeKey(type, b, a)) : undefined);
  }

  add(a: string, b: string, type: NetworkEdge['type']): NetworkEdge {
    const existing = this.find(a, b, type);
    if (existing) return existing;
    const edge: NetworkEdge = { a, b, type, weight: 1, attempts: 0, errors: 0, confirmed: false, rounds: [] };
    this.edges.push(edge);
    this.index.set(edgeKey(type, a, b), edge);
    this.adjacency = undefined;
    return edge;
  }

  /** Counts one labelled attempt over `edge` in the current round, and whether it was wrong for the edge's label (section 3.1: 1 - ACC). */
  tally(edge: NetworkEdge, failed: boolean): void {
    edge.attempts++;
    if (failed) edge.errors++;
    let last = edge.rounds.at(-1);
    if (last?.round !== this.round) edge.rounds.push((last = { round: this.round, attempts: 0, errors: 0 }));
    last.attempts++;
    if (failed) last.errors++;
  }

  /** Lists a trial (a training query the actor attempted) under a tool it called, in the current round. */
  recordToolTrial(tool: string, goal: string, success: boolean): void {
    let entry = this.trials.get(tool);
    if (!entry) this.trials.set(tool, (entry = { count: 0, latest: [] }));
    entry.count++;
    entry.latest.push({ round: this.round, goal: goal.length > GOAL_CHARS ? `${goal.slice(0, GOAL_CHARS - 1)}…` : goal, success });
    if (entry.latest.length > TOOL_TRIALS_KEPT) entry.latest.shift();
  }

  /**
   * Section 3.1: after iteration t, w^{t+1}(e) is the error rate 1 - ACC of e's labelled attempts in
   * that iteration; an edge not attempted keeps its weight. A floor of 0.05 keeps every edge
   * samplable (our choice: the paper gives none).
   */
  updateWeights(): void {
    for (const edge of this.edges) {
      const round = edge.rounds.at(-1);
      if (round?.round === this.round && round.attempts > 0) edge.weight = Math.max(0.05, round.errors / round.attempts);
    }
  }

  /** Section 3.1: dependency edges whose tools were tried and showed no actual dependency are removed. */
  pruneDependencies(): number {
    const before = this.edges.length;
    this.edges = this.edges.filter((e) => e.type !== 'dependency' || e.confirmed || e.attempts === 0);
    this.index.clear();
    for (const edge of this.edges) this.index.set(edgeKey(edge.type, edge.a, edge.b), edge);
    this.adjacency = undefined;
    return before - this.edges.length;
  }

  /** A tool's neighbours, each list in the order of the edges (as a scan of them gives). */
  neighbours(tool: string): { similar: string[]; dependsOn: string[]; feeds: string[] } {
    if (!this.adjacency) {
      const adjacency = new Map<string, { similar: string[]; dependsOn: string[]; feeds: string[] }>();
      const of = (name: string) => {
        let entry = adjacency.get(name);
        if (!entry) adjacency.set(name, (entry = { similar: [], dependsOn: [], feeds: [] }));
        return entry;
      };
      for (const e of this.edges) {
        if (e.type === 'similarity') {
          of(e.a).similar.push(e.b);
          if (e.b !== e.a) of(e.b).similar.push(e.a);
        } else {
          of(e.b).dependsOn.push(e.a);
          of(e.a).feeds.push(e.b);
        }
      }
      this.adjacency = adjacency;
    }
    const entry = this.adjacency.get(tool);
    return { similar: [...(entry?.similar ?? [])], dependsOn: [...(entry?.dependsOn ?? [])], feeds: [...(entry?.feeds ?? [])] };
  }

  /** A JSON view for the page; per-round and per-trial records only where there are some. */
  snapshot(): ToolNetworkSnapshot {
    return {
      kind: 'toolexpnet-network',
      nodes: this.tools.map((tool) => {
        const trials = this.trials.get(tool.name);
        return { id: tool.name, tool: tool.name, guidance: this.guidance.get(tool.name) ?? '', ...(trials ? { trials: trials.latest.map((t) => ({ ...t })), trialCount: trials.count } : {}) };
      }),
      edges: this.edges.map((e) => ({
        source: e.a,
        target: e.b,
        type: e.type,
        weight: Number(e.weight.toFixed(2)),
        attempts: e.attempts,
        errors: e.errors,
        confirmed: e.confirmed,
        ...(e.rounds.length > 0 ? { rounds: e.rounds.map((r) => ({ ...r })) } : {}),
      })),
      ...(this.roundsRun > 0 ? { rounds: this.roundsRun } : {}),
    };
  }
}

function edgeKey(type: NetworkEdge['type'], a: string, b: string): string {
  return `${type}\u0000${a}\u0000${b}`;
}
