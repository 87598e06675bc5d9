import { describe, expect, it } from 'vitest';
import type { ChatMessage, ShownOption } from '../language-model';
import { Rng } from '../../rng';
import { LexicalEmbedder } from '../../embed/lexical-embedder';
import { textVectorsOf } from './option-logits';
import { contextOf, paramText, pickValue } from './value-pick';

// A made-up booking tool and prompt, not an environment's.
const option: ShownOption = { name: 'book_flight', shown: '- book_flight: Books a seat. Arguments: "destination" (string, required): the city the traveller flies to; "booking" (string, required): the booking reference code' };
const messages: ChatMessage[] = [
  { role: 'system', content: `Tools:\n${option.shown}` },
  { role: 'user', content: 'Please sort out my trip.' },
  { role: 'user', content: 'Observation: Your booking reference code is QX7.\nNext week the traveller flies to the city of Lima, which is far from the booking office you used last time.' },
];
const vectors = textVectorsOf(new LexicalEmbedder());
const weight = { beta: 8, tau: 1, temperature: 1 };

describe('pickValue', () => {
  it('reads a parameter from its doc and a value from the line it was shown on', () => {
    expect(paramText(option, 'destination')).toBe('destination (string, required): the city the traveller flies to');
    expect(paramText({ name: 'goTo', shown: '- go to {place}: walk' }, 'place')).toBe('place go to');
    // At most 40 characters either side, within the value's line.
    expect(contextOf('Lima', messages)).toBe('week the traveller flies to the city of Lima, which is far from the booking office y');
    expect(contextOf('QX7', messages)).toBe('rvation: Your booking reference code is QX7.');
    expect(contextOf('Oslo', messages)).toBe('Oslo');
  });

  it('takes the shown value whose context is most similar to the parameter, more often than not when sampling', async () => {
    const values = ['QX7', 'Lima'];
    expect(await pickValue(new Rng(1), values, option, 'destination', messages, vectors, { ...weight, temperature: 0 })).toBe('Lima');
    expect(await pickValue(new Rng(1), values, option, 'booking', messages, vectors, { ...weight, temperature: 0 })).toBe('QX7');
    const rng = new Rng(3);
    let lima = 0;
    for (let i = 0; i < 200; i++) if ((await pickValue(rng, values, option, 'destination', messages, vectors, weight)) === 'Lima') lima++;
    expect(lima).toBeGreaterThan(120);
    expect(lima).toBeLessThan(200);
  });
});
