import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_ENGINE_THREADS, ENGINE_BENCH_USAGE, parseEngineBenchArgs } from './bench-options.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('bench:engine options', () => {
  it('--help prints the usage and runs nothing (it used to start the whole benchmark)', () => {
    // A directory of its own: were the benchmark to start, it would write its model there, not in the shared one.
    const dir = mkdtempSync(join(tmpdir(), 'toolwise-engine-help-'));
    try {
      const run = spawnSync(join(root, 'node_modules/.bin/tsx'), ['scripts/bench-engine.ts', '--help', '--dir', dir], { cwd: root, encoding: 'utf8', timeout: 60_000 });
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('npm run bench:engine -- [options]');
      expect(run.stdout).toContain('--threads N');
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 70_000);

  it('defaults to one thread, the fastest measured on a shared 2-core machine, and says so', () => {
    const parsed = parseEngineBenchArgs([]);
    expect(parsed.help).toBe(false);
    if (parsed.help) return;
    expect(DEFAULT_ENGINE_THREADS).toBe(1);
    expect(parsed.options).toMatchObject({ threads: 1, shapes: ['qwen2.5-0.5b', 'qwen3-0.6b'], type: 'q8_0', repeats: 3, promptTokens: 1024, layers: undefined, json: undefined });
    expect(ENGINE_BENCH_USAGE).toMatch(/--threads N\s+engine threads \(default 1: measured fastest/);
    const set = parseEngineBenchArgs(['--threads', '4', '--shape', 'tiny', '--layers', '2', '--json', 'out.json']);
    expect(set).toMatchObject({ help: false, options: { threads: 4, shapes: ['tiny'], layers: 2, json: 'out.json' } });
  });

  it('refuses an unknown flag, shape or type and a number that is not one, rather than running the defaults', () => {
    expect(() => parseEngineBenchArgs(['--thread', '2'])).toThrow(/Unknown option '--thread'/);
    expect(() => parseEngineBenchArgs(['--threads', 'two'])).toThrow(/--threads two: give a whole number from 1/);
    expect(() => parseEngineBenchArgs(['--threads', '0'])).toThrow(/--threads 0/);
    expect(() => parseEngineBenchArgs(['--shape', 'llama-70b'])).toThrow(/--shape llama-70b: the shapes are/);
    expect(() => parseEngineBenchArgs(['--type', 'q2_k'])).toThrow(/--type must be one of/);
  });
});
