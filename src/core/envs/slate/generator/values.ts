import type { Rng } from '../../../rng';
import type { FieldKind, ObjectSpec } from './objects';

/**
 * A value as the simulation stores it (`stored`) and as a user or a plan writes it (`written`):
 * "$34.99" for 34.99, "March 1, 2024" for "2024-03-01", "15%" for 15. The simulator's semantic
 * equivalence (SLATE section 3.4) must see through the difference.
 */
export interface Literal {
  stored: string | number | boolean;
  written: string | number;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const FIRST = ['maria', 'li', 'sam', 'ana', 'omar', 'jules', 'noor', 'kenji', 'ines', 'tom', 'ada', 'ravi'];
const LAST = ['lopez', 'chen', 'okafor', 'smith', 'haddad', 'martin', 'sato', 'novak', 'silva', 'kim'];
const STATUS = ['active', 'paused', 'pending', 'open', 'on_hold', 'approved'];
const TEXT = ['Summer edition', 'Blue, size M', 'Fragile item', 'Gift wrapped', 'Bulk pack of 12', 'Eco refill', 'Travel size', 'Limited run'];
export const POLICIES = ['price floor', 'return window', 'stock safety', 'fraud screening', 'listing quality', 'data completeness'];
export const REASONS = ['customer request', 'duplicate entry', 'out of stock', 'pricing error', 'supplier delay'];
export const FORMATS = ['csv', 'pdf', 'xlsx'];

const pad = (n: number) => String(n).padStart(2, '0');

/** A date in 2024 or 2025, stored ISO, written in one of the common formats. */
export function dateLiteral(rng: Rng, after?: string): Literal {
  const base = after ? new Date(`${after}T00:00:00Z`) : new Date(Date.UTC(2024 + rng.int(2), rng.int(12), 1 + rng.int(28)));
  if (after) base.setUTCDate(base.getUTCDate() + 7 + rng.int(60));
  const [y, m, d] = [base.getUTCFullYear(), base.getUTCMonth() + 1, base.getUTCDate()];
  const stored = `${y}-${pad(m)}-${pad(d)}`;
  const written = rng.pick([stored, `${pad(m)}/${pad(d)}/${y}`, `${MONTHS[m - 1]} ${d}, ${y}`, `${d} ${MONTHS[m - 1]} ${y}`]);
  return { stored, written };
}

export function emailLiteral(rng: Rng): Literal {
  const address = `${rng.pick(FIRST)}.${rng.pick(LAST)}@example.com`;
  return { stored: address, written: rng.next() < 0.3 ? address.toUpperCase().replace('@EXAMPLE.COM', '@example.com') : address };
}

/** A value of a field kind. */
export function fieldLiteral(kind: FieldKind, rng: Rng): Literal {
  switch (kind) {
    case 'money': {
      const value = Math.round((5 + rng.next() * 295) * 100) / 100;
      return { stored: value, written: rng.pick([`$${value.toFixed(2)}`, `${value.toFixed(2)} USD`, value.toFixed(2)]) };
    }
    case 'count': {
      const value = 5 + rng.int(500);
      return { stored: value, written: rng.next() < 0.5 ? value : String(value) };
    }
    case 'percent': {
      const value = 5 + rng.int(8) * 5;
      return { stored: value, written: rng.next() < 0.6 ? `${value}%` : value };
    }
    case 'date':
      return dateLiteral(rng);
    case 'status': {
      const value = rng.pick(STATUS);
      return { stored: value, written: rng.next() < 0.3 ? value.toUpperCase() : value };
    }
    case 'text': {
      const value = rng.pick(TEXT);
      return { stored: value, written: value };
    }
    case 'email':
      return emailLiteral(rng);
  }
}

/** The key a user knows a record by (an SKU, an order number, an email). */
export function keyLiteral(o: ObjectSpec, rng: Rng): Literal {
  if (/email/.test(o.key.name)) return emailLiteral(rng);
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  const code = `${letters[rng.int(letters.length)]}${letters[rng.int(letters.length)]}`;
  const stored = /_url|_slug|_name|_label|_path|_key|_title|_code$/.test(o.key.name) && o.key.prefix === o.key.prefix.toLowerCase()
    ? `${o.key.prefix}-${code.toLowerCase()}-${100 + rng.int(900)}`
    : `${o.key.prefix}-${code}-${1000 + rng.int(9000)}`;
  return { stored, written: rng.next() < 0.2 ? ` ${stored} ` : stored };
}

/** A fresh record id, e.g. `P-40213`. */
export function idValue(o: ObjectSpec, rng: Rng): string {
  return `${o.idPrefix}-${10000 + rng.int(90000)}`;
}
