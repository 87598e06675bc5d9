import type { RunResult } from '../../../core/run/results';
import { simPresetOf } from '../../../core/llm/model-families';

/**
 * Which model wrote a trace, as Inspect and a trace's files state it (issue 42 item 3): SimLM with
 * its preset (and any dials set by hand), or the real model's name. Pure, for a test in node.
 */
export interface TraceModel {
  /** The model id, for example `sim:small` or `webllm:Qwen2.5-0.5B-Instruct-q4f16_1-MLC`. */
  id: string;
  simulated: boolean;
  /** The badge: "Simulated (SimLM)" for SimLM; the real model's name otherwise. */
  badge: string;
  /** What follows the badge: the preset and what it stands for, and any dials; empty for a real model. */
  detail: string;
  /** The SimLM preset (`small`, `medium`, `strong`); empty for a real model. */
  preset: string;
}

export const SIM_BADGE = 'Simulated (SimLM)';

/** The model of a run (or of the run in progress: its id, label and whether it is simulated). */
export function traceModel(model: RunResult['model'], dials?: Record<string, number>): TraceModel {
  const preset = simPresetOf(model.id);
  if (!model.simulated) return { id: model.id, simulated: false, badge: model.label || model.id, detail: '', preset: '' };
  const set = Object.entries(dials ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${value}`);
  const presetId = preset?.id ?? model.id.replace(/^sim:/, '');
  // The preset's label without any dials the run's label appends ("Small (7B-class open model), kappa=3").
  const standsFor = preset ? preset.label : '';
  const detail = [`preset ${presetId}${standsFor ? `: ${standsFor}` : ''}`, set.length ? `dials ${set.join(', ')}` : '', 'not a real LLM'].filter(Boolean).join('; ');
  return { id: model.id, simulated: true, badge: SIM_BADGE, detail, preset: presetId };
}

/** One line for a file: "Written by Simulated (SimLM): preset small: Small (7B-class open model); not a real LLM". */
export function traceModelLine(model: TraceModel): string {
  return model.simulated ? `Written by ${model.badge}: ${model.detail}` : `Written by ${model.badge}`;
}
