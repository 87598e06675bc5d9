import type { TaskResult } from './results';
import type { Interval } from './intervals';
import { pairedDifferences } from './paired';

/** What the interval says of a claim (DESIGN 4b): computed, never chosen. */
export type Verdict = 'reproduced' | 'direction only' | 'not reproduced';

/** One paper claim with our figure, its 95% interval and the verdict (`npm run bench -- --claims`). */
export interface ClaimResult {
  paper: string;
  claim: string;
  metric: string;
  paperValue: string;
  ours: number;
  low: number;
  high: number;
  verdict: Verdict;
  why?: string;
}

/** The run a group of claims needs: one environment, the strategies, any hyperparameters. */
export interface ClaimRun {
  env: string;
  strategies: string[];
  params?: Record<string, Record<string, number>>;
}

/** A claim: the run it reads and how our figure and verdict come from the run's task results. */
export interface ClaimSpec {
  paper: string;
  claim: string;
  metric: string;
  paperValue: string;
  run: ClaimRun;
  /** Why the effect may not appear under SimLM: the skill it depends on (shown unless reproduced). */
  dependsOn?: string;
  evaluate(results: TaskResult[]): { ours: number; interval: Interval; verdict: Verdict };
}

/**
 * The verdict of a paired difference whose claimed sign is `sign` (-1: lower, +1: higher):
 * reproduced when the whole interval is on that side, direction only when the mean is, else not.
 * With a `margin`, the claim is "not worse by more than margin" (non-inferiority).
 */
export function verdictOf(mean: number, [low, high]: Interval, sign: 1 | -1, margin?: number): Verdict {
  if (margin !== undefined) {
    const worst = sign > 0 ? low : -high;
    if (worst >= -margin) return 'reproduced';
    return (sign > 0 ? mean : -mean) >= -margin ? 'direction only' : 'not reproduced';
  }
  const [near, far] = sign > 0 ? [low, high] : [-high, -low];
  if (near > 0) return 'reproduced';
  return far > 0 && sign * mean > 0 ? 'direction only' : 'not reproduced';
}

/** The paired difference of `strategy` from `baseline` on one column, over the given results. */
function paired(results: TaskResult[], strategy: string, baseline: string, column: string) {
  const found = pairedDifferences(results.filter((r) => r.strategy === strategy || r.strategy === baseline), baseline, [column]).find((d) => d.strategy === strategy);
  if (!found) throw new Error(`No paired runs of ${strategy} and ${baseline} for ${column}.`);
  return found;
}

function mean(results: TaskResult[], strategy: string, read: (r: TaskResult) => number): number {
  const own = results.filter((r) => r.strategy === strategy);
  return own.reduce((sum, r) => sum + read(r), 0) / Math.max(1, own.length);
}

/** A relative change (strategy vs baseline) with its interval, the baseline's mean taken as fixed. */
function relativeChange(results: TaskResult[], strategy: string, baseline: string, column: 'llmCalls' | 'promptTokens', sign: 1 | -1) {
  const d = paired(results, strategy, baseline, column);
  const base = mean(results, baseline, (r) => r[column]);
  const interval: Interval = [d.interval[0] / base, d.interval[1] / base];
  return { ours: d.difference / base, interval, verdict: verdictOf(d.difference, d.interval, sign) };
}

/** A difference in a column (success, progress, a metric), claimed higher or, with a margin, not worse. */
function difference(results: TaskResult[], strategy: string, baseline: string, column: string, sign: 1 | -1, margin?: number) {
  const d = paired(results, strategy, baseline, column);
  return { ours: d.difference, interval: d.interval, verdict: verdictOf(d.difference, d.interval, sign, margin) };
}

const at20 = (results: TaskResult[]) => results.filter((r) => r.taskKind === '20+');

const AUTOTOOL = { env: 'household', strategies: ['react', 'autotool-react'] };
const ECOACT = { env: 'toolbench', strategies: ['react', 'ecoact-react'] };
const TOOLEXPNET = { env: 'restapi', strategies: ['react', 'toolexpnet', 'toolexpnet-no-es', 'toolexpnet-no-ed', 'toolexpnet-no-trial'] };
const EGB = { env: 'slate', strategies: ['react', 'reflexion', 'egb-sampling', 'egb-logits'] };

const TOOLEXPNET_SKILL = 'SimLM reads guidance only as relevance text; its mistakes are fixed preferences and noise, not misread docs, which is what guidance fixes (sweep: --dial beta).';

