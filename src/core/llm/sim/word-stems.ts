/**
 * The usual English function words: what SimLM's honesty test allows in a literal list (its stemmer
 * left with the readers it served, issue 39). Nothing here is taken from a data set.
 */

const FUNCTION_WORDS = new Set(
  (
    'a an the and or but nor so yet of to in on at by for from with without into onto over under about as than then ' +
    'is are was were be been being am do does did done has have had having it its this that these those there here ' +
    'i me my we us our you your he him his she her they them their what which who whom whose when where why how ' +
    'all any both each few more most other some such no not only own same too very can will just should would could may might must ' +
    'if up down out off again further once also any before after above below between during through until while ' +
    'please let now still one never n\'t'
  ).split(' '),
);

/** Whether a lower-case word is a function word (carries no content for matching). */
export function isFunctionWord(word: string): boolean {
  return FUNCTION_WORDS.has(word);
}
