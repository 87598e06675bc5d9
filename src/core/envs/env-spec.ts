import type { Dataset, Environment, Expert, MetricSpec, Task } from '../types';

/**
 * What the page shows and reads of an environment without running it: plain data, no code. Each
 * environment's `meta.ts` holds one, the catalogue (`ENV_CATALOG`) lists them for the page's main
 * thread, and its `EnvSpec` spreads it and adds the implementation.
 */
export interface EnvMeta {
  id: string;
  label: string;
  description: string;
  /** Path of the bundled data file, relative to `public/data/`. */
  dataFile: string;
  /**
   * When a dataset spans several files: their paths by name. `parse` then gets an object with the
   * JSON of each file under its name.
   */
  dataFiles?: Record<string, string>;
  /**
   * When users can load their own data: the files by their `dataFiles` name, each with what it
   * holds; a file left out is taken from the bundled data.
   */
  importFiles?: Record<string, { label: string; required: boolean }>;
  /** True when its environments follow a plan of substeps (SLATE section 4.1); plan-only strategies need this. */
  planGuided?: boolean;
  /** How the page labels the metrics its environment reports (`Environment.metrics`). */
  metrics?: Record<string, MetricSpec>;
  /**
   * The sampling temperature of the paper whose experiment the environment reproduces, with where
   * the paper says it; every strategy on the environment samples at it unless the run overrides it
   * (run/temperature.ts). Absent: the paper states none (UNSTATED_TEMPERATURE).
   */
  temperature?: { value: number; source: string };
  /**
   * What its tasks' kind (`TaskResult.taskKind`) is, in words, where it is more than a task type:
   * ToolBench's kind is the tool-scale level. The breakdown by kind takes its title from it
   * (`byKindTitle`). Absent: "task kind".
   */
  kindLabel?: string;
  /** A request typical of the environment, for Setup's embedder probe. */
  sampleQuery?: string;
}

/**
 * What an environment's `generate.ts` (its export `generateData`) gives `npm run generate:data`:
 * its bundled data files, written from a fixed seed, so the same call always gives the same text.
 * An environment whose data come from elsewhere (RestBench's Spotify set) has no `generate.ts`.
 */
export interface GeneratedData {
  /** Each file's text by its path under `public/data/` (the meta's `dataFile` or `dataFiles`). */
  files: Record<string, string>;
  /** One line on what was written (tasks, splits), printed by the script. */
  summary: string;
}

/** The registry entry of an environment: its metadata and its implementation. */
export interface EnvSpec<D extends Dataset = Dataset> extends EnvMeta {
  /** Validates and reads the JSON of a data file. Throws a named error that says what is wrong. */
  parse(json: unknown): D;
  create(dataset: D): Environment;
  /** The expert of an environment made by `create` of this spec (metrics and tests only). */
  expert(env: Environment): Expert;
  /**
   * The tool path a dataset annotates as a query's answer (RestBench's solution path), where it
   * annotates one: given to learning strategies with training queries only, as the labels of
   * ToolExpNet's trials (section 3.1). Never read for a test query.
   */
  trainingLabel?(dataset: D, task: Task): string[];
}
