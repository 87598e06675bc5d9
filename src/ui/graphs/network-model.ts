import { TOOL_NETWORK } from '../../core/strategies/snapshots';
/**
 * ToolExpNet's network as the page reads it from a snapshot (ToolNetwork.snapshot): per tool its
 * learned guidance, per edge its kind and the learning trials that used it (attempts, errors; the
 * edge's weight is their error rate after the last round that tried it, section 3.1). The
 * snapshot sums the trials over the rounds: it keeps no per-round rates and no trial records.
 */
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
}

export interface NetworkToolFacts {
  id: string;
  guidance: string;
  edges: NetworkEdgeFacts[];
  /** Trials over its edges and how many failed (a trial that used two of its edges counts twice). */
  attempts: number;
  errors: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isRecord) : []);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

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
    return [{ other: source === id ? target : source, relation, ...(attempts !== undefined ? { attempts } : {}), ...(errors !== undefined ? { errors } : {}), ...(weight !== undefined ? { weight } : {}), ...(typeof e.confirmed === 'boolean' ? { confirmed: e.confirmed } : {}) }];
  });
  edges.sort((a, b) => (b.attempts ?? 0) - (a.attempts ?? 0) || a.other.localeCompare(b.other));
  return {
    id,
    guidance: text(node?.guidance),
    edges,
    attempts: edges.reduce((sum, e) => sum + (e.attempts ?? 0), 0),
    errors: edges.reduce((sum, e) => sum + (e.errors ?? 0), 0),
  };
}
