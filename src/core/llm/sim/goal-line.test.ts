import { describe, expect, it } from 'vitest';
import { goalOf } from './read-context';

// Made-up prompts (a greenhouse and a bakery), not an environment's.
describe('goalOf', () => {
  const goal = 'Order rye flour for the bakery (reason: stock low) and tell Mara.';
  const asked = (first: string) => [
    { role: 'system' as const, content: 'You are a helpful assistant. Your task is to interact with a bakery.' },
    { role: 'user' as const, content: first },
  ];

  it('reads the goal the task states, whatever label a strategy puts before it', () => {
    for (const label of ['User query: ', 'Your goal is to: ', 'Query: ', 'Your MAIN GOAL is: **Your task is to: ', 'Anything at all\n']) {
      expect(goalOf(asked(`${label}${goal}**`), goal)).toBe(goal);
    }
  });

  it('takes no goal the prompt does not show (the model\'s own reply does not count), and then the first line of the prompt', () => {
    const first = 'You are a helpful assistant. Your task is to interact with a bakery.';
    expect(goalOf(asked('Bake bread.\nThen rest.'), goal)).toBe(first);
    expect(goalOf([...asked('Bake bread.'), { role: 'assistant', content: goal }], goal)).toBe(first);
    expect(goalOf([{ role: 'user', content: '\n\nWater the fern on shelf 2.\nThen rest.' }])).toBe('Water the fern on shelf 2.');
  });
});
