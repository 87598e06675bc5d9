import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { InThreadRunner, createModelResolver } from './runner';
import { DEFAULT_RUN_CONFIG, type RunConfig } from './run-config';
import { localSeconds, usageOf } from './device-profiles';
import { tokenCosts } from './claims';
import type { GenerateRequest, GenerateResult, LanguageModel } from '../llm/language-model';
import type { ModelProvider } from '../llm/model-provider';

/**
 * Issue 40 item 4: a model that reports its own seconds (GenerateResult.engineSeconds, as a
 * `llama:` model does) gives its task runs the engine's seconds, not the device formula; the rows
 * say which. The engine here is SimLM under a `llama:` id, told to report a fixed time per call
 * (the real engine's path is in scripts/llama/llama-model.test.ts).
 */
const SECONDS_PER_CALL = 0.375;
const loadData = async (file: string) => JSON.parse(await readFile(`public/data/${file}`, 'utf8'));

/** SimLM whose calls report `SECONDS_PER_CALL` of engine time, except those `untimed` picks. */
class TimedModel implements LanguageModel {
  constructor(
    private readonly inner: LanguageModel,
    private readonly untimed: (request: GenerateRequest, call: number) => boolean,
  ) {}
  private calls = 0;
  get id() {
    return 'llama:engine.gguf';
  }
  get label() {
    return this.inner.label;
  }
  get simulated() {
    return this.inner.simulated;
  }
  async generate(request: GenerateRequest): Promise<GenerateResult> {
    const result = await this.inner.generate(request);
    return this.untimed(request, this.calls++) ? result : { ...result, engineSeconds: SECONDS_PER_CALL };
  }
}

function runnerWith(untimed: (request: GenerateRequest, call: number) => boolean = () => false): InThreadRunner {
  const sim = createModelResolver();
  const llama = async (_id: string, onProgress?: (text: string) => void, use?: Parameters<typeof sim>[2]): Promise<ModelProvider> => {
    const provider = await sim('sim:small', onProgress, use);
    return { ...provider, id: 'llama:engine.gguf', forTask: (binding) => new TimedModel(provider.forTask(binding), untimed) };
  };
  return new InThreadRunner(loadData, createModelResolver({ llama }));
}

const config: RunConfig = { ...DEFAULT_RUN_CONFIG, model: 'llama:engine.gguf', envs: ['household'], strategies: ['react', 'reflexion'], tasks: 3, cache: 'prefix', localDevice: '500,25,0.2' };

describe("a model that measures its own seconds", () => {
  it("gives its task runs the engine's seconds, not the formula, and the rows and claims say so", async () => {
    const result = await runnerWith().run(config);
    expect(result.results.length).toBe(6);
    for (const r of result.results) {
      const formula = localSeconds(usageOf(r), { prefillTokensPerSecond: 500, decodeTokensPerSecond: 25, overheadSeconds: 0.2 });
      expect(r.llmCalls).toBeGreaterThan(0);
      expect(r.secondsSource).toBe('engine');
      expect(r.localSeconds).toBeCloseTo(r.llmCalls * SECONDS_PER_CALL, 9);
      expect(Math.abs(r.localSeconds! - formula)).toBeGreaterThan(1e-6);
    }
    for (const row of result.rows) {
      expect(row.secondsSource).toBe('engine');
      const own = result.results.filter((r) => r.strategy === row.strategy);
      expect(row.localSeconds).toBeCloseTo(own.reduce((sum, r) => sum + r.llmCalls * SECONDS_PER_CALL, 0) / own.length, 9);
    }
    // The claims' costs set the engine's seconds beside the profiles' formula.
    const costs = tokenCosts(result.results, 'reflexion', 'react', { cache: 'prefix', localDevice: config.localDevice });
    expect(costs.seconds.engine.strategy.mean).toBeCloseTo(result.rows.find((row) => row.strategy === 'reflexion')!.localSeconds!, 9);
    expect(costs.seconds[config.localDevice!]).toBeUndefined();
  }, 120_000);

  it('falls back to the device formula for a task run with a call the engine did not time, and to none without a device', async () => {
    // The first call of each task reports no engine seconds.
    const result = await runnerWith((_request, call) => call === 0).run(config);
    for (const r of result.results) {
      expect(r.secondsSource).toBe('profile:500,25,0.2');
      expect(r.localSeconds).toBeCloseTo(localSeconds(usageOf(r), { prefillTokensPerSecond: 500, decodeTokensPerSecond: 25, overheadSeconds: 0.2 }), 9);
    }
    expect(result.rows.every((row) => row.secondsSource === 'profile:500,25,0.2')).toBe(true);
    const plain = await runnerWith((_request, call) => call === 0).run({ ...config, localDevice: undefined, strategies: ['react'] });
    expect(plain.results.every((r) => r.localSeconds === undefined && r.secondsSource === undefined)).toBe(true);
    // Every call timed, no device named: the engine's seconds all the same.
    const timed = await runnerWith().run({ ...config, localDevice: undefined, strategies: ['react'] });
    expect(timed.results.every((r) => r.secondsSource === 'engine' && r.localSeconds! > 0)).toBe(true);
  }, 120_000);
});
