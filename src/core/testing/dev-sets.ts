import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Dataset } from '../types';
import { ENVIRONMENTS } from '../envs';

/** The repository's evaluation data: sets written apart from the project's generators (`eval/dev-sets/`). */
export const DEV_SETS_DIR = fileURLToPath(new URL('../../../eval/dev-sets/', import.meta.url));

/** A development set: the environment it is data of, a short name, and its files by the importer's field names. */
export interface DevSet {
  env: 'restapi' | 'slate';
  set: string;
  files: Record<string, string>;
}

export const DEV_SETS: DevSet[] = [
  { env: 'restapi', set: 'github', files: { queries: 'restbench-github/github.json', spec: 'restbench-github/github_oas.json' } },
  { env: 'slate', set: 'clinic', files: { cases: 'slate-clinic/cases.json', tools: 'slate-clinic/tools.json' } },
];

/** A development set's files as JSON, by the importer's field names (Node only). */
export function devSetFiles(set: DevSet): Record<string, unknown> {
  return Object.fromEntries(Object.entries(set.files).map(([field, file]) => [field, JSON.parse(readFileSync(DEV_SETS_DIR + file, 'utf8'))]));
}

/** A development set loaded with its environment's importer (the same parse the page's import runs). */
export function devSetDataset(env: DevSet['env']): Dataset {
  const set = DEV_SETS.find((s) => s.env === env)!;
  return ENVIRONMENTS[env].parse(devSetFiles(set));
}
