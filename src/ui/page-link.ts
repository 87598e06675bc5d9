import type { RunConfig } from '../core/run/run-config';
import { DEFAULT_PRICES, type Price } from '../core/run/prices';
import { storyById } from '../core/run/stories';
import { configFromHash, configToHash } from './url-config';

/** The views of Results, one at a time. */
export const VIEWS = ['results', 'paired', 'papers', 'sweep'] as const;
export type View = (typeof VIEWS)[number];

/** What the page shows besides the setup: all of it travels in the link. */
export interface PageState {
  view: View;
  /** The trace open in Inspect, and the one beside it. */
  trace?: string;
  compare?: string;
  /** The baseline of the paired comparison. */
  baseline?: string;
  /** Prices that differ from the defaults, by model id. */
  prices: Record<string, Price>;
  /** The link was taken while results of its setup were on screen: opening it shows them again. */
  results: boolean;
  /**
   * The imported data the setup runs on, by environment (`data.<env>=<fingerprint>`); an environment
   * not named runs on its bundled data. Imported files never travel in a link, only their fingerprint.
   */
  data?: Record<string, string>;
}

/** A data fingerprint as the page writes it (12 hex digits of SHA-256). */
const FINGERPRINT = /^[0-9a-f]{12}$/;

export interface PageLink {
  config: RunConfig;
  page: PageState;
  /** A story named by the link (`#story=egb-slate`): its setup, and its results. */
  story?: string;
}

const priceText = (price: Price) => `${price.input},${price.output}`;

/**
 * The page's link: the setup's fields (url-config), then the page's own state. Defaults are left
 * out, so a link stays short.
 */
export function pageToHash(config: RunConfig, page: PageState): string {
  const params = new URLSearchParams(configToHash(config).slice(1));
  for (const [model, price] of Object.entries(page.prices)) {
    const base = DEFAULT_PRICES[model];
    if (!base || base.input !== price.input || base.output !== price.output) params.set(`price.${model}`, priceText(price));
  }
  if (page.view !== 'results') params.set('view', page.view);
  if (page.baseline) params.set('baseline', page.baseline);
  if (page.trace) params.set('trace', page.trace);
  if (page.compare) params.set('compare', page.compare);
  for (const [env, fingerprint] of Object.entries(page.data ?? {})) params.set(`data.${env}`, fingerprint);
  if (page.results) params.set('results', '1');
  return `#${params.toString()}`;
}

/** Reads a link; fields it lacks keep `base` (the page's defaults), and a story's setup wins over its fields. */
export function pageFromHash(hash: string, base: RunConfig): PageLink {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const story = storyById(params.get('story'));
  const config = story ? story.config : configFromHash(hash, base);
  const prices: Record<string, Price> = {};
  for (const [name, value] of params) {
    const match = /^price\.(.+)$/.exec(name);
    const numbers = value.split(',').map(Number);
    if (match && numbers.length === 2 && numbers.every((n) => Number.isFinite(n) && n >= 0 && n <= 10_000)) {
      prices[match[1]] = { input: numbers[0], output: numbers[1], note: 'from the link' };
    }
  }
  const data: Record<string, string> = {};
  for (const [name, value] of params) {
    const match = /^data\.([\w-]+)$/.exec(name);
    if (match && FINGERPRINT.test(value)) data[match[1]] = value;
  }
  const view = params.get('view');
  const text = (name: string) => params.get(name) || undefined;
  return {
    config,
    ...(story ? { story: story.id } : {}),
    page: {
      view: (VIEWS as readonly string[]).includes(view ?? '') ? (view as View) : 'results',
      trace: text('trace'),
      compare: text('compare'),
      baseline: text('baseline'),
      prices,
      results: Boolean(story) || params.get('results') === '1',
      ...(story || Object.keys(data).length === 0 ? {} : { data }),
    },
  };
}
