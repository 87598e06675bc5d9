import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../core/trace';
import { coldStart, defaultTop, DEFAULT_TOP, inertialCalls, parseInertia, strongest, toolFacts } from './inertia-model';

const snapshot = {
  kind: 'autotool-graph',
  nodes: [
    { id: 'go', tool: 'go', count: 9 },
    { id: 'look', tool: 'look', count: 4 },
    { id: 'take', tool: 'take', count: 3 },
  ],
  // In the order the graph first recorded them.
  edges: [
    { source: 'go', target: 'look', count: 2, inertialCount: 0, weight: 1 },
    { source: 'go', target: 'go', count: 6, inertialCount: 0, weight: 3 },
    { source: 'look', target: 'take', count: 3, inertialCount: 2, weight: 2.5 },
    { source: 'take', target: 'go', count: 2, inertialCount: 0, weight: 1 },
    { source: 'look', target: 'go', count: 1, inertialCount: 0, weight: -0.5 },
  ],
  paramEdges: [{ source: 'go', target: 'take', param: 'recep → recep', count: 4 }],
  paths: 7,
};

describe('parseInertia and strongest', () => {
  it('should keep the snapshot order as first appearance and prune to the strongest transitions between different tools', () => {
    const data = parseInertia(snapshot);
    expect(data.transitions.map((t) => t.order)).toEqual([0, 1, 2, 3, 4]);
    expect(data.paths).toBe(7);
    // By weight, then count, then first appearance; the self-loop go > go is not drawn.
    expect(strongest(data.transitions, 3).map((t) => `${t.source}>${t.target}`)).toEqual(['look>take', 'go>look', 'take>go']);
    expect(strongest(data.transitions, 0)).toEqual([]);
    expect(defaultTop(data.transitions)).toBe(4);
  });

  it('should draw at most DEFAULT_TOP transitions at first', () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ source: `t${i}`, target: `t${i + 1}`, count: 1, inertialCount: 0, weight: i }));
    const data = parseInertia({ nodes: [], edges: many });
    expect(defaultTop(data.transitions)).toBe(DEFAULT_TOP);
    expect(strongest(data.transitions, DEFAULT_TOP)[0].weight).toBe(39);
  });

  it('should read the task that first recorded each part, and the tasks in order, when the snapshot has them', () => {
    const data = parseInertia({
      nodes: [{ id: 'go', count: 2, firstTask: 0 }, { id: 'look', count: 1, firstTask: -3 }],
      edges: [{ source: 'go', target: 'look', count: 1, weight: 1, firstTask: 1 }],
      paramEdges: [{ source: 'go', target: 'look', param: 'a → b', count: 1, firstTask: 'x' }],
      tasks: [{ taskId: 'a', steps: 3, inertialCalls: 0 }, 'broken', { taskId: 'c', steps: 5, inertialCalls: 2 }],
    });
    expect(data.tools).toEqual([{ id: 'go', count: 2, firstTask: 0 }, { id: 'look', count: 1 }]);
    expect(data.transitions[0].firstTask).toBe(1);
    expect(data.params[0]).not.toHaveProperty('firstTask');
    // A malformed task keeps its place: the index is the ordinal.
    expect(data.tasks).toEqual([{ taskId: 'a', steps: 3, inertialCalls: 0 }, { taskId: '', steps: 0, inertialCalls: 0 }, { taskId: 'c', steps: 5, inertialCalls: 2 }]);
    expect(parseInertia(snapshot)).not.toHaveProperty('tasks');
  });

  it('should ignore malformed parts', () => {
    expect(parseInertia({ nodes: 'x', edges: [{ source: 'a' }, 5, { source: 'a', target: 'b' }] })).toEqual({
      tools: [],
      transitions: [{ source: 'a', target: 'b', count: 0, inertialCount: 0, weight: 0, order: 1 }],
      params: [],
    });
  });
});

describe('toolFacts', () => {
  it('should give a tool its transitions out and in (strongest first), its repeat, parameter edges and inertial arrivals', () => {
    const facts = toolFacts(parseInertia(snapshot), 'go');
    expect(facts.uses).toBe(9);
    expect(facts.outgoing.map((t) => t.target)).toEqual(['look']);
    expect(facts.incoming.map((t) => t.source)).toEqual(['take', 'look']);
    expect(facts.repeat?.count).toBe(6);
    expect(facts.paramsOut).toEqual([{ source: 'go', target: 'take', param: 'recep → recep', count: 4 }]);
    expect(facts.paramsIn).toEqual([]);
    expect(toolFacts(parseInertia(snapshot), 'take').inertialInto).toBe(2);
    expect(toolFacts(parseInertia(snapshot), 'nothing').uses).toBe(0);
  });
});

describe('inertialCalls and coldStart', () => {
  const step = (index: number, ok: boolean): TraceEvent => ({ type: 'step', index, thought: '', action: 'x', observation: '', ok, invalid: false, progress: 0 });
  const inertia = (index: number, tool: string, kind: 'inertial' | 'recovery' = 'inertial'): TraceEvent => ({ type: 'inertia', index, kind, tool, action: tool, score: 0.4, frequency: 0.5, context: 0.3, params: [{ name: 'recep', source: 'dependency' }] });

  it('should list the calls made without the model, in run order, with the outcome of the step each took', () => {
    const calls = inertialCalls([
      { taskId: 'first', events: [step(1, true), step(2, true)] },
      { taskId: 'second', events: [step(1, true), inertia(2, 'take'), step(2, false), inertia(3, 'look', 'recovery'), step(3, true), inertia(4, 'go')] },
    ]);
    expect(calls.map((c) => [c.taskId, c.task, c.step, c.kind, c.tool, c.ok])).toEqual([
      ['second', 1, 2, 'inertial', 'take', false],
      ['second', 1, 3, 'recovery', 'look', true],
      ['second', 1, 4, 'inertial', 'go', undefined],
    ]);
    expect(calls[0].params).toEqual([{ name: 'recep', source: 'dependency' }]);
    // A task whose trace was not kept still counts in the run order.
    expect(inertialCalls([{ taskId: 'third', position: 2, events: [inertia(1, 'go'), step(1, true)] }])[0].task).toBe(2);
  });

  it('should count inertial calls per task from the results', () => {
    expect(coldStart([{ taskId: 'a', metrics: {} }, { taskId: 'b', metrics: { inertialCalls: 3, inertialOk: 2 } }])).toEqual([
      { taskId: 'a', calls: 0, ok: 0 },
      { taskId: 'b', calls: 3, ok: 2 },
    ]);
  });
});