/** The papers' headline claims (DESIGN 4b), each with the paper's figure and where it is tested here. */
export const CLAIMS: ClaimSpec[] = [
  {
    paper: 'AutoTool',
    claim: 'ReAct+AutoTool makes fewer LLM calls than ReAct',
    metric: 'relative change in LLM calls per task (household)',
    paperValue: '-15% (AlfWorld 24.1 to 20.4, Table 3)',
    run: AUTOTOOL,
    evaluate: (r) => relativeChange(r, 'autotool-react', 'react', 'llmCalls', -1),
  },
  {
    paper: 'AutoTool',
    claim: 'ReAct+AutoTool uses fewer input tokens than ReAct',
    metric: 'relative change in prompt tokens per task (household)',
    paperValue: '-37% (AlfWorld 6560 to 4110, Table 3)',
    run: AUTOTOOL,
    evaluate: (r) => relativeChange(r, 'autotool-react', 'react', 'promptTokens', -1),
  },
  {
    paper: 'AutoTool',
    claim: 'at similar progress (not worse by more than 0.05)',
    metric: 'progress difference (household)',
    paperValue: '+0.137 (AlfWorld 0.394 to 0.531, Table 3)',
    run: AUTOTOOL,
    evaluate: (r) => difference(r, 'autotool-react', 'react', 'progress', 1, 0.05),
  },
  {
    paper: 'EcoAct',
    claim: 'input tokens cut by about half above 20 tools',
    metric: 'relative change in prompt tokens per task (ToolBench, 20+ tools)',
    paperValue: '-54% (Figure 3, level 3)',
    run: ECOACT,
    evaluate: (r) => relativeChange(at20(r), 'ecoact-react', 'react', 'promptTokens', -1),
  },
  {
    paper: 'EcoAct',
    claim: 'pass rate held above 20 tools (not worse by more than 5 points)',
    metric: 'pass-rate difference (ToolBench, 20+ tools)',
    paperValue: 'held or higher (Figure 3, level 3)',
    run: ECOACT,
    dependsOn:
      'telling tools apart by name: SimLM gives a name-only option the knowledge bonus only as far as its words say, and every registration is one more decision at the same error rate (sweeps: --dial kappa, --dial unusableCall).',
    evaluate: (r) => difference(at20(r), 'ecoact-react', 'react', 'success', 1, 0.05),
  },
  {
    paper: 'ToolExpNet',
    claim: 'correct path above ReAct',
    metric: 'correct-path difference (RestBench Spotify)',
    paperValue: '+17.6 points (Qwen2.5-7B 21.05 to 38.60, Table 1)',
    run: TOOLEXPNET,
    dependsOn: TOOLEXPNET_SKILL,
    evaluate: (r) => difference(r, 'toolexpnet', 'react', 'correctPath', 1),
  },
  ...(
    [
      ['toolexpnet-no-es', 'similarity links E_s', '75.44 vs 70.17'],
      ['toolexpnet-no-ed', 'dependency links E_d', '75.44 vs 63.16'],
      ['toolexpnet-no-trial', 'the trial-and-error phase', '75.44 vs 70.17'],
    ] as const
  ).map(
    ([ablation, part, figures]): ClaimSpec => ({
      paper: 'ToolExpNet',
      claim: `removing ${part} lowers correct path`,
      metric: `correct-path difference, full minus ablation (RestBench Spotify)`,
      paperValue: `${figures} (Table 4, Spotify)`,
      run: TOOLEXPNET,
      dependsOn: TOOLEXPNET_SKILL,
      evaluate: (r) => difference(r, 'toolexpnet', ablation, 'correctPath', 1),
    }),
  ),
  ...(
    [
      ['egb-logits', 'egb-sampling', '67.8 vs 51.3'],
      ['egb-sampling', 'reflexion', '51.3 vs 44.2'],
      ['reflexion', 'react', '44.2 vs 29.3'],
    ] as const
  ).map(
    ([better, worse, figures]): ClaimSpec => ({
      paper: 'EGB',
      claim: `${better} above ${worse} on execution success`,
      metric: 'execution-success difference (SLATE)',
      paperValue: `${figures} (Table 3, Qwen2.5-7B)`,
      run: EGB,
      evaluate: (r) => difference(r, better, worse, 'success', 1),
    }),
  ),
];

/** Evaluates claims on the task results of their runs (results of other environments are ignored). */
export function evaluateClaims(specs: ClaimSpec[], results: TaskResult[]): ClaimResult[] {
  return specs.map((spec) => {
    const { ours, interval, verdict } = spec.evaluate(results.filter((r) => r.env === spec.run.env));
    return {
      paper: spec.paper,
      claim: spec.claim,
      metric: spec.metric,
      paperValue: spec.paperValue,
      ours,
      low: interval[0],
      high: interval[1],
      verdict,
      ...(verdict !== 'reproduced' && spec.dependsOn ? { why: spec.dependsOn } : {}),
    };
  });
}

/** A claim's figure as the tables print it: a relative change in percent, progress as a fraction, rates in points. */
export function formatClaimValue(value: number, metric: string): string {
  if (/relative/.test(metric)) return `${(value * 100).toFixed(1)}%`;
  if (/progress/.test(metric)) return value.toFixed(3);
  return `${(value * 100).toFixed(1)} pp`;
}

/** The runs the claims need, one per environment and set of strategies, in the order of CLAIMS. */
export function claimRuns(specs: ClaimSpec[] = CLAIMS): ClaimRun[] {
  const groups = new Map<string, ClaimRun>();
  for (const spec of specs) groups.set(`${spec.run.env}:${spec.run.strategies.join(',')}`, spec.run);
  return [...groups.values()];
}
