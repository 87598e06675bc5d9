/**
 * The caches of src/core that outlive a call, in one list: each one a module keeps is created
 * through `moduleCache(name, cache)`, which names it and adds it here. A test reads the sources and
 * fails on a module-level Map, WeakMap or memo made any other way (src/core/caches.test.ts).
 *
 * What every cache here keeps to:
 * - It is a memo of a pure function of its key: a call returns the same value whether or not it was
 *   cached. So a run never depends on what ran before it in the same process (the test runs a setup,
 *   empties every cache with `clearModuleCaches()`, runs it again and compares).
 * - It is bounded, and says how (`bound`): by entries (past its limit it forgets everything and
 *   starts again), by the characters of its keys, or by the life of its keys (a weak cache keeps an
 *   entry only while the object it is kept for lives: a tool list, a vector, a dataset).
 *
 * `moduleCaches()` lists them with their bounds and current sizes; `clearModuleCaches()` empties them
 * all (to measure memory, or to start a process's next run cold). What a run itself learns (a
 * strategy's graph, its memory, the runner's loaded datasets) is not a cache: it belongs to the
 * run's objects and goes with them.
 */
import { textCache, type TextMemo } from './text-cache';

export { textCache, sameTexts, DEFAULT_MAX_CHARS, type TextMemo } from './text-cache';

/** What every cache gives this module: its bound in words, its size (undefined for a weak one) and a way to empty it. */
export interface Memo {
  readonly bound: string;
  size(): number | undefined;
  clear(): void;
}

const CACHES = new Map<string, Memo>();

/**
 * Names a module-level cache and adds it to the list; returns it. A name is where the cache lives
 * and what it holds (`llm/action-format: action patterns by template`); naming one again replaces
 * the entry (a module loaded again by a dev server).
 */
export function moduleCache<C extends Memo>(name: string, cache: C): C {
  CACHES.set(name, cache);
  return cache;
}

/** Every module-level cache made so far: name, bound and current entries (undefined for a weak one). */
export function moduleCaches(): { name: string; bound: string; entries: number | undefined }[] {
  return [...CACHES].map(([name, cache]) => ({ name, bound: cache.bound, entries: cache.size() }));
}

/** Empties every module-level cache. */
export function clearModuleCaches(): void {
  for (const cache of CACHES.values()) cache.clear();
}

/** A cache keyed by objects, kept only while each key lives (a WeakMap that can be emptied). */
export interface WeakCache<K extends object, V> extends Memo {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  has(key: K): boolean;
}

/** A cache keyed by objects: bounded by the life of its keys. */
export function weakCache<K extends object, V>(): WeakCache<K, V> {
  let map = new WeakMap<K, V>();
  return {
    bound: 'the life of its keys',
    get: (key) => map.get(key),
    set: (key, value) => void map.set(key, value),
    has: (key) => map.has(key),
    size: () => undefined,
    clear: () => void (map = new WeakMap()),
  };
}

/** A cache keyed by values that forgets everything once it holds `limit` entries. */
export interface BoundedCache<K, V> extends Memo {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  has(key: K): boolean;
}

/** A cache of at most `limit` entries: past it, everything is forgotten and it starts again. */
export function boundedCache<K, V>(limit: number): BoundedCache<K, V> {
  const map = new Map<K, V>();
  return {
    bound: `${limit.toLocaleString('en-US')} entries`,
    get: (key) => map.get(key),
    set: (key, value) => {
      if (map.size >= limit && !map.has(key)) map.clear();
      map.set(key, value);
    },
    has: (key) => map.has(key),
    size: () => map.size,
    clear: () => map.clear(),
  };
}

/** The last value made, with what it was made from: one entry. */
export interface LastOne<T> extends Memo {
  get(): T | undefined;
  set(value: T): void;
}

/** A cache of one entry: the last request read, the last text joined. */
export function lastOne<T>(): LastOne<T> {
  let value: T | undefined;
  return {
    bound: '1 entry',
    get: () => value,
    set: (next) => void (value = next),
    size: () => (value === undefined ? 0 : 1),
    clear: () => void (value = undefined),
  };
}

/** The last few values made, newest first: what a reader may read on from. */
export interface RecentList<T> extends Memo {
  get(): readonly T[];
  /** Puts a value first (once), forgetting the oldest past the limit. */
  add(value: T): void;
}

/** A list of at most `limit` values, newest first. */
export function recentList<T>(limit: number): RecentList<T> {
  let items: T[] = [];
  return {
    bound: `${limit.toLocaleString('en-US')} entries`,
    get: () => items,
    add: (value) => void (items = [value, ...items.filter((item) => item !== value)].slice(0, limit)),
    size: () => items.length,
    clear: () => void (items = []),
  };
}

/** A text cache as a module cache (the common case): `moduleCache(name, textCache(limit))`. */
export function moduleTextCache<T>(name: string, limit: number): TextMemo<T> {
  return moduleCache(name, textCache<T>(limit));
}
