import type { EnvMeta } from '../envs/env-spec';
import type { RunConfig } from './run-config';

/**
 * The sampling temperature where an environment's paper states none: 1, the default of the
 * chat APIs those papers' models were run through.
 */
export const UNSTATED_TEMPERATURE = 1;

/**
 * The temperature every model call of a run on `env` samples at (unless a call sets its own):
 * the run's override where it has one, else the temperature of the paper whose experiment the
 * environment reproduces (EnvMeta.temperature). One value per environment, so every strategy
 * compared there, baselines included, samples as that paper's runs did.
 */
export function temperatureFor(config: Pick<RunConfig, 'temperature'>, env: Pick<EnvMeta, 'temperature'>): number {
  return config.temperature ?? env.temperature?.value ?? UNSTATED_TEMPERATURE;
}

/** The temperature each environment of a run ran at, for its result. */
export function runTemperatures(config: Pick<RunConfig, 'temperature' | 'envs'>, envs: Record<string, Pick<EnvMeta, 'temperature'>>): Record<string, number> {
  return Object.fromEntries(config.envs.map((id) => [id, temperatureFor(config, envs[id] ?? {})]));
}
