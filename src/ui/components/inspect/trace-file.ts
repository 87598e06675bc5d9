import type { TraceEvent } from '../../../core/trace';
import { traceModelLine, type TraceModel } from './trace-model';

/** A trace as its JSON file holds it: which task run it is, the model that wrote it, then its events. */
export function traceFile(key: string, model: TraceModel, events: readonly TraceEvent[]) {
  return {
    trace: key,
    model: { id: model.id, simulated: model.simulated, preset: model.preset, writtenBy: traceModelLine(model) },
    events,
  };
}
