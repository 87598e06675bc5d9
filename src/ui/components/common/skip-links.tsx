import type { MouseEvent } from 'react';

const TARGETS = [
  { id: 'setup-title', label: 'Skip to Setup' },
  { id: 'results-title', label: 'Skip to Results' },
  { id: 'inspect-title', label: 'Skip to Inspect' },
];

/**
 * Moves focus to a section's heading. The link's own `#id` would land in the address bar, which
 * holds the setup (a hash the page would read as a config), so the jump is done here.
 */
function jump(event: MouseEvent<HTMLAnchorElement>, id: string) {
  event.preventDefault();
  const heading = document.getElementById(id);
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
  heading.scrollIntoView({ block: 'start' });
}

/** The page's first tab stops, seen only when focused: straight to Setup, Results or Inspect. */
export function SkipLinks() {
  return (
    <nav className="skip-links" aria-label="Skip links">
      {TARGETS.map((target) => (
        <a key={target.id} href={`#${target.id}`} onClick={(event) => jump(event, target.id)} data-testid={`skip-${target.id.replace('-title', '')}`}>
          {target.label}
        </a>
      ))}
    </nav>
  );
}
