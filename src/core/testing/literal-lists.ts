/**
 * The lists of words a TypeScript source writes as literals (tests only): each regular expression's
 * alternatives, each array of string literals, and each string literal that is split into words.
 * Used to compare SimLM's and the advisors' literals with the generators' vocabularies
 * (sim-honesty.test.ts): a reader whose lists are copied from a generator reads our data, not text.
 */

/** Source text with comments blanked (strings and regular expressions kept). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');
}

const STRING = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;
const REGEX = /(?<=[(=,:[!&|?{};]\s*|return\s+)\/((?:[^/\n\\[]|\\.|\[(?:[^\]\\\n]|\\.)*\])+)\/[gimsuy]*/g;

/** An item as words: lower case, regex syntax and optional groups dropped; '' when it is not words. */
function itemWords(item: string): string {
  const text = item
    .replace(/\(\?:[^()]*\)[?*]/g, '')
    .replace(/\\[bBsSdDwW]|[\^$()?*+{}[\]]|\d+/g, ' ')
    .replace(/\\/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
  return /^[a-z][a-z '-]*[a-z]$/.test(text) ? text : '';
}

/** Every literal list of the source, each as its word items (two items or more). */
export function literalLists(source: string): string[][] {
  const text = withoutComments(source);
  const lists: string[][] = [];
  for (const m of text.matchAll(REGEX)) {
    const items = m[1].split('|').map(itemWords).filter(Boolean);
    if (items.length >= 2) lists.push(items);
  }
  // Arrays of string literals: runs of literals separated only by commas, spaces and brackets.
  const strings = [...text.matchAll(STRING)].map((m) => ({ value: m[1] ?? m[2] ?? m[3] ?? '', start: m.index!, end: m.index! + m[0].length }));
  let run: string[] = [];
  strings.forEach((s, i) => {
    const gap = i > 0 ? text.slice(strings[i - 1].end, s.start) : '';
    if (i > 0 && !/^[\s,[\]]*$/.test(gap)) {
      if (run.length >= 2) lists.push(run);
      run = [];
    }
    const words = itemWords(s.value);
    if (words) run.push(words);
    // A string split into its words is a list of its own.
    if (/^\s*\)?\s*\.split\(/.test(text.slice(s.end, s.end + 12)) || /^\(\s*$/.test(text.slice(Math.max(0, s.start - 2), s.start))) {
      const parts = s.value.split(/\s+/).map(itemWords).filter(Boolean);
      if (parts.length >= 2 && /^\s*\)?\s*\.split\(/.test(text.slice(s.end, s.end + 12))) lists.push(parts);
    }
  });
  if (run.length >= 2) lists.push(run);
  return lists;
}

/** The words and phrases a source's string literals and regular expressions write (lower case). */
export function literalVocabulary(source: string): Set<string> {
  const text = withoutComments(source);
  const vocabulary = new Set<string>();
  const add = (value: string) => {
    const words = value.toLowerCase().match(/[a-z][a-z'-]*[a-z]/g) ?? [];
    for (const word of words) vocabulary.add(word);
    if (words.length > 1 && words.length <= 4) vocabulary.add(words.join(' '));
  };
  for (const m of text.matchAll(STRING)) add(m[1] ?? m[2] ?? m[3] ?? '');
  for (const list of literalLists(source)) list.forEach(add);
  return vocabulary;
}
