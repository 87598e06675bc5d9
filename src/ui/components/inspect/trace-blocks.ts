import type { TraceEvent } from '../../../core/trace';

type EventOf<T extends TraceEvent['type']> = Extract<TraceEvent, { type: T }>;

/** An LLM call as shown in Inspect. */
export type LlmCall = EventOf<'llm-call'>;

/**
 * One block of a trace as Inspect shows it. LLM calls are attached to the step or reflection
 * they led to (the calls made since the block before).
 */
export type TraceBlock =
  | { kind: 'start'; event: EventOf<'task-start'> }
  | {
      kind: 'step';
      event: EventOf<'step'>;
      calls: LlmCall[];
      register?: EventOf<'register'>;
      inertia?: EventOf<'inertia'>;
      /**
       * The calls of the plan substep this step executes (EGB: the act call and the samples or logit
       * passes that chose its tool), which the entropy block before it holds; counted on the step's
       * line, not a second time in the trace's totals.
       */
      substep?: LlmCall[];
    }
  | { kind: 'reflection'; event: EventOf<'reflection'>; calls: LlmCall[] }
  | { kind: 'trial'; event: EventOf<'trial'> }
  | { kind: 'entropy'; event: EventOf<'entropy'>; calls: LlmCall[] }
  | { kind: 'branch'; event: EventOf<'branch'> }
  | { kind: 'end'; event: EventOf<'task-end'>; calls: LlmCall[] }
  /** Calls not (yet) followed by a step: the tail of a trace that is still streaming. */
  | { kind: 'pending'; calls: LlmCall[] };

/** Groups a task's trace events into display blocks, in order. */
export function traceBlocks(events: TraceEvent[]): TraceBlock[] {
  const blocks: TraceBlock[] = [];
  let calls: LlmCall[] = [];
  // EcoAct's registration is reported just before the step that made it; it goes on that step.
  let register: EventOf<'register'> | undefined;
  // AutoTool's inertial or recovery call is announced before the step it takes.
  let inertia: EventOf<'inertia'> | undefined;
  // EGB chooses a substep's tool (entropy event, after its calls), then executes it (the step).
  let substep: LlmCall[] | undefined;
  const take = () => {
    const taken = calls;
    calls = [];
    return taken;
  };
  for (const event of events) {
    switch (event.type) {
      case 'llm-call':
        calls.push(event);
        break;
      case 'task-start':
        blocks.push({ kind: 'start', event });
        break;
      case 'step':
        blocks.push({ kind: 'step', event, calls: take(), ...(register ? { register } : {}), ...(inertia ? { inertia } : {}), ...(substep?.length ? { substep } : {}) });
        register = undefined;
        inertia = undefined;
        substep = undefined;
        break;
      case 'inertia':
        inertia = event;
        break;
      case 'register':
        register = event;
        break;
      case 'reflection':
        blocks.push({ kind: 'reflection', event, calls: take() });
        break;
      case 'entropy':
        substep = take();
        blocks.push({ kind: 'entropy', event, calls: substep });
        break;
      case 'trial':
        blocks.push({ kind: 'trial', event });
        break;
      case 'branch':
        blocks.push({ kind: 'branch', event });
        break;
      case 'task-end':
        blocks.push({ kind: 'end', event, calls: take() });
        break;
    }
  }
  if (calls.length > 0) blocks.push({ kind: 'pending', calls });
  return blocks;
}
