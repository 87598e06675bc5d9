import { useEffect, useState } from 'react';
import { useStore, type AppState } from '../../store';

/**
 * A slice of the store that follows changes at most once per `intervalMs` (the latest value wins).
 * Unlike `useStore`, the component does not re-render at each change in between, so a heavy view
 * follows a streaming run a few times a second while the store takes every batch.
 * `select` must be stable (defined at module level).
 */
export function useThrottledStore<T>(select: (state: AppState) => T, intervalMs: number): T {
  const [value, setValue] = useState(() => select(useStore.getState()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastShown = 0;
    const show = () => {
      timer = undefined;
      lastShown = performance.now();
      setValue(() => select(useStore.getState()));
    };
    show();
    const unsubscribe = useStore.subscribe(() => {
      if (timer === undefined) timer = setTimeout(show, Math.max(0, lastShown + intervalMs - performance.now()));
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [select, intervalMs]);
  return value;
}
