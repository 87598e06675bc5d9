import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Action, Task } from '../../types';
import type { ChatMessage, ShownOption } from '../../llm/language-model';
import { reactInstruction } from '../../llm/prompts/react-instruction';
import { fullDocOptions } from '../../llm/prompts/tool-listing';
import { formatAction } from '../../llm/action-format';
import { promptText } from '../../llm/advisor';
import { parseToolbenchDataset } from './dataset';
import { ToolbenchEnvironment } from './toolbench-environment';
import { toolListingReader as toolbenchAdvisor } from '../../llm/sim/tool-listing/tool-listing-reader';

const dataset = parseToolbenchDataset(JSON.parse(readFileSync(new URL('../../../../public/data/toolbench.json', import.meta.url), 'utf8')));

/** Runs a task the way a ReAct agent would, taking the advisor's first call each step. */
function run(env: ToolbenchEnvironment, task: Task, opts: { bare?: boolean; check?: (messages: ChatMessage[], action: Action) => void } = {}) {
  const first = env.reset(task);
  const tools = env.tools();
  const options: ShownOption[] = opts.bare ? tools.map((t) => (t.name === 'finish' ? fullDocOptions([t], 'json')[0] : { name: t.name, shown: t.name })) : fullDocOptions(tools, 'json');
  const system = reactInstruction({ goal: task.goal, style: 'json', toolLines: options.map((o) => o.shown), reflections: [] });
  const messages: ChatMessage[] = [{ role: 'system', content: system }, { role: 'user', content: `Observation: ${first}` }];
  let last = { success: false, progress: 0 };
  for (let step = 0; step < env.maxSteps; step++) {
    const advice = toolbenchAdvisor.advise({ messages, options });
    const action = advice.calls[0];
    if (!action) break;
    opts.check?.(messages, action);
    const result = env.step(action);
    last = result;
    messages.push({ role: 'assistant', content: `Think: ${advice.reason ?? ''}\nAction: ${formatAction(action, 'json', tools)}` }, { role: 'user', content: `Observation: ${result.observation}` });
    if (result.done) break;
  }
  return last;
}

describe('the tool-listing reader on ToolBench listings', () => {
  const env = new ToolbenchEnvironment(dataset.tools);
  const train = dataset.tasks.filter((t) => t.split === 'train');

  it('should solve most training queries when its advice is followed greedily, with full docs and with bare names', () => {
    const rate = (bare: boolean) => train.filter((t) => run(env, t, { bare }).success).length / train.length;
    const full = rate(false);
    const bare = rate(true);
    console.log(`toolbench advisor, greedy: ${(full * 100).toFixed(0)}% of ${train.length} training queries with full docs, ${(bare * 100).toFixed(0)}% with bare names`);
    expect(full).toBeGreaterThanOrEqual(0.8);
    expect(bare).toBeGreaterThanOrEqual(0.5);
  });

  it('should advise the lookup of the named entity first, and both near-duplicates when the query names no provider', () => {
    const task = train[0];
    env.reset(task);
    const options = fullDocOptions(env.tools(), 'json');
    const goal = task.goal.replace(/ from the \w+ API/, '');
    const messages: ChatMessage[] = [{ role: 'user', content: `Observation: Query: ${goal}` }];
    const advice = toolbenchAdvisor.advise({ messages, options });
    expect(advice.calls.map((c) => c.tool).sort()).toEqual(['meteohub_search_city', 'skycast_search_city']);
    expect(advice.calls[0].args).toEqual({ query: 'Lisbon' });
  });

  it('should give the same advice when only hidden state differs (the answer and the ids to come)', () => {
    const task = train[0];
    const other = { ...task, data: { ...(task.data as object), answer: 1, calls: [] } } as Task;
    const advice = (t: Task) => {
      env.reset(t);
      const options = fullDocOptions(env.tools(), 'json');
      return toolbenchAdvisor.advise({ messages: [{ role: 'user', content: `Observation: Query: ${t.goal}` }], options });
    };
    expect(advice(other)).toEqual(advice(task));
  });

  it('should only advise argument values the prompt shows and tools it lists', () => {
    for (const task of train.slice(0, 30)) {
      for (const bare of [false, true]) {
        run(env, task, {
          bare,
          check: (messages, action) => {
            expect(env.tools().map((t) => t.name)).toContain(action.tool);
            const text = promptText(messages).toLowerCase();
            for (const value of Object.values(action.args)) expect([task.id, text.includes(String(value).toLowerCase())]).toEqual([task.id, true]);
          },
        });
      }
    }
  });
});
