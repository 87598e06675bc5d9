import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { InThreadRunner } from './runner';
import { DEFAULT_RUN_CONFIG, type RunConfig } from './run-config';
import type { RunResult } from './results';
import { parseSweep, parseSweepKey, runSweep, sweepConfigs, sweepKeyInfo, sweepKeyText, sweepPoints, sweepableKeys, type SweepPoint } from './sweep';
import { ConfigError } from '../errors';
import { SETTINGS, settingNamed } from './settings';

const load = async (file: string) => JSON.parse(await readFile(new URL(`../../../public/data/${file}`, import.meta.url), 'utf8'));
const base: RunConfig = { ...DEFAULT_RUN_CONFIG, envs: ['household'], strategies: ['react'], tasks: 4 };

describe('parseSweep', () => {
  it('should read key=from:to:steps into evenly spaced values, both ends included', () => {
    expect(parseSweep('sim.kappa=1:6:6')).toEqual({ key: { kind: 'dial', skill: 'kappa' }, values: [1, 2, 3, 4, 5, 6] });
    expect(parseSweep('sim.historyUse=0.1:0.3:3').values).toEqual([0.1, 0.2, 0.3]);
    expect(parseSweep('egb-logits.tau=0.3:0:4').values).toEqual([0.3, 0.2, 0.1, 0]);
    expect(parseSweep(' seeds = 1:3:3').key).toEqual({ kind: 'seeds' });
  });

  it('should round whole-number keys and drop repeats', () => {
    expect(parseSweep('tasks=1:3:5').values).toEqual([1, 2, 3]);
    expect(parseSweep('tasks=8:4:3').values).toEqual([8, 6, 4]);
    expect(parseSweep('egb-logits.b=0:5:4')).toEqual({ key: { kind: 'param', strategy: 'egb-logits', param: 'b' }, values: [0, 2, 3, 5] });
    expect(parseSweep('reflexion.memory=1:2:9').values).toEqual([1, 2]);
  });

  it('should say how to write a sweep when the text is not one', () => {
    for (const text of ['tasks', 'tasks=1:5', 'tasks=1:5:3:4', '=1:5:3', 'tasks=a:5:3', 'tasks=1::3']) {
      expect(() => parseSweep(text), text).toThrow(ConfigError);
    }
    expect(() => parseSweep('tasks=1:5')).toThrow(/key=from:to:steps/);
    expect(() => parseSweep('tasks=1:x:3')).toThrow(/three numbers/);
  });

  it('should name unknown keys and list what there is', () => {
    expect(() => parseSweep('speed=1:5:3')).toThrow(/Unknown sweep key "speed". Sweep tasks, seeds/);
    expect(() => parseSweep('nope.x=1:5:3')).toThrow(/no strategy "nope"/);
    expect(() => parseSweep('constructor.x=1:5:3')).toThrow(/no strategy "constructor"/);
    expect(() => parseSweep('egb-logits.threshold=0:1:3')).toThrow(/egb-logits has no parameter "threshold". Its parameters: tau, b/);
    expect(() => parseSweep('ecoact-react.k=1:5:3')).toThrow(/Its parameters: none/);
    expect(() => parseSweep('sim.wisdom=1:5:3')).toThrow(/SimLM has no skill "wisdom". Its skills: beta, kappa/);
  });

  it('should refuse steps outside 2 to 50, a range outside the key\'s, and ends that give one value', () => {
    expect(() => parseSweep('tasks=1:5:1')).toThrow(/whole number of steps from 2 to 50/);
    expect(() => parseSweep('tasks=1:50:51')).toThrow(/from 2 to 50/);
    expect(() => parseSweep('tasks=1:5:2.5')).toThrow(/from 2 to 50/);
    expect(() => parseSweep('tasks=0:5:3')).toThrow(/reaches 0, out of range: tasks per environment takes whole numbers from 1 to 100000/);
    expect(() => parseSweep('sim.tau=0:1:3')).toThrow(/reaches 0, out of range: SimLM: Sampling temperature over the options takes numbers above 0 and at most 10/);
    expect(() => parseSweep('sim.historyUse=0:2:3')).toThrow(/reaches 2/);
    expect(() => parseSweep('egb-logits.tau=0:1:3')).toThrow(/from 0 to 0.5/);
    expect(() => parseSweep('tasks=4:4.4:3')).toThrow(/gives only 4; give two different ends/);
  });
});

