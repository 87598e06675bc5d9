import type { RunData } from '../core/run/results';
import type { StoredImport } from '../backends/import-store';

/** What the page knows of an environment's import: the stored record less its files. */
export type ImportInfo = Omit<StoredImport, 'json'>;

/** The data each environment of a setup runs on: an import's fingerprint, or null for the bundled data. */
export type DataChoice = Record<string, string | null>;

/** The data a run of these environments uses now: the imports in use, the bundled data elsewhere. */
export function dataInUse(imports: Record<string, ImportInfo>, envs: string[]): DataChoice {
  return Object.fromEntries(envs.map((env) => [env, imports[env]?.active ? imports[env].fingerprint : null]));
}

/** The data a result ran on, in the same terms (a result without a record ran on the bundled data). */
export function dataOfResult(data: Record<string, RunData> | undefined, envs: string[]): DataChoice {
  return Object.fromEntries(envs.map((env) => [env, data?.[env]?.source === 'imported' ? (data[env].fingerprint ?? 'unnamed') : null]));
}

/** Environments whose data differ between two choices. */
export function dataDifferences(a: DataChoice, b: DataChoice): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((env) => (a[env] ?? null) !== (b[env] ?? null));
}

/** One environment's data in words: "imported (cases.json, 6 tasks, data 1a2b3c4d5e6f)" or "bundled". */
export function describeData(choice: string | null | undefined, info?: Pick<ImportInfo, 'files' | 'tasks' | 'fingerprint'>): string {
  if (!choice) return 'the bundled data';
  if (info && info.fingerprint === choice) return `imported data (${Object.values(info.files).join(', ')}, ${info.tasks} tasks; data ${choice})`;
  return `imported data (data ${choice})`;
}
