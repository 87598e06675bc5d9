import type { RunResult } from '../../../core/run/results';
import { simPresetOf } from '../../../core/llm/model-families';

/**
 * What a downloaded file says about the run it came from (issue 29: exports keep their context):
 * the model (and whether it is simulated), the SimLM preset and any dials, the encoder, and
 * tasks × seeds. Pure, so the CSV columns and the chart captions are tested in node.
 */
export interface ExportContext {
  /** Model id, for example `sim:small`. */
  model: string;
  /** How the page names the model, for example `Simulated model: SimLM small`. */
  modelLabel: string;
  simulated: boolean;
  /** The SimLM preset (`small`, `strong`, ...); empty for a real model. */
  preset: string;
  /** SimLM skills set by hand over the preset, as `key=value;key=value`; empty when none. */
  dials: string;
  /** Encoder (embedder) id, and how the page names it. */
  encoder: string;
  encoderLabel: string;
  /** Tasks (per environment) and seeds the run holds: counted in its task runs, the config's where it has none. */
  tasks: number;
  seeds: number;
}

/**
 * The context of a finished (or opened) run; with `env`, of that environment's part. Tasks and seeds
 * are counted in the task runs (an environment with fewer tasks than asked runs them all, not the
 * number asked), the most any environment ran.
 */
export function exportContext(result: Pick<RunResult, 'config' | 'model' | 'embedder' | 'results'>, env?: string): ExportContext {
  const { config } = result;
  const runs = result.results.filter((run) => env === undefined || run.env === env);
  const count = (of: (run: (typeof runs)[number]) => unknown) => Math.max(0, ...[...new Set(runs.map((run) => run.env))].map((e) => new Set(runs.filter((run) => run.env === e).map(of)).size));
  const preset = simPresetOf(config.model) ? config.model.slice(config.model.indexOf(':') + 1) : '';
  const dials = Object.entries(config.dials ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${value}`)
    .join(';');
  return {
    model: result.model.id || config.model,
    modelLabel: result.model.label,
    simulated: result.model.simulated,
    preset,
    dials,
    encoder: result.embedder.id || config.embedder,
    encoderLabel: result.embedder.label,
    tasks: runs.length ? count((run) => run.taskId) : config.tasks,
    seeds: runs.length ? count((run) => run.seed) : config.seeds,
  };
}

/** The CSV columns every exported row starts with, in order. */
export const CONTEXT_COLUMNS = ['model', 'simulated', 'preset', 'dials', 'encoder', 'tasks', 'seeds'] as const;

/** The values of `CONTEXT_COLUMNS` for a context. */
export function contextValues(context: ExportContext): (string | number | boolean)[] {
  return [context.model, context.simulated, context.preset, context.dials, context.encoder, context.tasks, context.seeds];
}

/**
 * One line naming the model, encoder and size of a run, for a chart's file: "Simulated model:
 * Small (7B-class open model), SimLM, not a real LLM (preset small) · encoder lexical · 10 tasks × 1 seed".
 * Short, since a chart file is as narrow as the chart on the page. `size` replaces the tasks × seeds
 * where a chart shows less (one task run) or more (a sweep's runs) than one run.
 */
export function contextLine(context: ExportContext, size = `${plural(context.tasks, 'task')} \u00d7 ${plural(context.seeds, 'seed')}`): string {
  const label = context.simulated && !/simulated/i.test(context.modelLabel) ? `Simulated model: ${context.modelLabel}` : context.modelLabel;
  // The preset by its id as well as its label (issue 42 item 3: a trace's file says which model wrote it, preset included).
  const setting = [context.preset && `preset ${context.preset}`, context.dials && `dials ${context.dials.replaceAll(';', ', ')}`].filter(Boolean).join('; ');
  const model = context.simulated ? `${label}, SimLM, not a real LLM${setting ? ` (${setting})` : ''}` : `Model: ${label}`;
  return `${model} \u00b7 encoder ${context.encoder} \u00b7 ${size}`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A chart of one trace: its run's model and encoder, and which task run of how many it is. */
export function traceContextLine(context: ExportContext, taskId: string, seed: number): string {
  return contextLine(context, `task ${taskId}, seed ${seed} (one task run of ${plural(context.tasks, 'task')} \u00d7 ${plural(context.seeds, 'seed')})`);
}

/**
 * A sweep's chart: the model and encoder of its runs (the first run's; a sweep changes one setting,
 * never the model), and the tasks × seeds of each run, as a range where the sweep changes them.
 */
export function sweepContextLine(contexts: readonly ExportContext[]): string | undefined {
  if (!contexts.length) return undefined;
  const range = (values: number[], word: string) => {
    const low = Math.min(...values);
    const high = Math.max(...values);
    return low === high ? plural(low, word) : `${low} to ${high} ${word}s`;
  };
  return contextLine(contexts[0], `${range(contexts.map((c) => c.tasks), 'task')} \u00d7 ${range(contexts.map((c) => c.seeds), 'seed')} per value, ${plural(contexts.length, 'run')}`);
}

/** What a chart of one trace needs for its file: the environment, which task run it is, and the context line. */
export interface TraceChartFile {
  env: string;
  /** "Household, AutoTool (ReAct), task h-7, seed 2": put after the chart's own title. */
  about: string;
  subtitle: string;
}
