import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * What `npm run bench:engine -- --json FILE` writes: the machine, the engine as installed, the
 * threads, the load around the run, the settings, and per model its repeats' timings with the rates'
 * median [min, max]. The CPU device profiles (src/core/run/cpu-profiles.ts) are generated from the
 * committed one (`scripts/engine/cpu-profiles.ts`), and a test checks they match it.
 */
export interface EngineBenchFile {
  tool: string;
  /** The command line's options, as given. */
  args: string[];
  /** When the run started (ISO 8601, UTC). */
  date: string;
  /** How long the whole run took (wall clock). */
  seconds: number;
  machine: { cpu: string; cores: number };
  /** The engine's package and version as installed in node_modules (not as package.json asks), and its threads. */
  engine: { package: string; version: string; threads: number };
  /** The machine's 1, 5 and 15 minute load averages when the run started and when it ended. */
  loadAverage: { start: number[]; end: number[] };
  settings: { type: string; repeats: number; promptTokens: number; newTokens: number; decodeTokens: number; insertTokens: number };
  results: EngineBenchResult[];
}

export interface RateSummary {
  median: number;
  min: number;
  max: number;
  n: number;
}

export interface EngineBenchResult {
  shape: string;
  type: string;
  layers: number;
  /** Rates per CPU second of the engine (the process's own), and per wall-clock second. */
  summary: { prefillTokensPerSecond: RateSummary; decodeTokensPerSecond: RateSummary; prefillTokensPerWallSecond: RateSummary; decodeTokensPerWallSecond: RateSummary };
  [more: string]: unknown;
}

export function rateSummary(values: number[]): RateSummary {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const median = n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  return { median, min: sorted[0], max: sorted[n - 1], n };
}

/** The version of node-llama-cpp that is installed (its own package.json, found from its entry point). */
export function installedEngineVersion(): string {
  const require = createRequire(import.meta.url);
  let dir = dirname(require.resolve('node-llama-cpp'));
  for (let i = 0; i < 6; i++, dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'node-llama-cpp' && pkg.version) return pkg.version;
    } catch {
      // not here: one folder up
    }
  }
  throw new Error('node-llama-cpp is not installed (npm ci).');
}
