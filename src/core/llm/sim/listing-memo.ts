import type { ShownOption } from '../language-model';

/**
 * A memo of a pure reading of a whole option listing, kept per listing array: strategies show the
 * same array call after call (SLATE's ReAct lists 1,000 tools), so reading it per option per call
 * was most of SimLM's time there. Each use checks that the array still holds the same option
 * objects with the same names and texts, so a listing changed in place is read again: the value is
 * always the one `read` gives for what the array holds now.
 */
export function listingMemo<T>(read: (options: ShownOption[]) => T): ListingMemo<T> {
  let memo = new WeakMap<ShownOption[], { refs: ShownOption[]; names: string[]; shown: string[]; value: T }>();
  const get = (options: ShownOption[]): T => {
    const hit = memo.get(options);
    if (hit && holds(hit, options)) return hit.value;
    const value = read(options);
    memo.set(options, { refs: [...options], names: options.map((o) => o.name), shown: options.map((o) => o.shown), value });
    return value;
  };
  // Weak: an entry lives as long as its listing array (caches.ts).
  return Object.assign(get, { bound: 'the life of its keys', size: () => undefined, clear: () => void (memo = new WeakMap()) });
}

/** A listing memo: call it with a listing; it also tells its bound and can be emptied (caches.ts). */
export type ListingMemo<T> = ((options: ShownOption[]) => T) & { readonly bound: string; size(): undefined; clear(): void };

function holds(seen: { refs: ShownOption[]; names: string[]; shown: string[] }, options: ShownOption[]): boolean {
  if (options.length !== seen.refs.length) return false;
  for (let i = 0; i < options.length; i++) {
    const option = options[i];
    if (option !== seen.refs[i] || option.name !== seen.names[i] || option.shown !== seen.shown[i]) return false;
  }
  return true;
}
