import fitted from './placement-statistics.json';

/**
 * Where things lie, as counted over training layouts by `scripts/placement-statistics.ts` (never
 * a test layout): per object class, how many lay at each receptacle class; and how many things of
 * any kind lay at each receptacle class. A reader of a text world uses them as its sense of where
 * to look first; with no count for a kind, the places where most things lie come first.
 */
export interface PlacementStatistics {
  /** object class -> receptacle class -> count. */
  at: Record<string, Record<string, number>>;
  /** receptacle class -> count of things of any kind. */
  anything: Record<string, number>;
}

/** One object of a training layout and the receptacle it lay at (names with their numbers). */
export interface Placement {
  object: string;
  at: string;
}

const classOf = (name: string) => name.replace(/\s+\d+$/, '');

/** Counts `PlacementStatistics` over placements (the script's computation, kept here so a test can run it). */
export function placementStatisticsOf(placements: Placement[]): PlacementStatistics {
  const at: Record<string, Record<string, number>> = {};
  const anything: Record<string, number> = {};
  for (const p of placements) {
    const object = classOf(p.object);
    const recep = classOf(p.at);
    (at[object] ??= {})[recep] = (at[object][recep] ?? 0) + 1;
    anything[recep] = (anything[recep] ?? 0) + 1;
  }
  const sorted = <T>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { at: sorted(Object.fromEntries(Object.entries(at).map(([k, v]) => [k, sorted(v)]))), anything: sorted(anything) };
}

export const PLACEMENT_STATISTICS: PlacementStatistics = fitted as unknown as PlacementStatistics;

/**
 * How unlikely a receptacle class is as the place of a thing of `kind` (lower is likelier): by the
 * share of training things of that kind found there, then by where things of any kind lie.
 */
export function placementRank(kind: string, recepClass: string, statistics: PlacementStatistics = PLACEMENT_STATISTICS): number {
  const counts = statistics.at[kind];
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : 0;
  const own = counts?.[recepClass] ?? 0;
  const anyTotal = Object.values(statistics.anything).reduce((a, b) => a + b, 0) || 1;
  const any = (statistics.anything[recepClass] ?? 0) / anyTotal;
  // A kind seen there ranks before any kind never seen there; within each, more often first.
  return own > 0 ? 1 - own / total : 2 - any;
}
