import { describe, expect, it } from 'vitest';
import { readShipped, readShippedTraces, runDefaultStory, tracesWithoutTimes } from './ship-default';
import { withoutTimes } from '../src/core/run/shipped';
import { parseRunFile } from '../src/core/run/run-file';
import { DEFAULT_STORY } from '../src/core/run/stories';
import { traceKey } from '../src/core/run/results';
import { configToHash } from '../src/ui/url-config';

describe('the result the page opens on', () => {
  it('is what a fresh run of the default story gives, time measurements aside', async () => {
    const shipped = await readShipped();
    expect(configToHash(shipped.config)).toBe(configToHash(DEFAULT_STORY.config));
    const { shippedTraces, ...fresh } = await runDefaultStory();
    expect(withoutTimes(fresh)).toEqual(withoutTimes(shipped));
    // Its traces ship apart, one per task run, and are the fresh run's too.
    const traces = await readShippedTraces();
    expect(Object.keys(traces).sort()).toEqual(shipped.results.map(traceKey).sort());
    expect(tracesWithoutTimes(shippedTraces)).toEqual(tracesWithoutTimes(traces));
  }, 180_000);

  it('opens as a run file, labelled simulated', async () => {
    const shipped = parseRunFile(await readShipped());
    expect(shipped.model.simulated).toBe(true);
    expect(shipped.results).toHaveLength(DEFAULT_STORY.config.tasks * DEFAULT_STORY.config.seeds * DEFAULT_STORY.config.strategies.length);
    expect(Object.keys(shipped.traces)).toHaveLength(0);
  });
});
