import { ButtonEnvironment, buttonDataset } from './button-env';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { Rng } from '../rng';
import type { TraceEvent } from '../trace';
import type { StrategyContext } from '../strategies/strategy';
import type { ScriptedModel } from './scripted-model';

/** A strategy context on a button task, recording trace events, for strategy unit tests. */
export function contextFor(model: ScriptedModel, taskIndex = 2) {
  const env = new ButtonEnvironment();
  const task = buttonDataset().tasks[taskIndex];
  const events: TraceEvent[] = [];
  const context: StrategyContext = {
    taskId: task.id,
    goal: task.goal,
    initialObservation: env.reset(task),
    env,
    model,
    embedder: new LexicalEmbedder(),
    rng: new Rng(1),
    emit: (event) => events.push(event),
  };
  return { context, events, env };
}

