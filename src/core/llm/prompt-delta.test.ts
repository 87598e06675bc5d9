import { describe, expect, it } from 'vitest';
import { promptDelta, promptsOf } from './prompt-delta';
import type { TraceEvent } from '../trace';
import type { ChatMessage } from './language-model';

const m = (role: ChatMessage['role'], content: string): ChatMessage => ({ role, content });

describe('prompts recorded as changes', () => {
  it('keeps the common prefix and adds the rest, and reads every prompt back whole', () => {
    const p1 = [m('system', 'tools'), m('user', 'Observation: start')];
    const p2 = [...p1, m('assistant', 'Action: a()'), m('user', 'Observation: ok')];
    const p3 = [m('user', 'Reflect on: ...')];
    const p4 = [m('system', 'tools'), m('user', 'Observation: start'), m('assistant', 'Action: b()')];
    const prompts = [p1, p2, p3, p4];
    let previous: ChatMessage[] = [];
    const events: TraceEvent[] = prompts.map((messages) => {
      const prompt = promptDelta(previous, messages);
      previous = messages;
      return { type: 'llm-call', kind: 'act', promptTokens: 1, completionTokens: 1, ms: 0, response: '', prompt };
    });
    expect(events.map((e) => (e.type === 'llm-call' ? [e.prompt?.keep, e.prompt?.added.length] : []))).toEqual([
      [0, 2],
      [2, 2],
      [0, 1],
      [0, 3],
    ]);
    const read = promptsOf(events);
    expect(events.map((e) => read.get(e as Extract<TraceEvent, { type: 'llm-call' }>))).toEqual(prompts);
  });

  it('stores a growing transcript in linear space', () => {
    let messages: ChatMessage[] = [m('system', 'x'.repeat(1000))];
    let previous: ChatMessage[] = [];
    let stored = 0;
    for (let step = 0; step < 50; step++) {
      messages = [...messages, m('assistant', `Action ${step}`), m('user', `Observation ${step}`)];
      const delta = promptDelta(previous, messages);
      previous = messages;
      stored += delta.added.reduce((sum, message) => sum + message.content.length, 0);
    }
    expect(stored).toBeLessThan(1000 + 50 * 40);
  });
});
