import { describe, expect, it } from 'vitest';
import { ecoactReactSpec } from '.';
import { ScriptedModel } from '../../../../test/fixtures/scripted-model';
import { generateToolbenchDataset } from '../../envs/toolbench/generate-dataset';
import { ToolbenchEnvironment } from '../../envs/toolbench/toolbench-environment';
import { LexicalEmbedder } from '../../embed/lexical-embedder';
import { Rng } from '../../rng';
import type { TraceEvent } from '../../trace';
import type { StrategyContext } from '../strategy';
import { ENVIRONMENTS } from '../../envs';
import { bundledDataset, recordSimRun, type RecordedCall } from '../../../../test/fixtures/record-sim-run';
import { parseReply } from '../../llm/parse-reply';
import { UNKNOWN_COMMAND } from '../../llm/action-format';
import { TOOL_REGISTER } from './registration-view';
import type { Tool } from '../../types';

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
  it('should start with the meta-tool alone, give the names in the query, then document and offer only registered tools', async () => {
    const probe = setup([]);
    const [needed, next] = probe.task.data.calls;
    const { model, events, context } = setup([
      `Think: register the lookup.\nAction: tool_register with Action Input: {"tool_name": "${needed.tool}"}`,
      `Think: call it.\nAction: ${needed.tool} with Action Input: ${JSON.stringify(needed.args)}`,
      `Think: call the next before registering it.\nAction: ${next.tool} with Action Input: ${JSON.stringify(next.args)}`,
      'Think: done.\nAction: finish with Action Input: {"answer": "x"}',
    ]);
    const outcome = await ecoactReactSpec.create({}).runTask(context);
    const [first, second] = model.requests;
    const other = probe.task.data.pool.find((name) => !probe.task.data.calls.some((c) => c.tool === name))!;
    // The first prompt offers the meta-tool's call (and finish) and nothing else (section 2.2: A_0 = {tool_register}).
    expect(first.options!.map((o) => o.name).sort()).toEqual(['finish', 'tool_register']);
    expect(first.messages[0].content).toMatch(/^- tool_register: /m);
    expect(first.messages[0].content).not.toContain(other);
    expect(first.messages[0].content).not.toContain(needed.tool);
    // The names come with the user's query, a user message before the first observation.
    expect(first.messages[1]).toEqual({ role: 'user', content: expect.stringContaining(`${other}`) });
    expect(first.messages[1].content).toContain(needed.tool);
    expect(first.messages[2].content).toMatch(/^Observation: /);
    // After registering: the registered tool is documented and offered; the others are not.
    expect(second.options!.map((o) => o.name).sort()).toEqual(['finish', needed.tool, 'tool_register'].sort());
    expect(second.messages[0].content).toContain(`- ${needed.tool}:`);
    expect(second.messages[0].content).not.toContain(other);
    // A model that writes a call of an unregistered tool anyway is refused; one registration was counted.
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
    expect(calls[0].messages[1].content).toMatch(/register with tool_register[^\n]*go_to/);
    expect(calls[0].messages[0].content).not.toMatch(/go_to|go to \{/);
    expect(calls[0].messages[0].content).toContain('- tool_register {tool_name}:');
    expect(calls.some((call) => /Action: tool_register \w+$/m.test(call.reply))).toBe(true);
  });
});

describe('EcoAct with SimLM', () => {
  /** Each act reply's tool, and whether it had been registered (or was always callable) when it was called. */
  function unregisteredCalls(calls: RecordedCall[], style: 'json' | 'command', tools: Tool[]): { calls: number; registrations: number; unregistered: string[] } {
    const registered = new Set(['finish', 'tool_register']);
    let count = 0;
    let registrations = 0;
    const unregistered: string[] = [];
    for (const call of calls.filter((c) => c.kind === 'act')) {
      const parsed = parseReply(call.reply, style, [...tools, TOOL_REGISTER]);
      // A command that matches no tool's template (a slot left empty) calls no tool.
      if (!parsed.ok || parsed.action.tool === UNKNOWN_COMMAND) continue;
      count++;
      if (parsed.action.tool === 'tool_register') {
        registrations++;
        registered.add(String(parsed.action.args.tool_name));
      } else if (!registered.has(parsed.action.tool)) unregistered.push(`${parsed.action.tool} <- ${parsed.actionText}`);
    }
    return { calls: count, registrations, unregistered };
  }

  it('never calls a tool that was not registered (toolbench at 20+ tools, household)', async () => {
    const totals = { calls: 0, registrations: 0, unregistered: [] as string[] };
    for (const id of ['toolbench', 'household'] as const) {
      const spec = ENVIRONMENTS[id];
      const dataset = bundledDataset(spec);
      const tasks = dataset.tasks.filter((t) => t.split === 'test' && (id !== 'toolbench' || (t.data as { pool: string[] }).pool.length > 20)).slice(0, 6);
      for (const task of tasks) {
        for (const seed of [1, 2]) {
          const calls = await recordSimRun(spec, dataset, task, { strategy: 'ecoact-react', seed });
          const env = spec.create(dataset);
          env.reset(task, seed);
          const tools = env.tools();
          const found = unregisteredCalls(calls, spec.id === 'household' ? 'command' : 'json', tools);
          totals.calls += found.calls;
          totals.registrations += found.registrations;
          totals.unregistered.push(...found.unregistered);
        }
      }
    }
    expect(totals.registrations).toBeGreaterThan(20);
    expect(totals.calls).toBeGreaterThan(totals.registrations);
    expect(totals.unregistered).toEqual([]);
  }, 120_000);
});
