import type { RunConfig } from './run-config';
import type { RunCache } from './task-context';
import { createPromptCache } from '../llm/prompt-cache';
import { ChatTokenIds, givesIds } from '../llm/chat-token-ids';
import { loadQwenTokenizer } from '../llm/qwen-tokenizer';
import { ConfigError } from '../errors';

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
