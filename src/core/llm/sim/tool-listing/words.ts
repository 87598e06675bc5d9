import { singular } from './path-kinds';

/**
 * Words of a request or a tool's shown text, as the tool-listing reader compares them (docs/simulated-model.md):
 * English function words left out, a light stem, and three plain English synonyms.
 */
export const STOP = new Set(
  'a an the of to in on at for from by with and or is are be it its i you your this that these those some all any now please which who what whose as into based base one more'.split(' '),
);

/**
 * Plain English synonyms: a user's everyday word for a thing an API names otherwise. General
 * dictionary knowledge (a song is a track, a singer or a band an artist), not read from any data set.
 */
const SYNONYMS: Record<string, string> = { song: 'track', singer: 'artist', band: 'artist' };

/** A light stem: lower case, no possessive, no -ing/-ed/-ly/plural ending, no final e (played, playing, play -> play), no -tion/-tor of a long word. */
/** English doubles a final consonant before -ed and -ing (starred, stopped, running): one is dropped again (not l, s or z: called, passed). */
const undouble = (word: string) => (/([b-df-hj-km-rtv-y])\1$/.test(word) ? word.slice(0, -1) : word);

export function stem(raw: string): string {
  let word = raw.toLowerCase().replace(/'s$/, '').replace(/[^a-z0-9]/g, '');
  if (word.length > 3) word = singular(word);
  if (SYNONYMS[word]) return SYNONYMS[word];
  if (word.length > 5 && word.endsWith('ing')) word = undouble(word.slice(0, -3));
  else if (word.length > 4 && word.endsWith('ed')) word = undouble(word.slice(0, -2));
  else if (word.length > 5 && word.endsWith('ly')) word = word.slice(0, -2);
  if (word.length > 3 && word.endsWith('e')) word = word.slice(0, -1);
  // The act and its agent read as one word: contribution, contributor -> contribut (long words only, English derivation).
  if (word.length >= 10 && /t(?:ion|or)$/.test(word)) word = word.replace(/(?:ion|or)$/, '');
  return word;
}

export function words(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9']+/)
    .filter((w) => w && !STOP.has(w.toLowerCase()))
    .map(stem)
    .filter((w) => w.length > 1 && !STOP.has(w));
}
