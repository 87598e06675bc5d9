import type { HyperParameter, StrategyMeta } from '../strategy';
import type { MetricSpec } from '../../types';
import { reflexionMeta } from '../reflexion/meta';
import { PAPER_TITLES } from '../../paper-titles';

/** Whether recovery calls are made (AutoTool appendix I compares the n-gram baseline with and without). */
const RECOVERY_PARAM: HyperParameter = { key: 'recovery', label: 'Recovery calls (1 on, 0 off)', default: 1, min: 0, max: 1, step: 1, source: 'AutoTool appendix I and its public code: on', what: 'Whether a failed inertial call is repaired without the model (for example by first calling the missing set-up tool): 1 on, 0 off.' };

/** The largest share of inertial steps (AutoTool section 5.1), which the 3-gram baseline keeps too. */
const CAP_PARAM: HyperParameter = { key: 'cap', label: 'Inertial share cap', default: 0.3, min: 0, max: 1, step: 0.05, source: 'AutoTool section 5.1: at most 30% of operations', what: 'The largest share of a task\'s steps that may be taken without the model; past it, every step asks the model.' };

/** AutoTool's hyperparameters with the paper's defaults (section 5.1, appendix A). */
const AUTOTOOL_PARAMS: HyperParameter[] = [
  { key: 'theta', label: 'Inertia threshold θ', default: 0.1, min: 0, max: 1, step: 0.05, source: 'AutoTool section 5.1: θ_inertial = 0.1', what: 'AutoTool follows its inertia graph without asking the model only when the next tool\'s score is above this threshold; higher means fewer inertial steps.' },
  { key: 'alpha', label: 'Context weight α', default: 0.5, min: 0, max: 1, step: 0.05, source: 'AutoTool section 5.1: α = 0.5', what: 'How much the current context (the tools just used and the task) weighs against the plain frequency of a transition in the inertia score.' },
  { key: 'window', label: 'Inertia window k', default: 2, min: 1, max: 4, step: 1, source: 'AutoTool appendix A: the inertia window is typically 2', what: 'How many of the last tools the inertia graph looks at to predict the next one.' },
  CAP_PARAM,
  RECOVERY_PARAM,
];

/** What AutoTool's runs report (its Table 8 counts inertial calls and parameter filling by source). */
const AUTOTOOL_METRICS: Record<string, MetricSpec> = {
  inertialCalls: { label: 'Inertial calls', title: 'AutoTool: steps taken from the inertia graph without the model, per task', kind: 'count', what: 'Steps AutoTool took from its inertia graph (the tool that usually follows) without asking the model.', definedIn: `${PAPER_TITLES.autotool}, sections 4.2 and 4.5` },
  inertialOk: { label: 'Inertial OK', title: 'AutoTool: inertial calls the environment accepted, per task', kind: 'count', what: 'Inertial calls that the environment accepted.', definedIn: `${PAPER_TITLES.autotool}, sections 4.2 and 4.5` },
  recoveryCalls: { label: 'Recovery calls', title: 'AutoTool: recovery calls made without the model, per task', kind: 'count', what: 'Calls AutoTool made without the model to repair a failed inertial call (a missing set-up step).', definedIn: `${PAPER_TITLES.autotool}, appendix I` },
};

/** What the page shows of AutoTool on ReAct; `autotoolReactSpec` adds its code. */
export const autotoolReactMeta: StrategyMeta = {
  id: 'autotool-react',
  label: 'AutoTool (ReAct)',
  paper: 'AutoTool (Jia et al.), sections 4.3-4.5 and appendix A',
  description: 'ReAct that learns tool-usage inertia over the run and takes predictable steps without calling the model.',
  params: AUTOTOOL_PARAMS,
  metrics: AUTOTOOL_METRICS,
};

/** What the page shows of AutoTool on Reflexion, recovery off by default (section 5.1); `autotoolReflexionSpec` adds its code. */
export const autotoolReflexionMeta: StrategyMeta = {
  id: 'autotool-reflexion',
  label: 'AutoTool (Reflexion)',
  paper: 'AutoTool (Jia et al.), sections 4.3-4.5; Reflexion as in section 5.1',
  description: 'Reflexion with AutoTool inertial calls: predictable steps skip the model, failures still trigger reflections.',
  params: [
    ...AUTOTOOL_PARAMS.map((p) => (p.key === 'recovery' ? { ...p, default: 0, source: 'AutoTool section 5.1: no recovery path for Reflexion+AutoTool' } : p)),
    ...reflexionMeta.params.filter((p) => p.key === 'memory' || p.key === 'window').map((p) => ({ ...p, key: p.key === 'window' ? 'reflectWindow' : p.key })),
  ],
  metrics: AUTOTOOL_METRICS,
};

/** What the page shows of the 3-gram baseline of AutoTool appendix I; `ngramReactSpec` adds its code. */
export const ngramReactMeta: StrategyMeta = {
  id: 'ngram-react',
  label: '3-gram (ReAct)',
  paper: 'AutoTool appendix I: n-gram (n = 3) baseline with recovery',
  description: 'ReAct that skips the model when the last two tools were most often followed by one tool; no context score.',
  params: [
    { key: 'theta', label: 'Share threshold', default: 0.1, min: 0, max: 1, step: 0.05, source: 'our choice: the same θ as AutoTool', what: 'The 3-gram baseline follows the most frequent next tool without the model only when its share of continuations is above this threshold.' },
    CAP_PARAM,
    RECOVERY_PARAM,
  ],
  metrics: AUTOTOOL_METRICS,
};
