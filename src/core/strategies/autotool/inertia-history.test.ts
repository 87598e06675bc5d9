import { describe, expect, it } from 'vitest';
import type { InertiaGraphSnapshot } from '../snapshots';
import type { TraceEvent } from '../../trace';
import { autotoolReactSpec } from './index';
import { withDefaults } from '../strategy';
import { ScriptedModel } from '../../../../test/fixtures/scripted-model';
import { contextFor } from '../../../../test/fixtures/strategy-context';
import { ToolInertiaGraph } from './inertia-graph';

/**
 * A model for the button tasks: presses the goal's next button, but looks around once before
 * pressing the button at `lookBefore` (if any), so that tasks differ in the transitions they take.
 */
function buttonPolicy(lookBefore: number | undefined) {
  let looked = false;
  let env: { sequence: string[]; pressed: number } | undefined;
  const model = new ScriptedModel([
    () => {
      if (!looked && env!.pressed === lookBefore) {
        looked = true;
        return 'Think: what is there?\nAction: look';
      }
      return `Think: press the next one.\nAction: press ${env!.sequence[env!.pressed]}`;
    },
  ]);
  return { model, bind: (e: typeof env) => (env = e) };
}

/** Runs AutoTool (ReAct) on button tasks in order: [task index in the button dataset, look before press n]. */
async function scriptedRun(plan: [number, number | undefined][]) {
  const instance = autotoolReactSpec.create(withDefaults(autotoolReactSpec));
  const traces: { taskId: string; events: TraceEvent[]; steps: number }[] = [];
  for (const [taskIndex, lookBefore] of plan) {
    const { model, bind } = buttonPolicy(lookBefore);
    const { context, events, env } = contextFor(model, taskIndex);
    bind(env);
    const outcome = await instance.runTask(context);
    traces.push({ taskId: context.taskId, events, steps: outcome.steps });
  }
  return { snapshot: instance.snapshot!() as InertiaGraphSnapshot, traces };
}

/** The first task (ordinal) each tool and each transition appears in, read from the traces alone. */
function firstSeen(traces: { events: TraceEvent[] }[]) {
  const tools = new Map<string, number>();
  const transitions = new Map<string, number>();
  traces.forEach(({ events }, task) => {
    const called = events.flatMap((e) => (e.type === 'step' && !e.invalid ? [e.action.split(' ')[0]] : []));
    called.forEach((tool, i) => {
      if (!tools.has(tool)) tools.set(tool, task);
      const key = i > 0 ? `${called[i - 1]}>${tool}` : undefined;
      if (key && !transitions.has(key)) transitions.set(key, task);
    });
  });
  return { tools, transitions };
}

describe('ToolInertiaGraph history', () => {
  it('should record the task that first took each tool and transition, and the tasks in order', async () => {
    // Task 0 presses one button; task 1 looks before its second press; tasks 2 and 3 look before the third.
    const { snapshot, traces } = await scriptedRun([
      [0, undefined],
      [1, 1],
      [2, 2],
      [5, 2],
    ]);
    const nodeFirst = Object.fromEntries(snapshot.nodes.map((n) => [n.id, n.firstTask]));
    const edgeFirst = Object.fromEntries(snapshot.edges.map((e) => [`${e.source}>${e.target}`, e.firstTask]));
    expect(nodeFirst).toEqual({ press: 0, look: 1 });
    expect(edgeFirst).toMatchObject({ 'press>look': 1, 'look>press': 1 });
    // Whatever inertial calls added, the snapshot agrees with the traces.
    const seen = firstSeen(traces);
    expect(nodeFirst).toEqual(Object.fromEntries(seen.tools));
    expect(edgeFirst).toEqual(Object.fromEntries(seen.transitions));

    expect(snapshot.tasks).toEqual(
      traces.map(({ taskId, events, steps }) => ({ taskId, steps, inertialCalls: events.filter((e) => e.type === 'inertia' && e.kind === 'inertial').length })),
    );
    expect(snapshot.tasks!.map((t) => t.taskId)).toEqual(['buttons-0', 'buttons-1', 'buttons-2', 'buttons-5']);
    expect(snapshot.tasks![0].steps).toBe(1);
  });

  it('should give the same snapshot for the same run', async () => {
    const plan: [number, number | undefined][] = [
      [2, 1],
      [5, 2],
      [4, 1],
    ];
    expect((await scriptedRun(plan)).snapshot).toEqual((await scriptedRun(plan)).snapshot);
  });

  it('should record parameter edges with their first task, and leave firstTask out of what no task recorded', () => {
    const graph = new ToolInertiaGraph();
    graph.recordStep(undefined, 'go', 1, false);
    graph.startTask('a');
    graph.recordStep('go', 'take', 1, false);
    graph.finishTask(2, 0);
    graph.startTask('b');
    graph.recordParamEdge('take', 'recep', { tool: 'go', field: 'recep', output: false });
    graph.recordStep('go', 'take', 1, true);
    graph.finishTask(3, 1);
    const snapshot = graph.snapshot();
    expect(snapshot.nodes).toEqual([
      { id: 'go', tool: 'go', count: 1 },
      { id: 'take', tool: 'take', count: 2, firstTask: 0 },
    ]);
    expect(snapshot.edges[0]).toMatchObject({ source: 'go', target: 'take', count: 2, firstTask: 0 });
    expect(snapshot.paramEdges).toEqual([{ source: 'go', target: 'take', param: 'recep → recep', count: 1, firstTask: 1 }]);
    expect(snapshot.tasks).toEqual([
      { taskId: 'a', steps: 2, inertialCalls: 0 },
      { taskId: 'b', steps: 3, inertialCalls: 1 },
    ]);
    expect(new ToolInertiaGraph().snapshot()).not.toHaveProperty('tasks');
  });
});
