import { useEffect } from 'react';

/** Room kept between a tip and the edge of what clips it. */
const MARGIN = 6;

/**
 * The box a tip drawn at `element` can be seen in: the viewport, narrowed by every ancestor that
 * clips or scrolls its content (Setup's panel scrolls on a wide screen).
 */
function visibleBox(element: Element): { left: number; right: number; top: number; bottom: number } {
  const box = { left: 0, right: document.documentElement.clientWidth, top: 0, bottom: window.innerHeight };
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const style = getComputedStyle(parent);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const rect = parent.getBoundingClientRect();
    box.left = Math.max(box.left, rect.left + parent.clientLeft);
    box.right = Math.min(box.right, rect.left + parent.clientLeft + parent.clientWidth);
    box.top = Math.max(box.top, rect.top + parent.clientTop);
    box.bottom = Math.min(box.bottom, rect.top + parent.clientTop + parent.clientHeight);
  }
  return box;
}

/**
 * Moves the keyboard tip of a `[data-gloss]` label (its ::after, styles.css) inside what can show it
 * (issue 42 item 6: the theta tip was cut by Setup's edge): narrower where the box is narrow, shifted
 * left where it would cross the right edge, above the label where there is no room below.
 */
export function placeGlossTip(element: HTMLElement): void {
  element.classList.remove('gloss-placed');
  for (const name of ['--gloss-left', '--gloss-max', '--gloss-top']) element.style.removeProperty(name);
  const tip = getComputedStyle(element, '::after');
  if (tip.content === 'none' || tip.content === '') return;
  const rect = element.getBoundingClientRect();
  const box = visibleBox(element);
  const room = Math.max(120, box.right - box.left - 2 * MARGIN);
  const width = Math.min(parseFloat(tip.width), room);
  const left = Math.min(Math.max(rect.left + parseFloat(tip.left), box.left + MARGIN), box.right - MARGIN - width);
  element.style.setProperty('--gloss-left', `${left - rect.left}px`);
  element.style.setProperty('--gloss-max', `${width}px`);
  element.classList.add('gloss-placed');
  // Its height at the new width; above the label where it would run past the bottom.
  const height = parseFloat(getComputedStyle(element, '::after').height);
  if (rect.bottom + 4 + height > box.bottom && rect.top - 4 - height >= box.top) element.style.setProperty('--gloss-top', `${-height - 4}px`);
}

/** Places each label's tip as its control takes the keyboard focus. */
export function useGlossPlacement(): void {
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      const label = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-gloss]') : null;
      if (label) placeGlossTip(label);
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, []);
}
