/**
 * A memo for a pure function of a text: the value made for a key is kept and returned for that key
 * again (undefined included). Everything is forgotten once `limit` entries are held, or once the keys
 * held add up to `maxChars` characters, so memory stays bounded over a long run (serve:sim, a full
 * matrix): a key may be a 200 KB prompt, and a cache that kept 20,000 of them held gigabytes for
 * the garbage collector to walk. SimLM's readers and the token counter re-read the same prompt texts
 * call after call; this is what makes that cheap.
 */
export function textCache<T>(limit: number, maxChars = DEFAULT_MAX_CHARS): TextMemo<T> {
  const map = new Map<string, T>();
  let chars = 0;
  const memo = (key: string, make: (key: string) => T): T => {
    let value = map.get(key);
    if (value === undefined && !map.has(key)) {
      value = make(key);
      if (map.size >= limit || chars + key.length > maxChars) {
        map.clear();
        chars = 0;
      }
      map.set(key, value);
      chars += key.length;
    }
    return value as T;
  };
  return Object.assign(memo, {
    bound: `${limit.toLocaleString('en-US')} texts, ${maxChars.toLocaleString('en-US')} characters of keys`,
    size: () => map.size,
    clear: () => {
      map.clear();
      chars = 0;
    },
  });
}

/** A text cache: call it with a key and how to make its value; it also tells its bound and size and can be emptied (caches.ts). */
export type TextMemo<T> = ((key: string, make: (key: string) => T) => T) & { readonly bound: string; size(): number; clear(): void };

/** Characters of keys a text cache holds at most unless told otherwise (about 16 MB of text). */
export const DEFAULT_MAX_CHARS = 8_000_000;

/** Whether two lists hold the same texts (or the same objects) in the same order (the check behind the memos of a last request). */
export function sameTexts<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
