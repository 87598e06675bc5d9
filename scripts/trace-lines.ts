import type { RunResult } from '../src/core/run/results';

/** One step of a run as a JSON line of `--traces`. */
export interface TraceLine {
  env: string;
  strategy: string;
  seed: number;
  task: string;
  step: number;
  action: string;
  observation: string;
  ok: boolean;
  /** Who chose the action: the model, or a shortcut that took it without a model call (AutoTool's inertia). */
  by: 'model' | 'shortcut';
}

/** Every step event of a run, in order, with whether a model call or a shortcut produced it. */
export function traceLines(result: RunResult): TraceLine[] {
  const lines: TraceLine[] = [];
  for (const [key, events] of Object.entries(result.traces)) {
    const [env, strategy, seed, ...task] = key.split('/');
    let shortcut = false;
    for (const event of events) {
      if (event.type === 'inertia') shortcut = true;
      if (event.type === 'llm-call' && event.kind === 'act') shortcut = false;
      if (event.type !== 'step') continue;
      lines.push({ env, strategy, seed: Number(seed), task: task.join('/'), step: event.index, action: event.action, observation: event.observation, ok: event.ok, by: shortcut ? 'shortcut' : 'model' });
      shortcut = false;
    }
  }
  return lines;
}
