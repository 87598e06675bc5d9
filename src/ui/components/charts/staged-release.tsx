import { Fragment, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { LeaveContext, LeaveSignal, queueTurn } from './staged-mount';

/**
 * Shows its children while `show`. When `show` turns false (Run pressed, another view opened), the
 * children shown last stay mounted but hidden at once, and go in slices instead of in that one
 * task: each staged chart inside (useStagedMount) lets its chart go in a turn of its own through
 * the staged-mount queue, then, in a last turn, the rest of them goes. Unmounting a run's charts at
 * once (a 2x2 run's eight scatters and the trace's token chart) held the click that started the
 * next run for 40-70 ms (issue 13: no task over 50 ms).
 * Children that come back before that last turn wait for it, and then mount afresh.
 */
export function StagedRelease({ show, children }: { show: boolean; children: ReactNode }) {
  const [leaving, setLeaving] = useState(false);
  const [shownBefore, setShownBefore] = useState(show);
  const [generation, setGeneration] = useState(0);
  const [signal] = useState(() => new LeaveSignal());
  // What was on screen last: kept while it leaves, then let go.
  const kept = useRef<ReactNode>(null);
  if (show !== shownBefore) {
    setShownBefore(show);
    if (!show) setLeaving(true);
  }
  useLayoutEffect(() => {
    if (show && !leaving) kept.current = children;
  });
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!leaving || !box.current) return;
    // What leaves is no longer the page's: whatever looks results up by test id (the e2e tests)
    // finds the new ones only, never these. React sets an attribute only when its value changes,
    // and these elements' never do again.
    for (const element of box.current.querySelectorAll('[data-testid]')) {
      element.setAttribute('data-left-testid', element.getAttribute('data-testid')!);
      element.removeAttribute('data-testid');
    }
  }, [leaving]);
  useEffect(() => {
    if (!leaving) return;
    // The charts inside queue their turns, then the rest of the view queues its own, the last.
    signal.leave();
    let live = true;
    const cancel = queueTurn(() => {
      if (!live) return;
      kept.current = null;
      signal.stay();
      setLeaving(false);
      setGeneration((g) => g + 1);
    });
    return () => {
      live = false;
      cancel();
    };
  }, [leaving, signal]);
  // The children of the last commit while they leave (a ref: keeping them must not render anything).
  const content = leaving ? kept.current : show ? children : null;
  return (
    <LeaveContext.Provider value={signal}>
      <div ref={box} className={leaving ? 'staged-release leaving' : 'staged-release'} data-leaving={leaving || undefined}>
        <Fragment key={generation}>{content}</Fragment>
      </div>
    </LeaveContext.Provider>
  );
}
