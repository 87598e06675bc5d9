import { ENVIRONMENTS } from '../../src/core/envs';
import type { Dataset } from '../../src/core/types';
import type { EnvSpec } from '../../src/core/envs/env-spec';
import { toolText, type ExpertWalk } from '../../src/core/embed/expert-walks';
import { expertWalks } from './expert-walks';
import { loadNodeData } from '../node-data';
import { DEV_SETS, devSetDataset } from '../../test/fixtures/dev-sets';

/** A bundled dataset, read from `public/data/` as the page reads it. */
export async function loadDataset(spec: EnvSpec): Promise<Dataset> {
  if (!spec.dataFiles) return spec.parse(await loadNodeData(spec.dataFile));
  const files = await Promise.all(Object.entries(spec.dataFiles).map(async ([name, file]) => [name, await loadNodeData(file)] as const));
  return spec.parse(Object.fromEntries(files));
}

/** Expert walks of every bundled environment for one split. */
export async function bundledWalks(split: 'train' | 'test'): Promise<ExpertWalk[]> {
  const walks: ExpertWalk[] = [];
  for (const spec of Object.values(ENVIRONMENTS)) walks.push(...expertWalks(spec, await loadDataset(spec), split));
  return walks;
}

/**
 * Expert walks of the development sets (eval/dev-sets/) for one split, tagged `<env>:<set>`. The
 * encoder never trains on them: their train halves are the bench's pairs from data nobody here wrote.
 */
export function devWalks(split: 'train' | 'test'): ExpertWalk[] {
  return DEV_SETS.flatMap((set) => expertWalks(ENVIRONMENTS[set.env], devSetDataset(set.env), split).map((walk) => ({ ...walk, env: `${set.env}:${set.set}` })));
}

/**
 * The training corpus: every tool's `name: description`, and from the training split only the
 * task texts, each task's text followed by its steps' actions, each task's text followed by the
 * descriptions of the tools its steps used, and the observations.
 */
export async function trainingCorpus(): Promise<string[]> {
  const texts: string[] = [];
  const seen = new Set<string>();
  const add = (text: string) => {
    const clean = text.trim();
    if (clean && !seen.has(clean)) {
      seen.add(clean);
      texts.push(clean);
    }
  };
  for (const spec of Object.values(ENVIRONMENTS)) {
    const dataset = await loadDataset(spec);
    const env = spec.create(dataset);
    const walks = expertWalks(spec, dataset, 'train');
    for (const tool of env.tools()) add(toolText(tool));
    for (const walk of walks) {
      for (const tool of walk.tools) add(toolText(tool));
      add(walk.goal);
      // Actions are every other step text, after the first observation.
      add([walk.goal, ...walk.steps.filter((_, i) => i % 2 === 1)].join(' \n'));
      // The task with the descriptions of the tools its steps used: SimCSE's word dropout then ties
      // a request's words to the words of the tools that serve it.
      add([walk.goal, ...walk.gold.map((name) => toolText(walk.tools.find((tool) => tool.name === name)!))].join(' \n'));
      for (const [i, step] of walk.steps.entries()) if (i % 2 === 0) add(step);
    }
  }
  return texts;
}
