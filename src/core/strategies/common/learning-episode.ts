import { ContextOverflowError } from '../../llm/context-window';
import type { StrategyContext } from '../strategy';

/**
 * One training episode of a learning phase. Where the run checks the model's window and a prompt
 * goes over it (`overflow=fail`), the episode ends there, as a scored task ends with the outcome
 * `context-overflow`, and the strategy learns from what the episode did before it (its
 * environment's trajectory); the learning record counts it. Undefined then; any other error passes on.
 */
export async function learningEpisode<T>(context: StrategyContext, run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ContextOverflowError && context.training?.checksWindow) return undefined;
    throw error;
  }
}
