import type { StrategyMeta } from '../strategy';
import { CANDIDATES_PARAM } from '../plan/plan-settings';

/** What the page shows of Reflexion; `reflexionSpec` adds its code. */
export const reflexionMeta: StrategyMeta = {
  id: 'reflexion',
  independentTasks: true,
  label: 'Reflexion',
  paper: 'Shinn et al. 2023, heuristic trigger of AutoTool section 5.1',
  description: 'ReAct plus self-reflection after failed calls or repeated observations, kept in memory.',
  params: [
    { key: 'memory', label: 'Reflections kept', default: 3, min: 1, max: 10, step: 1, source: 'Reflexion: memory of up to 3 reflections' },
    { key: 'window', label: 'Steps shown to the reflection', default: 4, min: 1, max: 20, step: 1, source: 'our choice: the recent steps around the failure' },
    { key: 'trials', label: 'Attempts per case (SLATE)', default: 4, min: 1, max: 10, step: 1, source: 'our choice; EGB Table 4 shows about 3.8 passes per case' },
    CANDIDATES_PARAM,
  ],
};
