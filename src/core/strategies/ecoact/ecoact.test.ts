import { describe, expect, it } from 'vitest';
import { ecoactReactSpec } from '.';
import { ScriptedModel } from '../../testing/scripted-model';
import { generateToolbenchDataset } from '../../envs/toolbench/generate-dataset';
import { ToolbenchEnvironment } from '../../envs/toolbench/toolbench-environment';
import { LexicalEmbedder } from '../../embed/lexical-embedder';
import { Rng } from '../../rng';
import type { TraceEvent } from '../../trace';
import type { StrategyContext } from '../strategy';
import { ENVIRONMENTS } from '../../envs';
import { bundledDataset, recordSimRun } from '../../testing/record-sim-run';

function setup(script: string[]) {
  const file = generateToolbenchDataset(3, 6);
  const task = { ...file.tasks.find((t) => t.data.pool.length > 10)!, env: 'toolbench' };
  const env = new ToolbenchEnvironment(file.tools);
  const model = new ScriptedModel(script);
  const events: TraceEvent[] = [];
  const context: StrategyContext = { taskId: task.id, goal: task.goal, initialObservation: env.reset(task), env, model, embedder: new LexicalEmbedder(), rng: new Rng(1), emit: (e) => events.push(e) };
  return { task, model, events, context };
}

describe('EcoAct', () => {
  it('should list names only until a tool is registered, then show only registered docs', async () => {
    const probe = setup([]);
    const [needed, next] = probe.task.data.calls;
    const { model, events, context } = setup([
      `Think: register the lookup.\nAction: tool_register with Action Input: {"tool_name": "${needed.tool}"}`,
      `Think: call it.\nAction: ${needed.tool} with Action Input: ${JSON.stringify(needed.args)}`,
      `Think: call the next before registering it.\nAction: ${next.tool} with Action Input: ${JSON.stringify(next.args)}`,
      'Think: done.\nAction: finish with Action Input: {"answer": "x"}',
    ]);
    const outcome = await ecoactReactSpec.create({}).runTask(context);
    const [first, second] = model.requests.map((r) => r.messages[0].content);
    const other = probe.task.data.pool.find((name) => !probe.task.data.calls.some((c) => c.tool === name))!;
    // Before registering: every candidate appears by name, none with its documentation.
    expect(first).toContain(`tool_register`);
    expect(first).toContain(other);
    expect(first).not.toContain(`- ${needed.tool}:`);
    expect(first).not.toContain(`- ${other}:`);
    // After: the registered tool's doc line, still no doc of the others.
    expect(second).toContain(`- ${needed.tool}:`);
    expect(second).not.toContain(`- ${other}:`);
    // The model's options: unregistered tools shown by name only, tool_register by its doc.
    const options = model.requests[0].options!;
    expect(options.find((o) => o.name === other)).toEqual({ name: other, shown: other });
    expect(options.find((o) => o.name === 'tool_register')?.shown).toMatch(/^- tool_register: /);
    // Calling an unregistered tool fails with a clear observation; one registration was counted.
    const steps = events.filter((e): e is Extract<TraceEvent, { type: 'step' }> => e.type === 'step');
    expect(steps[2].observation).toMatch(/not registered yet. Call tool_register/);
    expect(events.filter((e) => e.type === 'register')).toEqual([{ type: 'register', index: 1, tool: needed.tool, registered: 1, available: probe.task.data.pool.length }]);
    expect(outcome.stats).toEqual({ registeredTools: 1, availableTools: probe.task.data.pool.length });
  });

  it('should register one listed tool per step and refuse names that are not listed', async () => {
    const { events, context } = setup(['Think: two at once.\nAction: tool_register with Action Input: {"tool_name": "a, b"}', 'Think: stop.\nAction: finish with Action Input: {"answer": "x"}']);
    await ecoactReactSpec.create({}).runTask(context);
    const steps = events.filter((e): e is Extract<TraceEvent, { type: 'step' }> => e.type === 'step');
    expect(steps[0]).toMatchObject({ ok: false });
    expect(steps[0].observation).toMatch(/register one listed name per step/);
  });
});

describe('EcoAct over a run', () => {
  it('should give the same results for the same seed and report registered and available tools', async () => {
    const { readFile } = await import('node:fs/promises');
    const { InThreadRunner } = await import('../../run/runner');
    const { DEFAULT_RUN_CONFIG } = await import('../../run/run-config');
    const load = async (file: string) => JSON.parse(await readFile(new URL(`../../../../public/data/${file}`, import.meta.url), 'utf8'));
    const config = { ...DEFAULT_RUN_CONFIG, envs: ['toolbench'], strategies: ['react', 'ecoact-react'], tasks: 6, seeds: 1, seed: 4 };
    const first = await new InThreadRunner(load).run(config);
    const second = await new InThreadRunner(load).run(config);
    expect(second.results.map(({ ms: _ms, ...r }) => r)).toEqual(first.results.map(({ ms: _ms, ...r }) => r));
    const eco = first.results.filter((r) => r.strategy === 'ecoact-react');
    expect(eco.every((r) => r.metrics.availableTools === r.metrics.poolSize && r.metrics.registeredTools >= 0)).toBe(true);
    expect(first.results.filter((r) => r.strategy === 'react').every((r) => r.metrics.registeredTools === undefined)).toBe(true);
  }, 60_000);
});

describe('EcoAct where actions are commands (household)', () => {
  it('lists the unregistered names in the prompt and registers with a command SimLM can write', async () => {
    const spec = ENVIRONMENTS.household;
    const dataset = bundledDataset(spec);
    const calls = await recordSimRun(spec, dataset, dataset.tasks[0], { strategy: 'ecoact-react', seed: 2 });
    expect(calls[0].messages[0].content).toMatch(/Tools you can register with tool_register[^\n]*go_to/);
    expect(calls[0].messages[0].content).toContain('- tool_register {tool_name}:');
    expect(calls.some((call) => /Action: tool_register \w+$/m.test(call.reply))).toBe(true);
  });
});
