import { useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';

/** How many rows PageUp / PageDown move. */
const PAGE_ROWS = 10;

/** The focusable items of a table: the header's buttons (one row), then each body row. */
function itemsOf(table: HTMLTableElement): { head: HTMLElement[]; rows: HTMLElement[] } {
  return {
    head: [...table.querySelectorAll<HTMLElement>('thead button')],
    rows: [...table.querySelectorAll<HTMLElement>('tbody > tr')],
  };
}

/**
 * One tab stop per table, the roving tabindex of the WAI-ARIA grid pattern: Tab enters the table
 * once, at the item last visited (the first row at first), and leaves it with the next Tab. Inside,
 * ArrowUp / ArrowDown move between rows (the header's sort buttons are the row above the first),
 * ArrowLeft / ArrowRight between the header's buttons, Home / End to the first / last row and
 * PageUp / PageDown ten rows. The rows keep their own keys (Enter opens a task's trace).
 */
export function useRovingRows(table: RefObject<HTMLTableElement | null>) {
  // The item that holds the tab stop, kept across renders: sorting or paging keeps it where it still exists.
  const current = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const element = table.current;
    if (!element) return;
    const { head, rows } = itemsOf(element);
    const all = [...head, ...rows];
    if (!current.current || !all.includes(current.current)) current.current = rows[0] ?? head[0] ?? null;
    for (const item of all) item.tabIndex = item === current.current ? 0 : -1;
  });
  const move = (to: HTMLElement | undefined) => {
    if (!to || !table.current) return;
    for (const item of [...itemsOf(table.current).head, ...itemsOf(table.current).rows]) item.tabIndex = item === to ? 0 : -1;
    current.current = to;
    to.focus();
    to.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };
  const onFocus = (event: FocusEvent<HTMLTableElement>) => {
    const { head, rows } = itemsOf(event.currentTarget);
    const item = [...head, ...rows].find((candidate) => candidate === event.target);
    if (item && item !== current.current) {
      if (current.current) current.current.tabIndex = -1;
      item.tabIndex = 0;
      current.current = item;
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const { head, rows } = itemsOf(event.currentTarget);
    const target = event.target as HTMLElement;
    const inHead = head.indexOf(target);
    const row = rows.indexOf(target);
    if (inHead < 0 && row < 0) return;
    let to: HTMLElement | undefined;
    switch (event.key) {
      case 'ArrowDown':
        to = inHead >= 0 ? rows[0] : rows[row + 1];
        break;
      case 'ArrowUp':
        to = inHead >= 0 ? undefined : row === 0 ? head[0] : rows[row - 1];
        break;
      case 'ArrowLeft':
        to = inHead > 0 ? head[inHead - 1] : undefined;
        break;
      case 'ArrowRight':
        to = inHead >= 0 ? head[inHead + 1] : undefined;
        break;
      case 'Home':
        to = inHead >= 0 ? head[0] : rows[0];
        break;
      case 'End':
        to = inHead >= 0 ? head[head.length - 1] : rows[rows.length - 1];
        break;
      case 'PageDown':
        to = inHead >= 0 ? rows[Math.min(PAGE_ROWS - 1, rows.length - 1)] : rows[Math.min(row + PAGE_ROWS, rows.length - 1)];
        break;
      case 'PageUp':
        to = inHead >= 0 ? undefined : rows[Math.max(row - PAGE_ROWS, 0)];
        break;
      default:
        return;
    }
    // A handled key never scrolls the page, even at the table's edge.
    event.preventDefault();
    move(to);
  };
  return { onKeyDown, onFocus };
}
