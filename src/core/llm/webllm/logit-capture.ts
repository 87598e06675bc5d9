import type { LogitProcessorLike } from './engine-subset';

/** What one logits pass asks of the processor. */
export interface CapturePlan {
  /** Token ids to force at the first generated positions, in order (Alg. 3 line 9: TOKEN(d1)). */
  force: number[];
  /** The generated position whose raw logits are kept (0 = right after the prompt). */
  captureAt: number;
}

/** A logit so low that greedy sampling never picks the token. */
const FORBIDDEN = -1e9;

/**
 * The logit processor registered with the engine for the EGB-Logits passes (docs/models.md).
 * Idle, it passes logits through unchanged, so ordinary generation is unaffected. Armed with a
 * plan, it forces the planned tokens and keeps a copy of the raw logits at the captured position.
 */
export class DigitLogitCapture implements LogitProcessorLike {
  private plan: CapturePlan | undefined;
  private step = 0;
  private captured: Float32Array | undefined;
  /** Tokens sampled since the last `arm`, as the engine reports them. */
  readonly sampled: number[] = [];

  arm(plan: CapturePlan): void {
    this.plan = plan;
    this.step = 0;
    this.captured = undefined;
    this.sampled.length = 0;
  }

  /** Ends the pass; returns the captured logits, if the engine ran the processor. */
  disarm(): Float32Array | undefined {
    const captured = this.captured;
    this.plan = undefined;
    this.captured = undefined;
    return captured;
  }

  processLogits(logits: Float32Array): Float32Array {
    const plan = this.plan;
    if (!plan) return logits;
    const step = this.step++;
    if (step === plan.captureAt) this.captured = logits.slice();
    const forced = plan.force[step];
    if (forced === undefined) return logits;
    const out = new Float32Array(logits.length).fill(FORBIDDEN);
    out[forced] = 0;
    return out;
  }

  processSampledToken(token: number): void {
    if (this.plan) this.sampled.push(token);
  }

  /**
   * Called by the engine's `resetChat`, also from inside a request when it starts a new
   * conversation: the step count restarts, the plan stays.
   */
  resetState(): void {
    this.step = 0;
    this.sampled.length = 0;
  }
}

/** The `logitProcessorRegistry` to pass to `CreateMLCEngine` (keyed by web-llm model id). */
export function logitProcessorRegistry(modelId: string, capture: DigitLogitCapture): Map<string, LogitProcessorLike> {
  return new Map([[modelId, capture]]);
}
