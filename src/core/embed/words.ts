const STOP_WORDS = new Set(
  'a an the and or of to in on at for with from by is are was were be been it its this that these those you your i we he she they as into onto do does did not no yes if then than so but can will would should could use using'.split(' '),
);

/** Lower-cased word tokens without stop words, with a light suffix strip (`papers` -> `paper`). */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    if (STOP_WORDS.has(raw)) continue;
    out.push(raw.length > 4 ? raw.replace(/(ing|ed|es|s)$/, '') : raw);
  }
  return out;
}
