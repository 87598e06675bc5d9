import { describe, expect, it } from 'vitest';
import { checkOptionsShown } from './metered-model';

const option = (name: string) => ({ name, shown: `${name}: does ${name} things` });
const listing = (names: string[]) => [{ role: 'system' as const, content: `Tools:\n${names.map((n) => option(n).shown).join('\n')}` }, { role: 'user' as const, content: 'Pick one.' }];

describe('checkOptionsShown: a model can only choose what its prompt shows (docs/simulated-model.md)', () => {
  it('accepts options shown in the listed order, in another order, and repeated', () => {
    expect(() => checkOptionsShown(listing(['a', 'b', 'c']), ['a', 'b', 'c'].map(option))).not.toThrow();
    expect(() => checkOptionsShown(listing(['a', 'b', 'c']), ['c', 'a', 'b'].map(option))).not.toThrow();
    expect(() => checkOptionsShown(listing(['a', 'b']), ['b', 'b', 'a', 'a'].map(option))).not.toThrow();
  });

  it('refuses an option the prompt does not show, wherever it comes in the list', () => {
    for (const offered of [['x', 'a', 'b'], ['a', 'x', 'b'], ['a', 'b', 'x'], ['b', 'a', 'x']]) {
      expect(() => checkOptionsShown(listing(['a', 'b']), offered.map(option))).toThrow(/Option "x" is offered to the model as "x: does x things", which the prompt does not show/);
    }
  });
});
