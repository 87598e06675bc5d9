import { describe, expect, it } from 'vitest';
import { planView } from './plan-prompt-view';
import { goalLine, lastObservation } from './read-context';
import { readOptions } from './read-request';
import { planMessages, planOptions, type PlanPromptParts } from '../../strategies/plan/plan-prompt';
import { goalMessage, reactInstruction, reflectionMessage } from '../prompts/react-instruction';
import type { Tool } from '../../types';

const tool = (name: string, description: string): Tool => ({ name, description, arguments: { properties: { order_id: { type: 'string', description: 'the order' } }, required: ['order_id'] } });

const parts: PlanPromptParts = {
  query: 'Where is my order AB-123? It was meant to arrive yesterday.',
  substeps: [
    { step: '1.1', description: 'Look up the order', goal: 'Find the order' },
    { step: '1.2', description: 'Check the shipment', goal: 'Find the order' },
    { step: '2.1', description: 'Tell the customer', goal: 'Answer' },
  ],
  index: 2,
  candidates: [tool('get_order_details', 'Reads an order.'), tool('track_shipment', 'Tracks a shipment by order.')],
  history: [
    { step: '1.1', action: { tool: 'get_order_details', args: { order_id: 'AB-123' } }, output: { status: 'shipped' }, observation: 'Output: {"status":"shipped"}', ok: true },
    { step: '1.2', action: { tool: 'track_order', args: { order_id: 'AB-123' } }, output: {}, observation: 'Output: {"error":"no_record_found"}', ok: false },
  ],
  reflections: ['The action "track_order with Action Input: {}" failed; avoid it and use track_shipment instead.'],
  memory: [],
};

describe('SimLM reads the same facts under both prompt layouts (issue 28 item 2)', () => {
  it('plan-guided prompts: query, plan, current substep, history, reflections and options', () => {
    const read = (layout: 'paper' | 'cache') => {
      const messages = planMessages({ ...parts, layout }, 'act');
      const v = planView(messages);
      return { query: v.query, plan: v.plan, current: v.current, history: v.history, blamed: v.reflections.includes('track_order with'), options: readOptions(messages), goal: goalLine(messages), observation: lastObservation(messages) };
    };
    const paper = read('paper');
    expect(paper.history).toHaveLength(2);
    expect(paper.blamed).toBe(true);
    expect(read('cache')).toEqual(paper);
    expect(paper.options.map((o) => o.name)).toEqual(planOptions(parts).map((o) => o.name));
  });

  it('a prompt with no step executed yet still shows an (empty) history under both layouts', () => {
    for (const layout of ['paper', 'cache'] as const) expect(planView(planMessages({ ...parts, history: [], index: 0, layout }, 'act')).history).toEqual([]);
    for (const layout of ['paper', 'cache'] as const) expect(planView(planMessages({ ...parts, history: undefined, index: 0, layout }, 'act')).history).toBeUndefined();
  });

  it('ReAct-style prompts: the goal line, and the observation before an appended reflection', () => {
    for (const style of ['json', 'command'] as const) {
      const toolLines = ['- search_query: Finds a question by its query words.', '- finish: Ends the task.'];
      const goal = 'Find the paper about tool learning';
      const paper = [{ role: 'system' as const, content: reactInstruction({ goal, style, toolLines, reflections: [] }) }, { role: 'user' as const, content: 'Observation: ready' }];
      const cache = [{ role: 'system' as const, content: reactInstruction({ goal, style, toolLines, reflections: [], layout: 'cache' }) }, { role: 'user' as const, content: goalMessage(style, goal) }, { role: 'user' as const, content: 'Observation: ready' }];
      expect(goalLine(cache)).toBe(goalLine(paper));
      expect(readOptions(cache)).toEqual(readOptions(paper));
      cache.push({ role: 'user', content: reflectionMessage('The action "x" failed.') });
      expect(lastObservation(cache)).toBe('ready');
    }
  });
});
