import type { ShownOption } from '../language-model';
import { textCache, type TextMemo } from '../../text-cache';
import { moduleCache, weakCache } from '../../caches';

/** How a listing memo finds a listing it read before. */
export interface ListingMemoOptions {
  /**
   * Also by content, for a reading that depends on the options' names and shown texts alone: a new
   * array that lists the same names with the same texts gets the value read for an earlier one.
   * Plan-guided strategies build each substep's candidate list afresh, and the same substep of a
   * task shows the same candidates to every strategy and on every retry. The number is how many
   * listings are kept (a text cache, also bounded by the characters of their keys).
   */
  byContent?: number;
}

/**
 * A memo of a pure reading of a whole option listing, kept per listing array: strategies show the
 * same array call after call (SLATE's ReAct lists 1,000 tools), so reading it per option per call
 * was most of SimLM's time there. Each use checks that the array still holds the same option
 * objects with the same names and texts, so a listing changed in place is read again: the value is
 * always the one `read` gives for what the array holds now (or, with `byContent`, for an array that
 * held the same names and texts).
 */
export function listingMemo<T>(read: (options: ShownOption[]) => T, options: ListingMemoOptions = {}): ListingMemo<T> {
  let memo = new WeakMap<ShownOption[], { refs: ShownOption[]; names: string[]; shown: string[]; value: T }>();
  const byContent: TextMemo<T> | undefined = options.byContent ? textCache<T>(options.byContent) : undefined;
  const get = (listing: ShownOption[]): T => {
    const hit = memo.get(listing);
    if (hit && holds(hit, listing)) return hit.value;
    const seen = seenOf(listing);
    const value = byContent ? byContent((seen.key ??= contentKey(seen.names, seen.shown)), () => read(listing)) : read(listing);
    memo.set(listing, { refs: seen.refs, names: seen.names, shown: seen.shown, value });
    return value;
  };
  // Weak: an entry lives as long as its listing array (caches.ts); the content memo is bounded by entries and characters.
  return Object.assign(get, {
    bound: byContent ? `the life of its keys; by content, ${byContent.bound}` : 'the life of its keys',
    size: () => byContent?.size(),
    clear: () => {
      memo = new WeakMap();
      byContent?.clear();
    },
  });
}

/** A listing memo: call it with a listing; it also tells its bound and can be emptied (caches.ts). */
export type ListingMemo<T> = ((options: ShownOption[]) => T) & { readonly bound: string; size(): number | undefined; clear(): void };

/**
 * What a listing array held when a memo last read it, shared by every listing memo: a plan-guided
 * strategy's new candidate list is read by several memos in one call, and its content key (a few KB)
 * is built once for all of them. Snapshots, never changed; a new one is taken once the array changes.
 */
interface Seen {
  refs: ShownOption[];
  names: string[];
  shown: string[];
  key?: string;
}

const seenListings = moduleCache('llm/sim/listing-memo: what each listing array held', weakCache<ShownOption[], Seen>());

function seenOf(listing: ShownOption[]): Seen {
  let seen = seenListings.get(listing);
  if (!seen || !holds(seen, listing)) seenListings.set(listing, (seen = { refs: [...listing], names: listing.map((o) => o.name), shown: listing.map((o) => o.shown) }));
  return seen;
}

/** Each name and text after its length: two listings have the same key exactly when they list the same names with the same texts. */
function contentKey(names: string[], shown: string[]): string {
  let key = '';
  for (let i = 0; i < names.length; i++) key += `${names[i].length}:${names[i]}${shown[i].length}:${shown[i]}`;
  return key;
}

function holds(seen: { refs: ShownOption[]; names: string[]; shown: string[] }, options: ShownOption[]): boolean {
  if (options.length !== seen.refs.length) return false;
  for (let i = 0; i < options.length; i++) {
    const option = options[i];
    if (option !== seen.refs[i] || option.name !== seen.names[i] || option.shown !== seen.shown[i]) return false;
  }
  return true;
}