describe('sweep keys', () => {
  it('should read back their own text and give a label and range', () => {
    for (const text of ['tasks', 'seeds', 'egb-logits.tau', 'sim.kappa']) expect(sweepKeyText(parseSweepKey(text))).toBe(text);
    expect(sweepKeyInfo(parseSweepKey('egb-logits.tau'))).toEqual({ text: 'egb-logits.tau', label: 'EGB-Logits: Branch threshold tau', min: 0, max: 0.5, integer: false });
    expect(sweepKeyInfo(parseSweepKey('reflexion.memory')).integer).toBe(true);
  });

  it("should be the settings schema's sweepable settings, with their names, labels and ranges", () => {
    const all = sweepableKeys({ strategies: [...new Set(SETTINGS.filter((s) => s.group === 'hyperparameter').map((s) => s.name.split('.')[0]))], model: 'sim:small' });
    expect(all.map(sweepKeyText).sort()).toEqual(SETTINGS.filter((s) => s.where.sweep).map((s) => s.name).sort());
    for (const key of all) {
      const setting = settingNamed(sweepKeyText(key))!;
      expect(sweepKeyInfo(key), setting.name).toEqual({ text: setting.name, label: setting.label, min: setting.range!.min, max: setting.range!.max, ...(setting.range!.aboveMin ? { aboveMin: true } : {}), integer: setting.type === 'int' });
    }
  });

  it('should list what a config can sweep: dials on SimLM only', () => {
    const keys = sweepableKeys({ strategies: ['react', 'reflexion'], model: 'sim:small' }).map(sweepKeyText);
    expect(keys).toEqual(expect.arrayContaining(['tasks', 'seeds', 'react.candidates', 'reflexion.memory', 'sim.kappa', 'sim.tau']));
    expect(sweepableKeys({ strategies: ['react'], model: 'openai:http://x/v1#m' }).map(sweepKeyText)).not.toContain('sim.kappa');
  });
});

