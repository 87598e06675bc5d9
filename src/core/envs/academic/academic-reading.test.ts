import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Action, Task } from '../../types';
import type { ChatMessage, ShownOption } from '../../llm/language-model';
import type { Advice } from '../../llm/advisor';
import { promptText } from '../../llm/advisor';
import { formatAction } from '../../llm/action-format';
import { reactInstruction } from '../../llm/prompts/react-instruction';
import { fullDocOptions } from '../../llm/prompts/tool-listing';
import { academicSpec } from '.';
import type { AcademicDataset } from './dataset';
import { promptReader } from '../../llm/sim/prompt-shapes';
import { ACADEMIC_TOOLS } from './tools';

const json = JSON.parse(readFileSync(new URL('../../../../public/data/academic.json', import.meta.url), 'utf8'));
const bundled = academicSpec.parse(json);
const train = bundled.tasks.filter((task) => task.split === 'train');
const options = fullDocOptions(ACADEMIC_TOOLS, 'json');

/** One request of a ReAct run: its messages, options and the advice the advisor gave. */
interface Request {
  messages: ChatMessage[];
  options: ShownOption[];
  advice: Advice;
}

/**
 * Runs a ReAct-shaped episode whose every step is the advisor's first call (greedy), after the
 * `prefix` actions (to start from a messy transcript). Returns the outcome and every request.
 */
function follow(dataset: AcademicDataset, task: Task, prefix: Action[] = [], reflections: string[] = []) {
  const env = academicSpec.create(dataset);
  const system = reactInstruction({ goal: task.goal, style: 'json', toolLines: options.map((o) => o.shown), reflections });
  const turns: ChatMessage[] = [{ role: 'user', content: `Observation: ${env.reset(task, 1)}` }];
  const requests: Request[] = [];
  let result = { done: false, success: false, progress: 0 };
  const act = (action: Action, thought: string) => {
    const step = env.step(action);
    result = step;
    turns.push({ role: 'assistant', content: `Think: ${thought}\nAction: ${formatAction(action, 'json', ACADEMIC_TOOLS)}` }, { role: 'user', content: `Observation: ${step.observation}` });
  };
  for (const action of prefix) act(action, 'Let me try something.');
  while (!result.done && turns.length / 2 < env.maxSteps) {
    const messages: ChatMessage[] = [{ role: 'system', content: system }, ...turns];
    const advice = promptReader.advise({ messages, options });
    requests.push({ messages, options, advice });
    if (!advice.calls[0]) break;
    act(advice.calls[0], advice.reason ?? '');
  }
  return { ...result, requests };
}

/** True when a value occurs in the prompt; a finish answer may instead be a count or a list of shown items. */
function shown(text: string, call: Action, name: string): boolean {
  const value = String(call.args[name]).toLowerCase();
  if (text.includes(value)) return true;
  if (call.tool !== 'finish') return false;
  return /^\d+$/.test(value) || value.split(', ').every((item) => text.includes(item));
}

describe('SimLM reading academic prompts (the tool-listing shape)', () => {
  it('should solve the training tasks when its advice is followed greedily', () => {
    const runs = train.map((task) => follow(bundled, task));
    const success = runs.filter((run) => run.success).length / runs.length;
    const progress = runs.reduce((sum, run) => sum + run.progress, 0) / runs.length;
    console.log(`academic reading, greedy on ${runs.length} training tasks: success ${(success * 100).toFixed(0)}%, progress ${progress.toFixed(2)}`);
    expect(success).toBeGreaterThan(0.8);
  });

  it('should recover from a messy start: a check before loading, a wrong graph, a reflection', () => {
    const runs = train.map((task) =>
      follow(
        bundled,
        task,
        [
          { tool: 'paperNodeCheck', args: { node: 'Some Paper' } },
          { tool: 'loadAuthorNet', args: {} },
          { tool: 'check_valid_actions', args: {} },
        ],
        ['Load the graph before checking a node.'],
      ),
    );
    const success = runs.filter((run) => run.success).length / runs.length;
    console.log(`academic reading, greedy after a messy start: success ${(success * 100).toFixed(0)}%`);
    expect(success).toBeGreaterThan(0.8);
  });

  it('should only write argument values the prompt shows (answers: shown items, or a count of them)', () => {
    for (const task of train) {
      for (const { messages, advice } of follow(bundled, task).requests) {
        const text = promptText(messages).toLowerCase();
        for (const call of advice.calls) {
          expect(options.map((o) => o.name)).toContain(call.tool);
          for (const name of Object.keys(call.args)) expect(shown(text, call, name), `${call.tool}.${name} = ${call.args[name]}`).toBe(true);
        }
        for (const [tool, param] of [['paperNodeCheck', 'node'], ['authorEdgeCheck', 'node1'], ['neighbourCheck', 'graph'], ['finish', 'answer']]) {
          for (const value of promptReader.values({ messages, options }, tool, param)) expect(text).toContain(String(value).toLowerCase());
        }
      }
    }
  });

  it('should give the same advice when only hidden state differs, and follow what observations show', () => {
    const task = train.find((t) => t.kind === 'venue')!;
    const title = /"(.+)"/.exec(task.goal)![1];
    // Counterfactual graph: the asked paper's venue and an unrelated paper's year change; the gold data does too.
    const changed = structuredClone(bundled);
    const paper = changed.graph.papers.find((p) => p.title === title)!;
    paper.venue = 'Some Other Venue';
    changed.graph.papers.find((p) => p.title !== title)!.year = 1900;
    const [a, b] = [follow(bundled, task), follow(changed, { ...task, data: { ...(task.data as object), answer: 'Some Other Venue' } })];
    // Up to the check that shows the venue, the prompts are the same and so is the advice.
    expect(a.requests.slice(0, 2).map((r) => r.advice)).toEqual(b.requests.slice(0, 2).map((r) => r.advice));
    expect(a.requests.at(-1)!.advice.calls[0].args.answer).not.toBe('Some Other Venue');
    expect(b.requests.at(-1)!.advice.calls[0]).toEqual({ tool: 'finish', args: { answer: 'Some Other Venue' } });
    expect(b.success).toBe(true);
  });

  it('should advise the tool it wants by name when EcoAct shows only names, and nothing for an unknown question', () => {
    const names: ShownOption[] = ACADEMIC_TOOLS.filter((t) => t.name !== 'finish').map((t) => ({ name: t.name, shown: t.name }));
    const register = { name: 'tool_register', shown: '- tool_register: Registers a tool by name. Arguments: "tool_name" (string, required): the name.' };
    const ecoact = [...names, options.find((o) => o.name === 'finish')!, register];
    const messages: ChatMessage[] = [
      { role: 'system', content: `Your goal is to: ${train[0].goal}\n\nAvailable tools:\n${options.find((o) => o.name === 'finish')!.shown}\n${register.shown}\n\nTools you can register with tool_register (names only ...): ${names.map((n) => n.name).join(', ')}.` },
      { role: 'user', content: `Observation: ${academicSpec.create(bundled).reset(train[0], 1)}` },
    ];
    expect(promptReader.advise({ messages, options: ecoact }).calls[0]?.tool).toMatch(/^load(Paper|Author)Net$/);
    const unknown: ChatMessage[] = [{ role: 'user', content: 'Observation: ready.\nQuestion: What is the meaning of life?' }];
    expect(promptReader.advise({ messages: unknown, options }).calls).toEqual([]);
  });
});
