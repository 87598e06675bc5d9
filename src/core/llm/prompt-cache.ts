/**
 * How much of a prompt a serving engine finds already computed (its KV cache) and so does not
 * prefill again, and a provider bills at its cached-input price. Four engines' rules, on the token
 * ids of the prompt (`chat-token-ids.ts`):
 * - `extend`, as web-llm's MLCEngine: one conversation held; a request whose messages before the
 *   last are that conversation (its prompt and the reply it generated) prefills only the new
 *   message, anything else resets the KV cache (`preparePrefillInput`, `compareConversationObject`).
 * - `prefix`, as llama.cpp's server: one slot per task running at once; a prompt reuses its common
 *   prefix with the slot's tokens (its last prompt and generated reply); at least one token is
 *   always evaluated, for the logits.
 * - `block`, as vLLM's automatic prefix caching: the prompt in blocks of 16 tokens, each hashed with
 *   all before it; a block found among those of earlier prompts of the run (and their replies) is
 *   reused; only whole blocks, and not the prompt's last token; an LRU of `blocks` blocks, whose
 *   tail blocks go first.
 * - `provider`, as OpenAI's prompt caching: prefixes of 1,024 tokens or more seen before in the
 *   run, in 128-token steps; replies are not cached.
 * `none` reuses nothing (every prompt token is prefilled and billed at the input price).
 */
export const CACHE_MODELS = ['none', 'extend', 'prefix', 'block', 'provider'] as const;
export type CacheModel = (typeof CACHE_MODELS)[number];

export const CACHE_MODEL_LABELS: Record<CacheModel, string> = {
  none: 'no cache',
  extend: 'extends the last conversation (web-llm)',
  prefix: 'common prefix with the slot (llama.cpp)',
  block: '16-token blocks, LRU (vLLM)',
  provider: '1,024+ tokens in 128-token steps (OpenAI)',
};

/** vLLM's default KV block size, in tokens. */
export const VLLM_BLOCK_TOKENS = 16;
/**
 * Blocks a `block` cache holds unless told otherwise: 65,536 x 16 = about a million tokens, the KV
 * room of a Qwen2.5-7B-shaped model (28 layers, 4 KV heads of 128, 16-bit: 56 KB a token) in about
 * 60 GB of an 80 GB GPU.
 */
export const DEFAULT_CACHE_BLOCKS = 65_536;
/** OpenAI: a prompt is cached from 1,024 tokens, then in steps of 128. */
export const PROVIDER_MIN_TOKENS = 1_024;
export const PROVIDER_STEP_TOKENS = 128;

/** One call as the cache sees it. */
export interface CachedCall {
  prompt: ArrayLike<number>;
  /** The tokens the engine generated after the prompt, which it keeps (not for a logits pass or a batch of samples). */
  reply?: ArrayLike<number>;
  /** The engine resets its conversation before this call (web-llm's logits passes call `resetChat`). */
  reset?: boolean;
}

/** A task's door to the run's cache: one per task (a llama.cpp slot is held by one task at a time). */
export interface TaskCache {
  /** The prompt tokens the engine finds cached for this call; it then keeps what the call computed. */
  lookup(call: CachedCall): number;
  /** The task ended: its slot is free for another. */
  close(): void;
}

/** The cache of a whole run: every task's calls go through it, in the order they are made. */
export interface PromptCache {
  readonly model: CacheModel;
  openTask(): TaskCache;
}

/** A run's cache of the given model; `none` gives undefined (nothing to look up). */
export function createPromptCache(model: CacheModel, options: { blocks?: number } = {}): PromptCache | undefined {
  switch (model) {
    case 'none':
      return undefined;
    case 'extend':
      return extendCache();
    case 'prefix':
      return prefixCache();
    case 'block':
      return blockCache('block', VLLM_BLOCK_TOKENS, options.blocks ?? DEFAULT_CACHE_BLOCKS, { keepReplies: true, minTokens: 0, leaveLast: true });
    case 'provider':
      return blockCache('provider', PROVIDER_STEP_TOKENS, options.blocks ?? DEFAULT_CACHE_BLOCKS, { keepReplies: false, minTokens: PROVIDER_MIN_TOKENS, leaveLast: false });
  }
}

