import type { TraceEvent } from '../../../core/trace';

type StepEvent = Extract<TraceEvent, { type: 'step' }>;
type EndEvent = Extract<TraceEvent, { type: 'task-end' }>;

/** One row of two traces side by side: the n-th step of each (a trace may have fewer). */
export interface AlignedStep {
  row: number;
  left?: StepEvent;
  right?: StepEvent;
  /** The two took different actions, or one of them has no step here. */
  differs: boolean;
}

function stepsOf(events: TraceEvent[]): StepEvent[] {
  return events.filter((event): event is StepEvent => event.type === 'step');
}

export function endOf(events: TraceEvent[]): EndEvent | undefined {
  return events.find((event): event is EndEvent => event.type === 'task-end');
}

/**
 * Two traces of one task aligned by step, in the order each took them (a reflection trial's steps
 * follow the first trial's), marking the rows where the actions differ.
 */
export function alignSteps(left: TraceEvent[], right: TraceEvent[]): AlignedStep[] {
  const a = stepsOf(left);
  const b = stepsOf(right);
  return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => ({
    row: i + 1,
    ...(a[i] ? { left: a[i] } : {}),
    ...(b[i] ? { right: b[i] } : {}),
    differs: !a[i] || !b[i] || a[i].action.trim() !== b[i].action.trim(),
  }));
}

/** Where two traces first part: the first row whose actions differ; undefined when they never do. */
export function firstDifference(rows: AlignedStep[]): number | undefined {
  return rows.find((row) => row.differs)?.row;
}
