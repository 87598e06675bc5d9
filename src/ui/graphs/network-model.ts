import { TOOL_NETWORK } from '../../core/strategies/snapshots';
/**
 * ToolExpNet's network as the page reads it from a snapshot (ToolNetwork.snapshot): per tool its
 * learned guidance and its latest trials, per edge its kind and the learning trials that used it
 * (attempts, errors; the edge's weight is their error rate after the last round that tried it,
 * section 3.1), by round when the snapshot says (runs stored before issue 16 do not).
 */
/** Attempts and errors of one learning round (0-based). */
export interface RoundTally {
  round: number;
  attempts: number;
  errors: number;
}

/** A trial listed under a tool: the round (0-based), the query (truncated), how it ended. */
export interface TrialFacts {
  round: number;
  goal: string;
  success: boolean;
}

export interface NetworkEdgeFacts {
  /** The tool at the other end. */
  other: string;
  /** similar: undirected; feeds: this tool's output feeds the other; fed by: the other feeds this one. */
  relation: 'similar' | 'feeds' | 'fed by';
  attempts?: number;
  errors?: number;
  weight?: number;
  /** Dependency edges: a trial passed an id along it. */
  confirmed?: boolean;
  /** Attempts and errors by round, rounds with attempts only; absent from older snapshots. */
  rounds?: RoundTally[];
}

export interface NetworkToolFacts {
  id: string;
  guidance: string;
  edges: NetworkEdgeFacts[];
  /** Trials over its edges and how many failed (a trial that used two of its edges counts twice). */
  attempts: number;
  errors: number;
  /**
   * Per learning round, every round listed (0 attempts where none): its edges' trials and failures
   * in that round, counted as `attempts` and `errors` are. Absent when the snapshot has no rounds.
   */
  rounds?: RoundTally[];
  /** Its latest trials, oldest first, and how many it had in all; absent when the snapshot lists none. */
  trials?: TrialFacts[];
  trialCount?: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isRecord) : []);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

function roundsOf(value: unknown): RoundTally[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return list(value).flatMap((r) => {
    const round = num(r.round);
    const attempts = num(r.attempts);
    return round !== undefined && round >= 0 && attempts !== undefined ? [{ round: Math.floor(round), attempts, errors: num(r.errors) ?? 0 }] : [];
  });
}

function trialsOf(value: unknown): TrialFacts[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return list(value).map((t) => ({ round: num(t.round) ?? 0, goal: text(t.goal), success: t.success === true }));
}

/** What the network holds about one tool, its most tried edges first. */
export function networkToolFacts(snapshot: unknown, id: string): NetworkToolFacts | undefined {
  if (!isRecord(snapshot) || snapshot.kind !== TOOL_NETWORK) return undefined;
  const node = list(snapshot.nodes).find((n) => (text(n.id) || text(n.tool)) === id);
  const edges: NetworkEdgeFacts[] = list(snapshot.edges).flatMap((e) => {
    const source = text(e.source);
    const target = text(e.target);
    if (source !== id && target !== id) return [];
    const relation: NetworkEdgeFacts['relation'] = e.type === 'dependency' ? (source === id ? 'feeds' : 'fed by') : 'similar';
    const attempts = num(e.attempts);
    const errors = num(e.errors);
    const weight = num(e.weight);
    const rounds = roundsOf(e.rounds);
    return [
      {
        other: source === id ? target : source,
        relation,
        ...(attempts !== undefined ? { attempts } : {}),
        ...(errors !== undefined ? { errors } : {}),
        ...(weight !== undefined ? { weight } : {}),
        ...(typeof e.confirmed === 'boolean' ? { confirmed: e.confirmed } : {}),
        ...(rounds ? { rounds } : {}),
      },
    ];
  });
  edges.sort((a, b) => (b.attempts ?? 0) - (a.attempts ?? 0) || a.other.localeCompare(b.other));
  // Every round the learning ran, so a round that left the tool's edges untried shows as such.
  const roundCount = num(snapshot.rounds);
  const rounds = roundCount !== undefined && roundCount > 0
    ? Array.from({ length: Math.floor(roundCount) }, (_, round) => {
        const of = edges.flatMap((e) => e.rounds ?? []).filter((r) => r.round === round);
        return { round, attempts: of.reduce((sum, r) => sum + r.attempts, 0), errors: of.reduce((sum, r) => sum + r.errors, 0) };
      })
    : undefined;
  const trials = node ? trialsOf(node.trials) : undefined;
  const trialCount = node ? num(node.trialCount) : undefined;
  return {
    id,
    guidance: text(node?.guidance),
    edges,
    attempts: edges.reduce((sum, e) => sum + (e.attempts ?? 0), 0),
    errors: edges.reduce((sum, e) => sum + (e.errors ?? 0), 0),
    ...(rounds ? { rounds } : {}),
    ...(trials ? { trials, trialCount: Math.max(trialCount ?? 0, trials.length) } : {}),
  };
}
