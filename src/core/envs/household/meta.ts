import type { EnvMeta } from '../env-spec';

/** What the page shows of the household environment, without its data or code; `householdSpec` adds those. */
export const householdMeta: EnvMeta = {
  id: 'household',
  label: 'Household (ALFWorld-like)',
  sampleQuery: 'Your task is to: heat some egg and put it in the fridge.',
  description:
    'A text household after ALFWorld: walk between numbered receptacles, open containers, take and put objects, clean, heat or cool them, and switch on lamps to pick and place, clean, heat, cool, examine under a lamp, or place two objects; progress is the share of subgoals reached.',
  dataFile: 'household.json',
  temperature: { value: 0, source: '"AutoTool: Efficient Tool Selection for Large Language Model Agents" section 5.1: "The sampling temperature is consistently set to 0" (every method of its Table 3)' },
};
