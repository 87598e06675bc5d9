import type { StrategyContext, StrategyInstance, StrategySpec, TaskOutcome } from '../strategy';
import type { Predictor } from './inertia-shortcut';
import { runReactLoop } from '../common/react-loop';
import { reflexionAfterStep } from '../reflexion';
import { ToolInertiaGraph } from './inertia-graph';
import { adapterFor } from './environment-adapter';
import { CipsPredictor, InertiaShortcut, NgramPredictor } from './inertia-shortcut';
import { autotoolReactMeta, autotoolReflexionMeta, ngramReactMeta } from './meta';

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
      // Recording only (the page replays the graph task by task): nothing here changes a choice.
      graph.startTask(context.taskId);
      const shortcut = new InertiaShortcut(graph, predictor, context.env.tools(), context.env.actionStyle, context.goal, context.emit, {
        cap: params.cap ?? 0.3,
        // Off: thresholds no trace can reach.
        recoverAfterFailures: params.recovery === 0 ? Number.POSITIVE_INFINITY : 2,
        recoverAfterInvalid: params.recovery === 0 ? Number.POSITIVE_INFINITY : 3,
      }, adapterFor(context.env), context.env.recoveryPath);
      const outcome = await runReactLoop(context, {
        shortcut,
        onStep: (state) => shortcut.observe(state),
        ...(reflect ? { afterStep: reflexionAfterStep(context, reflect) } : {}),
      });
      graph.finishTask(outcome.steps, shortcut.stats.inertialCalls);
      return { ...outcome, stats: { ...shortcut.stats } };
    },
    snapshot: () => graph.snapshot(),
  };
}

const cips = (params: Record<string, number>) => (graph: ToolInertiaGraph, context: StrategyContext) => new CipsPredictor(graph, context.embedder, params.window, params.alpha, params.theta);

/** AutoTool on ReAct (AutoTool sections 4 and 5): inertial calls from the Tool Inertia Graph skip the model. */
export const autotoolReactSpec: StrategySpec = {
  ...autotoolReactMeta,
  create: (params) => inertialInstance(cips(params), params),
};

/**
 * AutoTool on Reflexion (AutoTool Table 3, second block). Section 5.1: "To avoid conflicting with
 * its inherent reflection mechanism, we do not introduce a preconfigured recovery path", so recovery
 * is off by default here (the parameter stays, for comparison).
 */
export const autotoolReflexionSpec: StrategySpec = {
  ...autotoolReflexionMeta,
  create: (params) => inertialInstance(cips(params), params, { memory: params.memory, window: params.reflectWindow }),
};

/** The 3-gram baseline of AutoTool appendix I (with recovery), AutoTool's parameter filling reused. */
export const ngramReactSpec: StrategySpec = {
  ...ngramReactMeta,
  create: (params) => inertialInstance(() => new NgramPredictor(params.theta), params),
};
