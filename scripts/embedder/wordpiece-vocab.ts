/**
 * A WordPiece vocabulary built from a corpus, for the BERT-style tokenizer that transformers.js
 * runs (`BertNormalizer` lower-casing, `BertPreTokenizer`, `WordPiece` with `##` continuations).
 * Entries: the special tokens, every character seen (alone and as a continuation), frequent
 * continuation pieces (word endings left after a known prefix, such as `##s` or `##ing`), then
 * whole words seen at least `minCount` times, most frequent first, up to `maxSize`.
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
}

const byCount = (counts: Map<string, number>) =>
  [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([token]) => token);

export function buildVocab(corpus: string[], options: VocabOptions): string[] {
  const words = new Map<string, number>();
  for (const text of corpus) for (const word of preTokens(text)) words.set(word, (words.get(word) ?? 0) + 1);

  const characters = new Set<string>();
  for (const word of words.keys()) for (const ch of word) characters.add(ch);
  const chars = [...characters].sort();

  // Numbers are spelled by their digits; identifiers such as ids would otherwise fill the vocabulary.
  // An inflected form whose stem is a word too (`papers`, `cited`, `listing`) is left to the stem and
  // a continuation piece, so the forms share the stem's vector, as a stemmer would have them.
  const inflected = (word: string) => /(s|es|ed|ing)$/.test(word) && word.length > 4 && [word.replace(/(s|es|ed|ing)$/, ''), word.replace(/s$/, '')].some((stem) => stem !== word && words.has(stem));
  const wordEntries = byCount(new Map([...words].filter(([word, count]) => count >= options.minCount && word.length > 1 && !/^\d+$/.test(word) && !inflected(word))));
  const budget = options.maxSize - SPECIAL_TOKENS.length - 2 * chars.length;
  const chosenWords = wordEntries.slice(0, Math.max(0, Math.floor(budget * 0.9)));
  const known = new Set(chosenWords);

  // Endings of words left out: the longest known prefix (3+ letters) leaves a continuation piece.
  const pieces = new Map<string, number>();
  for (const [word, count] of words) {
    if (known.has(word) || /^\d+$/.test(word)) continue;
    for (let cut = word.length - 1; cut >= 3; cut--) {
      if (known.has(word.slice(0, cut))) {
        const piece = `##${word.slice(cut)}`;
        pieces.set(piece, (pieces.get(piece) ?? 0) + count);
        break;
      }
    }
  }
  const pieceEntries = byCount(new Map([...pieces].filter(([, count]) => count >= options.minPieceCount)));
  const room = options.maxSize - SPECIAL_TOKENS.length - 2 * chars.length - chosenWords.length;
  const rest = wordEntries.slice(chosenWords.length);
  return [
    ...SPECIAL_TOKENS,
    ...chars,
    ...chars.map((ch) => `##${ch}`),
    ...pieceEntries.slice(0, room),
    ...chosenWords,
    ...rest.slice(0, Math.max(0, room - pieceEntries.length)),
  ].filter((token, index, all) => all.indexOf(token) === index);
}
