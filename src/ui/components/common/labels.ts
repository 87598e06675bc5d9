import type { MetricKind } from '../../../core/types';
import { ENV_CATALOG } from '../../../core/envs/catalog';
import { STRATEGY_CATALOG } from '../../../core/strategies/catalog';
import { colourDistance } from './theme-color';

/** The display name of an environment id (the id itself when unknown, e.g. from an old result). */
export function envLabel(id: string): string {
  return ENV_CATALOG[id]?.label ?? id;
}

/** An environment's name without its parenthesis ("Household" for "Household (ALFWorld-like)"), for narrow columns. */
export function envShortLabel(id: string): string {
  return envLabel(id).replace(/\s*\([^)]*\)\s*$/, '');
}

/** The display name of a strategy id. */
export function strategyLabel(id: string): string {
  return STRATEGY_CATALOG[id]?.label ?? id;
}

/**
 * One fixed colour per strategy, the same in every chart, table, legend and download, and in light
 * and dark mode. Colours come from Okabe-Ito (OI) and Paul Tol's schemes (bright, vibrant, muted,
 * medium-contrast, light); ReAct, Reflexion, AutoTool (ReAct) and EcoAct take the Okabe-Ito
 * colours. The assignment keeps the strategies that are shown together (AutoTool's table, the
 * ToolExpNet ablations, EGB's Tables 4 and 5 with their memory variants) at least 10 CIEDE2000
 * apart in normal vision and under simulated deuteranopia and protanopia, and every colour at
 * least 1.9:1 against both the light and the dark panel (theme-palette.test.ts checks all three).
 */
const CHOSEN_COLORS: Readonly<Record<string, string>> = {
  react: '#0072b2', // OI blue
  reflexion: '#d55e00', // OI vermillion
  'autotool-react': '#009e73', // OI bluish green
  'autotool-reflexion': '#77aadd', // Tol light blue
  'ngram-react': '#99cc33', // lime
  'ecoact-react': '#cc79a7', // OI reddish purple
  toolexpnet: '#997700', // Tol medium-contrast ochre
  'toolexpnet-no-es': '#bbbbbb', // Tol bright grey
  'toolexpnet-no-ed': '#ccbb44', // Tol bright yellow
  'toolexpnet-no-trial': '#666666', // dark grey
  'baseline-llm': '#e69f00', // OI orange
  'egb-sampling': '#994455', // Tol medium-contrast dark red
  'egb-logits': '#33bbee', // Tol vibrant cyan
  'baseline-llm-memory': '#ee6677', // Tol bright red
  'react-memory': '#ff99bb', // pink
  'reflexion-memory': '#44aa99', // Tol muted teal
  'egb-sampling-memory': '#6688aa', // slate blue
  'egb-logits-memory': '#aa3377', // Tol bright purple
};

/**
 * The palette a strategy added later draws from (Tol's bright, vibrant, muted and light schemes),
 * each at least 1.9:1 against both panels (theme-palette.test.ts).
 */
export const SPARE_COLORS: readonly string[] = ['#117733', '#ee8866', '#cc3311', '#228833', '#999933', '#ee3377', '#bb5566', '#ee7733', '#aa4499', '#aaaa00', '#4477aa', '#009988', '#0077bb', '#cc6677', '#44bb99', '#ddaa33'];

/**
 * Colours for these strategy ids: a chosen colour where there is one, else, in the registry's
 * order, the spare colour farthest (CIEDE2000, normal vision) from every colour given so far. A
 * strategy added to the registry gets its colour here, without a line of its own; one that joins a
 * group shown together (theme-palette.test.ts) may need a chosen colour that also keeps the group
 * apart under colour-vision deficiencies.
 */
export function assignColours(ids: readonly string[], chosen: Readonly<Record<string, string>> = CHOSEN_COLORS, spare: readonly string[] = SPARE_COLORS): Record<string, string> {
  const given = ids.filter((id) => Object.hasOwn(chosen, id)).map((id) => chosen[id]);
  const out: Record<string, string> = {};
  for (const id of ids) {
    if (Object.hasOwn(chosen, id)) {
      out[id] = chosen[id];
      continue;
    }
    const nearest = (colour: string) => Math.min(Infinity, ...given.map((other) => colourDistance(colour, other)));
    const left = spare.filter((colour) => !given.includes(colour));
    if (left.length === 0) throw new Error(`No spare colour is left for strategy "${id}": add colours to SPARE_COLORS (labels.ts).`);
    const best = left.reduce((a, b) => (nearest(b) > nearest(a) ? b : a));
    out[id] = best;
    given.push(best);
  }
  return out;
}

/** Every registered strategy's colour (the registry's order; see `assignColours`). */
export const STRATEGY_COLORS: Readonly<Record<string, string>> = assignColours(Object.keys(STRATEGY_CATALOG));

/** Colours for strategy ids the registry does not know (from an old stored result): Tol muted, by a hash of the id. */
const UNKNOWN_COLORS = ['#117733', '#999933', '#aa4499', '#88ccee', '#ddcc77', '#cc6677'];

/** A strategy's colour: fixed per id, so a strategy looks the same in every view. */
export function strategyColor(id: string): string {
  const known = STRATEGY_COLORS[id];
  if (known) return known;
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return UNKNOWN_COLORS[hash % UNKNOWN_COLORS.length];
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A number for tables: thousands separated, at most one decimal. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** A mean count (tokens, calls): whole from 100 up ("7,435", not "7,435.1"), one decimal below ("18.6"). */
export function formatCount(value: number): string {
  return Math.abs(value) >= 100 ? numberFormat.format(Math.round(value)) : numberFormat.format(value);
}

/** Dollars, with enough decimals for the small per-task costs of simulated runs. */
export function formatUsd(value: number): string {
  return value === 0 ? '$0' : value < 0.01 ? `$${value.toFixed(4)}` : `$${value.toFixed(3)}`;
}

/** A rate in [0, 1] as a whole percentage. */
export function formatPercent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

/** Milliseconds as seconds with one decimal. */
export function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** How a metric of a kind prints: rates and shares as percentages, dollars as a price, the rest as numbers. */
export function formatterOf(kind: MetricKind): (value: number) => string {
  return kind === 'rate' || kind === 'share' ? formatPercent : kind === 'dollars' ? formatUsd : formatNumber;
}
