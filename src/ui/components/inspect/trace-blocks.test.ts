import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../core/trace';
import { traceBlocks } from './trace-blocks';

const call = (kind: 'act' | 'reflect'): TraceEvent => ({ type: 'llm-call', kind, promptTokens: 100, completionTokens: 10, ms: 1, response: 'r' });
const step = (index: number, ok: boolean): TraceEvent => ({ type: 'step', index, thought: 't', action: 'go', observation: 'o', ok, invalid: false, progress: 0 });

describe('traceBlocks', () => {
  it('should attach each call to the step or reflection it led to', () => {
    const blocks = traceBlocks([
      { type: 'task-start', goal: 'g', instruction: 'i', initialObservation: 'o' },
      call('act'), step(1, false),
      call('reflect'), { type: 'reflection', text: 'try else', trigger: 'failed-call' },
      call('act'), call('act'), step(2, true),
      { type: 'task-end', success: true, progress: 1, steps: 2 },
    ]);
    expect(blocks.map((block) => block.kind)).toEqual(['start', 'step', 'reflection', 'step', 'end']);
    expect(blocks.map((block) => ('calls' in block ? block.calls.length : -1))).toEqual([-1, 1, 1, 2, 0]);
  });

  it('should keep calls of a trace still streaming as a pending block', () => {
    const blocks = traceBlocks([call('act')]);
    expect(blocks).toEqual([{ kind: 'pending', calls: [expect.objectContaining({ kind: 'act' })] }]);
  });
});
