/**
 * Settings of the simulated model (docs/simulated-model.md): named skills, one set per preset for every
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
  /** Spread of the fixed preferences per task and option (confident mistakes that repeat over a task's steps, attempts and strategies). */
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
  /** How fast competence falls as the listing grows: its weight is 1 / (1 + d * log2(options / 10)) (RAG-MCP; docs/sources.md). */
  listingDecay: number;
  /** How fast competence falls as the prompt lengthens: 1 / (1 + d * log2(tokens / 2,000)) (Lost in the Middle, NoLiMa; docs/sources.md). */
  lengthDecay: number;
  /** How much competence an option in the middle of a long listing loses against one at either end (Lost in the Middle; docs/sources.md). */
  positionDecay: number;
}

export interface SimPreset extends SimSkills {
  id: string;
  label: string;
  /** What kind of real model the preset stands in for. */
  description: string;
}

/** The skills calibration does not fit: read from the prompt the same way by every preset class. */
export const FIXED_SKILLS: Record<string, Omit<SimSkills, 'kappa' | 'bias'>> = {
  small: { beta: 4, tau: 1, argumentError: 0.12, formatError: 0.04, perseveration: 0.5, historyUse: 0.5, reflectionAdherence: 0.8, reflectionQuality: 0.75, unusableCall: 0.25, listingDecay: 0.3, lengthDecay: 0.3, positionDecay: 0.3 },
  medium: { beta: 4, tau: 1, argumentError: 0.07, formatError: 0.02, perseveration: 0.35, historyUse: 0.7, reflectionAdherence: 0.9, reflectionQuality: 0.9, unusableCall: 0.15, listingDecay: 0.2, lengthDecay: 0.2, positionDecay: 0.2 },
  strong: { beta: 4, tau: 1, argumentError: 0.03, formatError: 0.005, perseveration: 0.15, historyUse: 0.9, reflectionAdherence: 0.97, reflectionQuality: 0.97, unusableCall: 0.05, listingDecay: 0.1, lengthDecay: 0.1, positionDecay: 0.1 },
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

/** A skill's key: one of the numeric fields of SimSkills. */
export type SimSkill = keyof SimSkills;

/**
 * The values a dial may take (a run config's `dials`, a sweep of `sim.<skill>`): probabilities in
 * [0, 1], weights from 0 to 50, a temperature above 0 (SimLM divides the logits by it) up to 10.
 * Wider than any preset, so a sweep can reach where a paper's effect shows; outside them SimLM
 * would divide by zero or read a probability that is not one.
 */
export const SKILL_RANGES: Record<SimSkill, { min: number; max: number; aboveMin?: boolean }> = {
  beta: { min: 0, max: 50 },
  kappa: { min: 0, max: 50 },
  bias: { min: 0, max: 50 },
  tau: { min: 0, max: 10, aboveMin: true },
  argumentError: { min: 0, max: 1 },
  formatError: { min: 0, max: 1 },
  perseveration: { min: 0, max: 1 },
  historyUse: { min: 0, max: 1 },
  reflectionAdherence: { min: 0, max: 1 },
  reflectionQuality: { min: 0, max: 1 },
  unusableCall: { min: 0, max: 1 },
  listingDecay: { min: 0, max: 10 },
  lengthDecay: { min: 0, max: 10 },
  positionDecay: { min: 0, max: 1 },
};

/** Each skill in plain words, for the form, the CLI's help and the settings' docs (a new skill needs one). */
export const SKILL_LABELS: Record<SimSkill, string> = {
  beta: 'Weight of relevance (how much the wording of a tool decides)',
  kappa: 'Competence (weight of the right pick where the prompt shows it)',
  bias: 'Spread of fixed tool preferences (confident, repeated mistakes)',
  tau: 'Sampling temperature over the options',
  argumentError: 'Chance of one wrong argument in a call',
  formatError: 'Chance of a reply with no parseable action',
  perseveration: 'Chance of repeating an action that just failed',
  historyUse: 'Chance of noticing an action already failed in the transcript',
  reflectionAdherence: 'Chance of heeding a reflection that names a failed action',
  reflectionQuality: 'Chance that a reflection it writes names what went wrong',
  unusableCall: 'Chance of calling a tool known by name only, without its set-up step',
  listingDecay: 'How fast competence falls as the tool listing grows',
  lengthDecay: 'How fast competence falls as the prompt lengthens',
  positionDecay: 'Competence lost by a tool in the middle of a long listing',
};

/** Each skill in plain words, for a teacher (the page's glossary shows them). */
export const SKILL_WORDS: Record<SimSkill, string> = {
  beta: 'How much a tool\'s wording decides the simulated model\'s choice: high means it picks the tool whose description sounds most like the request, right or wrong.',
  kappa: 'How good the simulated model is: how strongly it prefers the right tool when the prompt shows enough to find it. High is a strong model, low a weak one.',
  bias: 'How strong the simulated model\'s fixed likes and dislikes among tools are: high means confident mistakes, the same each time it meets the same task.',
  tau: 'How random the simulated model\'s picks are: low always takes its favourite, high spreads its picks over the options.',
  argumentError: 'The chance that a call it makes has one wrong argument.',
  formatError: 'The chance that its reply contains no action the agent can read.',
  perseveration: 'The chance that it repeats an action that just failed.',
  historyUse: 'The chance that it notices, in the transcript, that an action already failed, and avoids it.',
  reflectionAdherence: 'The chance that it follows a reflection that names a failed action.',
  reflectionQuality: 'The chance that a reflection it writes names what actually went wrong.',
  unusableCall: 'The chance that it calls a tool it knows only by name, skipping the set-up step the tool needs.',
  listingDecay: 'How much worse the simulated model picks when the prompt lists many tools (real models lose accuracy as the list grows).',
  lengthDecay: 'How much worse the simulated model picks as the prompt grows long (real models lose accuracy in long contexts).',
  positionDecay: 'How much worse the simulated model notices a tool listed in the middle of a long list than one at its start or end.',
};

export const SIM_SKILLS = Object.keys(SKILL_RANGES) as SimSkill[];

/** Whether `key` names a skill (own keys only: "constructor" is not one). */
export function isSimSkill(key: string): key is SimSkill {
  return Object.hasOwn(SKILL_RANGES, key);
}

/** A skill's range in words, for error messages. */
export function skillRangeText(skill: SimSkill): string {
  const { min, max, aboveMin } = SKILL_RANGES[skill];
  return aboveMin ? `above ${min} and at most ${max}` : `from ${min} to ${max}`;
}

/** Whether a dial's value is in its skill's range. */
export function inSkillRange(skill: SimSkill, value: number): boolean {
  const { min, max, aboveMin } = SKILL_RANGES[skill];
  return Number.isFinite(value) && (aboveMin ? value > min : value >= min) && value <= max;
}

/** A preset with some skills set by hand; its label says which ("Small (…), kappa=3"), so results never pass for the preset's. */
export function withDials(preset: SimPreset, dials: Record<string, number>): SimPreset {
  const entries = Object.entries(dials);
  if (entries.length === 0) return preset;
  return { ...preset, ...dials, label: `${preset.label}, ${entries.map(([key, value]) => `${key}=${value}`).join(', ')}` };
}
