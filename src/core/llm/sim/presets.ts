/**
 * Settings of the simulated model (DESIGN section 4.2): named skills, one set per preset for every
 * environment and strategy. Nothing reads or changes them per strategy or per environment. The
 * fitted numbers live in `fitted-presets.json`, written by `npm run calibrate` from plain ReAct
 * runs on the bundled training splits only.
 */
import fitted from './fitted-presets.json';

export interface SimSkills {
  /** Weight of relevance: cosine between the context and an option's shown text. */
  beta: number;
  /** Weight of the advisor's pick (the model's competence), scaled by how clearly the text shows it. */
  kappa: number;
  /** Spread of the fixed per-tool preferences (confident mistakes that repeat across tasks). */
  bias: number;
  /** Softmax temperature over option logits at request temperature 1. */
  tau: number;
  /** Probability that a call carries one wrong argument value (drawn from values in the prompt). */
  argumentError: number;
  /** Probability of a reply without a parseable action. */
  formatError: number;
  /** Probability of repeating the previous action right after it failed, unless a reflection names it. */
  perseveration: number;
  /** Probability of noticing that an action it is about to write already failed in the transcript, and choosing again. */
  historyUse: number;
  /** Probability of heeding a reflection that names an action as failed. */
  reflectionAdherence: number;
  /** Probability that a reflection or an insight it writes names what went wrong (otherwise it is vague). */
  reflectionQuality: number;
  /** Probability of calling a tool it knows by name only, instead of first doing what the prompt says makes it usable. */
  unusableCall: number;
}

export interface SimPreset extends SimSkills {
  id: string;
  label: string;
  /** What kind of real model the preset stands in for. */
  description: string;
}

/** The skills calibration does not fit: read from the prompt the same way by every preset class. */
export const FIXED_SKILLS: Record<string, Omit<SimSkills, 'kappa' | 'bias'>> = {
  small: { beta: 4, tau: 1, argumentError: 0.12, formatError: 0.04, perseveration: 0.5, historyUse: 0.5, reflectionAdherence: 0.8, reflectionQuality: 0.75, unusableCall: 0.25 },
  medium: { beta: 4, tau: 1, argumentError: 0.07, formatError: 0.02, perseveration: 0.35, historyUse: 0.7, reflectionAdherence: 0.9, reflectionQuality: 0.9, unusableCall: 0.15 },
  strong: { beta: 4, tau: 1, argumentError: 0.03, formatError: 0.005, perseveration: 0.15, historyUse: 0.9, reflectionAdherence: 0.97, reflectionQuality: 0.97, unusableCall: 0.05 },
};

const LABELS: Record<string, { label: string; description: string }> = {
  small: { label: 'Small (7B-class open model)', description: 'A noisy 7B-class open model: often picks a plausible but wrong tool, sometimes loops.' },
  medium: { label: 'Medium (17B-70B open model)', description: 'A mid-size open model: usually right, occasional wrong arguments and loops.' },
  strong: { label: 'Strong (frontier API model)', description: 'A frontier model: rarely wrong, rarely loops, reads reflections reliably.' },
};

/** The fitted dials (kappa, bias) per preset, as calibration wrote them. */
export type FittedDials = Record<string, { kappa: number; bias: number }>;

export function buildPresets(dials: FittedDials): Record<string, SimPreset> {
  return Object.fromEntries(
    Object.keys(FIXED_SKILLS).map((id) => [id, { id, ...LABELS[id], ...FIXED_SKILLS[id], ...dials[id] }]),
  );
}

export const SIM_PRESETS: Record<string, SimPreset> = buildPresets(fitted as FittedDials);

export const DEFAULT_SIM_PRESET = 'small';
