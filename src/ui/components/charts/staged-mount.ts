import { createContext, startTransition, useContext, useEffect, useState } from 'react';

/**
 * Heavy views (recharts charts) mount one at a time, each in its own task after the browser has
 * had a chance to paint, instead of all in the one task that delivered a run's result: a page of
 * sixteen charts then never holds a frame for the sum of their renders (issue 13: no task over
 * 50 ms). They leave the same way (staged-release.tsx): a view whose results are going away is
 * hidden at once and lets its chart go in a turn of its own. The queue is first come, first
 * served, so charts fill in document order, and charts that leave go before the next ones come.
 */
const queue: (() => void)[] = [];
let scheduled = false;
/** Whether a staged view has mounted on this page yet (the chart warm-up is then not needed). */
let mountedOnce = false;

export function stagedViewMounted(): boolean {
  return mountedOnce;
}

function next() {
  scheduled = false;
  const turn = queue.shift();
  turn?.();
  if (queue.length > 0) schedule();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  // A frame, then a task: the previous chart's render is painted before the next one starts.
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(next, 0));
  else setTimeout(next, 0);
}

/** Queues a turn (a function run in a task of its own); the returned function takes it back if it has not run. */
export function queueTurn(turn: () => void): () => void {
  queue.push(turn);
  schedule();
  return () => {
    const at = queue.indexOf(turn);
    if (at >= 0) queue.splice(at, 1);
  };
}

/**
 * Tells the staged views inside a view that the view is leaving (staged-release.tsx). Its own
 * object, not a context value that changes: the views hear it without rendering again (a chart that
 * renders again redraws, which cost more than unmounting it).
 */
export class LeaveSignal {
  leaving = false;
  private readonly listeners = new Set<() => void>();

  /** Calls `listener` when the view starts leaving; returns the function that stops listening. */
  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  leave() {
    this.leaving = true;
    // In the order the views started listening: document order, as they mounted.
    for (const listener of [...this.listeners]) listener();
  }

  stay() {
    this.leaving = false;
  }
}

export const LeaveContext = createContext<LeaveSignal | undefined>(undefined);

/**
 * False until this component's turn has come; then true for as long as it stays mounted, or until
 * its view leaves: then false again in a turn of its own, so that its chart unmounts alone.
 */
export function useStagedMount(): boolean {
  const signal = useContext(LeaveContext);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    let drawn = false;
    // A transition, so React renders the view in slices that yield to the browser (a plain update
    // from a timer renders in one go); only the commit is one piece.
    let cancel = queueTurn(() => {
      // A view that leaves before its turn never draws.
      if (!live || signal?.leaving) return;
      mountedOnce = true;
      drawn = true;
      startTransition(() => setReady(true));
    });
    const unlisten = signal?.listen(() => {
      cancel();
      if (drawn) cancel = queueTurn(() => live && setReady(false));
    });
    return () => {
      live = false;
      cancel();
      unlisten?.();
    };
  }, [signal]);
  return ready;
}
