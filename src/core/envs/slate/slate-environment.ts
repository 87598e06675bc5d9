import type { Action, Task } from '../../types';
import type { ExecutedStep, PlanEnvironment, PlanStepResult, PlanSubstep } from '../../plan-guided';
import type { PlannedAction, SlateCase, SlateTool } from './slate-types';
import { NO_TOOL } from '../../plan-guided';
import { SlateSimulator } from './simulator';
import { resolveReferences } from './references';
import { canonicalValue } from './equivalence';

/** A flattened substep with its gold action (environment-private). */
interface GoldSubstep extends PlanSubstep {
  action: PlannedAction | null;
}

/**
 * A SLATE case as a plan-guided environment (SLATE sections 3.4 and 4.1). The agent acts once per
 * substep; calls are resolved against the outputs of its own earlier substeps and answered by the
 * simulator. The episode succeeds when its final output equals the reference resolution.
 */
export class SlateEnvironment implements PlanEnvironment {
  readonly id = 'slate';
  readonly actionStyle = 'json' as const;
  readonly planGuided = true as const;
  maxSteps = 0;
  /** @internal read by the expert */
  item!: SlateCase;
  /** @internal read by the expert */
  gold: GoldSubstep[] = [];
  /** @internal read by the expert */
  executed: ExecutedStep[] = [];
  private simulator!: SlateSimulator;
  private referenceOutput: Record<string, unknown> = {};
  private lastToolIndex = -1;

  constructor(private readonly library: SlateTool[]) {}

  reset(task: Task): string {
    this.item = task.data as SlateCase;
    this.gold = this.item.plan.flatMap((step) => step.substeps.map((s) => ({ step: s.step, description: s.description, goal: step.description, action: s.action })));
    this.maxSteps = this.gold.length;
    this.simulator = new SlateSimulator(this.library, this.item.simulation);
    this.executed = [];
    // The reference resolution: the gold plan run through the simulator.
    const outputs = new Map<string, Record<string, unknown>>();
    this.gold.forEach((substep, index) => {
      if (!substep.action) return;
      const reply = this.simulator.call(substep.action.tool, resolveReferences(substep.action.args, outputs));
      outputs.set(substep.step, reply.output);
      this.referenceOutput = reply.output;
      this.lastToolIndex = index;
    });
    return `Query: ${this.item.query}`;
  }

  tools(): SlateTool[] {
    return this.library;
  }

  query(): string {
    return this.item.query;
  }

  substeps(): PlanSubstep[] {
    return this.gold.map(({ step, description, goal }) => ({ step, description, goal }));
  }

  trajectory(): ExecutedStep[] {
    return this.executed.slice();
  }

  cursor(): number {
    return this.executed.length;
  }

  seek(index: number, prefix: ExecutedStep[]): void {
    this.executed = prefix.slice(0, index);
  }

  step(action: Action): PlanStepResult {
    const substep = this.gold[this.cursor()];
    if (!substep) return { observation: 'Error: the plan is already finished.', ok: false, done: true, progress: this.progress(), success: this.succeeded(), output: {} };
    let output: Record<string, unknown> = {};
    let observation = 'No tool was called for this substep.';
    let ok = true;
    if (action.tool !== NO_TOOL) {
      const outputs = new Map(this.executed.map((e) => [e.step, e.output]));
      const reply = this.simulator.call(action.tool, resolveReferences(action.args, outputs));
      output = reply.output;
      ok = reply.matched;
      observation = reply.error ?? `Output: ${JSON.stringify(output)}`;
    }
    this.executed.push({ step: substep.step, action, output, observation, ok });
    const done = this.cursor() >= this.gold.length;
    return { observation, ok, done, progress: this.progress(), success: done && this.succeeded(), output };
  }

  /** Share of tool substeps so far whose call matched a simulation entry. */
  private progress(): number {
    const toolSteps = this.gold.filter((s) => s.action).length;
    return toolSteps ? this.executed.filter((e, i) => this.gold[i].action && e.ok && e.action.tool !== NO_TOOL).length / toolSteps : 1;
  }

  /** Execution success: the output at the last tool substep equals the reference resolution. */
  private succeeded(): boolean {
    const final = this.executed[this.lastToolIndex];
    return this.lastToolIndex < 0 || (final !== undefined && canonicalValue(final.output) === canonicalValue(this.referenceOutput));
  }

  metrics(): Record<string, number> {
    let toolMatches = 0;
    let identified = 0;
    this.executed.forEach((executed, index) => {
      const gold = this.gold[index].action;
      const usedTool = executed.action.tool !== NO_TOOL;
      if (usedTool === (gold !== null)) identified++;
      if (gold && executed.action.tool === gold.tool) toolMatches++;
    });
    // Substeps never reached count as misses.
    const goldTools = this.gold.filter((s) => s.action).length;
    return {
      toolMatch: goldTools ? toolMatches / goldTools : 1,
      actionIdAcc: this.gold.length ? identified / this.gold.length : 1,
      // Read by the plan harness for the task's progress rate.
      progress: this.progress(),
    };
  }
}
