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
    { key: 'memory', label: 'Reflections kept', default: 3, min: 1, max: 10, step: 1, source: 'Reflexion: memory of up to 3 reflections', what: 'How many written reflections are kept and shown in the next attempt\'s prompt.' },
    { key: 'window', label: 'Steps shown to the reflection', default: 4, min: 1, max: 20, step: 1, source: 'our choice: the recent steps around the failure', what: 'How many recent steps the reflection prompt shows when the model writes what went wrong.' },
    {
      key: 'trials',
      label: 'Attempts per case (SLATE)',
      default: 6,
      min: 1,
      max: 10,
      step: 1,
      // The EGB paper states no cap for Reflexion. Its Table 4 mean of 122.2 / 32 = 3.8 passes per case is a
      // mean, not a cap: with Table 3's success (29% at the first pass, 44% in the end) a cap of 4 allows at
      // most 1 + 3 x 0.71 = 3.1 passes on average, so the paper's cap was at least 5. We give Reflexion the
      // budget EGB has (section 6.1: the first pass plus b = 5 branches), "consistent and comparable" as 6.1 puts it.
      source: "EGB paper 6.1 and Table 4: the paper states no cap; the first pass plus EGB's b = 5, since Table 4's mean of 3.8 passes needs a cap of at least 5",
      what: 'How many attempts a case gets in all: the first pass plus retries after a reflection.',
    },
    CANDIDATES_PARAM,
  ],
};
