/**
 * Which tools a ReAct-style prompt lists (issue 28 item 1). AutoTool's and the 3-gram baseline's
 * prompts (AutoTool appendix J) and ToolExpNet's actor list every tool of the library; on SLATE
 * that is 1,000 tools, about 57K tokens, more than a 32K window holds. The plan-guided strategies list the
 * tools an embedding search retrieves (EGB Alg. 1, line 5), so:
 * - `full`: every tool, as the papers do (the default; results are as before the setting existed);
 * - `shortlist`: the `shortlistSize` tools the run's embedder retrieves for the task's goal, in the
 *   library's order (a deviation from those papers, said on every row it touches);
 * - `fit`: the full listing where the task's first prompt with it fits the model's window, the
 *   shortlist only where it does not.
 * Strategies that list something else (EcoAct's names, the plan-guided candidates) are not affected.
 */
export const LISTING_MODES = ['full', 'shortlist', 'fit'] as const;
export type ListingMode = (typeof LISTING_MODES)[number];

/** Which listing a task's prompts showed. */
export type ListingUsed = 'full' | 'shortlist';

/** Each mode in a few words, for Setup's select (the schema's help says more). */
export const LISTING_MODE_LABELS: Record<ListingMode, string> = {
  full: 'every tool (as the papers)',
  shortlist: 'a shortlist the embedder retrieves',
  fit: 'every tool where it fits the window, else the shortlist',
};

/** The mode a run uses where its config names none. */
export const DEFAULT_LISTING_MODE: ListingMode = 'full';

/**
 * Tools on a shortlist where the run names no size: 100, the most EGB Alg. 3 allows for a
 * candidate list (K <= 100). On SLATE that is about 5.7K tokens of listing, under a fifth of a
 * 32K window; it is chosen by that budget, not by any strategy's result.
 */
export const DEFAULT_SHORTLIST_SIZE = 100;
