import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { InThreadRunner } from './runner';
import { DEFAULT_RUN_CONFIG, type RunConfig } from './run-config';
import { ChatTokenCounter } from '../llm/token-counter';
import { loadQwenTokenizer } from '../llm/qwen-tokenizer';
import { promptsOf } from '../llm/prompt-delta';
import { trimToWindow, SIM_WINDOWS } from '../llm/context-window';
import type { ChatMessage } from '../llm/language-model';
import type { TraceEvent } from '../trace';

const loadData = async (file: string) => JSON.parse(await readFile(`public/data/${file}`, 'utf8'));
const config: RunConfig = { ...DEFAULT_RUN_CONFIG, envs: ['household'], strategies: ['react'], tasks: 3 };
const words = new ChatTokenCounter({ id: 'words', count: (text) => (text.match(/\S+/g) ?? []).length });

describe('trimToWindow', () => {
  const m = (role: ChatMessage['role'], n: number, tag: string): ChatMessage => ({ role, content: Array.from({ length: n }, () => tag).join(' ') });
  it('keeps the instruction and the latest steps that fit, oldest dropped first', () => {
    // Chat framing in this counter: 1 (assistant open: "assistant\n" counts 1 word) + per message 2 + body + 0.
    const messages = [m('system', 10, 's'), m('user', 10, 'task'), m('assistant', 10, 'a1'), m('user', 10, 'o1'), m('assistant', 10, 'a2'), m('user', 10, 'o2')];
    const full = words.countChat(messages);
    expect(trimToWindow(messages, words, full)).toEqual(messages);
    // One message's worth less: the oldest step (a1) goes, and the conversation resumes on a user turn.
    const trimmed = trimToWindow(messages, words, full - 5)!;
    expect(trimmed.map((x) => x.content.split(' ')[0])).toEqual(['s', 'task', 'o1', 'a2', 'o2']);
    expect(words.countChat(trimmed)).toBeLessThanOrEqual(full - 5);
    // Only room for the instruction and the last message.
    expect(trimToWindow(messages, words, words.countChat([messages[0], messages[1], messages[5]]))!.map((x) => x.content.split(' ')[0])).toEqual(['s', 'task', 'o2']);
    // Not even that: nothing to keep.
    expect(trimToWindow(messages, words, 20)).toBeUndefined();
    expect(trimToWindow([m('user', 50, 'x')], words, 20)).toBeUndefined();
  });
});

describe('context windows in a run', () => {
  const runner = new InThreadRunner(loadData);

  it('should end a task whose prompt is over the window with the outcome context-overflow under fail', async () => {
    const result = await runner.run({ ...config, overflow: 'fail', window: 1200 });
    const ended = result.results.filter((r) => r.outcome === 'context-overflow');
    expect(ended.length).toBeGreaterThan(0);
    for (const r of ended) {
      expect(r.success).toBe(false);
      expect(r.contextOverflows).toBe(1);
      const end = result.traces[`${r.env}/${r.strategy}/${r.seed}/${r.taskId}`].find((e) => e.type === 'task-end');
      expect(end).toMatchObject({ outcome: 'context-overflow', reason: expect.stringMatching(/maximum context length is 1200 tokens/) });
    }
    expect(result.rows[0].contextOverflows).toBeCloseTo(ended.length / result.results.length, 9);
    // Without a window check, the same run has no such outcome or fields.
    const free = await runner.run(config);
    expect(free.results.every((r) => r.outcome === undefined && r.contextOverflows === undefined)).toBe(true);
    expect(free.rows[0].contextOverflows).toBeUndefined();
  }, 120_000);

  it('should trim prompts over the window under trim, each sent prompt within it', async () => {
    const counter = new ChatTokenCounter(await loadQwenTokenizer());
    const result = await runner.run({ ...config, overflow: 'trim', window: 1200 });
    expect(result.results.every((r) => r.outcome === undefined)).toBe(true);
    expect(result.results.reduce((sum, r) => sum + (r.trimmedCalls ?? 0), 0)).toBeGreaterThan(0);
    for (const events of Object.values(result.traces)) {
      const calls = events.filter((e): e is Extract<TraceEvent, { type: 'llm-call' }> => e.type === 'llm-call');
      const prompts = promptsOf(events);
      for (const call of calls) expect(counter.countChat(prompts.get(call)!)).toBeLessThanOrEqual(1200);
    }
  }, 120_000);

  it('should end a training episode over the window under fail and go on learning, the learning record counting it', async () => {
    // ToolExpNet learns by running ReAct episodes on the training split; an overflow there once stopped the whole run.
    const result = await runner.run({ ...config, strategies: ['toolexpnet'], tasks: 1, overflow: 'fail', window: 1200 });
    expect(result.status).toBe('done');
    expect(result.results).toHaveLength(1);
    expect(result.learning[0].contextOverflows).toBeGreaterThan(0);
    expect(result.learning[0].trimmedCalls).toBe(0);
  }, 300_000);

  it('should trim the prompts of training episodes under trim, and go on past an insight prompt with nothing to trim', async () => {
    const result = await runner.run({ ...config, strategies: ['toolexpnet'], tasks: 1, overflow: 'trim', window: 1200 });
    expect(result.status).toBe('done');
    expect(result.learning[0].trimmedCalls).toBeGreaterThan(0);
  }, 300_000);

  it('should take SimLM\'s window from its class, and refuse a run it cannot check', async () => {
    expect(SIM_WINDOWS.small.tokens).toBe(32_768);
    const result = await runner.run({ ...config, tasks: 1, overflow: 'fail' });
    expect(result.results[0]).toMatchObject({ contextOverflows: 0, trimmedCalls: 0 });
  });
});
