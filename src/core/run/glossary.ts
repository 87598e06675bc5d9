/**
 * The page's glossary: each metric a run, an environment or a strategy reports, each strategy
 * hyperparameter and each SimLM skill (dial), explained in plain words. The lists and the words
 * come from the specs: a metric's from its `MetricSpec` (`what`, `definedIn`) in the run's columns
 * (metric-kinds.ts) or the environment's or strategy's `meta.ts`; a hyperparameter's from its
 * strategy's `meta.ts` (`what`) and a dial's from beside its range (`SKILL_WORDS`), both through the
 * settings schema. So adding a strategy or an environment needs no line here.
 */
import type { MetricKind, MetricSpec } from '../types';
import { ENV_CATALOG } from '../envs/catalog';
import { STRATEGY_CATALOG } from '../strategies/catalog';
import { RUN_METRICS } from './metric-kinds';
import { rangeWords, SETTINGS, type Setting } from './settings';
import { lastOne, moduleCache, type LastOne } from '../caches';

/** A metric's unit, from its kind. */
export function unitOfKind(kind: MetricKind): string {
  switch (kind) {
    case 'rate':
      return 'percent of task runs (each run counts 0 or 1)';
    case 'share':
      return 'percent, averaged over task runs';
    case 'count':
      return 'count per task run';
    case 'tokens':
      return 'tokens per task run';
    case 'ms':
      return 'milliseconds per task run';
    case 'seconds':
      return 'seconds per task run on the local device (modelled)';
    case 'dollars':
      return 'US dollars per task run';
    case 'mean':
      return 'mean per task run';
  }
}

export interface MetricEntry {
  id: string;
  label: string;
  /** Who reports it: the run, or environments or strategies by id. */
  reportedBy: string[];
  what: string;
  unit: string;
  paper: string;
}

export interface SettingEntry {
  id: string;
  label: string;
  what: string;
  /** The paper's section (or our choice), from the spec. */
  source: string;
  range: string;
  defaultText: string;
}

/** Every metric any spec declares, with who reports it; a metric with no words throws (the test catches it first). */
export function declaredMetrics(): { id: string; spec: MetricSpec; reportedBy: string[] }[] {
  const found = new Map<string, { id: string; spec: MetricSpec; reportedBy: string[] }>();
  const add = (by: string, metrics: Record<string, MetricSpec> | undefined) => {
    for (const [id, spec] of Object.entries(metrics ?? {})) {
      const entry = found.get(id) ?? { id, spec, reportedBy: [] };
      entry.reportedBy.push(by);
      found.set(id, entry);
    }
  };
  add('every run', RUN_METRICS);
  for (const env of Object.values(ENV_CATALOG)) add(env.id, env.metrics);
  for (const strategy of Object.values(STRATEGY_CATALOG)) add(strategy.id, strategy.metrics);
  return [...found.values()];
}

/** The settings the glossary explains: hyperparameters and SimLM dials. */
export function explainedSettings(): Setting[] {
  return SETTINGS.filter((s) => s.group === 'hyperparameter' || s.group === 'dial');
}

/** The words of a hyperparameter or dial setting, from the schema (its spec's `what`); undefined for one with none. */
export function settingWords(setting: Setting): string | undefined {
  return setting.what?.trim() ? setting.what : undefined;
}

const MISSING = 'No entry yet.';

/** The glossary's metric entries, in spec order. */
export function metricEntries(): MetricEntry[] {
  return declaredMetrics().map(({ id, spec, reportedBy }) => {
    return { id, label: spec.label, reportedBy, what: spec.what?.trim() || MISSING, unit: unitOfKind(spec.kind), paper: spec.definedIn?.trim() || MISSING };
  });
}

/** The glossary's setting entries (hyperparameters, then dials), in schema order. */
export function settingEntries(): SettingEntry[] {
  return explainedSettings().map((s) => ({
    id: s.name,
    label: s.label,
    what: settingWords(s) ?? MISSING,
    source: s.help ?? (s.group === 'dial' ? 'SimLM, the page\'s simulated model (not from a paper)' : MISSING),
    range: rangeWords(s),
    defaultText: s.defaultText,
  }));
}

/**
 * Hover texts by id, written on first ask (module caches, src/core/caches.ts): the entries come from
 * the catalogs and the settings schema, which do not change while a page is open, and the page's
 * tables and setup ask for them at every render (each ask built every entry again).
 */
const metricHovers = moduleCache('run/glossary: metric hover texts by id', lastOne<ReadonlyMap<string, string>>());
const settingHovers = moduleCache('run/glossary: setting hover texts by name', lastOne<ReadonlyMap<string, string>>());

/** The texts a cache of one map holds, written when it holds none. */
function hoverTexts(cache: LastOne<ReadonlyMap<string, string>>, write: () => [string, string][]): ReadonlyMap<string, string> {
  const held = cache.get();
  if (held) return held;
  const texts = new Map(write());
  cache.set(texts);
  return texts;
}

/** One line for a metric's hover text: what it counts, its unit, its paper. */
export function metricHoverText(id: string): string | undefined {
  return hoverTexts(metricHovers, () => metricEntries().map((entry) => [entry.id, `${entry.label}: ${entry.what} Unit: ${entry.unit}. Defined in: ${entry.paper}.`])).get(id);
}

/**
 * One line for a hyperparameter's or dial's hover and focus text: its glossary entry (what it does,
 * where it comes from, its range and default). Undefined for a setting the glossary does not list.
 */
export function settingHoverText(name: string): string | undefined {
  return hoverTexts(settingHovers, () => settingEntries().map((entry) => [entry.id, `${entry.label}: ${entry.what} Source: ${entry.source}. Range: ${entry.range}${entry.defaultText ? `, default ${entry.defaultText}` : ''}.`])).get(name);
}
