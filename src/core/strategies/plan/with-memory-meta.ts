import type { StrategyMeta } from '../strategy';

/**
 * What the page shows of the with-memory variant of a plan-guided strategy (EGB paper, Table 5);
 * `withMemory` adds its code.
 */
export function withMemoryMeta(base: StrategyMeta): StrategyMeta {
  return {
    ...base,
    id: `${base.id}-memory`,
    label: `${base.label} with memory`,
    paper: `${base.paper}; memory of training-split traces (EGB Table 5)`,
    description: `${base.description} Remembers matched steps from the training split and shows the most similar ones.`,
    planGuidedOnly: true,
    // Its memory is learned first and read in task order, as the run's other learners are.
    independentTasks: false,
    params: [...base.params, { key: 'memoryK', label: 'Remembered steps shown', default: 3, min: 1, max: 10, step: 1, source: 'our choice; EGB Table 5 retrieves traces as memory', what: 'How many remembered steps from earlier solved cases are shown in the prompt.' }],
  };
}
