import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { GenerateRequest, LanguageModel } from '../llm/language-model';
import { withTemperature } from '../llm/default-temperature';
import { InThreadRunner } from './runner';
import { DEFAULT_RUN_CONFIG } from './run-config';
import { ENVIRONMENTS } from '../envs';
import { temperatureFor } from './temperature';

const loadBundled = async (file: string) => JSON.parse(await readFile(new URL(`../../../public/data/${file}`, import.meta.url), 'utf8'));

describe('sampling temperature', () => {
  it("is each environment's paper's unless the run sets one", () => {
    expect(temperatureFor({}, ENVIRONMENTS.household)).toBe(0); // AutoTool 5.1
    expect(temperatureFor({}, ENVIRONMENTS.academic)).toBe(0); // AutoTool 5.1
    expect(temperatureFor({}, ENVIRONMENTS.restapi)).toBe(0); // ToolExpNet 4.3
    expect(temperatureFor({}, ENVIRONMENTS.slate)).toBe(1); // EGB 6.1
    expect(temperatureFor({}, ENVIRONMENTS.toolbench)).toBe(1); // EcoAct: unstated
    expect(temperatureFor({ temperature: 0.5 }, ENVIRONMENTS.slate)).toBe(0.5);
  });

  it('reaches every generation request that sets none, and leaves one that sets its own', async () => {
    const seen: (number | undefined)[] = [];
    const inner: LanguageModel = { id: 'x', label: 'x', simulated: true, generate: async (request: GenerateRequest) => (seen.push(request.temperature), { text: '', usage: { promptTokens: 0, completionTokens: 0 }, ms: 0 }) };
    const model = withTemperature(inner, 0);
    await model.generate({ kind: 'act', messages: [] });
    await model.generate({ kind: 'act', messages: [], temperature: 1 });
    expect(seen).toEqual([0, 1]);
  });

  it('is what a run samples at, and the result says which', async () => {
    const config = { ...DEFAULT_RUN_CONFIG, envs: ['household'], strategies: ['react'], tasks: 4, seeds: 1 };
    const paper = await new InThreadRunner(loadBundled).run(config);
    const one = await new InThreadRunner(loadBundled).run({ ...config, temperature: 1 });
    expect(paper.temperatures).toEqual({ household: 0 });
    expect(one.temperatures).toEqual({ household: 1 });
    const steps = (result: typeof paper) => JSON.stringify(Object.values(result.traces).map((trace) => trace.filter((e) => e.type === 'step')));
    expect(steps(one)).not.toEqual(steps(paper));
  }, 60_000);
});
