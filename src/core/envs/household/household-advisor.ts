import type { Advisor } from '../../llm/advisor';
import { textWorldReader } from '../../llm/sim/text-world-reader';

/**
 * The household environment's adapter to SimLM's general text-world reader (`llm/sim/text-world-reader.ts`,
 * docs/simulated-model.md): it only names the environment. Goal, scene, commands and where to look are
 * the reader's, from the prompt and training statistics.
 */
export const householdAdvisor: Advisor = { ...textWorldReader, env: 'household' };
