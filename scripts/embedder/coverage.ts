import { preTokens } from './wordpiece-vocab';

/**
 * How much of a text's vocabulary an encoder's WordPiece vocabulary knows (issue 25 item 3).
 * Words: lower-cased alphabetic pre-tokens of two letters or more, every occurrence counted.
 * A word is `whole` when it is a vocabulary entry, or an entry of three letters or more followed by
 * one inflection piece (`##s`, `##es`, `##ed`, `##ing`, `##d`); it is `subword` when its WordPiece
 * split, less a final inflection piece, uses no single letters and no `[UNK]` (known pieces such as
 * `cardio ##logy` count; a word spelled letter by letter does not). Whole words count as subwords too.
 */
export interface Coverage {
  words: number;
  whole: number;
  subword: number;
}

const INFLECTIONS = new Set(['##s', '##es', '##ed', '##ing', '##d']);

/** BERT's WordPiece split of one pre-token: greedy longest match first, `[UNK]` when a letter is missing. */
export function wordPieces(word: string, vocab: Set<string>): string[] {
  const pieces: string[] = [];
  for (let start = 0; start < word.length; ) {
    let end = word.length;
    let piece: string | undefined;
    for (; end > start; end--) {
      const candidate = (start > 0 ? '##' : '') + word.slice(start, end);
      if (vocab.has(candidate)) {
        piece = candidate;
        break;
      }
    }
    if (!piece) return ['[UNK]'];
    pieces.push(piece);
    start = end;
  }
  return pieces;
}

export function coverage(texts: string[], vocab: Set<string>): Coverage {
  const out: Coverage = { words: 0, whole: 0, subword: 0 };
  const memo = new Map<string, string[]>();
  for (const text of texts) {
    for (const word of preTokens(text)) {
      if (!/^\p{L}{2,}$/u.test(word)) continue;
      let pieces = memo.get(word);
      if (!pieces) memo.set(word, (pieces = wordPieces(word, vocab)));
      out.words++;
      if (pieces[0] === '[UNK]') continue;
      const stem = INFLECTIONS.has(pieces[pieces.length - 1]) && pieces.length > 1 ? pieces.slice(0, -1) : pieces;
      if (pieces.length === 1 || (stem.length === 1 && stem[0].length >= 3)) out.whole++;
      if (stem.every((piece) => piece.replace(/^##/, '').length >= 2)) out.subword++;
    }
  }
  return out;
}
