import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Action, Task } from '../../types';
import type { ChatMessage } from '../../llm/language-model';
import { promptText } from '../../llm/advisor';
import { formatAction, parseCommand } from '../../llm/action-format';
import { reactInstruction } from '../../llm/prompts/react-instruction';
import { fullDocOptions, toolDocLine } from '../../llm/prompts/tool-listing';
import { householdSpec } from '.';
import { promptReader } from '../../llm/sim/prompt-shapes';
import { goalLine } from '../../llm/sim/read-context';
import { HOUSEHOLD_TOOLS } from './tools';
import type { HouseholdTaskData } from './world';

const bundled = householdSpec.parse(JSON.parse(readFileSync(new URL('../../../../public/data/household.json', import.meta.url), 'utf8')));
const options = fullDocOptions(HOUSEHOLD_TOOLS, 'command');

/** The messages of a ReAct request: instruction, then Observation / Think+Action turns. */
function request(goal: string, turns: ChatMessage[]): ChatMessage[] {
  const system = reactInstruction({ goal, style: 'command', toolLines: HOUSEHOLD_TOOLS.map((t) => toolDocLine(t, 'command')), reflections: [] });
  return [{ role: 'system', content: system }, ...turns];
}

/** Every argument value of every call occurs in the prompt text. */
function expectGrounded(messages: ChatMessage[], calls: Action[]): void {
  const text = promptText(messages).toLowerCase();
  for (const call of calls) {
    expect(options.map((o) => o.name)).toContain(call.tool);
    for (const value of Object.values(call.args)) expect([call.tool, text.includes(String(value).toLowerCase())]).toEqual([call.tool, true]);
  }
}

/** Follows the advisor's first call greedily in a fresh environment, `limit` steps at most. */
function follow(task: Task, limit = Infinity) {
  const env = householdSpec.create(bundled);
  const turns: ChatMessage[] = [{ role: 'user', content: `Observation: ${env.reset(task, 1)}` }];
  let result = { success: false, progress: 0, done: false };
  for (let step = 0; step < limit && !result.done; step++) {
    const messages = request(task.goal, turns);
    const advice = promptReader.advise({ messages, options });
    expectGrounded(messages, advice.calls);
    if (advice.calls.length === 0) break;
    const command = formatAction(advice.calls[0], 'command', HOUSEHOLD_TOOLS);
    const { observation, ...rest } = env.step(parseCommand(command, HOUSEHOLD_TOOLS));
    result = rest;
    turns.push({ role: 'assistant', content: `Think: ${advice.reason ?? ''}\nAction: ${command}` }, { role: 'user', content: `Observation: ${observation}` });
  }
  return { ...result, turns, goal: task.goal };
}

