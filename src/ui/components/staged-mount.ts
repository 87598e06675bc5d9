import { startTransition, useEffect, useState } from 'react';

/**
 * Heavy views (recharts charts) mount one at a time, each in its own task after the browser has
 * had a chance to paint, instead of all in the one task that delivered a run's result: a page of
 * sixteen charts then never holds a frame for the sum of their renders (issue 13: no task over
 * 50 ms). The queue is first come, first served, so charts fill in document order.
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

/** False until this component's turn has come; then true for as long as it stays mounted. */
export function useStagedMount(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    // A transition, so React renders the view in slices that yield to the browser (a plain update
    // from a timer renders in one go); only the commit is one piece.
    const turn = () => {
      if (!live) return;
      mountedOnce = true;
      startTransition(() => setReady(true));
    };
    queue.push(turn);
    schedule();
    return () => {
      live = false;
      const at = queue.indexOf(turn);
      if (at >= 0) queue.splice(at, 1);
    };
  }, []);
  return ready;
}
