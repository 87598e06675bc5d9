import type { RunConfig } from '../core/run/run-config';
import { ENV_CATALOG } from '../core/envs/catalog';
import { STRATEGY_CATALOG } from '../core/strategies/catalog';
import { EMBEDDERS } from '../core/embed/embedder-catalog';
import { describeModel, familyOf, MODEL_FAMILIES, SIM_PREFIX, simPresetOf } from '../core/llm/model-families';
import { SIM_PRESETS } from '../core/llm/sim/presets';
import { envLabel, strategyLabel } from './components/common/labels';

/**
 * The names a link gives that the page does not know (issue 42 item 4: `#envs=bogus&strategies=nope&model=sim:huge`):
 * each one reported by name, with what the page used instead, and the config with each replaced.
 * A list keeps the names it knows and drops the others; a list left empty, a model or an embedder it
 * does not know, takes `base`'s. Only the fields the link sets are checked: the others are `base`'s.
 */
export function checkLinkNames(params: URLSearchParams, config: RunConfig, base: RunConfig): { config: RunConfig; problems: string[] } {
  const problems: string[] = [];
  let checked = config;
  const list = (field: 'envs' | 'strategies', known: Record<string, unknown>, what: string, label: (id: string) => string) => {
    if (!params.has(field)) return;
    const unknown = checked[field].filter((id) => !Object.hasOwn(known, id));
    if (!unknown.length) return;
    const kept = checked[field].filter((id) => Object.hasOwn(known, id));
    const used = kept.length ? kept : base[field];
    const names = (ids: readonly string[]) => ids.map(label).join(', ');
    const instead = kept.length ? `using the other${kept.length === 1 ? '' : 's'} listed (${names(kept)})` : `using ${names(used)} (the default) instead`;
    for (const id of unknown) problems.push(`${field}=${id}: no ${what} is named \u201c${id}\u201d; ${instead}. Known: ${Object.keys(known).join(', ')}.`);
    checked = { ...checked, [field]: [...used] };
  };
  list('envs', ENV_CATALOG, 'environment', envLabel);
  list('strategies', STRATEGY_CATALOG, 'strategy', strategyLabel);
  if (params.has('model')) {
    const model = checked.model;
    const family = familyOf(model);
    const presets = Object.keys(SIM_PRESETS).map((id) => `${SIM_PREFIX}${id}`).join(', ');
    const instead = `using ${base.model} (${describeModel(base.model).label}) instead`;
    if (!family) {
      problems.push(`model=${model}: no model kind starts so; ${instead}. A model is ${Object.values(MODEL_FAMILIES).map((f) => `${f.prefix}\u2026`).join(', ')} (presets ${presets}).`);
      checked = { ...checked, model: base.model };
    } else if (family.id === 'sim' && !simPresetOf(model)) {
      problems.push(`model=${model}: SimLM has no preset \u201c${model.slice(SIM_PREFIX.length)}\u201d; ${instead}. Presets: ${presets}.`);
      checked = { ...checked, model: base.model };
    }
  }
  if (params.has('embedder') && !Object.hasOwn(EMBEDDERS, checked.embedder)) {
    problems.push(`embedder=${checked.embedder}: no embedder is named \u201c${checked.embedder}\u201d; using ${base.embedder} (${EMBEDDERS[base.embedder]?.label ?? base.embedder}) instead. Known: ${Object.keys(EMBEDDERS).join(', ')}.`);
    checked = { ...checked, embedder: base.embedder };
  }
  return { config: checked, problems };
}

/**
 * The link's fields from both the query (`?tasks=10`) and the hash (`#tasks=10`), as one hash: the
 * page reads them the same way; where both set a field, the hash's wins.
 */
export function linkHash(search: string, hash: string): string {
  const query = new URLSearchParams(search.replace(/^\?/, ''));
  if ([...query.keys()].length === 0) return hash;
  const fromHash = new URLSearchParams(hash.replace(/^#/, ''));
  const merged = new URLSearchParams();
  for (const [name, value] of query) if (!fromHash.has(name)) merged.append(name, value);
  for (const [name, value] of fromHash) merged.append(name, value);
  return `#${merged.toString()}`;
}