/** Tokens the two sequences share from their start. */
export function commonPrefix(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

function joined(prompt: ArrayLike<number>, reply: ArrayLike<number> | undefined): Uint32Array {
  const out = new Uint32Array(prompt.length + (reply?.length ?? 0));
  out.set(prompt);
  if (reply) out.set(reply, prompt.length);
  return out;
}

/** web-llm: one conversation for the engine; reused only when the new prompt runs on from all of it. */
function extendCache(): PromptCache {
  let held: Uint32Array | undefined;
  const lookup = ({ prompt, reply, reset }: CachedCall): number => {
    const before = reset ? undefined : held;
    // The request's messages before its last must be the held conversation, reply included: the
    // prompt starts with all of it and adds a message.
    const cached = before && prompt.length > before.length && commonPrefix(before, prompt) === before.length ? before.length : 0;
    // A logits pass or a batch of samples leaves no conversation a request could continue.
    held = reply ? joined(prompt, reply) : undefined;
    return cached;
  };
  return { model: 'extend', openTask: () => ({ lookup, close: () => {} }) };
}

/**
 * llama.cpp: a slot per task running at once. A task takes, of the free slots, the one whose
 * tokens share the longest prefix with its first prompt (the server's similarity choice), else
 * the least recently used; a new slot opens when none is free.
 */
function prefixCache(): PromptCache {
  const slots: { tokens: Uint32Array; busy: boolean; used: number }[] = [];
  let clock = 0;
  return {
    model: 'prefix',
    openTask() {
      let slot: (typeof slots)[number] | undefined;
      return {
        lookup({ prompt, reply }) {
          if (!slot) {
            const free = slots.filter((s) => !s.busy);
            const scored = free.map((s) => ({ s, shared: commonPrefix(s.tokens, prompt) }));
            const best = scored.reduce<(typeof scored)[number] | undefined>((a, b) => (!a || b.shared > a.shared || (b.shared === a.shared && b.s.used < a.s.used) ? b : a), undefined);
            slot = best?.s ?? { tokens: new Uint32Array(0), busy: false, used: 0 };
            if (!best) slots.push(slot);
            slot.busy = true;
          }
          // At least one prompt token is evaluated, to have logits to sample from.
          const cached = Math.min(commonPrefix(slot.tokens, prompt), Math.max(0, prompt.length - 1));
          slot.tokens = joined(prompt, reply);
          slot.used = ++clock;
          return cached;
        },
        close() {
          if (slot) slot.busy = false;
        },
      };
    },
  };
}

/**
 * The hashes of a sequence's whole blocks, each of its tokens and the hash of the block before
 * (so equal hashes mean equal prefixes): two 32-bit lanes in one number under 2^53.
 */
export function blockHashes(tokens: ArrayLike<number>, size: number): number[] {
  const out: number[] = [];
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let start = 0; start + size <= tokens.length; start += size) {
    for (let i = start; i < start + size; i++) {
      const t = tokens[i];
      h1 = Math.imul(h1 ^ t, 0x01000193);
      h1 ^= h1 >>> 15;
      h2 = Math.imul(h2 ^ t, 0x5bd1e995);
      h2 ^= h2 >>> 13;
      h2 = Math.imul(h2, 0x85ebca6b);
    }
    out.push((h1 >>> 0) * 0x200000 + ((h2 >>> 0) >>> 11));
  }
  return out;
}

/**
 * Blocks hashed with all before them, over every earlier call of the run, in an LRU of `capacity`
 * blocks (vLLM frees a request's blocks tail first, so a prefix outlives its continuations).
 */
function blockCache(model: 'block' | 'provider', size: number, capacity: number, rules: { keepReplies: boolean; minTokens: number; leaveLast: boolean }): PromptCache {
  // Insertion order is recency: a touched block is deleted and set again, so the first key is the least recent.
  const lru = new Map<number, true>();
  const lookup = ({ prompt, reply }: CachedCall): number => {
    const hashes = blockHashes(prompt, size);
    // vLLM recomputes the last prompt token for its logits: hits stop at the blocks within the first length - 1.
    const eligible = rules.leaveLast ? Math.floor(Math.max(0, prompt.length - 1) / size) : hashes.length;
    let hits = 0;
    while (hits < eligible && lru.has(hashes[hits])) hits++;
    const cached = hits * size >= rules.minTokens ? hits * size : 0;
    const kept = rules.keepReplies && reply?.length ? blockHashes(joined(prompt, reply), size) : hashes;
    for (let i = kept.length - 1; i >= 0; i--) {
      lru.delete(kept[i]);
      lru.set(kept[i], true);
    }
    while (lru.size > capacity) lru.delete(lru.keys().next().value as number);
    return cached;
  };
  return { model, openTask: () => ({ lookup, close: () => {} }) };
}
