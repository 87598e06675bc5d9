import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getLlama, type Llama, type LlamaModel } from 'node-llama-cpp';
import { writeModel } from './write-gguf.ts';
import { InThreadRunner } from '../../src/core/run/runner.ts';
import { DEFAULT_RUN_CONFIG } from '../../src/core/run/run-config.ts';
import { promptsOf } from '../../src/core/llm/prompt-delta.ts';
import { ChatTokenIds, givesIds } from '../../src/core/llm/chat-token-ids.ts';
import { toChatML } from '../../src/core/llm/chat-template.ts';
import { loadQwenTokenizer } from '../../src/core/llm/qwen-tokenizer.ts';
import type { TraceEvent } from '../../src/core/trace.ts';

/**
 * A random-weight model that carries Qwen2.5's own vocabulary and merges (issue 40 item 3): the
 * engine then tokenizes as the Qwen tokenizer the project counts with, so its token counts, windows
 * and cache figures are the real model's. Written in the test run (about 11 MB), never committed.
 */
let dir: string;
let llama: Llama;
let model: LlamaModel;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'toolwise-qwen-vocab-'));
  const path = join(dir, 'tiny-qwen2.5.gguf');
  writeModel({ shape: 'tiny-qwen2.5', type: 'q8_0', out: path, seed: 7, vocabulary: 'qwen2.5' });
  llama = await getLlama({ gpu: false, build: 'never', progressLogs: false, logLevel: 'error' as never });
  model = await llama.loadModel({ modelPath: path });
}, 120_000);

afterAll(async () => {
  await model?.dispose();
  await llama?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("a test model with Qwen2.5's tokenizer", () => {
  it('should be a few MB, with the real vocabulary size and chat tokens', () => {
    expect(statSync(join(dir, 'tiny-qwen2.5.gguf')).size).toBeLessThan(16_000_000);
    expect(model.fileInfo.metadata.general.architecture).toBe('qwen2');
    expect(model.tokens.eos).toBe(151_645); // <|im_end|>
    expect(model.tokenize('<|im_start|>', true)).toEqual([151_644]);
  });

  it("should give the Qwen tokenizer's ids for every prompt and reply of a task run", { timeout: 240_000 }, async () => {
    const tokenizer = await loadQwenTokenizer();
    if (!givesIds(tokenizer)) throw new Error('The Qwen tokenizer gives no ids.');
    const ids = new ChatTokenIds(tokenizer);
    const loadData = async (file: string) => JSON.parse(await readFile(`public/data/${file}`, 'utf8'));
    // Household's commands and academic's JSON actions: words, numbers, symbols and line breaks.
    const result = await new InThreadRunner(loadData).run({ ...DEFAULT_RUN_CONFIG, envs: ['household', 'academic'], strategies: ['react', 'reflexion'], tasks: 1 });
    let prompts = 0;
    let tokens = 0;
    for (const events of Object.values(result.traces)) {
      const messagesOf = promptsOf(events);
      for (const call of events.filter((e): e is Extract<TraceEvent, { type: 'llm-call' }> => e.type === 'llm-call')) {
        const messages = messagesOf.get(call)!;
        const engine = model.tokenize(toChatML(messages), true);
        const qwen = Array.from(ids.ids(messages));
        expect(engine.length).toBe(qwen.length);
        expect(engine).toEqual(qwen);
        expect(model.tokenize(call.response)).toEqual([...ids.replyIds(call.response)]);
        prompts++;
        tokens += qwen.length;
      }
    }
    expect(prompts).toBeGreaterThan(10);
    expect(tokens).toBeGreaterThan(10_000);
  });
});
