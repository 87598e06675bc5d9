import { textCache } from '../../text-cache';
import { moduleCache } from '../../caches';

/**
 * General English word handling for SimLM's reader: function words any reader skips and a light
 * suffix-stripping stemmer (plural, past, gerund and a final silent e), so that "moves", "moved",
 * "moving" and "move" read as one word. Nothing here is taken from a data set: the function words
 * are the usual English ones and the suffixes are English inflection.
 */

const FUNCTION_WORDS = new Set(
  (
    'a an the and or but nor so yet of to in on at by for from with without into onto over under about as than then ' +
    'is are was were be been being am do does did done has have had having it its this that these those there here ' +
    'i me my we us our you your he him his she her they them their what which who whom whose when where why how ' +
    'all any both each few more most other some such no not only own same too very can will just should would could may might must ' +
    'if up down out off again further once also any before after above below between during through until while ' +
    'please let now still one'
  ).split(' '),
);

/** Whether a lower-case word is a function word (carries no content for matching). */
export function isFunctionWord(word: string): boolean {
  return FUNCTION_WORDS.has(word);
}

/** A light stem of a lower-case word: English inflectional suffixes, -ibility/-ability and a final e stripped. */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith("'s")) w = w.slice(0, -2);
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(sses|shes|ches|xes)$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  // The noun of an -ible/-able adjective reads as the adjective (eligibility, eligible; availability, available).
  if (w.length > 7 && /[ai]bility$/.test(w)) w = `${w.slice(0, -5)}le`;
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed') && !w.endsWith('eed')) w = w.slice(0, -2);
  // A doubled final consonant left by a suffix (planned, running): one is enough.
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w) && w !== word) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** Words of a text: lower case, identifiers split at underscores and case changes, apostrophes kept. */
export function words(text: string): string[] {
  return (
    text
      .replace(/_/g, ' ')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .match(/[a-z][a-z']*[a-z]|[a-z]/g) ?? []
  );
}

const stemLists = moduleCache('llm/sim/word-stems: stems by text', textCache<string[]>(50_000));

/** The content stems of a text (function words and single letters dropped), in order, repeats kept. */
export function contentStems(text: string): string[] {
  return stemLists(text, (t) => words(t).filter((w) => w.length > 1 && !isFunctionWord(w)).map(stem));
}
