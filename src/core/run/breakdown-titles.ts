import { ENV_CATALOG } from '../envs/catalog';

/**
 * The titles of Results' two folds per environment. Stories and lessons name a fold by these same
 * functions, so their text and the page cannot disagree on what a fold is called (issue 29).
 */
export function byKindTitle(env: string): string {
  const meta = ENV_CATALOG[env];
  return `${meta?.label ?? env}: cost and success by ${meta?.kindLabel ?? 'task kind'}`;
}

export function runOrderTitle(env: string): string {
  return `${ENV_CATALOG[env]?.label ?? env}: LLM calls per task in run order (learning curve)`;
}
