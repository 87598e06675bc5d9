import { useCallback, useSyncExternalStore } from 'react';
import { useStore, type AppState } from '../../store';

/** How often the views that follow a streaming run (progress, tables, live trace) redraw, in milliseconds. */
export const LIVE_INTERVAL_MS = 500;

type Select = (state: AppState) => unknown;

/**
 * The running run's progress, for the views that show it (Setup's progress line, the jump to
 * Results): one selector, so the shared clock keeps one slice for them, keyed by this function.
 */
export const selectProgress = (state: AppState) => state.progress;

/**
 * One clock per interval, shared by every view that follows the store at that pace. A change to the
 * store starts it (unless it runs); when it fires, every slice it serves is read again and every
 * view told in the same task, so React draws them in one render and the browser in one frame. A
 * change of the run's status ticks it at once, in the store's own update: a run that starts or
 * ends never shows the run before's last values.
 */
class Clock {
  /** The value shown of each slice followed, with how many views follow it. */
  private readonly slices = new Map<Select, { value: unknown; views: number }>();
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastTick = 0;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly intervalMs: number) {}

  /** The value shown of a slice; one no view follows yet (a first render) is read from the store. */
  read(select: Select): unknown {
    const slice = this.slices.get(select);
    return slice ? slice.value : select(useStore.getState());
  }

  follow(select: Select, listener: () => void): () => void {
    const slice = this.slices.get(select);
    if (slice) slice.views++;
    // A slice nobody followed yet starts from the store as it is now.
    else this.slices.set(select, { value: select(useStore.getState()), views: 1 });
    this.listeners.add(listener);
    this.unsubscribe ??= useStore.subscribe((state, previous) => {
      if (state.status !== previous.status) {
        clearTimeout(this.timer);
        this.tick();
      } else if (this.timer === undefined) this.timer = setTimeout(this.tick, Math.max(0, this.lastTick + this.intervalMs - performance.now()));
    });
    return () => {
      this.listeners.delete(listener);
      const followed = this.slices.get(select);
      if (followed && --followed.views === 0) this.slices.delete(select);
      if (this.listeners.size > 0) return;
      this.unsubscribe?.();
      this.unsubscribe = undefined;
      clearTimeout(this.timer);
      this.timer = undefined;
    };
  }

  private readonly tick = () => {
    this.timer = undefined;
    this.lastTick = performance.now();
    const state = useStore.getState();
    for (const [select, slice] of this.slices) slice.value = select(state);
    for (const listener of this.listeners) listener();
  };
}

const clocks = new Map<number, Clock>();

function clockOf(intervalMs: number): Clock {
  let clock = clocks.get(intervalMs);
  if (!clock) clocks.set(intervalMs, (clock = new Clock(intervalMs)));
  return clock;
}

/**
 * A slice of the store that follows changes at most once per `intervalMs` (the latest value wins).
 * Unlike `useStore`, the component does not re-render at each change in between, so a heavy view
 * follows a streaming run a few times a second while the store takes every batch. Views with the
 * same interval update together (one render, one frame), and at once when the run's status
 * changes. `select` must be stable (defined at module level).
 */
export function useThrottledStore<T>(select: (state: AppState) => T, intervalMs: number = LIVE_INTERVAL_MS): T {
  const clock = clockOf(intervalMs);
  const subscribe = useCallback((listener: () => void) => clock.follow(select, listener), [clock, select]);
  const read = () => clock.read(select) as T;
  return useSyncExternalStore(subscribe, read, read);
}
