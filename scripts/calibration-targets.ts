/**
 * The figures `npm run calibrate` fits SimLM's presets to (docs/simulated-model.md, Calibration): per
 * preset, the papers' ReAct figures for a model of its class, on the bundled training splits only. The
 * development sets (eval/dev-sets/) are evaluation data: nothing is fitted on them (issue 39, item 7).
 */
import type { AggregateRow } from '../src/core/run/results';

/** A paper figure ReAct should land near: environment, metric read off the result row, target. */
export interface Target {
  env: string;
  /** The data: 'bundled', or a development set's name (its train half). */
  set: string;
  metric: string;
  value: number;
  source: string;
  read: (row: AggregateRow) => number;
  /**
   * Set on a constraint instead of a figure: the point is out (the walk never moves to it, and
   * `--check` fails on a committed point) when the value is above `cap` or below `floor`; it adds
   * nothing to the loss.
   */
  cap?: number;
  floor?: number;
}

const success = (env: string, value: number, source: string): Target => ({ env, set: 'bundled', metric: 'execution success', value, source, read: (row) => row.success });
const progress = (env: string, value: number, source: string): Target => ({ env, set: 'bundled', metric: 'progress', value, source, read: (row) => row.progress });
const metric = (env: string, key: string, value: number, source: string): Target => ({ env, set: 'bundled', metric: key, value, source, read: (row) => row.metrics[key] ?? 0 });
/** SLATE's tool match (EGB Table 3). */
const slateToolMatch = (value: number, source: string): Target => metric('slate', 'toolMatch', value, source);

/** True for a constraint (a band or a ceiling), which adds nothing to the loss. */
export const isConstraint = (target: Target): boolean => target.cap !== undefined || target.floor !== undefined;

/** True when a value puts the point out of a constraint's band. */
export const breaks = (target: Target, value: number): boolean => (target.cap !== undefined && value > target.cap) || (target.floor !== undefined && value < target.floor);

/** How a target reads in the script's output. */
export const constraintText = (target: Target): string =>
  target.floor !== undefined && target.cap !== undefined ? `between ${target.floor} and ${target.cap}` : target.cap !== undefined ? `at most ${target.cap}` : target.floor !== undefined ? `at least ${target.floor}` : '';

/** The presets' targets (docs/simulated-model.md), on the bundled environments' training splits (RestBench: Spotify). */
export const TARGETS: Record<string, Target[]> = {
  small: [
    success('slate', 0.29, 'EGB Table 3, ReAct, Qwen2.5-7B'),
    slateToolMatch(0.3, 'EGB Table 3, ReAct, Qwen2.5-7B'),
    metric('restapi', 'correctPath', 0.21, 'ToolExpNet Table 1, ReAct, Qwen2.5-7B, Spotify'),
    // No paper reports ReAct on AlfWorld with a 7B-class model, so household is no figure for small
    // to land on; but the fit must not leave the regime every bundled environment keeps (progress
    // 0.3-0.5 around AutoTool Table 3's 0.394 for Llama-4-Scout-17B; issue 25 item 5), so the band is
    // a constraint. Above it greedy SimLM follows the reader every step (0.99 at kappa 3, bias 0.5, the
    // refit of 24bf04e); below it the fit gave up household for RestBench (0.222 on the test split at
    // kappa 3.25, round 6). The floor was left out while the training split seemed to read 0.15-0.20
    // under the test split; that gap was the seeds (calibrate's seeds 1-2 against the bench's 1-3,
    // when a model seed's preferences held over every task), not the split (docs/simulated-model.md).
    // No household band (issue 25's 0.3-0.5): under the evident key, household's few options and short prompts
    // keep most of a model's competence, so the band holds only where SLATE and RestBench fall to their floors
    // (docs/simulated-model.md, Calibration). The band is reported by the bench, not fitted.
  ],
  medium: [
    progress('household', 0.39, 'AutoTool Table 3, ReAct, Llama-4-Scout, AlfWorld'),
    progress('academic', 0.9, 'AutoTool Table 3, ReAct, Llama-4-Scout, Academic'),
    metric('restapi', 'correctPath', 0.49, 'ToolExpNet Table 1, ReAct, Llama3-70B, Spotify'),
  ],
  strong: [
    success('slate', 0.29, 'EGB Table 3, ReAct, Claude Sonnet 4'),
    slateToolMatch(0.66, 'EGB Table 3, ReAct, Claude Sonnet 4'),
    metric('restapi', 'correctPath', 0.51, 'ToolExpNet Table 1, ReAct, GPT-4o, Spotify'),
  ],
};
