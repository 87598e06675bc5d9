import { describe, expect, it } from 'vitest';
import { goalLine } from './read-context';

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
});
