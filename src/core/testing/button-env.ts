import type { Action, Dataset, Environment, Expert, StepResult, Task, Tool } from '../types';
import type { EnvSpec } from '../envs/env-spec';
import type { Advisor } from '../llm/advisor';
import { promptText } from '../llm/advisor';

/** A tiny test environment: press the buttons named in the task, in order. */
export class ButtonEnvironment implements Environment {
  readonly id = 'buttons';
  readonly actionStyle = 'command' as const;
  readonly maxSteps = 8;
  sequence: string[] = [];
  pressed = 0;

  reset(task: Task): string {
    this.sequence = (task.data as { sequence: string[] }).sequence;
    this.pressed = 0;
    return `You see buttons ${[...this.sequence].sort().join(', ')}.`;
  }

  tools(): Tool[] {
    return [
      { name: 'press', description: 'Press a button.', template: 'press {button}', arguments: { properties: { button: { type: 'string', description: 'the button' } }, required: ['button'] } },
      { name: 'look', description: 'Look around.', template: 'look', arguments: { properties: {}, required: [] } },
    ];
  }

  step(action: Action): StepResult {
    const progress = () => this.pressed / this.sequence.length;
    if (action.tool === 'look') return { observation: `You see buttons ${this.sequence.join(', ')}.`, ok: true, done: false, progress: progress(), success: false };
    if (action.tool === 'press' && action.args.button === this.sequence[this.pressed]) {
      this.pressed++;
      const success = this.pressed === this.sequence.length;
      return { observation: `Button ${action.args.button} lights up.`, ok: true, done: success, progress: progress(), success };
    }
    return { observation: 'Nothing happens.', ok: false, done: false, progress: progress(), success: false };
  }
}

/** The expert of the button environment. */
export function buttonExpert(env: ButtonEnvironment): Expert {
  return {
    next: () => (env.pressed < env.sequence.length ? { tool: 'press', args: { button: env.sequence[env.pressed] } } : null),
    argumentChoices: () => env.sequence,
  };
}

/**
 * The advisor of the button environment: presses the goal's buttons in the order the goal names
 * them, after the ones the transcript shows lit up (read from the text alone).
 */
export const buttonAdvisor: Advisor = {
  env: 'buttons',
  recognizes: (text) => /press the buttons/i.test(text),
  advise({ messages }) {
    const text = promptText(messages);
    const order = /press the buttons ([\w ]+?)\./i.exec(text)?.[1].split(/\s+then\s+/) ?? [];
    const lit = [...text.matchAll(/Button (\w+) lights up/g)].map((m) => m[1]);
    const next = order.find((button) => !lit.includes(button));
    return { calls: next ? [{ tool: 'press', args: { button: next } }] : [], reason: next ? `press ${next}` : undefined };
  },
  values({ messages }) {
    return [...new Set([...promptText(messages).matchAll(/\b(red|green|blue)\b/gi)].map((m) => m[1].toLowerCase()))];
  },
};

/** A dataset of button tasks. */
export function buttonDataset(count = 6): Dataset {
  const tasks: Task[] = Array.from({ length: count }, (_, i) => ({
    id: `buttons-${i}`,
    env: 'buttons',
    goal: `Press the buttons ${['red', 'green', 'blue'].slice(0, 1 + (i % 3)).join(' then ')}.`,
    split: i % 3 === 0 ? 'train' : 'test',
    kind: `length-${1 + (i % 3)}`,
    data: { sequence: ['red', 'green', 'blue'].slice(0, 1 + (i % 3)) },
  }));
  return { env: 'buttons', tasks };
}

/** The registry entry of the button environment. */
export const buttonSpec: EnvSpec = {
  id: 'buttons',
  label: 'Buttons (test)',
  description: 'Press buttons in order.',
  dataFile: 'buttons.json',
  parse: (json) => json as Dataset,
  create: () => new ButtonEnvironment(),
  expert: (env) => buttonExpert(env as ButtonEnvironment),
  advisor: buttonAdvisor,
};
