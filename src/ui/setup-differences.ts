import type { RunConfig } from '../core/run/run-config';
import { RESULT_FIELDS } from '../core/run/config-fields';

/** The setup fields that change a run's results (concurrency and the embed device do not). */
const FIELDS: { key: keyof RunConfig; label: string }[] = [
  ...RESULT_FIELDS.map(({ key, label }) => ({ key, label })),
  { key: 'params', label: 'hyperparameters' },
  { key: 'dials', label: 'SimLM skills' },
];

function text(value: unknown, key?: keyof RunConfig): string {
  // No temperature set: each environment samples at its paper's (core/run/temperature.ts).
  if (key === 'temperature' && value === undefined) return "each environment's paper";
  if (Array.isArray(value)) return value.join(', ');
  if (value === undefined || value === false) return 'off';
  if (value === true) return 'on';
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, Record<string, number>>).flatMap(([strategy, params]) => Object.entries(params).map(([key, v]) => `${strategy}.${key}=${v}`));
    return entries.length ? entries.join(', ') : 'defaults';
  }
  return String(value);
}

/** How the setup on screen differs from the one a result was run with, one short phrase per field. */
export function setupDifferences(ran: Partial<RunConfig>, now: RunConfig): string[] {
  return FIELDS.flatMap(({ key, label }) => {
    const before = text(ran[key], key);
    const after = text(now[key], key);
    return before === after ? [] : [`${label}: ${before} → ${after}`];
  });
}

/** Whether results run with `ran` are results of the setup `now`. */
export function sameSetup(ran: Partial<RunConfig>, now: RunConfig): boolean {
  return setupDifferences(ran, now).length === 0;
}
