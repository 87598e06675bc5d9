/**
 * A memo for a pure function of a text: the value made for a key is kept and returned for that key
 * again (undefined included). Everything is forgotten once `limit` entries are held, so memory stays
 * bounded over a long run (serve:sim, a full matrix). SimLM's readers and the token counter re-read
 * the same prompt texts call after call; this is what makes that cheap.
 */
export function textCache<T>(limit: number): (key: string, make: (key: string) => T) => T {
  const map = new Map<string, T>();
  return (key, make) => {
    let value = map.get(key);
    if (value === undefined && !map.has(key)) {
      value = make(key);
      if (map.size >= limit) map.clear();
      map.set(key, value);
    }
    return value as T;
  };
}

/** Whether two lists hold the same texts in the same order (the check behind the memos of a last request). */
export function sameTexts(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
