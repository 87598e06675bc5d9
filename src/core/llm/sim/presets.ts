/**
 * Settings of the simulated model (DESIGN section 4.2). One set of numbers per preset for every
 * environment and strategy: nothing reads or changes them per strategy or per environment.
 */
export interface SimPreset {
  id: string;
  label: string;
  /** What kind of real model the preset stands in for. */
  description: string;
  /** Weight of the lexical relevance cos(context, shown text) in an option's logit. */
  beta: number;
  /** Weight of "this option is the expert's choice" in an option's logit (only if shown). */
  kappa: number;
  /** Softmax temperature over option logits. */
  tau: number;
  /** Probability that a call of the right tool carries one wrong argument (a hallucinated value). */
  argumentError: number;
  /** Probability of a reply without a parseable action. */
  formatError: number;
  /** Probability of repeating the previous action after it failed, unless the context names it as a failure. */
  perseveration: number;
  /** Probability of heeding a reflection that names an action as failed (resampling instead). */
  reflectionAdherence: number;
  /** Probability that a reflection names the failed action at all (otherwise it is vague). */
  reflectionQuality: number;
}

/**
 * Calibrated once, globally, so that plain ReAct lands in the regime the papers report for a
 * model of each class (DESIGN 4.2 table); see the README's "Calibrating SimLM".
 */
export const SIM_PRESETS: Record<string, SimPreset> = {
  small: {
    id: 'small',
    label: 'Small (7B-class open model)',
    description: 'A noisy 7B-class open model: often picks a plausible but wrong tool, sometimes loops.',
    beta: 4,
    kappa: 1.6,
    tau: 1,
    argumentError: 0.12,
    formatError: 0.04,
    perseveration: 0.55,
    reflectionAdherence: 0.85,
    reflectionQuality: 0.8,
  },
  medium: {
    id: 'medium',
    label: 'Medium (17B-70B open model)',
    description: 'A mid-size open model: usually right, occasional wrong arguments and loops.',
    beta: 4,
    kappa: 3.4,
    tau: 1,
    argumentError: 0.07,
    formatError: 0.02,
    perseveration: 0.4,
    reflectionAdherence: 0.9,
    reflectionQuality: 0.9,
  },
  strong: {
    id: 'strong',
    label: 'Strong (frontier API model)',
    description: 'A frontier model: rarely wrong, rarely loops, reads reflections reliably.',
    beta: 4,
    kappa: 5,
    tau: 1,
    argumentError: 0.03,
    formatError: 0.005,
    perseveration: 0.2,
    reflectionAdherence: 0.97,
    reflectionQuality: 0.97,
  },
};

export const DEFAULT_SIM_PRESET = 'small';
