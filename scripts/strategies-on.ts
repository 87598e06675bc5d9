import { ENVIRONMENTS } from '../src/core/envs';
import { STRATEGIES } from '../src/core/strategies';

/** Every strategy that runs on an environment: the plan-guided ones only where it is plan-guided (SLATE). */
export function strategiesOn(envId: string): string[] {
  const planGuided = ENVIRONMENTS[envId].planGuided === true;
  return Object.values(STRATEGIES)
    .filter((s) => (planGuided ? true : !s.planGuidedOnly && s.id !== 'baseline-llm'))
    .map((s) => s.id);
}
