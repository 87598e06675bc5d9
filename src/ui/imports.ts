import type { ImportLabel } from '../core/run/results';
import type { ImportOutcome } from '../worker/worker-api';
import { deleteImport, loadImports, saveImport, type StoredImport } from '../backends/import-store';
import type { ImportInfo } from './data-in-use';
import { queueImportOp } from './import-queue';
import { useStore } from './store';
import { envLabel } from './components/common/labels';

/** What the page's imports need of the worker. */
export interface DataApi {
  importDataset(envId: string, json: unknown, label?: ImportLabel): Promise<ImportOutcome>;
  dropImport(envId: string): Promise<void>;
}

/** The files of imports, by environment, while the page is open (also where IndexedDB cannot keep them). */
const filesByEnv = new Map<string, Record<string, unknown>>();

/** SHA-256 of the files' JSON, its first 12 hex digits: the name by which results and links refer to the data. */
export async function fingerprintOf(json: Record<string, unknown>): Promise<string> {
  const bytes = new TextEncoder().encode(JSON.stringify(json));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest.slice(0, 6)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const infoOf = ({ json: _json, ...info }: StoredImport): ImportInfo => info;

function setInfo(envId: string, info: ImportInfo | undefined) {
  const imports = { ...useStore.getState().imports };
  if (info) imports[envId] = info;
  else delete imports[envId];
  useStore.setState({ imports });
}

const labelOf = (record: Pick<StoredImport, 'fingerprint' | 'files'>): ImportLabel => ({ fingerprint: record.fingerprint, files: Object.values(record.files) });

/**
 * Imports a user's files for an environment: checked and loaded in the worker, then kept in
 * IndexedDB and in use until removed. `stored` false: loaded, but this browser could not keep them.
 */
export function importData(api: DataApi, envId: string, json: Record<string, unknown>, files: Record<string, string>): Promise<ImportOutcome & { stored?: boolean }> {
  return queueImportOp(async () => {
    const fingerprint = await fingerprintOf(json);
    const outcome = await api.importDataset(envId, json, labelOf({ fingerprint, files }));
    if (!outcome.ok) return outcome;
    const record: StoredImport = { envId, json, files, fingerprint, tasks: outcome.tasks, test: outcome.test, train: outcome.train, tools: outcome.tools, at: new Date().toISOString(), active: true };
    filesByEnv.set(envId, json);
    const stored = await saveImport(record);
    setInfo(envId, infoOf(record));
    return { ...outcome, stored };
  });
}

/**
 * After a reload: the stored imports, those in use loaded into the worker again before any run.
 * One that no longer loads (this version reads it differently) is set aside with a notice, and runs
 * on that environment use the bundled data, as the page then says.
 */
export function restoreImports(api: DataApi): Promise<void> {
  return queueImportOp(async () => {
    const problems: string[] = [];
    for (const record of await loadImports()) {
      filesByEnv.set(record.envId, record.json);
      let info = infoOf(record);
      if (record.active) {
        const outcome = await api.importDataset(record.envId, record.json, labelOf(record));
        if (!outcome.ok) {
          info = { ...info, active: false };
          await saveImport({ ...record, active: false });
          problems.push(`Your stored ${envLabel(record.envId)} data (${Object.values(record.files).join(', ')}) could not be loaded again (${outcome.message}); runs on ${envLabel(record.envId)} use the bundled data.`);
        }
      }
      setInfo(record.envId, info);
    }
    if (problems.length) useStore.setState({ importProblem: problems.join(' ') });
  });
}

/** Uses an environment's stored import for runs again, or sets it aside (runs use the bundled data; it stays stored). */
export function setImportActive(api: DataApi, envId: string, active: boolean): Promise<void> {
  return queueImportOp(async () => {
    const info = useStore.getState().imports[envId];
    const json = filesByEnv.get(envId);
    if (!info || !json) return;
    if (active) {
      const outcome = await api.importDataset(envId, json, labelOf(info));
      if (!outcome.ok) {
        useStore.setState({ importProblem: `Your ${envLabel(envId)} data could not be loaded: ${outcome.message}` });
        return;
      }
    } else await api.dropImport(envId);
    await saveImport({ ...info, json, active });
    setInfo(envId, { ...info, active });
  });
}

/** Removes an environment's import from the worker and from this browser: runs use the bundled data. */
export function removeImport(api: DataApi, envId: string): Promise<void> {
  return queueImportOp(async () => {
    await api.dropImport(envId);
    await deleteImport(envId);
    filesByEnv.delete(envId);
    setInfo(envId, undefined);
  });
}
