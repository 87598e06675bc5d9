import { describe, expect, it } from 'vitest';
import { dataDifferences, dataInUse, dataOfResult, type ImportInfo } from './data-in-use';

const info = (envId: string, fingerprint: string, active = true): ImportInfo => ({ envId, files: { cases: 'mine.json' }, fingerprint, tasks: 3, test: 3, train: 0, tools: 10, at: '2026-11-25T00:00:00Z', active });

describe('which data a setup and a result use', () => {
  it('uses an import only while it is active, and the bundled data elsewhere', () => {
    expect(dataInUse({ slate: info('slate', 'abc') }, ['slate', 'household'])).toEqual({ slate: 'abc', household: null });
    expect(dataInUse({ slate: info('slate', 'abc', false) }, ['slate'])).toEqual({ slate: null });
  });

  it('reads a result\u2019s data record, an older result without one counting as bundled', () => {
    expect(dataOfResult({ slate: { source: 'imported', tasks: 3, fingerprint: 'abc' } }, ['slate'])).toEqual({ slate: 'abc' });
    expect(dataOfResult(undefined, ['slate'])).toEqual({ slate: null });
  });

  it('names the environments whose data differ: a stored imported result after its import is gone', () => {
    const result = dataOfResult({ slate: { source: 'imported', tasks: 6, fingerprint: 'abc' } }, ['slate']);
    expect(dataDifferences(result, dataInUse({}, ['slate']))).toEqual(['slate']);
    expect(dataDifferences(result, dataInUse({ slate: info('slate', 'abc') }, ['slate']))).toEqual([]);
    expect(dataDifferences(result, dataInUse({ slate: info('slate', 'other') }, ['slate']))).toEqual(['slate']);
  });
});
