import type { HyperParameter } from '../strategy';

/** Candidate tools per substep shown to every plan-guided strategy alike. */
export const CANDIDATES_PARAM: HyperParameter = {
  key: 'candidates',
  label: 'Candidate tools per substep (SLATE)',
  default: 30,
  min: 1,
  max: 100,
  step: 1,
  source: 'EGB Alg. 1 line 5 and Alg. 3 (K <= 100); 30 is our choice, the same for every strategy',
  what: 'How many tools, retrieved by the embedder from the library, the model sees at each substep.',
};
