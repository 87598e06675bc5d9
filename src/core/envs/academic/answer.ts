import type { ArgValue } from '../../types';
import type { GoldAnswer } from './academic-types';

/**
 * One answer item as it is compared: lower case, spaces collapsed, surrounding quotes, brackets and
 * a final full stop removed; a number is written canonically (`42.0` → `42`); `true`/`false` read
 * as `yes`/`no`.
 */
export function normaliseAnswer(value: ArgValue): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  let text = value.trim().replace(/\s+/g, ' ').toLowerCase();
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text.replace(/^[\s"'`[\](){}]+|[\s"'`[\](){}]+$/g, '').replace(/\.$/, '');
  }
  if (text === 'true') return 'yes';
  if (text === 'false') return 'no';
  const number = Number(text.replace(/,/g, ''));
  if (text !== '' && /^[-+]?[\d,]*\.?\d+$/.test(text) && Number.isFinite(number)) return String(number);
  return text;
}

/** Splits a list answer into its items: separated by commas or semicolons, or a JSON-like list. */
export function answerItems(value: ArgValue): string[] {
  if (typeof value !== 'string') return [normaliseAnswer(value)];
  return value
    .split(/[,;]/)
    .map((item) => normaliseAnswer(item))
    .filter((item) => item !== '');
}

/**
 * True when a given answer matches the gold one: a list answer as a set of items (order and
 * duplicates do not matter), a number numerically, a text after normalisation.
 */
export function answerMatches(given: ArgValue, gold: GoldAnswer): boolean {
  if (Array.isArray(gold)) {
    const expected = new Set(gold.map((item) => normaliseAnswer(item)));
    const items = new Set(answerItems(given));
    return items.size === expected.size && [...items].every((item) => expected.has(item));
  }
  return normaliseAnswer(given) === normaliseAnswer(gold);
}

/** The gold answer written as a `finish` argument: list items joined by commas. */
export function answerText(gold: GoldAnswer): string | number {
  return Array.isArray(gold) ? gold.join(', ') : gold;
}
