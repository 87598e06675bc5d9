import { ENVIRONMENTS } from '../../core/envs';
import { STRATEGIES } from '../../core/strategies';

/** The display name of an environment id (the id itself when unknown, e.g. from an old result). */
export function envLabel(id: string): string {
  return ENVIRONMENTS[id]?.label ?? id;
}

/** The display name of a strategy id. */
export function strategyLabel(id: string): string {
  return STRATEGIES[id]?.label ?? id;
}

/** Colour-blind-friendly palette (Okabe-Ito, then a few extra). */
const PALETTE = [
  '#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#8c564b', '#7f7f7f', '#17becf', '#bcbd22',
  '#1f3a93', '#a61c3c', '#2e7d32', '#6a1b9a', '#ef6c00', '#00838f', '#5d4037', '#c2185b', '#827717', '#37474f',
];

/** A strategy's colour, stable across charts because it follows the registry order. */
export function strategyColor(id: string): string {
  const index = Object.keys(STRATEGIES).indexOf(id);
  return PALETTE[(index < 0 ? PALETTE.length - 1 : index) % PALETTE.length];
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A number for tables: thousands separated, at most one decimal. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
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
