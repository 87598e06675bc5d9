import type { RunConfig } from '../core/run/run-config';
import type { RunEvent } from '../core/run/run-events';
import type { RunResult } from '../core/run/results';
import type { EmbedDevice } from '../core/embed/embedder-catalog';
import type { LoadProgress } from '../core/embed/transformers-extractor';

/** Tools of an environment ranked for a query by an embedder, or why that failed. */
export type ProbeOutcome =
  | { ok: true; embedder: string; device: EmbedDevice | 'cpu'; ranking: { tool: string; score: number }[]; loadMs: number; embedMs: number }
  | { ok: false; message: string };

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
  /**
   * Loads an embedder (if needed) and ranks an environment's tools (`name: description`) for a
   * query, best first. The Setup panel's probe, and a check that the model really runs.
   */
  probeEmbedder(embedder: string, device: EmbedDevice, envId: string, query: string, onProgress?: (progress: LoadProgress) => void): Promise<ProbeOutcome>;
  /** Validates and loads a user's dataset for an environment (SLATE: `{tools, cases}`). */
  importDataset(envId: string, json: unknown): Promise<ImportOutcome>;
}
