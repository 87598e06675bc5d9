import { describe, expect, it } from 'vitest';
import { keysToDrop, runIdOf } from './run-retention';

const keysOf = (...ids: string[]) => ids.flatMap((id) => [`run:${id}`, `trace:${id}:household/react/t1/1`, `snapshot:${id}:household/autotool/1`]);

describe('run retention', () => {
  it('reads the run id of a stored key', () => {
    expect(runIdOf('trace:run-abc:household/react/t1/1')).toBe('run-abc');
    expect(runIdOf('run:run-abc')).toBe('run-abc');
    expect(runIdOf('tab:xyz')).toBeUndefined();
  });

  it('keeps the run each live tab shows and the runs it is writing, and never another tab\u2019s', () => {
    const tabs = { a: { shown: 'run-a' }, b: { shown: 'run-b2', pending: ['run-b3'] } };
    const drop = keysToDrop([...keysOf('run-a', 'run-b1', 'run-b2', 'run-b3')], tabs, new Set(['a', 'b']), 'run-b2');
    expect(drop.sort()).toEqual(keysOf('run-b1').sort());
  });

  it('drops what only a closed tab held, but keeps the newest run for a fresh tab', () => {
    const tabs = { a: { shown: 'run-a' }, gone: { shown: 'run-g' }, gone2: { shown: 'run-new' } };
    const drop = keysToDrop(keysOf('run-a', 'run-g', 'run-new'), tabs, new Set(['a']), 'run-new');
    expect(drop.sort()).toEqual(['tab:gone', 'tab:gone2', ...keysOf('run-g')].sort());
  });

  it('without liveness, every recorded tab counts as alive', () => {
    const tabs = { a: { shown: 'run-a' }, b: { shown: 'run-b' } };
    expect(keysToDrop(keysOf('run-a', 'run-b', 'run-old'), tabs, undefined, undefined).sort()).toEqual(keysOf('run-old').sort());
  });
});