describe('SimLM reading household prompts (the text-world shape)', () => {
  it('reads each task\'s own goal as its goal line, so its fixed preferences are drawn per task', () => {
    // The line keys SimLM's fixed preferences (option-logits.ts): were it one sentence of the
    // instruction, one model seed would carry the same habit into every task.
    const lines = bundled.tasks.map((task) => {
      const env = householdSpec.create(bundled);
      const line = goalLine(request(task.goal, [{ role: 'user', content: `Observation: ${env.reset(task, 1)}` }]));
      expect(line).toContain(task.goal);
      return line;
    });
    expect(new Set(lines).size).toBe(new Set(bundled.tasks.map((task) => task.goal)).size);
  });

  it('should solve most bundled tasks when its advice is followed greedily', () => {
    for (const split of ['train', 'test'] as const) {
      const tasks = bundled.tasks.filter((task) => task.split === split);
      const runs = tasks.map((task) => follow(task));
      const success = runs.filter((run) => run.success).length / runs.length;
      const progress = runs.reduce((sum, run) => sum + run.progress, 0) / runs.length;
      console.log(`household advisor, ${split} split: success ${(100 * success).toFixed(0)}%, progress ${(100 * progress).toFixed(0)}% over ${runs.length} tasks`);
      expect(success).toBeGreaterThan(0.6);
      expect(progress).toBeGreaterThan(0.75);
    }
  });

  it('should give the same advice when only hidden state differs', () => {
    const task = bundled.tasks.find((t) => t.split === 'train' && t.kind === 'pick_and_place')!;
    const data = task.data as HouseholdTaskData;
    const first = follow(task, 3);
    const visited = new Set(first.turns.flatMap((turn) => [...turn.content.matchAll(/go to ([a-z]+ \d+)/g)].map((m) => m[1])));
    // Hide every object away from the receptacles the agent visited: the transcript text stays the same.
    const hideout = data.receptacles.map((r) => r.name).filter((name) => !visited.has(name)).at(-1)!;
    const moved: Task = { ...task, data: { ...data, objects: data.objects.map((o) => (visited.has(o.at) ? o : { ...o, at: hideout })) } };
    const second = follow(moved, 3);
    expect(second.turns.map((t) => t.content)).toEqual(first.turns.map((t) => t.content));
    const advice = (turns: ChatMessage[]) => promptReader.advise({ messages: request(task.goal, turns), options });
    expect(advice(second.turns)).toEqual(advice(first.turns));
  });

  it('should open a closed container it arrives at and take what it shows, by the id shown', () => {
    const goal = 'Your task is to: put a clean apple in diningtable.';
    const turns: ChatMessage[] = [
      { role: 'user', content: `Observation: You are in the middle of a room. Looking quickly around you, you see a cabinet 1, a diningtable 1, a fridge 1, and a sinkbasin 1.\n\n${goal}` },
    ];
    const next = () => promptReader.advise({ messages: request(goal, turns), options }).calls[0];
    const say = (action: string, observation: string) => turns.push({ role: 'assistant', content: `Think: ok\nAction: ${action}` }, { role: 'user', content: `Observation: ${observation}` });
    expect(next()).toEqual({ tool: 'go_to', args: { recep: 'fridge 1' } });
    say('go to fridge 1', 'You arrive at fridge 1. The fridge 1 is closed.');
    expect(next()).toEqual({ tool: 'open', args: { recep: 'fridge 1' } });
    say('open fridge 1', 'You open the fridge 1. In it, you see a apple 3, and a egg 1.');
    expect(next()).toEqual({ tool: 'take', args: { obj: 'apple 3', recep: 'fridge 1' } });
    say('take apple 3 from fridge 1', 'You pick up the apple 3 from the fridge 1.');
    expect(next()).toEqual({ tool: 'go_to', args: { recep: 'sinkbasin 1' } });
    say('go to sinkbasin 1', 'You arrive at sinkbasin 1. On the sinkbasin 1, you see nothing.');
    expect(next()).toEqual({ tool: 'clean', args: { obj: 'apple 3', recep: 'sinkbasin 1' } });
    // A failure is not repeated while nothing changed: it moves on to an alternative.
    say('clean apple 3 with sinkbasin 1', 'Nothing happens.');
    expect(next()).not.toEqual({ tool: 'clean', args: { obj: 'apple 3', recep: 'sinkbasin 1' } });
  });

  it('should offer only values the prompt shows', () => {
    const run = follow(bundled.tasks[0], 4);
    const messages = request(run.goal, run.turns);
    const text = promptText(messages).toLowerCase();
    for (const [tool, param] of [['go_to', 'recep'], ['take', 'obj'], ['toggle', 'target'], ['tool_register', 'tool_name']]) {
      for (const value of promptReader.values({ messages, options }, tool, param)) expect(text).toContain(String(value).toLowerCase());
    }
    expect(promptReader.values({ messages, options }, 'go_to', 'recep').length).toBeGreaterThan(3);
    expect(promptReader.advise({ messages: [], options }).calls).toEqual([]);
    // EcoAct: unregistered tools are options known by name only; the advice still names the tool it wants.
    const ecoact = [...options.filter((o) => o.name === 'look'), ...HOUSEHOLD_TOOLS.filter((t) => t.name !== 'look').map((t) => ({ name: t.name, shown: t.name })), { name: 'tool_register', shown: '- tool_register: ...' }];
    expect(promptReader.advise({ messages, options: ecoact }).calls).toEqual(promptReader.advise({ messages, options }).calls);
  });
});
