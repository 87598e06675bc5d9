import { toolText, type ExpertWalk } from '../../src/core/embed/expert-walks';
import type { Synset } from './wordnet';

/** Where the recipe's labelled pairs come from (`recipe.supervised.sources`). */
export type PairSource = 'bundled' | 'dev' | 'wordnet';

/**
 * Labelled positives for supervised SimCSE (Gao et al. 2021, section 4), as token id sequences:
 * - each training walk's task text with the `name: description` of each tool its expert used
 *   (the caller passes training splits only: the bundled environments' and the development sets'
 *   train halves, never a test half);
 * - with `synsets`, each WordNet synset's lemmas with its definition (a word learns from the words
 *   that define it, as in Hill et al. 2016, "Learning to Understand Phrases by Embedding the
 *   Dictionary", TACL, section 3).
 * `tokens` gives a text's live token ids; a pair with an empty side is left out.
 */
export function labelledPairs(walks: ExpertWalk[], tokens: (text: string) => number[], synsets: Synset[] = []): [number[], number[]][] {
  const pairs: [number[], number[]][] = [];
  const add = (a: string, b: string) => {
    const x = tokens(a);
    const y = tokens(b);
    if (x.length > 0 && y.length > 0) pairs.push([x, y]);
  };
  for (const walk of walks) {
    for (const name of walk.gold) {
      const tool = walk.tools.find((t) => t.name === name);
      if (tool) add(walk.goal, toolText(tool));
    }
  }
  for (const synset of synsets) if (synset.definition) add(synset.words.join(' , '), synset.definition);
  return pairs;
}
