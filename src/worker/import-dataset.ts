import type { InThreadRunner, DataLoader } from '../core/run/runner';
import type { ImportOutcome } from './worker-api';
import type { ImportLabel } from '../core/run/results';
import { failure } from '../core/errors';

/**
 * A user's data for an environment, checked and loaded in the worker. Files left out come from the
 * bundled data (SLATE cases without their own tool library). On any problem nothing is replaced,
 * and every problem crosses to the page as data, not as one flattened message.
 */
export async function importDataset(runner: InThreadRunner, fetchData: DataLoader, envId: string, json: unknown, label: ImportLabel = {}): Promise<ImportOutcome> {
  try {
    const envs = await runner.environments();
    const files = Object.hasOwn(envs, envId) ? (envs[envId].dataFiles ?? {}) : {};
    if (json && typeof json === 'object') {
      const given = json as Record<string, unknown>;
      for (const [name, file] of Object.entries(files)) if (given[name] === undefined) json = { ...(json as object), [name]: await fetchData(file) };
    }
    const dataset = runner.importDataset(envId, json, label);
    const train = dataset.tasks.filter((task) => task.split === 'train').length;
    const tools = (dataset as { tools?: unknown[] }).tools?.length ?? 0;
    return { ok: true, env: envId, tasks: dataset.tasks.length, train, test: dataset.tasks.length - train, tools, ...(dataset.skipped ? { skipped: dataset.skipped } : {}), ...(dataset.notes ? { notes: dataset.notes } : {}) };
  } catch (error) {
    const failed = failure(error);
    return { ...failed, problems: failed.problems ?? [{ caseId: '', path: '', message: failed.message }] };
  }
}
