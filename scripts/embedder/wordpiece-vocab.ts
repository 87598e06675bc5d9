/**
 * A WordPiece vocabulary built from a corpus, for the BERT-style tokenizer that transformers.js
 * runs (`BertNormalizer` lower-casing, `BertPreTokenizer`, `WordPiece` with `##` continuations).
 * Entries: the special tokens, every character seen (alone and as a continuation), frequent
 * continuation pieces (word endings left after a known prefix, such as `##s` or `##ing`), word-initial
 * stems learned from general text, then whole words seen at least `minCount` times (our data's
 * first, then general text's), most frequent first, up to `maxSize`.
 */
export const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'] as const;

/** The same split as `BertPreTokenizer`: runs of non-space non-punctuation, or one punctuation mark. */
const PUNCTUATION = '\\p{P}\\u0021-\\u002F\\u003A-\\u0040\\u005B-\\u0060\\u007B-\\u007E';
const PRE_TOKEN = new RegExp(`[^\\s${PUNCTUATION}]+|[${PUNCTUATION}]`, 'gu');

/** Lower-cased, accent-stripped pre-tokens, as `BertNormalizer` + `BertPreTokenizer` give them. */
export function preTokens(text: string): string[] {
  const normal = text.toLowerCase().normalize('NFD').replace(/\p{Mn}/gu, '');
  return normal.match(PRE_TOKEN) ?? [];
}

export interface VocabOptions {
  maxSize: number;
  minCount: number;
  /** Continuation pieces must be seen this often to enter. */
  minPieceCount: number;
  /**
   * Entries kept for subword units learned from the words left out: word-initial pieces (stems such
   * as `cardio`) and continuation pieces (endings such as `##logy`), half each. 0: only the
   * continuation pieces that fit the room the words leave.
   */
  subwordUnits?: number;
}

const byCount = (counts: Map<string, number>) =>
  [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([token]) => token);

const add = (counts: Map<string, number>, key: string, by = 1) => counts.set(key, (counts.get(key) ?? 0) + by);
const isNumber = (word: string) => /^\d+$/.test(word);

/**
 * The vocabulary. Words of `corpus` (our training data) come first, then words of `general` (general
 * English text: WordNet's lemmas and glosses), each by its count; with `subwordUnits`, stems and
 * endings learned from the general words that did not fit, so that a word nobody listed is spelled
 * with meaningful pieces (`cardio ##logist`) rather than letter by letter.
 */
export function buildVocab(corpus: string[], options: VocabOptions, general: string[] = []): string[] {
  const own = new Map<string, number>();
  for (const text of corpus) for (const word of preTokens(text)) add(own, word);
  const wide = new Map<string, number>();
  for (const text of general) for (const word of preTokens(text)) add(wide, word);
  const words = new Map(own);
  for (const [word, count] of wide) add(words, word, count);

  const characters = new Set<string>();
  for (const word of own.keys()) for (const ch of word) characters.add(ch);
  // Letters of the general text enter only when common (WordNet spells a few names with rare letters).
  const letters = new Map<string, number>();
  for (const [word, count] of wide) for (const ch of word) add(letters, ch, count);
  for (const [ch, count] of letters) if (count >= 100) characters.add(ch);
  const chars = [...characters].sort();

  // Numbers are spelled by their digits; identifiers such as ids would otherwise fill the vocabulary.
  // An inflected form whose stem is a word too (`papers`, `cited`, `listing`) is left to the stem and
  // a continuation piece, so the forms share the stem's vector, as a stemmer would have them.
  const inflected = (word: string) => /(s|es|ed|ing)$/.test(word) && word.length > 4 && [word.replace(/(s|es|ed|ing)$/, ''), word.replace(/s$/, '')].some((stem) => stem !== word && words.has(stem));
  const keep = (word: string, count: number) => count >= options.minCount && word.length > 1 && !isNumber(word) && !inflected(word);
  const ownEntries = byCount(new Map([...own].filter(([word, count]) => keep(word, count))));
  const ownSet = new Set(ownEntries);
  const wideEntries = byCount(new Map([...wide].filter(([word, count]) => !ownSet.has(word) && keep(word, count) && /^\p{L}+$/u.test(word))));
  const units = options.subwordUnits ?? 0;
  const budget = options.maxSize - SPECIAL_TOKENS.length - 2 * chars.length - units;
  const chosenWords = [...ownEntries, ...wideEntries].slice(0, Math.max(0, Math.floor(units > 0 ? budget : budget * 0.9)));
  const known = new Set(chosenWords);

  // Word-initial pieces: prefixes (4 to 8 letters) shared by general words left out, weighted by their counts.
  const stems: string[] = [];
  if (units > 0) {
    const prefixes = new Map<string, number>();
    for (const [word, count] of wide) {
      if (known.has(word) || !/^\p{L}+$/u.test(word) || word.length < 6) continue;
      for (let cut = 4; cut <= Math.min(8, word.length - 2); cut++) if (!known.has(word.slice(0, cut))) add(prefixes, word.slice(0, cut), count);
    }
    stems.push(...byCount(new Map([...prefixes].filter(([, count]) => count >= options.minPieceCount))).slice(0, Math.floor(units / 2)));
    for (const stem of stems) known.add(stem);
  }

  // Endings of words left out: the longest known prefix (3+ letters) leaves a continuation piece.
  const pieces = new Map<string, number>();
  for (const [word, count] of words) {
    if (known.has(word) || isNumber(word)) continue;
    for (let cut = word.length - 1; cut >= 3; cut--) {
      if (known.has(word.slice(0, cut))) {
        add(pieces, `##${word.slice(cut)}`, count);
        break;
      }
    }
  }
  const pieceEntries = byCount(new Map([...pieces].filter(([, count]) => count >= options.minPieceCount)));
  const room = options.maxSize - SPECIAL_TOKENS.length - 2 * chars.length - chosenWords.length - stems.length;
  const rest = [...ownEntries, ...wideEntries].slice(chosenWords.length);
  return [
    ...new Set([
      ...SPECIAL_TOKENS,
      ...chars,
      ...chars.map((ch) => `##${ch}`),
      ...pieceEntries.slice(0, room),
      ...stems,
      ...chosenWords,
      ...rest.slice(0, Math.max(0, room - pieceEntries.length)),
    ]),
  ];
}
