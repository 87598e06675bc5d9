import { useEffect } from 'react';
import { create } from 'zustand';
import { useStore, type PageRunner } from '../store';
import { sameSetup } from '../setup-differences';
import { liveSize } from './live-size';
import { recordTimings, useTimings } from './timings';

/** Live's own state: on or off, and how many runs it started (for the page to show); the times measured here are in timings.ts. */
interface LiveState {
  on: boolean;
  runs: number;
}

export const useLive = create<LiveState>(() => ({ on: false, runs: 0 }));

/** How long after the last change Live waits before it runs: a typed number or a dragged field settles first. */
export const LIVE_DEBOUNCE_MS = 350;

/**
 * With Live on, a change of Setup re-runs the setup when it is small (live-size.ts), as TensorFlow
 * Playground does: after LIVE_DEBOUNCE_MS without another change, the running run (if any) is
 * cancelled and the new setup starts. A change during the wait starts the wait again; a sweep is
 * never interrupted.
 */
export function useLiveRuns(runner: PageRunner) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let generation = 0;
    const rerun = async (mine: number) => {
      const state = useStore.getState();
      if (!useLive.getState().on || state.sweep.status === 'running') return;
      if (!liveSize(state.config, useTimings.getState()).small) return;
      if (state.result && state.status !== 'running' && sameSetup(state.result.config, state.config)) return;
      if (state.status === 'running') {
        state.cancel(runner);
        await new Promise<void>((resolve) => {
          const stop = useStore.subscribe((s) => {
            if (s.status !== 'running') {
              stop();
              resolve();
            }
          });
        });
      }
      // A newer change took over while the run before was ending.
      if (mine !== generation || !useLive.getState().on) return;
      useLive.setState({ runs: useLive.getState().runs + 1 });
      await useStore.getState().start(runner);
    };
    const schedule = () => {
      if (timer) clearTimeout(timer);
      const mine = ++generation;
      timer = setTimeout(() => void rerun(mine), LIVE_DEBOUNCE_MS);
    };
    const unsubscribe = useStore.subscribe((state, previous) => {
      // A stored run was made in this browser: its rates are this machine's (runs made here record theirs as they end).
      if (state.result !== previous.result && state.result && state.origin?.kind === 'stored') recordTimings(state.result);
      if (useLive.getState().on && state.config !== previous.config) schedule();
    });
    // Turning Live on runs the setup at once when it is small and its result is not on screen.
    const unsubscribeLive = useLive.subscribe((live, before) => {
      if (live.on && !before.on) schedule();
    });
    return () => {
      if (timer) clearTimeout(timer);
      unsubscribe();
      unsubscribeLive();
    };
  }, [runner]);
}
