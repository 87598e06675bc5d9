import type { RunConfig } from './run-config';
import type { RunCache } from './task-context';
import { createPromptCache } from '../llm/prompt-cache';
import { ChatTokenIds, givesIds } from '../llm/chat-token-ids';
import { loadQwenTokenizer } from '../llm/qwen-tokenizer';
import { ConfigError } from '../errors';
import type { ModelProvider } from '../llm/model-provider';
import type { MeterWindow } from '../llm/metered-model';
import { ChatTokenCounter } from '../llm/token-counter';
import { simWindowOf } from '../llm/model-families';
import type { ContextWindow } from '../llm/context-window';
import type { ListingPlan } from '../strategies/common/listed-tools';
import { DEFAULT_LISTING_MODE, DEFAULT_SHORTLIST_SIZE } from '../llm/prompts/listing-mode';

/**
 * The prompt cache a run's config names (`cache`, absent: none), over the Qwen2.5 tokenizer's ids:
 * one for the whole run, so a cache shared by tasks (vLLM's blocks, a provider's prefixes) sees
 * every call in the order the run makes them. Learning phases on the training split do not go
 * through it (their cost is reported apart).
 */
export async function runCacheFor(config: Pick<RunConfig, 'cache' | 'cacheBlocks'>): Promise<RunCache | undefined> {
  const cache = createPromptCache(config.cache ?? 'none', { blocks: config.cacheBlocks });
  if (!cache) return undefined;
  const tokenizer = await loadQwenTokenizer();
  if (!givesIds(tokenizer)) throw new ConfigError('The tokenizer gives no token ids, so no cache can be modelled.');
  return { ids: new ChatTokenIds(tokenizer), cache };
}

/**
 * The window a run checks prompts against: the config's `window` where it gives one, else the
 * model's own (SimLM's class, a server's report). Undefined where the run does not check windows.
 */
export function windowOf(config: Pick<RunConfig, 'window' | 'model'>, models?: Pick<ModelProvider, 'contextWindow'>): number | undefined {
  return windowInUse(config, models)?.tokens;
}

/**
 * `windowOf` with where the figure comes from, as the run's result records it for the page: the
 * run's `window` (in the model's own words where the model runs with it, as WebLLM loads with it),
 * else the model's (a server's report, a WebLLM record, a SimLM class).
 */
export function windowInUse(config: Pick<RunConfig, 'window' | 'model'>, models?: Pick<ModelProvider, 'contextWindow'>): ContextWindow | undefined {
  if (config.window !== undefined) return models?.contextWindow?.tokens === config.window ? models.contextWindow : { tokens: config.window, source: "the run's window setting (--window, Setup's context window field)" };
  return models?.contextWindow ?? simWindowOf(config.model);
}

/** The window check of a run that sets `overflow`, with the tokenizer it counts with; undefined otherwise. */
export async function runWindowFor(config: Pick<RunConfig, 'window' | 'model' | 'overflow'>, models: Pick<ModelProvider, 'contextWindow' | 'label'>): Promise<MeterWindow | undefined> {
  if (!config.overflow) return undefined;
  const tokens = windowOf(config, models);
  if (tokens === undefined) throw new ConfigError(`The context window of ${models.label} is not known, so prompts cannot be checked against it. Give it (--window N, or Setup's context window field).`);
  return { tokens, overflow: config.overflow, counter: new ChatTokenCounter(await loadQwenTokenizer()) };
}

/**
 * What a run asks of ReAct-style tool listings (`listing`, prompts/listing-mode.ts): undefined for
 * `full` (every tool, as before the setting existed); else the shortlist's size and, under `fit`,
 * the test of a prompt against the model's window (the same window and count the window check uses,
 * whether or not the run sets `overflow`).
 */
export async function runListingFor(config: Pick<RunConfig, 'listing' | 'shortlistSize' | 'window' | 'model'>, models: Pick<ModelProvider, 'contextWindow' | 'label'>, window?: MeterWindow): Promise<ListingPlan | undefined> {
  const mode = config.listing ?? DEFAULT_LISTING_MODE;
  if (mode === 'full') return undefined;
  const size = config.shortlistSize ?? DEFAULT_SHORTLIST_SIZE;
  if (mode === 'shortlist') return { mode, size };
  const tokens = window?.tokens ?? windowOf(config, models);
  if (tokens === undefined) throw new ConfigError(`listing=fit lists every tool where it fits the model's context window, and the window of ${models.label} is not known. Give it (--window N, or Setup's context window field), or choose listing=shortlist.`);
  const counter = window?.counter ?? new ChatTokenCounter(await loadQwenTokenizer());
  return { mode, size, fits: (messages) => counter.countChat(messages) <= tokens };
}
