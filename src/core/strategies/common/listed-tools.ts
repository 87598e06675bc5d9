import type { StrategyContext } from '../strategy';
import type { ChatMessage } from '../../llm/language-model';
import type { Tool } from '../../types';
import type { ListingMode, ListingUsed } from '../../llm/prompts/listing-mode';
import { FINISH_TOOL } from '../../types';
import { retrieverFor } from '../plan/candidates';

/**
 * What a run asks of a ReAct-style prompt's tool listing (prompts/listing-mode.ts), where it asks
 * for something other than every tool: the mode, the shortlist's size, under `fit` how to tell
 * whether a prompt fits the model's window, and where to record which listing a task used.
 */
export interface ListingPlan {
  mode: Exclude<ListingMode, 'full'>;
  size: number;
  /** Under `fit`: whether these messages fit the model's window (counted as the run's window check counts them). */
  fits?(messages: ChatMessage[]): boolean;
  /** Told which listing the task's prompts show, once per task (the task's result records it). */
  used?(listing: ListingUsed): void;
}

/**
 * The tools a ReAct-style prompt lists for this task: every tool of the environment where the run
 * asks for no other listing; under `shortlist`, the shortlist; under `fit`, every tool where the
 * task's first prompt with them (`opening`) fits the window, else the shortlist. The choice is
 * made once per task, so the listing, and the system prompt that holds it, stay the same over
 * every call of the task (a prompt cache keeps reusing it).
 */
export async function listedTools(context: StrategyContext, opening: (tools: Tool[]) => ChatMessage[]): Promise<Tool[]> {
  const all = context.env.tools();
  const plan = context.listing;
  if (!plan) return all;
  if (plan.mode === 'fit' && (!plan.fits || plan.fits(opening(all)))) {
    plan.used?.('full');
    return all;
  }
  const listed = await shortlistOf(all, context, plan.size);
  plan.used?.(listed.length < all.length ? 'shortlist' : 'full');
  return listed;
}

/**
 * The `size` tools the run's embedder retrieves for the task's goal (the plan-guided strategies'
 * retriever, the same tool embeddings), in the library's order, with the finishing tool kept where
 * the environment has one (a ReAct agent ends its task with it).
 */
async function shortlistOf(all: Tool[], context: StrategyContext, size: number): Promise<Tool[]> {
  if (all.length <= size) return all;
  const retrieved = new Set(await retrieverFor(all, context.embedder).shortlist(context.goal, size));
  return all.filter((tool) => retrieved.has(tool) || tool.name === FINISH_TOOL);
}
