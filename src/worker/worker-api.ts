import type { RunConfig } from '../core/run/run-config';
import type { RunEvent } from '../core/run/run-events';
import type { RunResult } from '../core/run/results';

/** The outcome of an import: a summary, or every problem found (nothing is replaced then). */
export type ImportOutcome =
  | { ok: true; env: string; tasks: number; train: number; test: number; tools: number }
  | { ok: false; problems: { caseId: string; path: string; message: string }[] };

/** What the strategy worker exposes to the page through Comlink. */
export interface WorkerApi {
  /** Where the bundled data files are served, for example `https://host/app/data/`. */
  setDataBase(url: string): void;
  /** Runs a matrix; events arrive in batches so that a fast run does not flood the page. */
  run(config: RunConfig, onEvents: (events: RunEvent[]) => void): Promise<RunResult>;
  cancel(): void;
  /** Validates and loads a user's dataset for an environment (SLATE: `{tools, cases}`). */
  importDataset(envId: string, json: unknown): Promise<ImportOutcome>;
}
