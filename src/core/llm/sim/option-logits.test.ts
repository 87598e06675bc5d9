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
  const score = (shown: ShownOption[]) => optionScores(shown, 'Press the green button now.', { calls: [{ tool: 'press_green', args: {} }] }, SIM_PRESETS.small, 3, "Press the green button.", vectors);

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

  it('weighs the advised option by the advice\'s confidence, and in full where the advice gives none', async () => {
    const advised = (confidence?: number) => optionScores(options(), 'Press the green button now.', { calls: [{ tool: 'press_green', args: {} }], ...(confidence === undefined ? {} : { confidence }) }, SIM_PRESETS.small, 3, "Press the green button.", vectors);
    const [full, clear, murky] = [await advised(), await advised(1.3), await advised(0.7)];
    expect(full[1].knowledge).toBe(SIM_PRESETS.small.kappa);
    expect(clear[1].knowledge).toBeCloseTo(1.3 * SIM_PRESETS.small.kappa, 9);
    expect(murky[1].logit - full[1].logit).toBeCloseTo(-0.3 * SIM_PRESETS.small.kappa, 9);
    // Options not advised earn nothing either way.
    expect([clear[0].knowledge, murky[0].knowledge]).toEqual([0, 0]);
  });
});

