import { describe, expect, it } from 'vitest';
import { fixedGaussian, optionScores, TextVectors } from './option-logits';
import { nameWords } from './read-context';
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
  const score = (shown: ShownOption[]) => optionScores(shown, 'Press the green button now.', { calls: [{ tool: 'press_green', args: {} }] }, SIM_PRESETS.small, 3, 'Press the green button.', vectors);

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
    const advised = (confidence?: number) => optionScores(options(), 'Press the green button now.', { calls: [{ tool: 'press_green', args: {} }], ...(confidence === undefined ? {} : { confidence }) }, SIM_PRESETS.small, 3, 'Press the green button.', vectors);
    const [full, clear, murky] = [await advised(), await advised(1.3), await advised(0.7)];
    expect(full[1].knowledge).toBe(SIM_PRESETS.small.kappa);
    expect(clear[1].knowledge).toBeCloseTo(1.3 * SIM_PRESETS.small.kappa, 9);
    expect(murky[1].logit - full[1].logit).toBeCloseTo(-0.3 * SIM_PRESETS.small.kappa, 9);
    // Options not advised earn nothing either way.
    expect([clear[0].knowledge, murky[0].knowledge]).toEqual([0, 0]);
  });

  it('gives a model a fixed preference per task: the same in every call of a task, and no one habit over every task', async () => {
    // A text world's few command templates recur in every task (made-up commands, not an environment's).
    const commands = ['go to {place}', 'open {place}', 'take {thing} from {place}', 'put {thing} in {place}', 'look', 'wait', 'water {thing}', 'prune {thing}', 'inspect {thing}', 'sweep {place}'];
    const listing = commands.map((name) => ({ name, shown: `- ${name}: ${name.split(' ')[0]} something.` }));
    const biases = (task: string) => optionScores(listing, task, { calls: [] }, SIM_PRESETS.small, 7, task, vectors).then((scores) => scores.map((s) => s.bias));
    const task = 'Your task is to: water the fern in the greenhouse.';
    // A fresh draw of the key (model seed, task, option words), not a cached copy of an earlier call's.
    expect(await biases(task)).toEqual(commands.map((name) => SIM_PRESETS.small.bias * fixedGaussian(7, task, nameWords(name))));
    // Over 40 tasks one model seed's favourite command changes: keyed by the seed alone, one template won every task.
    const favourites = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const found = await biases(`Your task is to: water fern ${i} in the greenhouse.`);
      favourites.add(commands[found.indexOf(Math.max(...found))]);
    }
    expect(favourites.size).toBeGreaterThan(4);
  });
});

