import type { HyperParameter, StrategyContext, StrategyInstance, StrategySpec, TaskOutcome } from '../strategy';
import type { Predictor } from './inertia-shortcut';
import { runReactLoop } from '../shared/react-loop';
import { reflexionAfterStep, reflexionSpec } from '../reflexion';
import { ToolInertiaGraph } from './inertia-graph';
import { adapterFor } from './environment-adapter';
import { CipsPredictor, InertiaShortcut, NgramPredictor } from './inertia-shortcut';

/** Whether recovery calls are made (AutoTool appendix I compares the n-gram baseline with and without). */
const RECOVERY_PARAM: HyperParameter = { key: 'recovery', label: 'Recovery calls (1 on, 0 off)', default: 1, min: 0, max: 1, step: 1, source: 'AutoTool appendix I and its public code: on' };

/** AutoTool's hyperparameters with the paper's defaults (section 5.1, appendix A). */
const AUTOTOOL_PARAMS: HyperParameter[] = [
  { key: 'theta', label: 'Inertia threshold θ', default: 0.1, min: 0, max: 1, step: 0.05, source: 'AutoTool section 5.1: θ_inertial = 0.1' },
  { key: 'alpha', label: 'Context weight α', default: 0.5, min: 0, max: 1, step: 0.05, source: 'AutoTool section 5.1: α = 0.5' },
  { key: 'window', label: 'Inertia window k', default: 2, min: 1, max: 4, step: 1, source: 'AutoTool appendix A: the inertia window is typically 2' },
  { key: 'cap', label: 'Inertial share cap', default: 0.3, min: 0, max: 1, step: 0.05, source: 'AutoTool section 5.1: at most 30% of operations' },
  RECOVERY_PARAM,
];

/**
 * A strategy instance whose inertial state lives across the run's task sequence (cold start, built
 * online as in AutoTool section 4.3); `reflect` adds Reflexion's hook.
 */
function inertialInstance(makePredictor: (graph: ToolInertiaGraph, context: StrategyContext) => Predictor, params: Record<string, number>, reflect?: Record<string, number>): StrategyInstance {
  const graph = new ToolInertiaGraph();
  let predictor: Predictor | undefined;
  return {
    async runTask(context): Promise<TaskOutcome> {
      predictor ??= makePredictor(graph, context);
      const shortcut = new InertiaShortcut(graph, predictor, context.env.tools(), context.env.actionStyle, context.goal, context.emit, {
        cap: params.cap ?? 0.3,
        // Off: thresholds no trace can reach.
        recoverAfterFailures: params.recovery === 0 ? Number.POSITIVE_INFINITY : 2,
        recoverAfterInvalid: params.recovery === 0 ? Number.POSITIVE_INFINITY : 3,
      }, adapterFor(context.env));
      const outcome = await runReactLoop(context, {
        shortcut,
        onStep: (state) => shortcut.observe(state),
        ...(reflect ? { afterStep: reflexionAfterStep(context, reflect) } : {}),
      });
      return { ...outcome, stats: { ...shortcut.stats } };
    },
    snapshot: () => graph.snapshot(),
  };
}

/** What AutoTool's runs report (its Table 8 counts inertial calls and parameter filling by source). */
const AUTOTOOL_METRICS = {
  inertialCalls: { label: 'Inertial calls', title: 'AutoTool: steps taken from the inertia graph without the model, per task' },
  inertialOk: { label: 'Inertial OK', title: 'AutoTool: inertial calls the environment accepted, per task' },
  recoveryCalls: { label: 'Recovery calls', title: 'AutoTool: recovery calls made without the model, per task' },
};

const cips = (params: Record<string, number>) => (graph: ToolInertiaGraph, context: StrategyContext) => new CipsPredictor(graph, context.embedder, params.window, params.alpha, params.theta);

/** AutoTool on ReAct (AutoTool sections 4 and 5): inertial calls from the Tool Inertia Graph skip the model. */
export const autotoolReactSpec: StrategySpec = {
  id: 'autotool-react',
  label: 'AutoTool (ReAct)',
  paper: 'AutoTool (Jia et al.), sections 4.3-4.5 and appendix A',
  description: 'ReAct that learns tool-usage inertia over the run and takes predictable steps without calling the model.',
  params: AUTOTOOL_PARAMS,
  metrics: AUTOTOOL_METRICS,
  create: (params) => inertialInstance(cips(params), params),
};

/**
 * AutoTool on Reflexion (AutoTool Table 3, second block). Section 5.1: "To avoid conflicting with
 * its inherent reflection mechanism, we do not introduce a preconfigured recovery path", so recovery
 * is off by default here (the parameter stays, for comparison).
 */
export const autotoolReflexionSpec: StrategySpec = {
  id: 'autotool-reflexion',
  label: 'AutoTool (Reflexion)',
  paper: 'AutoTool (Jia et al.), sections 4.3-4.5; Reflexion as in section 5.1',
  description: 'Reflexion with AutoTool inertial calls: predictable steps skip the model, failures still trigger reflections.',
  params: [
    ...AUTOTOOL_PARAMS.map((p) => (p.key === 'recovery' ? { ...p, default: 0, source: 'AutoTool section 5.1: no recovery path for Reflexion+AutoTool' } : p)),
    ...reflexionSpec.params.filter((p) => p.key === 'memory' || p.key === 'window').map((p) => ({ ...p, key: p.key === 'window' ? 'reflectWindow' : p.key })),
  ],
  metrics: AUTOTOOL_METRICS,
  create: (params) => inertialInstance(cips(params), params, { memory: params.memory, window: params.reflectWindow }),
};

/** The 3-gram baseline of AutoTool appendix I (with recovery), AutoTool's parameter filling reused. */
export const ngramReactSpec: StrategySpec = {
  id: 'ngram-react',
  label: '3-gram (ReAct)',
  paper: 'AutoTool appendix I: n-gram (n = 3) baseline with recovery',
  description: 'ReAct that skips the model when the last two tools were most often followed by one tool; no context score.',
  params: [
    { key: 'theta', label: 'Share threshold', default: 0.1, min: 0, max: 1, step: 0.05, source: 'our choice: the same θ as AutoTool' },
    { key: 'cap', label: 'Inertial share cap', default: 0.3, min: 0, max: 1, step: 0.05, source: 'AutoTool section 5.1: at most 30% of operations' },
    RECOVERY_PARAM,
  ],
  metrics: AUTOTOOL_METRICS,
  create: (params) => inertialInstance(() => new NgramPredictor(params.theta), params),
};
