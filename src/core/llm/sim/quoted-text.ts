/**
 * Quoted text in prose, read as any reader of English reads it: a quote mark opens a quotation only
 * with no letter or digit just before it, and closes one only with none just after it. A mark between
 * two letters ("the owner's", "don't", "O'Neil") is an apostrophe, part of its word, inside a quotation
 * or out of one.
 */

const WORD = 'A-Za-z0-9';

/** Regex source of an apostrophe inside a word (straight or typographic). */
export const APOSTROPHE = `(?<=[${WORD}])['’](?=[${WORD}])`;

/** Regex source of a text in single quote marks; the text is the first group. */
export const SINGLE_QUOTED = `(?<![${WORD}])'((?:[^']|${APOSTROPHE})+)'(?![${WORD}])`;
