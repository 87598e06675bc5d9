import { describe, expect, it } from 'vitest';
import { optionScores, TextVectors } from './option-logits';
import { SIM_PRESETS } from './presets';
import { LexicalEmbedder } from '../../embed/lexical-embedder';
import type { ShownOption } from '../language-model';

const options = (): ShownOption[] => [
  { name: 'press_red', shown: '- press_red: Press the red button.' },
  { name: 'press_green', shown: '- press_green: Press the green button. Do not use it before red.' },
  { name: 'look', shown: 'look' },
];

describe('optionScores', () => {
  const vectors = new TextVectors(new LexicalEmbedder());
  const score = (shown: ShownOption[]) => optionScores(shown, 'Press the green button now.', { calls: [{ tool: 'press_green', args: {} }] }, SIM_PRESETS.small, 3, vectors);

  it('should score a listing it has read before as a fresh copy of it, and read a listing changed in place again', async () => {
    const listing = options();
    const first = await score(listing);
    expect(await score(listing)).toEqual(first);
    expect(first).toEqual(await score(options()));
    // Changed in place: the same array now shows other texts, and is scored as what it shows now.
    listing[0] = { name: 'press_blue', shown: '- press_blue: Press the blue button.' };
    listing[1].shown = '- press_green: Press the green button.';
    const changed = await score(listing);
    expect(changed).toEqual(await score([{ name: 'press_blue', shown: '- press_blue: Press the blue button.' }, { name: 'press_green', shown: '- press_green: Press the green button.' }, options()[2]]));
    expect(changed).not.toEqual(first);
  });
});
