/**
 * Semantic equivalence of argument values (SLATE section 3.4, "Semantic Equivalence Matching"):
 * dates in any common format, numbers with or without currency, thousands separators and
 * decimals, case, whitespace and surrounding quotes.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const pad = (value: number) => String(value).padStart(2, '0');

function isoDate(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

function monthIndex(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
}

/** A date written in a common format as `YYYY-MM-DD`, or undefined when the text is not a date. */
export function parseDate(text: string): string | undefined {
  const value = text.trim().replace(/,/g, ' ').replace(/\s+/g, ' ');
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ][\d:.]+Z?)?$/.exec(value);
  if (match) return isoDate(+match[1], +match[2], +match[3]);
  match = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(value); // US style MM/DD/YYYY
  if (match) return +match[1] > 12 ? isoDate(+match[3], +match[2], +match[1]) : isoDate(+match[3], +match[1], +match[2]);
  match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value); // European DD.MM.YYYY
  if (match) return isoDate(+match[3], +match[2], +match[1]);
  match = /^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)? (\d{4})$/i.exec(value); // June 1 2024
  if (match && monthIndex(match[1]) > 0) return isoDate(+match[3], monthIndex(match[1]), +match[2]);
  match = /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]+)\.? (\d{4})$/i.exec(value); // 1 June 2024
  if (match && monthIndex(match[2]) > 0) return isoDate(+match[3], monthIndex(match[2]), +match[1]);
  return undefined;
}

/** A number written with optional currency, sign, thousands separators or percent, or undefined. */
export function parseNumber(text: string): number | undefined {
  const value = text
    .trim()
    .replace(/^(usd|eur|gbp)\s*|\s*(usd|eur|gbp|dollars?)$/i, '')
    .replace(/^[$€£]\s*|\s*%$/g, '')
    .replace(/(\d),(?=\d{3}\b)/g, '$1');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(value)) return undefined;
  return Number(value);
}

/** The canonical form of a value for comparison. */
export function canonicalValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return `n:${value}`;
  if (typeof value === 'boolean') return `b:${value}`;
  if (Array.isArray(value)) return `[${value.map(canonicalValue).join(',')}]`;
  if (typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${key.toLowerCase()}=${canonicalValue((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  const text = String(value).trim().replace(/^(["'`])([\s\S]*)\1$/, '$2').trim();
  const date = parseDate(text);
  if (date) return `d:${date}`;
  const number = parseNumber(text);
  if (number !== undefined) return `n:${number}`;
  if (/^(true|false)$/i.test(text)) return `b:${text.toLowerCase()}`;
  return `s:${text.toLowerCase().replace(/\s+/g, ' ')}`;
}

/** True when two argument values mean the same. */
export function equivalentValues(a: unknown, b: unknown): boolean {
  return canonicalValue(a) === canonicalValue(b);
}

/**
 * True when a call's arguments match an entry's: every entry argument is present and equivalent,
 * and the call adds no argument with a non-empty value that the entry lacks.
 */
export function equivalentArgs(call: Record<string, unknown>, entry: Record<string, unknown>): boolean {
  const callKeys = new Map(Object.keys(call).map((key) => [key.toLowerCase(), key]));
  for (const [key, value] of Object.entries(entry)) {
    const callKey = callKeys.get(key.toLowerCase());
    if (callKey === undefined || !equivalentValues(call[callKey], value)) return false;
    callKeys.delete(key.toLowerCase());
  }
  return [...callKeys.values()].every((key) => canonicalValue(call[key]) === '' || canonicalValue(call[key]) === 's:');
}
