import { describe, expect, it } from 'vitest';
import { blockHashes, commonPrefix, createPromptCache, type PromptCache } from './prompt-cache';

/** Tokens `from` .. `from + n - 1`. */
const run = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
const cat = (...parts: number[][]) => parts.flat();

function cacheOf(model: Parameters<typeof createPromptCache>[0], blocks?: number): PromptCache {
  const cache = createPromptCache(model, { blocks });
  if (!cache) throw new Error('no cache');
  return cache;
}

describe('cache models on constructed prompts (counts worked out by hand)', () => {
  it('none keeps nothing', () => {
    expect(createPromptCache('none')).toBeUndefined();
  });

  it('extend (web-llm) reuses the held conversation only when the prompt runs on from all of it', () => {
    const task = cacheOf('extend').openTask();
    const system = run(0, 100);
    const reply1 = run(1000, 10);
    // First call: nothing held.
    expect(task.lookup({ prompt: system, reply: reply1 })).toBe(0);
    // Second call: prompt 1 + reply 1 + a new message of 30: the 110 held tokens are reused.
    const prompt2 = cat(system, reply1, run(2000, 30));
    expect(task.lookup({ prompt: prompt2, reply: run(3000, 5) })).toBe(110);
    // Third call: the same start but the last reply left out (a strategy that rewrites its prompt): reset.
    const prompt3 = cat(system, reply1, run(2000, 30), run(4000, 8));
    expect(task.lookup({ prompt: prompt3, reply: run(5000, 5) })).toBe(0);
    // Fourth: runs on from prompt 3 (148) and its reply (5): 153.
    expect(task.lookup({ prompt: cat(prompt3, run(5000, 5), run(6000, 1)) })).toBe(153);
    // No reply kept (a batch of samples): the next call cannot continue it.
    expect(task.lookup({ prompt: cat(prompt3, run(5000, 5), run(6000, 1), run(7000, 9)) })).toBe(0);
    // The same prompt as the conversation held is not an extension (web-llm compares messages before the last).
    const again = cacheOf('extend').openTask();
    again.lookup({ prompt: system, reply: [] });
    expect(again.lookup({ prompt: system })).toBe(0);
    // A reset (web-llm's logits passes) reuses nothing.
    const reset = cacheOf('extend').openTask();
    reset.lookup({ prompt: system, reply: reply1 });
    expect(reset.lookup({ prompt: prompt2, reset: true })).toBe(0);
  });

  it('prefix (llama.cpp) reuses the common prefix with the slot, never the last token, one slot per running task', () => {
    const cache = cacheOf('prefix');
    const a = cache.openTask();
    expect(a.lookup({ prompt: run(0, 50), reply: run(500, 4) })).toBe(0);
    // Shares 50 prompt tokens and 2 of the reply's 4, then differs.
    expect(a.lookup({ prompt: cat(run(0, 50), run(500, 2), run(900, 20)), reply: [7] })).toBe(52);
    // Something inserted in front: nothing shared.
    expect(a.lookup({ prompt: cat([9], run(0, 50)) })).toBe(0);
    // The very same prompt again: all but the last token.
    expect(a.lookup({ prompt: cat([9], run(0, 50)) })).toBe(50);
    // A second task while the first holds its slot gets a new, empty slot.
    const b = cache.openTask();
    expect(b.lookup({ prompt: cat([9], run(0, 50)) })).toBe(0);
    a.close();
    b.close();
    // A third task, both slots free: it takes the one sharing the longest prefix (b's tokens, [9, 0..49]).
    const c = cache.openTask();
    expect(c.lookup({ prompt: cat([9], run(0, 30), run(700, 3)) })).toBe(31);
  });

  it('block (vLLM) reuses whole 16-token blocks of any earlier call, hashed with all before them', () => {
    const cache = cacheOf('block');
    const t = cache.openTask();
    // 40 tokens: blocks [0,16) and [16,32) are kept (the last 8 are not a whole block).
    expect(t.lookup({ prompt: run(0, 40) })).toBe(0);
    // 40 shared + 10 new: 2 whole blocks hit = 32.
    expect(t.lookup({ prompt: cat(run(0, 40), run(100, 10)) })).toBe(32);
    // Now blocks 0..2 exist (48 of the 50): a prompt of exactly those 48 hits only 2, since the last token is recomputed.
    expect(t.lookup({ prompt: cat(run(0, 40), run(100, 8)) })).toBe(32);
    // ...and 49 tokens hit all 3.
    expect(t.lookup({ prompt: cat(run(0, 40), run(100, 9)) })).toBe(48);
    // One token changed inside block 1: block 0 hits, blocks after do not (hashed with all before).
    const changed = run(0, 50);
    changed[20] = 999;
    expect(t.lookup({ prompt: changed })).toBe(16);
    // Another task shares the run's blocks.
    expect(cache.openTask().lookup({ prompt: run(0, 33) })).toBe(32);
    // Reply tokens are kept: a prompt made of the prompt and reply of an earlier call hits through them.
    const r = cacheOf('block').openTask();
    r.lookup({ prompt: run(0, 20), reply: run(50, 12) }); // 32 tokens: 2 blocks
    expect(r.lookup({ prompt: cat(run(0, 20), run(50, 12), [1, 2]) })).toBe(32);
  });

  it('block evicts the least recently used blocks, a request\'s tail first', () => {
    const cache = cacheOf('block', 3);
    const t = cache.openTask();
    t.lookup({ prompt: run(0, 48) }); // blocks A0 A1 A2 (tail A2 least recent)
    t.lookup({ prompt: run(1000, 17) }); // block B0 evicts A2
    expect(t.lookup({ prompt: run(0, 49) })).toBe(32); // A0, A1 still there, A2 gone
  });

  it('provider (OpenAI) counts from 1,024 tokens in steps of 128, prompts only', () => {
    const cache = cacheOf('provider');
    const t = cache.openTask();
    expect(t.lookup({ prompt: run(0, 2000), reply: run(90_000, 300) })).toBe(0);
    // Shares 1,500 tokens: 11 whole 128-blocks = 1,408.
    expect(t.lookup({ prompt: cat(run(0, 1500), run(50_000, 600)) })).toBe(1408);
    // Shares 1,000 tokens: under 1,024, nothing.
    expect(t.lookup({ prompt: cat(run(0, 1000), run(60_000, 600)) })).toBe(0);
    // The whole of a 1,920-token prefix seen before (15 blocks).
    expect(t.lookup({ prompt: run(0, 1920) })).toBe(1920);
    // The reply is not cached: prompt + reply of the first call shares only its 2,000 prompt tokens (15 blocks).
    expect(t.lookup({ prompt: cat(run(0, 2000), run(90_000, 300)) })).toBe(1920);
  });

  it('hashes a block with everything before it', () => {
    const a = blockHashes(cat(run(0, 16), run(100, 16)), 16);
    const b = blockHashes(cat(run(1, 16), run(100, 16)), 16);
    expect(a[1]).not.toBe(b[1]);
    expect(blockHashes(run(0, 31), 16)).toHaveLength(1);
    expect(commonPrefix([1, 2, 3], [1, 2, 4])).toBe(2);
  });
});
