import type { InertiaData } from './inertia-model';
import type { SnapshotGraph } from './snapshot-graph-model';
import { drawable } from './inertia-model';

/**
 * AutoTool's inertia graph replayed task by task: its cold start (AutoTool section 4.3 and
 * appendix A: the graph is built online, from nothing, as the tasks run). Position k shows what
 * the graph had recorded after the stream's tasks 0..k, read from the snapshot's `firstTask`
 * marks and its `tasks` series. Counts and weights stay the run's final ones: the snapshot keeps
 * when each part first appeared, not how it grew.
 */
export interface ReplayPoint {
  /** The task, 0-based, in the order the stream ran them. */
  task: number;
  /** Tasks in the stream. */
  tasks: number;
  taskId: string;
  /** Tools used in tasks 0..task. */
  tools: number;
  /** Transitions between different tools first taken in tasks 0..task. */
  transitions: number;
  /** Of those, the ones first taken in this task. */
  newTransitions: number;
  /** This task's calls made without the model. */
  inertialCalls: number;
  /** This task's environment steps. */
  steps: number;
}

/** Recorded by the end of task `task`; a part without a mark predates the first task. */
const seenBy = (item: { firstTask?: number }, task: number) => (item.firstTask ?? -1) <= task;

/** Whether the snapshot can be replayed: it lists its tasks (snapshots stored before issue 16 do not). */
export function replayable(data: InertiaData): boolean {
  return (data.tasks?.length ?? 0) > 0;
}

/** The graph after task `task` (clamped to the stream's tasks). */
export function replayPoint(data: InertiaData, task: number): ReplayPoint {
  const tasks = data.tasks ?? [];
  const k = Math.max(0, Math.min(tasks.length - 1, Math.floor(task)));
  const between = drawable(data.transitions);
  return {
    task: k,
    tasks: tasks.length,
    taskId: tasks[k]?.taskId ?? '',
    tools: data.tools.filter((t) => seenBy(t, k)).length,
    transitions: between.filter((t) => seenBy(t, k)).length,
    newTransitions: between.filter((t) => t.firstTask === k).length,
    inertialCalls: tasks[k]?.inertialCalls ?? 0,
    steps: tasks[k]?.steps ?? 0,
  };
}

/**
 * The edges of a drawing (transitions and parameter edges) first recorded in tasks 0..task, as
 * the ids the canvas draws, and how many of them are transitions.
 */
export function replayEdges(graph: SnapshotGraph, task: number): { ids: Set<string>; transitions: number } {
  const shown = graph.edges.filter((e) => seenBy(e, task));
  return { ids: new Set(shown.map((e) => e.id)), transitions: shown.filter((e) => e.kind !== 'parameter').length };
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "after task 12 of 60: 9 tools, 14 transitions (2 new), 3 inertial calls in this task (11 steps)". */
export function replayText(point: ReplayPoint): string {
  const fresh = point.newTransitions > 0 ? ` (${point.newTransitions} new)` : '';
  return `after task ${point.task + 1} of ${point.tasks}: ${count(point.tools, 'tool')}, ${count(point.transitions, 'transition')}${fresh}, ${count(point.inertialCalls, 'inertial call')} in this task (${count(point.steps, 'step')})`;
}
