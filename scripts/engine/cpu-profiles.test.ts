import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { BENCH_FILE, PROFILES_FILE, PROFILE_SHAPES, profileId, profilesFromBench, readBenchFile, renderCpuProfiles } from './cpu-profiles.ts';
import { DEVICE_PROFILES } from '../../src/core/run/device-profiles.ts';
import { CPU_PROFILES } from '../../src/core/run/cpu-profiles.ts';
import { installedEngineVersion, rateSummary } from './engine-bench-file.ts';

/**
 * The CPU device profiles are the committed bench:engine JSON's (issue 40 item 4): generated from
 * it by `npm run profiles:cpu`, so a rate edited by hand, or a bench rerun whose JSON was committed
 * without regenerating, fails here.
 */
describe('the CPU device profiles', () => {
  const bench = readBenchFile();

  it('are the table generated from the committed bench JSON', () => {
    expect(readFileSync(PROFILES_FILE, 'utf8')).toBe(renderCpuProfiles(bench));
    const fromBench = profilesFromBench(bench);
    expect(Object.keys(fromBench).sort()).toEqual(Object.keys(PROFILE_SHAPES).map((shape) => profileId({ shape, type: bench.settings.type })).sort());
    for (const [id, profile] of Object.entries(fromBench)) expect(DEVICE_PROFILES[id]).toEqual(profile);
    expect(CPU_PROFILES).toEqual(fromBench);
  });

  it("take each rate from the bench's median and say which machine, date, threads and engine measured it", () => {
    for (const result of bench.results.filter((r) => Object.hasOwn(PROFILE_SHAPES, r.shape))) {
      const profile = DEVICE_PROFILES[profileId(result)];
      expect(profile.prefillTokensPerSecond).toBeCloseTo(result.summary.prefillTokensPerSecond.median, 1);
      expect(profile.decodeTokensPerSecond).toBeCloseTo(result.summary.decodeTokensPerSecond.median, 1);
      expect(result.summary.decodeTokensPerSecond.min).toBeLessThanOrEqual(result.summary.decodeTokensPerSecond.median);
      expect(result.summary.decodeTokensPerSecond.max).toBeGreaterThanOrEqual(result.summary.decodeTokensPerSecond.median);
      expect(profile.measured).toEqual({ machine: bench.machine.cpu, cores: bench.machine.cores, date: bench.date, threads: bench.engine.threads, engine: `node-llama-cpp ${bench.engine.version}`, loadAverage: [bench.loadAverage.start[0], bench.loadAverage.end[0]] });
      expect(profile.label).toContain(bench.date.slice(0, 10));
      expect(profile.source).toContain(`node-llama-cpp ${bench.engine.version}`);
    }
  });

  it('cite the node-llama-cpp version the project pins', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
    const pinned = { ...pkg.dependencies, ...pkg.devDependencies }['node-llama-cpp'];
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(bench.engine.version).toBe(pinned);
    // What bench:engine writes is the installed version, read from the package itself.
    expect(installedEngineVersion()).toBe(pinned);
    expect(rateSummary([3, 1, 2, 10])).toEqual({ median: 2.5, min: 1, max: 10, n: 4 });
    for (const profile of Object.values(CPU_PROFILES)) expect(profile.source.match(/node-llama-cpp (\S+)/)?.[1]).toBe(pinned);
  });

  it('change when the bench does', () => {
    const edited = structuredClone(bench);
    const result = edited.results.find((r) => Object.hasOwn(PROFILE_SHAPES, r.shape))!;
    result.summary.decodeTokensPerSecond.median += 1;
    expect(renderCpuProfiles(edited)).not.toBe(renderCpuProfiles(bench));
    expect(profilesFromBench(edited)[profileId(result)].decodeTokensPerSecond).not.toBe(DEVICE_PROFILES[profileId(result)].decodeTokensPerSecond);
    expect(BENCH_FILE).toBe('docs/bench-engine.json');
  });
});