describe('sweepConfigs', () => {
  const withoutSwept = (config: RunConfig, text: string): unknown => {
    const copy = structuredClone(config) as RunConfig & Record<string, unknown>;
    const key = parseSweepKey(text.split('=')[0]);
    if (key.kind === 'tasks' || key.kind === 'seeds') delete copy[key.kind];
    if (key.kind === 'dial') delete copy.dials?.[key.skill];
    if (key.kind === 'param') delete copy.params[key.strategy]?.[key.param];
    return copy;
  };

  it('should change only the swept setting, keeping the rest of the base (other params and dials too)', () => {
    const rich: RunConfig = { ...base, strategies: ['react', 'reflexion'], params: { reflexion: { window: 3 } }, dials: { historyUse: 0.9 } };
    for (const text of ['tasks=4:8:3', 'seeds=1:3:3', 'reflexion.memory=1:5:3', 'sim.kappa=1:5:3']) {
      const sweep = parseSweep(text);
      const configs = sweepConfigs(rich, sweep);
      expect(configs).toHaveLength(3);
      for (const config of configs) expect(withoutSwept(config, text)).toEqual(withoutSwept(rich, text));
    }
    expect(sweepConfigs(rich, parseSweep('reflexion.memory=1:5:3')).map((c) => c.params.reflexion)).toEqual([{ window: 3, memory: 1 }, { window: 3, memory: 3 }, { window: 3, memory: 5 }]);
    expect(sweepConfigs(rich, parseSweep('sim.kappa=1:5:3'))[2].dials).toEqual({ historyUse: 0.9, kappa: 5 });
    expect(rich.dials).toEqual({ historyUse: 0.9 });
  });

  it('should refuse a setting the run would not use', () => {
    expect(() => sweepConfigs(base, parseSweep('reflexion.memory=1:5:3'))).toThrow(/reflexion is not among the run's strategies \(react\); add it/);
    expect(() => sweepConfigs({ ...base, model: 'openai:http://x/v1#m' }, parseSweep('sim.kappa=1:5:3'))).toThrow(/needs a SimLM model/);
  });
});

describe('sweepPoints', () => {
  it('should compute intervals from the task results where a row has none', () => {
    const task = (success: boolean) => ({ env: 'e', strategy: 's', taskId: String(Math.random()), taskKind: 'k', seed: 1, success, progress: success ? 1 : 0.5, steps: 3, invalidSteps: 0, failedCalls: 0, llmCalls: 3, promptTokens: 100, completionTokens: 10, callsByKind: {}, logitPasses: 0, metrics: {}, ms: 1 });
    const results = [task(true), task(false), task(true), task(true)];
    const row = { env: 'e', strategy: 's', tasks: 4, success: 0.75, progress: 0.875, llmCalls: 3, promptTokens: 100, completionTokens: 10, steps: 3, invalidSteps: 0, logitPasses: 0, logitPromptTokens: 0, metrics: {}, msPerTask: 1 };
    const [point] = sweepPoints(2, { rows: [row], results });
    expect(point).toMatchObject({ value: 2, env: 'e', strategy: 's', success: 0.75, n: 4, llmCallsInterval: [3, 3] });
    expect(point.successInterval[0]).toBeLessThan(0.75);
    expect(point.successInterval[1]).toBeGreaterThan(0.75);
  });
});

describe('runSweep with SimLM', () => {
  const runner = new InThreadRunner(load);
  const run = (config: RunConfig) => runner.run(config);

  it('should run each value in order and give every strategy a point with intervals; the same sweep twice gives the same points', async () => {
    const config = { ...base, strategies: ['react', 'autotool-react'] };
    const labels: string[] = [];
    const first = await runSweep(config, parseSweep('sim.kappa=1:5:3'), run, { onPoint: (_points, result) => labels.push(result.model.label) });
    expect(first).toMatchObject({ key: 'sim.kappa', label: settingNamed('sim.kappa')!.label, values: [1, 3, 5], status: 'done' });
    expect(first.points.map((p) => [p.value, p.strategy, p.n])).toEqual([[1, 'react', 4], [1, 'autotool-react', 4], [3, 'react', 4], [3, 'autotool-react', 4], [5, 'react', 4], [5, 'autotool-react', 4]]);
    expect(labels).toEqual([1, 3, 5].map((kappa) => `Simulated model: Small (7B-class open model), kappa=${kappa}`));
    const within = (value: number, [low, high]: [number, number]) => low <= value + 1e-9 && value <= high + 1e-9;
    for (const p of first.points) {
      expect(within(p.success, p.successInterval) && within(p.progress, p.progressInterval) && within(p.llmCalls, p.llmCallsInterval) && within(p.promptTokens, p.promptTokensInterval), JSON.stringify(p)).toBe(true);
      expect(p.llmCalls).toBeGreaterThan(0);
    }
    const second = await runSweep(config, parseSweep('sim.kappa=1:5:3'), run);
    expect(second.points).toEqual(first.points);
  });

  it('should sweep the number of tasks', async () => {
    const result = await runSweep(base, parseSweep('tasks=4:8:2'), run);
    expect(result.points.map((p: SweepPoint) => [p.value, p.n])).toEqual([[4, 4], [8, 8]]);
  });

  it('should stop on an aborted signal or a cancelled or failed run, keeping the points so far', async () => {
    const controller = new AbortController();
    const stopped = await runSweep(base, parseSweep('tasks=2:4:3'), run, { signal: controller.signal, onPoint: () => controller.abort() });
    expect(stopped).toMatchObject({ status: 'cancelled', values: [2, 3, 4] });
    expect(stopped.points.map((p) => p.value)).toEqual([2]);

    let calls = 0;
    const cancelledSecond = async (config: RunConfig): Promise<RunResult> => ({ ...(await run(config)), ...(calls++ === 1 ? { status: 'cancelled' as const } : {}) });
    const cancelled = await runSweep(base, parseSweep('tasks=2:4:3'), cancelledSecond);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.points.map((p) => p.value)).toEqual([2]);

    const failing = async (config: RunConfig): Promise<RunResult> => ({ ...(await run(config)), status: 'error', error: 'the server stopped answering' });
    expect(await runSweep(base, parseSweep('tasks=2:4:3'), failing)).toMatchObject({ status: 'error', error: 'the server stopped answering', points: [] });
  });
});
