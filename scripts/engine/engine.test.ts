import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getLlama, LlamaCompletion, type Llama, type LlamaContext, type LlamaModel, type Token } from 'node-llama-cpp';
import { writeModel } from './write-gguf.ts';
import { actionResponseFormat, constrainedFromReply, replyFromConstrained } from '../../src/core/llm/constrained-actions.ts';
import { fullDocOptions } from '../../src/core/llm/prompts/tool-listing.ts';
import { HOUSEHOLD_TOOLS } from '../../src/core/envs/household/tools.ts';
import { catalogueTools } from '../../src/core/envs/toolbench/catalogue.ts';
import { parseReply } from '../../src/core/llm/parse-reply.ts';
import { InThreadRunner } from '../../src/core/run/runner.ts';
import { DEFAULT_RUN_CONFIG } from '../../src/core/run/run-config.ts';
import { promptsOf } from '../../src/core/llm/prompt-delta.ts';
import { ChatTokenIds, givesIds } from '../../src/core/llm/chat-token-ids.ts';
import { loadQwenTokenizer } from '../../src/core/llm/qwen-tokenizer.ts';
import type { TraceEvent } from '../../src/core/trace.ts';
import type { ActionStyle, Tool } from '../../src/core/types.ts';

/**
 * A real inference engine (llama.cpp through node-llama-cpp, on the CPU) running a tiny
 * random-weight Qwen2-architecture model that our script writes (issue 28 item 5). Node only:
 * nothing here reaches the page's bundle.
 */
let dir: string;
let llama: Llama;
let model: LlamaModel;
let context: LlamaContext;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'toolwise-engine-'));
  const path = join(dir, 'tiny.gguf');
  writeModel({ shape: 'tiny', type: 'f16', out: path, seed: 7 });
  llama = await getLlama({ gpu: false, build: 'never', progressLogs: false, logLevel: 'error' as never });
  model = await llama.loadModel({ modelPath: path });
  context = await model.createContext({ contextSize: 8192, threads: 1 });
});

afterAll(async () => {
  await context?.dispose();
  await model?.dispose();
  await llama?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a random-weight model our script writes', () => {
  it('should be a few hundred KB and load in llama.cpp with its shape', () => {
    const bytes = statSync(join(dir, 'tiny.gguf')).size;
    expect(bytes).toBeGreaterThan(100_000);
    expect(bytes).toBeLessThan(1_000_000);
    expect(model.fileInfo.metadata.general.architecture).toBe('qwen2');
    expect(model.trainContextSize).toBe(8192);
    // Byte-level tokens: each byte of a text is a token.
    expect(model.tokenize('{"tool":')).toHaveLength(8);
  });
});

describe('constrained actions in the engine', () => {
  const cases: [string, Tool[], ActionStyle][] = [
    ['household', HOUSEHOLD_TOOLS, 'command'],
    ['toolbench', catalogueTools().slice(0, 8), 'json'],
  ];
  for (const [env, tools, style] of cases) {
    it(`should compile ${env}'s action schema to a grammar whose every reply is a listed tool's action`, { timeout: 240_000 }, async () => {
      const options = fullDocOptions(tools, style);
      const format = actionResponseFormat(options) as { json_schema: { schema: Parameters<Llama['createGrammarForJsonSchema']>[0] } };
      const grammar = await llama.createGrammarForJsonSchema(format.json_schema.schema);
      const sequence = context.getSequence();
      try {
        const completion = new LlamaCompletion({ contextSequence: sequence });
        const names = new Set(options.map((option) => option.name));
        const seen = new Set<string>();
        for (let seed = 1; seed <= 6; seed++) {
          const prompt = `Tools:\n${options.map((option) => option.shown).join('\n')}\nAct.\n`;
          const text = await completion.generateCompletion(prompt, { grammar, seed, temperature: 1, maxTokens: 4000 });
          // The random model writes anything the grammar allows; every reply is still an action.
          const object = grammar.parse(text) as unknown as { think: string; tool: string; arguments: object };
          expect(names.has(object.tool)).toBe(true);
          const reply = replyFromConstrained(text, options);
          expect(reply).toMatch(/^Think: .*\nAction: /s);
          const parsed = parseReply(reply, style, tools);
          expect(parsed.ok && parsed.action.tool).toBe(object.tool);
          expect(constrainedFromReply(reply, options)?.tool).toBe(object.tool);
          seen.add(object.tool);
        }
        expect(seen.size).toBeGreaterThan(1);
      } finally {
        sequence.dispose();
      }
    });
  }
});

describe('prompt reuse in the engine against the prefix cache model', () => {
  it('should reuse, between consecutive calls of a task, exactly cachedPromptTokens under prefix', { timeout: 240_000 }, async () => {
    const tokenizer = await loadQwenTokenizer();
    if (!givesIds(tokenizer)) throw new Error('The Qwen tokenizer gives no ids.');
    const ids = new ChatTokenIds(tokenizer);
    const loadData = async (file: string) => JSON.parse(await readFile(`public/data/${file}`, 'utf8'));
    // Reflexion and EcoAct insert text before the trajectory, so some calls reuse only part of
    // the previous prompt: the counts are not all "the whole previous call" (ReAct's are).
    const result = await new InThreadRunner(loadData).run({ ...DEFAULT_RUN_CONFIG, envs: ['household'], strategies: ['reflexion', 'ecoact-react'], tasks: 2, cache: 'prefix', concurrency: 1 });
    const sequence = context.getSequence();
    let compared = 0;
    let partial = 0;
    try {
      for (const [key, events] of Object.entries(result.traces)) {
        const prompts = promptsOf(events);
        const calls = events.filter((e): e is Extract<TraceEvent, { type: 'llm-call' }> => e.type === 'llm-call');
        // The model's vocabulary is small: each Qwen id the task uses gets one of its ids, one to
        // one, so two sequences share a prefix in the engine exactly when they do in Qwen ids.
        const relabel = new Map<number, Token>();
        const engineIds = (qwen: ArrayLike<number>) => Array.from(qwen, (id) => {
          if (!relabel.has(id)) relabel.set(id, relabel.size as Token);
          return relabel.get(id)!;
        });
        await sequence.clearHistory();
        for (const [i, call] of calls.entries()) {
          const prompt = engineIds(ids.ids(prompts.get(call)!));
          // What a llama.cpp completion does with a prompt (LlamaCompletion, llama-server): keep
          // the longest common prefix of the sequence's tokens and the prompt less its last token
          // (always evaluated, for the logits), and evaluate the rest.
          await sequence.adaptStateToTokens(prompt.slice(0, -1), false);
          const reused = sequence.nextTokenIndex;
          const before = sequence.tokenMeter.usedInputTokens;
          await sequence.evaluateWithoutGeneratingNewTokens(prompt.slice(reused));
          expect(sequence.tokenMeter.usedInputTokens - before).toBe(prompt.length - reused);
          // The reply, as the engine evaluates the tokens it samples.
          await sequence.evaluateWithoutGeneratingNewTokens(engineIds(ids.replyIds(call.response)));
          if (i === 0) continue; // the task's first call meets the slot as the task before left it
          expect(reused, `${key}, call ${i + 1}`).toBe(call.cachedPromptTokens);
          compared++;
          if (reused < ids.ids(prompts.get(calls[i - 1])!).length) partial++;
        }
        expect(relabel.size).toBeLessThanOrEqual(4096);
      }
    } finally {
      sequence.dispose();
    }
    expect(compared).toBeGreaterThan(40);
    expect(partial).toBeGreaterThan(0);
  });
});
