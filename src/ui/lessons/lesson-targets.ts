import type { LookTarget } from '../../core/run/story-looks';
import type { View } from '../page-link';
import { useStore } from '../store';

/** Where a lesson's target is on the page: the view of Results it is in, and a selector for it. */
export function targetElement(target: LookTarget): { view?: View; selector: string } {
  switch (target.kind) {
    case 'chart':
      return { view: 'results', selector: `[data-testid="charts-${target.env}"] [data-testid="chart-${target.cost}"]` };
    case 'breakdown':
      return { view: 'results', selector: `[data-testid="by-kind-${target.env}"]` };
    case 'paired':
      return { view: 'paired', selector: `[data-testid="paired-${target.env}"]` };
    case 'table':
      return { view: 'results', selector: '[data-testid="aggregate-block"]' };
    case 'graph':
      return { selector: '[data-testid="strategy-graph"]' };
  }
}

export const SPOTLIGHT_CLASS = 'lesson-spotlight';

/**
 * Marks the target (a class that outlines it), opens it where it is a fold, and scrolls it into
 * view; the mark before is removed. The element may not be drawn yet (charts are staged): it is
 * looked for again every 100 ms, for up to 10 seconds. Returns a function that stops looking.
 */
export function spotlight(selector: string, onFound?: (element: Element) => void): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const started = Date.now();
  const look = () => {
    if (stopped) return;
    const element = document.querySelector(selector);
    if (!element) {
      if (Date.now() - started < 10_000) timer = setTimeout(look, 100);
      return;
    }
    for (const old of document.querySelectorAll(`.${SPOTLIGHT_CLASS}`)) if (old !== element) old.classList.remove(SPOTLIGHT_CLASS);
    element.classList.add(SPOTLIGHT_CLASS);
    if (element instanceof HTMLDetailsElement && !element.open) element.open = true;
    // At once, not smoothly: charts still drawing around it would cut a smooth scroll short. Once
    // more a little later, when what was drawn above it may have moved it.
    element.scrollIntoView({ block: 'center' });
    timer = setTimeout(() => !stopped && element.isConnected && element.scrollIntoView({ block: 'center' }), 400);
    onFound?.(element);
  };
  look();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}

/**
 * Points at a story's or a lesson's target: its view of Results first, then the outline (`spotlight`).
 * Lessons and stories both point through this, so they highlight alike. Returns what stops looking.
 */
export function pointAt(target: LookTarget): () => void {
  const { view, selector } = targetElement(target);
  if (view && useStore.getState().view !== view) useStore.getState().setView(view);
  return spotlight(selector);
}

/** Removes every mark (the lesson closed, or its result left the screen). */
export function clearSpotlight() {
  for (const old of document.querySelectorAll(`.${SPOTLIGHT_CLASS}`)) old.classList.remove(SPOTLIGHT_CLASS);
}
