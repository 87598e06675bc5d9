import { describe, expect, it } from 'vitest';
import { parseInertia } from './inertia-model';
import { replayable, replayEdges, replayPoint, replayText } from './inertia-replay';
import { snapshotGraph } from './snapshot-graph-model';

/** Four tasks: go and look in task 0, take in task 2; the param edge go → take first in task 3. */
const snapshot = {
  kind: 'autotool-graph',
  nodes: [
    { id: 'go', tool: 'go', count: 9, firstTask: 0 },
    { id: 'look', tool: 'look', count: 4, firstTask: 0 },
    { id: 'take', tool: 'take', count: 3, firstTask: 2 },
  ],
  edges: [
    { source: 'go', target: 'look', count: 2, inertialCount: 0, weight: 1, firstTask: 0 },
    { source: 'go', target: 'go', count: 6, inertialCount: 0, weight: 3, firstTask: 0 },
    { source: 'look', target: 'go', count: 1, inertialCount: 0, weight: 0.5, firstTask: 1 },
    { source: 'look', target: 'take', count: 3, inertialCount: 2, weight: 2.5, firstTask: 2 },
    { source: 'take', target: 'go', count: 2, inertialCount: 1, weight: 2, firstTask: 2 },
  ],
  paramEdges: [{ source: 'go', target: 'take', param: 'recep → recep', count: 4, firstTask: 3 }],
  paths: 7,
  tasks: [
    { taskId: 'h-1', steps: 8, inertialCalls: 0 },
    { taskId: 'h-2', steps: 6, inertialCalls: 0 },
    { taskId: 'h-3', steps: 9, inertialCalls: 1 },
    { taskId: 'h-4', steps: 5, inertialCalls: 3 },
  ],
};

describe('replayPoint', () => {
  it('should count the tools and transitions between tools first recorded by each task, and that task’s own numbers', () => {
    const data = parseInertia(snapshot);
    expect(replayable(data)).toBe(true);
    expect([0, 1, 2, 3].map((k) => { const p = replayPoint(data, k); return [p.taskId, p.tools, p.transitions, p.newTransitions, p.inertialCalls, p.steps]; })).toEqual([
      ['h-1', 2, 1, 1, 0, 8],
      ['h-2', 2, 2, 1, 0, 6],
      ['h-3', 3, 4, 2, 1, 9],
      ['h-4', 3, 4, 0, 3, 5],
    ]);
    // Clamped to the stream.
    expect(replayPoint(data, 99).task).toBe(3);
    expect(replayPoint(data, -1).task).toBe(0);
    expect(replayText(replayPoint(data, 2))).toBe('after task 3 of 4: 3 tools, 4 transitions (2 new), 1 inertial call in this task (9 steps)');
  });

  it('should not offer a replay for a snapshot stored without its tasks', () => {
    const { tasks: _tasks, ...old } = snapshot;
    expect(replayable(parseInertia(old))).toBe(false);
  });
});

describe('replayEdges', () => {
  it('should keep, of the drawn edges, those first recorded by the task, parameter edges included', () => {
    const graph = snapshotGraph(snapshot, { params: true })!;
    const ids = (k: number) => [...replayEdges(graph, k).ids].map((id) => graph.edges.find((e) => e.id === id)!).map((e) => `${e.kind}:${e.source}>${e.target}`);
    expect(ids(0)).toEqual(['transition:go>look']);
    expect(ids(2)).toEqual(['inertial:look>take', 'inertial:take>go', 'transition:go>look', 'transition:look>go']);
    expect(ids(3)).toContain('parameter:go>take');
    expect(replayEdges(graph, 3).transitions).toBe(4);
    // With the strongest two kept, the replay filters those: none of them is known after task 0.
    const pruned = snapshotGraph(snapshot, { top: 2, params: true })!;
    expect(replayEdges(pruned, 0).transitions).toBe(0);
    expect(replayEdges(pruned, 2).transitions).toBe(2);
  });
});
