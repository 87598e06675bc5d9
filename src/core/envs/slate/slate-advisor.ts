import type { Advisor } from '../../llm/advisor';
import { advisePlan, planValues } from '../../llm/sim/plan-reader';
import { NO_TOOL } from '../../plan-guided';

/**
 * SLATE's adapter to SimLM's general plan reader (`llm/sim/plan-reader.ts`, docs/simulated-model.md): which
 * prompts are SLATE's and what its "no tool" option is called. It holds no content: tool choice,
 * "no tool" and arguments are the reader's, from the prompt and training statistics.
 */
const reader = { noTool: NO_TOOL };

export const slateAdvisor: Advisor = {
  env: 'slate',
  // The plan prompt, or a tool-use prompt whose request is a bare "Query:" (ToolBench's adds a count of API tools).
  recognizes: (text) => /e-commerce assistant/.test(text) || (/^(Observation: )?Query: /m.test(text) && !/API tools are available/.test(text)),
  advise: (input) => advisePlan(reader, input),
  values: (input, tool, param) => planValues(input, tool, param),
};
