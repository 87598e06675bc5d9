import { describe, expect, it } from 'vitest';
import { drawableSnapshots } from './snapshot-list';

describe('drawableSnapshots', () => {
  it('should list the graphs the page draws, held or stored apart, in run order, without reading stored ones', () => {
    const result = {
      snapshots: { 'household/autotool-react/1': { kind: 'autotool-graph', nodes: [] }, 'household/other/1': { kind: 'something-else' }, 'household/odd/1': 7 },
      storedSnapshots: [
        { key: 'slate/toolexpnet-wo-trial/1', kind: 'toolexpnet-network' },
        { key: 'slate/plain/1' },
        { key: 'slate/other/1', kind: 'something-else' },
        { key: 'household/autotool-react/1', kind: 'autotool-graph' },
      ],
    };
    expect(drawableSnapshots(result)).toEqual([
      { key: 'household/autotool-react/1', kind: 'autotool-graph' },
      { key: 'slate/toolexpnet-wo-trial/1', kind: 'toolexpnet-network' },
    ]);
  });

  it('should list nothing for a run without snapshots', () => {
    expect(drawableSnapshots({})).toEqual([]);
  });
});
