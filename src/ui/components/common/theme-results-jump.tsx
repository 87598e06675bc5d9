import { useEffect, useState, type MouseEvent } from 'react';
import { useStore } from '../../store';
import { selectProgress, useThrottledStore } from './use-throttled-store';

/** Where the layout stacks Setup above Results (styles.css: `.layout` at 960px). */
const NARROW = '(max-width: 960px)';
const TARGET = 'results-title';

function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/** Whether the Results section starts below the viewport; false while it or part of it is in view, or above. */
function useResultsBelow(active: boolean, retry: unknown): boolean {
  const [below, setBelow] = useState(false);
  useEffect(() => {
    if (!active) return;
    const heading = document.getElementById(TARGET);
    const section = heading?.closest('section') ?? heading;
    if (!section || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(([entry]) => setBelow(!entry.isIntersecting && entry.boundingClientRect.top > 0));
    observer.observe(section);
    return () => observer.disconnect();
  }, [active, retry]);
  return active && below;
}

/** Scrolls Results into view and moves the focus to its heading, without touching the URL's hash (it holds the setup). */
function jump(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const heading = document.getElementById(TARGET);
  if (!heading) return;
  heading.scrollIntoView({ behavior: 'smooth', block: 'start' });
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/**
 * On narrow screens, where Results sit below the whole Setup: a bar fixed at the bottom of the
 * viewport while Results are further down, with the run's status ("Running 12 / 40", "Done: 360
 * task runs") and a "Jump to results" link. It shows once a run is under way or a result is on
 * screen, and hides while Results are in view or above.
 */
export function ResultsJump() {
  const narrow = useMedia(NARROW);
  const status = useStore((state) => state.status);
  const progress = useThrottledStore(selectProgress);
  const resultRuns = useStore((state) => state.result?.results.length);
  const running = status === 'running';
  const something = running || status === 'cancelled' || resultRuns !== undefined;
  const below = useResultsBelow(narrow && something, status);
  if (!narrow || !something || !below || status === 'error') return null;
  const text = running
    ? `Running${progress ? ` ${progress.done} / ${progress.total}` : '\u2026'}`
    : status === 'cancelled'
      ? 'Cancelled'
      : `${status === 'done' ? 'Done: ' : 'Results: '}${resultRuns ?? 0} task runs`;
  return (
    <div className="results-jump" data-testid="results-jump" data-jump-status={status}>
      <span className="results-jump-status">{text}</span>
      <a href={`#${TARGET}`} onClick={jump} data-testid="results-jump-link">
        Jump to results <span aria-hidden="true">↓</span>
      </a>
    </div>
  );
}
