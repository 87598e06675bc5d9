import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../core/trace';
import { traceBlocks, type LlmCall, type TraceBlock } from './trace-blocks';
import { blockLine, callCost, callsIn, costText, formatMs, oneLine, promptMessagesOf } from './trace-summary';

const call = (promptTokens: number, completionTokens: number, extra: Partial<LlmCall> = {}): LlmCall => ({
  type: 'llm-call',
  kind: 'act',
  promptTokens,
  completionTokens,
  ms: 250,
  response: 'Think: look\nAction: go to desk 1',
  ...extra,
});
const step = (index: number, extra: Partial<Extract<TraceEvent, { type: 'step' }>> = {}): TraceEvent => ({
  type: 'step',
  index,
  thought: 'look around',
  action: 'go to desk 1',
  observation: 'On the desk 1, you see a pen.',
  ok: true,
  invalid: false,
  progress: 0.25,
  ...extra,
});
type Collapsible = Extract<TraceBlock, { kind: 'step' | 'reflection' }>;
const only = (events: TraceEvent[]) => traceBlocks(events).find((b): b is Collapsible => b.kind === 'step' || b.kind === 'reflection')!;

describe('one-line summaries', () => {
  it('should fold a step to its number, outcome, action, progress and the cost of its calls', () => {
    const line = blockLine(only([call(800, 20), call(830, 15), step(3)]));
    expect(line).toMatchObject({ title: 'Step 3', outcome: 'ok', gist: 'go to desk 1', progress: 'progress 25%', markers: [] });
    expect(line.cost).toEqual({ calls: 2, logitPasses: 0, promptTokens: 1630, completionTokens: 35, ms: 500, estimated: false });
    expect(line.text).toBe('Step 3 · ok · go to desk 1 · progress 25% · 2 LLM calls · 1,665 tokens');
  });

  it('should say failed, invalid, and mark inertial and registration steps', () => {
    expect(blockLine(only([call(10, 1), step(1, { ok: false })])).outcome).toBe('failed');
    expect(blockLine(only([call(10, 1), step(1, { ok: false, invalid: true, action: 'I think\n\nI should   look' })]))).toMatchObject({ outcome: 'invalid', gist: 'I think I should look' });
    const inertial = blockLine(
      only([{ type: 'inertia', index: 2, kind: 'inertial', tool: 'open', action: 'open drawer 1', score: 0.82, frequency: 0.9, context: 0.7, params: [] }, step(2)]),
    );
    expect(inertial.markers).toEqual(['inertial (no LLM call) · CIPS 0.82']);
    expect(inertial.text).toContain('no LLM call');
    const registered = blockLine(only([call(10, 1), { type: 'register', index: 1, tool: 'price_history', registered: 1, available: 24 }, step(1)]));
    expect(registered.markers).toEqual(['registered price_history (1 of 24 tools)']);
  });

  it('should fold a reflection to its trigger and first words', () => {
    const line = blockLine(only([call(500, 60, { kind: 'reflect' }), { type: 'reflection', text: 'I went to the wrong desk.\nNext time open the drawer first.', trigger: 'failed-call' }]));
    expect(line.title).toBe('Reflection after a failed call');
    expect(line.gist).toBe('I went to the wrong desk. Next time open the drawer first.');
    expect(line.outcome).toBeUndefined();
  });

  it('should cut long text on one line with an ellipsis', () => {
    expect(oneLine('a'.repeat(300), 20)).toBe(`${'a'.repeat(19)}…`);
    expect(oneLine('  short\ttext \n')).toBe('short text');
  });
});

describe('a plan step counts its substep', () => {
  it('should count on an EGB step line the act call and the logit passes that chose its tool, logit passes apart from calls', () => {
    const events: TraceEvent[] = [
      { type: 'task-start', goal: 'g', instruction: 'i', initialObservation: '' },
      call(900, 20),
      call(24_000, 0, { kind: 'logits', response: '(12 logits passes) search_orders 0.91' }),
      { type: 'entropy', step: 'find the order', index: 0, entropy: 0.3, distribution: [{ tool: 'search_orders', p: 0.91 }], chosen: 'search_orders' },
      step(1),
      { type: 'task-end', success: true, progress: 1, steps: 1 },
    ];
    const line = blockLine(only(events));
    expect(line.cost.calls).toBe(1);
    expect(line.cost.logitPasses).toBe(12);
    expect(costText(line.cost)).toBe('1 LLM call + 12 logit passes · 24,920 tokens');
    // The trace's totals still count them once: on the substep's block, not the step's.
    const blocks = traceBlocks(events);
    const step1 = blocks.find((block) => block.kind === 'step')!;
    expect(step1.kind === 'step' && step1.calls).toEqual([]);
  });

  it('should name only logit passes for a substep that chose no tool (no generation call)', () => {
    expect(costText(callCost([call(2000, 0, { kind: 'logits', response: '(11 logits passes) none 0.8' })]))).toBe('11 logit passes · 2,000 tokens');
  });

  it('should leave a step without a substep before it to its own calls', () => {
    const line = blockLine(only([call(100, 10), step(1)]));
    expect(costText(line.cost)).toBe('1 LLM call · 110 tokens');
  });
});

describe('call costs', () => {
  it('should count a batch of samples as that many calls, as the run tallies do', () => {
    const batch = call(3000, 300, { response: '[sample 1/5]\na\n\n[sample 2/5]\nb' });
    expect(callsIn(batch)).toBe(5);
    expect(callCost([batch, call(100, 10)]).calls).toBe(6);
  });

  it('should say when no model was called, and flag estimated tokens', () => {
    expect(costText(callCost([]))).toBe('no LLM call');
    expect(costText(callCost([call(1000, 200, { estimated: true })]))).toBe('1 LLM call · 1,200 tokens (est.)');
  });

  it('should show times in ms below a second, else in seconds', () => {
    expect(formatMs(12.4)).toBe('12 ms');
    expect(formatMs(1530)).toBe('1.53 s');
  });

  it('should read prompt messages only when a call carries well-formed ones', () => {
    expect(promptMessagesOf(call(1, 1))).toBeUndefined();
    expect(promptMessagesOf({ ...call(1, 1), messages: 'x' } as LlmCall)).toBeUndefined();
    expect(promptMessagesOf({ ...call(1, 1), messages: [{ role: 'system', content: 'You are' }, { role: 3 }] } as LlmCall)).toEqual([{ role: 'system', content: 'You are' }]);
  });
});
