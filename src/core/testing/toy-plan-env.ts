import type { Action, Task, Tool } from '../types';
import type { ExecutedStep, PlanEnvironment, PlanStepResult, PlanSubstep } from '../plan-guided';

/** A tiny plan-guided environment for tests: substep i succeeds with tool `gold[i]`; the case succeeds when all do. */
export class ToyPlanEnvironment implements PlanEnvironment {
  readonly id = 'toy-plan';
  readonly actionStyle = 'json' as const;
  readonly planGuided = true as const;
  maxSteps: number;
  executed: ExecutedStep[] = [];

  constructor(readonly gold: string[]) {
    this.maxSteps = gold.length;
  }

  reset(_task?: Task): string {
    this.executed = [];
    return 'Query: do the toy plan';
  }
  tools(): Tool[] {
    const names = [...new Set([...this.gold, 'alt_a', 'alt_b', 'alt_c'])];
    return names.map((name) => ({ name, description: `Tool ${name}.`, arguments: { properties: {}, required: [] } }));
  }
  query(): string {
    return 'do the toy plan';
  }
  substeps(): PlanSubstep[] {
    return this.gold.map((_, i) => ({ step: `1.${i + 1}`, description: `substep ${i + 1}`, goal: 'toy' }));
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
    const index = this.cursor();
    const ok = action.tool === this.gold[index];
    this.executed.push({ step: `1.${index + 1}`, action, output: {}, observation: ok ? 'ok' : 'default', ok });
    const done = this.cursor() >= this.gold.length;
    return { observation: ok ? 'ok' : 'default', ok, done, progress: 0, success: done && this.executed.every((e) => e.ok), output: {} };
  }
  metrics(): Record<string, number> {
    return { progress: this.executed.filter((e) => e.ok).length / this.gold.length };
  }
}
