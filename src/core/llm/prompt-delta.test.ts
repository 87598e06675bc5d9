import { describe, expect, it } from 'vitest';
import { PromptRecorder, promptsOf } from './prompt-delta';
import type { TraceEvent } from '../trace';
import type { ChatMessage } from './language-model';

const m = (role: ChatMessage['role'], content: string): ChatMessage => ({ role, content });
const call = (prompt: ReturnType<PromptRecorder['record']>): TraceEvent => ({ type: 'llm-call', kind: 'act', promptTokens: 1, completionTokens: 1, ms: 0, response: '', prompt });

describe('prompts recorded as changes', () => {
  it('keeps the common prefix of messages, writes known lines by number, and reads every prompt back whole', () => {
    const tools = 'tool a: does a\ntool b: does b';
    const prompts = [
      [m('system', `Rules\n${tools}`), m('user', 'Observation: start')],
      [m('system', `Rules\n${tools}`), m('user', 'Observation: start'), m('assistant', 'Action: a()'), m('user', 'Observation: ok')],
      [m('user', 'Reflect on:\nAction: a()\nObservation: ok')],
      [m('system', `Other rules\n${tools}`), m('user', 'Observation: start')],
    ];
    const recorder = new PromptRecorder();
    const events = prompts.map((messages) => call(recorder.record(messages)));
    const deltas = events.map((e) => (e.type === 'llm-call' ? e.prompt! : undefined))!;
    expect(deltas.map((d) => d!.keep)).toEqual([0, 2, 0, 0]);
    // The reflection quotes lines the transcript already holds: only its first line is new.
    expect(deltas[2]!.added[0].lines).toEqual(['Reflect on:', expect.any(Number), expect.any(Number)]);
    // The later system prompt lists the same tools: only its changed line is new.
    expect(deltas[3]!.added[0].lines.filter((line) => typeof line === 'string')).toEqual(['Other rules']);
    const read = promptsOf(events);
    expect(events.map((e) => read.get(e as Extract<TraceEvent, { type: 'llm-call' }>))).toEqual(prompts);
  });

  it('stores a growing transcript in linear space', () => {
    const recorder = new PromptRecorder();
    let messages: ChatMessage[] = [m('system', 'x'.repeat(1000))];
    let stored = 0;
    for (let step = 0; step < 50; step++) {
      messages = [...messages, m('assistant', `Action ${step}`), m('user', `Observation ${step}`)];
      const delta = recorder.record(messages);
      stored += JSON.stringify(delta).length;
    }
    expect(stored).toBeLessThan(1000 + 50 * 120);
  });

  it('writes a content that comes back as recording it afresh would (every line by its number)', () => {
    // The recorder as it was before it kept contents' numbers: every message split and looked up.
    const reference = () => {
      let previous: ChatMessage[] = [];
      const pool = new Map<string, number>();
      return (messages: ChatMessage[]) => {
        let keep = 0;
        while (keep < previous.length && keep < messages.length && previous[keep].role === messages[keep].role && previous[keep].content === messages[keep].content) keep++;
        previous = messages;
        const added = messages.slice(keep).map((message) => ({
          role: message.role,
          lines: message.content.split('\n').map((line) => {
            const known = pool.get(line);
            if (known !== undefined) return known;
            pool.set(line, pool.size);
            return line;
          }),
        }));
        return { keep, added };
      };
    };
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    // Contents from a few lines (some repeated within a content), messages from a few contents.
    const contents = Array.from({ length: 12 }, () => Array.from({ length: 1 + next(6) }, () => `line ${next(9)}`).join('\n'));
    for (let run = 0; run < 20; run++) {
      const recorder = new PromptRecorder();
      const expected = reference();
      for (let call = 0; call < 40; call++) {
        const messages = Array.from({ length: 1 + next(4) }, (_, i) => m(i === 0 ? 'system' : 'user', contents[next(contents.length)]));
        expect(recorder.record(messages)).toEqual(expected(messages));
      }
    }
  });
});
