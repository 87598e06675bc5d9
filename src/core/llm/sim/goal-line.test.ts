import { describe, expect, it } from 'vitest';
import { goalLine, goalText } from './read-context';

// Made-up prompts (a greenhouse and a bakery), not an environment's.
describe('goalLine', () => {
  it('takes the line that labels the goal over an instruction that only speaks of "your task"', () => {
    const messages = [
      { role: 'system' as const, content: 'You are a helpful assistant. Your task is to interact with a greenhouse simulator to get things done.\nCommands:\n- go to {place}: walk there.' },
      { role: 'user' as const, content: 'You are in the greenhouse. You see bench 1 and shelf 2.\nYour task is to: water the fern on shelf 2.' },
    ];
    expect(goalLine(messages)).toBe('Your task is to: water the fern on shelf 2.');
  });

  it('falls back to a line that speaks of the task, then to the first line', () => {
    expect(goalLine([{ role: 'user', content: 'Hello.\nThe query concerns the bakery opening hours today.' }])).toBe('The query concerns the bakery opening hours today.');
    expect(goalLine([{ role: 'user', content: 'Bake bread.\nThen rest.' }])).toBe('Bake bread.');
  });

  it('gives the goal itself without the label a strategy puts before it', () => {
    const asked = (first: string) => goalText([{ role: 'system', content: 'You are a helpful assistant.' }, { role: 'user', content: first }]);
    const goal = 'Order rye flour for the bakery (reason: stock low) and tell Mara.';
    expect(asked(`User query: ${goal}`)).toBe(goal);
    expect(asked(`Your goal is to: ${goal}`)).toBe(goal);
    expect(asked(`Query: ${goal}`)).toBe(goal);
    expect(asked(`Your MAIN GOAL is: **Your task is to: ${goal}**`)).toBe(goal);
    // A colon inside the goal is the goal's own.
    expect(asked('Question: Which oven: the left or the right one?')).toBe('Which oven: the left or the right one?');
  });
});

