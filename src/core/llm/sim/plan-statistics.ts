import fitted from './plan-statistics.json';

/**
 * Statistics of training plans that the plan reader uses (computed by `scripts/plan-statistics.ts`
 * from training splits only; see `plan-statistics.json` for which files and how many cases):
 * how often each stem of a substep's wording goes with a substep that needs no tool, and which
 * wording stems go with which stems of the name of the tool the substep used.
 */
export interface PlanStatistics {
  /** Substeps counted: needing a tool, needing none. */
  substeps: { tool: number; none: number };
  /** Per wording stem: in how many tool substeps and how many no-tool substeps it occurs. */
  stems: Record<string, [number, number]>;
  /** Per leading stem (the first content stem of the first clause: the verb that says what the substep does): tool and no-tool substeps it leads. */
  leads: Record<string, [number, number]>;
  /** Per wording stem: the tool-name stems it goes with, as normalised PMI shrunk by count c as c/(c+2) (pairs seen at least twice). */
  links: Record<string, Record<string, number>>;
  /**
   * The mean, over the training substeps where the reader picks a tool (read with the gold history
   * and the retriever's candidates), of the logistic of its pick's margin (`pickConfidence`): how
   * clearly a typical training prompt answers. Absent: the reader does not weigh its picks.
   */
  clarity?: number;
}

/** One training substep: its wording and the tool it used (null: none). */
export interface PlanExample {
  description: string;
  tool: string | null;
}

/** The stem that leads a substep's wording: the first content stem of its first clause, the verb that says what it does ("Note the reason": note). */
export function leadStem(description: string, stemsOf: (text: string) => string[]): string | undefined {
  return stemsOf(description.split(/[,;:(]/)[0])[0];
}

/** Counts `PlanStatistics` over examples (the script's computation, kept here so a test can run it). */
export function planStatisticsOf(examples: PlanExample[], stemsOf: (text: string) => string[], nameStemsOf: (name: string) => string[]): PlanStatistics {
  const stems: Record<string, [number, number]> = {};
  const leads: Record<string, [number, number]> = {};
  const pair = new Map<string, number>();
  const wording = new Map<string, number>();
  const naming = new Map<string, number>();
  let tool = 0;
  let none = 0;
  for (const example of examples) {
    const seen = [...new Set(stemsOf(example.description))];
    for (const s of seen) (stems[s] ??= [0, 0])[example.tool ? 0 : 1]++;
    const lead = leadStem(example.description, stemsOf);
    if (lead) (leads[lead] ??= [0, 0])[example.tool ? 0 : 1]++;
    if (!example.tool) {
      none++;
      continue;
    }
    tool++;
    const names = [...new Set(nameStemsOf(example.tool))];
    // A wording stem that is itself in the tool's name is explained by that: it links to nothing.
    const linking = seen.filter((s) => !names.includes(s));
    for (const s of linking) wording.set(s, (wording.get(s) ?? 0) + 1);
    for (const n of names) naming.set(n, (naming.get(n) ?? 0) + 1);
    for (const s of linking) for (const n of names) pair.set(`${s} ${n}`, (pair.get(`${s} ${n}`) ?? 0) + 1);
  }
  const links: Record<string, Record<string, number>> = {};
  for (const [key, count] of [...pair.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (count < 2) continue;
    const [s, n] = key.split(' ');
    const p = count / tool;
    const npmi = Math.log(p / ((wording.get(s)! / tool) * (naming.get(n)! / tool))) / -Math.log(p);
    if (!(npmi > 0.2)) continue;
    // Shrunk by how often the pair was seen: two sightings are weaker evidence than twenty.
    (links[s] ??= {})[n] = Math.round(npmi * (count / (count + 2)) * 1000) / 1000;
  }
  const sorted = (counts: Record<string, [number, number]>) => Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { substeps: { tool, none }, stems: sorted(stems), leads: sorted(leads), links };
}

/** The committed statistics (see `scripts/plan-statistics.ts`). */
export const PLAN_STATISTICS: PlanStatistics = fitted as unknown as PlanStatistics;
