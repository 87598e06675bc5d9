import { useSyncExternalStore } from 'react';

/**
 * Light and dark mode. The choice (System, Light or Dark) is kept in localStorage; the page's
 * `<html data-theme>` holds the theme in force, `light` or `dark`, which styles.css turns into
 * colours. System follows `prefers-color-scheme`, also when it changes while the page is open.
 *
 * The stored choice is applied when this module loads (an import side effect, before React
 * renders), since the page's Content-Security-Policy allows no inline script in index.html; until
 * then styles.css follows the system's preference through a media query.
 */

export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'toolwise-theme';
const CHOICES: { value: ThemeChoice; label: string; title: string }[] = [
  { value: 'system', label: 'System', title: 'Follow the system\u2019s light or dark setting' },
  { value: 'light', label: 'Light', title: 'Always light' },
  { value: 'dark', label: 'Dark', title: 'Always dark' },
];

const darkQuery = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined;
const listeners = new Set<() => void>();

/** The stored choice; System where none is stored or storage is blocked. */
export function storedTheme(): ThemeChoice {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

/** The theme a choice puts in force now. */
export function resolveTheme(choice: ThemeChoice, systemDark = darkQuery?.matches ?? false): Theme {
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

let current: ThemeChoice = 'system';

function apply(choice: ThemeChoice) {
  current = choice;
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.dataset.theme = resolveTheme(choice);
  root.dataset.themeChoice = choice;
  for (const listener of listeners) listener();
}

/** Stores a choice and applies it at once. */
export function setTheme(choice: ThemeChoice) {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage blocked (private mode, a sandbox): the choice holds for this page only.
  }
  apply(choice);
}

// On load: the stored choice, then the system's changes while System is chosen, and choices made in another tab.
apply(storedTheme());
darkQuery?.addEventListener('change', () => {
  if (current === 'system') apply('system');
});
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) apply(storedTheme());
  });
}

/**
 * Runs `fn` with the light theme's styles in force, then puts the theme back. Synchronous, so
 * nothing is painted in between: for chart downloads, which copy computed styles onto a white
 * background and would otherwise carry dark mode's light text and grid.
 */
export function withLightTheme<T>(fn: () => T): T {
  const root = document.documentElement;
  const before = root.dataset.theme;
  root.dataset.theme = 'light';
  try {
    return fn();
  } finally {
    if (before === undefined) delete root.dataset.theme;
    else root.dataset.theme = before;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** System / Light / Dark, as three toggle buttons of one group; the pressed one is the stored choice. */
export function ThemeToggle() {
  const choice = useSyncExternalStore(subscribe, () => current, () => 'system' as ThemeChoice);
  return (
    <div className="theme-toggle" role="group" aria-label="Colour theme" data-testid="theme-toggle">
      {CHOICES.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={choice === option.value}
          className={choice === option.value ? 'active' : undefined}
          title={option.title}
          onClick={() => setTheme(option.value)}
          data-testid={`theme-${option.value}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
