import type { RunConfig } from '../core/run/run-config';
import { DEFAULT_PRICES, parsePrice, priceText, type Price } from '../core/run/prices';
import { storyById } from '../core/run/stories';
import { lessonById, lessonStory } from '../core/run/lessons';
import { parseSetting, settingNamed, VIEWS } from '../core/run/settings';
import { configToHash, readConfigHash } from './url-config';
import { checkLinkNames } from './link-names';

export { VIEWS };
/** The views of Results, one at a time. */
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
  /** The lesson open above Results (`lesson=<id>`): its story's setup, run with one click. */
  lesson?: string;
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
  /** What the link held that the page refused, each in a sentence (`tasks=NaN: give a whole number …`). */
  problems: string[];
  /** Threads for the page's pool (`workers=N`), where the link sets them. */
  workers?: number;
}


/**
 * The page's link: the setup's fields (url-config), then the page's own state. Defaults are left
 * out, so a link stays short.
 */
export function pageToHash(config: RunConfig, page: PageState): string {
  const params = new URLSearchParams(configToHash(config).slice(1));
  for (const [model, price] of Object.entries(page.prices)) {
    const base = DEFAULT_PRICES[model];
    if (!base || base.input !== price.input || base.output !== price.output || base.cachedInput !== price.cachedInput) params.set(`price.${model}`, priceText(price));
  }
  if (page.view !== 'results') params.set('view', page.view);
  if (page.baseline) params.set('baseline', page.baseline);
  if (page.trace) params.set('trace', page.trace);
  if (page.compare) params.set('compare', page.compare);
  for (const [env, fingerprint] of Object.entries(page.data ?? {})) params.set(`data.${env}`, fingerprint);
  if (page.results) params.set('results', '1');
  if (page.lesson) params.set('lesson', page.lesson);
  return `#${params.toString()}`;
}

/**
 * Reads a link; fields it lacks keep `base` (the page's defaults), and a story's setup wins over its
 * fields. A value that does not fit its setting, or a name that is no setting, is refused: the
 * setting keeps its default and `problems` says what was wrong.
 */
export function pageFromHash(hash: string, base: RunConfig): PageLink {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const lesson = lessonById(params.get('lesson'));
  // A lesson's link sets its story's setup; it runs on the lesson's own Run, after the class predicts.
  const story = storyById(params.get('story')) ?? (lesson ? lessonStory(lesson) : undefined);
  const read = readConfigHash(hash, base);
  // Names the page does not know (an environment, a strategy, a model, an embedder), each reported and replaced.
  const names = checkLinkNames(params, read.config, base);
  const problems = [...read.problems, ...(story ? [] : names.problems)];
  const config = story ? story.config : names.config;
  const prices: Record<string, Price> = {};
  const page: Record<string, string | number | boolean> = {};
  const data: Record<string, string> = {};
  for (const [name, value] of params) {
    const imported = /^data\.([\w-]+)$/.exec(name);
    if (imported) {
      if (FINGERPRINT.test(value)) data[imported[1]] = value;
      else problems.push(`${name}=${value}: give the imported data's fingerprint, 12 hex digits.`);
      continue;
    }
    const match = /^price\.(.+)$/.exec(name);
    if (match) {
      const price = parsePrice(value, 'from the link');
      if (price) prices[match[1]] = price;
      else problems.push(`${name}=${value}: give two or three prices in dollars per million tokens, input, output and cached input, e.g. 0.5,1.5 or 0.5,1.5,0.25.`);
      continue;
    }
    const setting = settingNamed(name);
    if (!setting) {
      problems.push(`${name}: no such setting (the settings are listed in docs/settings.md).`);
      continue;
    }
    if (setting.group !== 'page' || setting.name === 'story' || setting.name === 'lesson') continue;
    const parsed = parseSetting(setting, value);
    if (parsed.ok) page[setting.name] = parsed.value as string | number | boolean;
    else problems.push(`${parsed.message.replace(/\.$/, '')}; left at its default.`);
  }
  if (params.get('story') !== null && !storyById(params.get('story'))) problems.push(`story=${params.get('story')}: no such story.`);
  if (params.get('lesson') !== null && !lesson) problems.push(`lesson=${params.get('lesson')}: no such lesson.`);
  const text = (name: string) => (typeof page[name] === 'string' ? (page[name] as string) : undefined);
  return {
    config,
    ...(story && !lesson ? { story: story.id } : {}),
    problems,
    ...(typeof page.workers === 'number' ? { workers: page.workers } : {}),
    page: {
      view: (text('view') as View | undefined) ?? 'results',
      trace: text('trace'),
      compare: text('compare'),
      baseline: text('baseline'),
      prices,
      results: (Boolean(story) && !lesson) || page.results === true,
      ...(lesson ? { lesson: lesson.id } : {}),
      ...(story || Object.keys(data).length === 0 ? {} : { data }),
    },
  };
}
