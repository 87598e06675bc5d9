/**
 * How a strategy lays out its prompts (issue 28 item 2).
 * - `paper`: as the paper (or our reading of it) writes them. Reflexion's memory and EcoAct's
 *   registered tools sit in the system prompt, and a SLATE decision prompt puts each substep's
 *   candidates in the system prompt. So the prompt changes before the trajectory at every
 *   reflection, registration or substep.
 * - `cache`: static to growing. The system prompt stays byte-identical over a task's calls, and
 *   SLATE's also over tasks and strategies. Then come the task, then what grows (steps, reflections,
 *   registrations), only ever appended. What changes every call (a substep's candidates) comes
 *   last. Consecutive prompts of a task then share everything up to the end of the previous
 *   prompt's static and grown part, which any prompt cache can reuse. This follows the layout
 *   advice of "Don't Break the Cache" (arXiv 2601.06007): keep the prefix stable, and append
 *   instead of inserting.
 * What SimLM reads is the same under both layouts (docs/simulated-model.md); the models see the same
 * facts, in another order.
 */
export const PROMPT_LAYOUTS = ['paper', 'cache'] as const;
export type PromptLayout = (typeof PROMPT_LAYOUTS)[number];

/** Each layout in a few words, for Setup's select (the schema's help says more). */
export const PROMPT_LAYOUT_LABELS: Record<PromptLayout, string> = {
  paper: 'as the papers write them',
  cache: 'static to growing (a cache can reuse the prefix)',
};

/** The layout a run uses where its config names none. */
export const DEFAULT_PROMPT_LAYOUT: PromptLayout = 'paper';

/** The layout a strategy context asks for. */
export function layoutOf(context: { layout?: PromptLayout }): PromptLayout {
  return context.layout ?? DEFAULT_PROMPT_LAYOUT;
}
