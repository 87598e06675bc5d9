import { describe, expect, it } from 'vitest';
import { dollarTick, dollarTicks } from './cost-ticks';

describe('dollarTicks (issue 42 item 7: no skipped ticks on the cost chart)', () => {
  it('steps evenly from 0 in at most three steps of 1, 2 or 5 times a power of ten, past the highest cost', () => {
    for (const max of [0.0004, 0.003, 0.0123, 0.019, 0.02, 0.07, 0.4, 2.5, 13]) {
      const ticks = dollarTicks(max);
      expect(ticks[0]).toBe(0);
      expect(ticks.length, String(max)).toBeGreaterThanOrEqual(3);
      expect(ticks.length, String(max)).toBeLessThanOrEqual(4);
      expect(ticks.at(-1)!, String(max)).toBeGreaterThanOrEqual(max);
      const step = ticks[1];
      expect(String(Number(step.toPrecision(1))).replace(/[0.]/g, ''), String(max)).toMatch(/^[125]$/);
      ticks.forEach((tick, i) => expect(tick).toBeCloseTo(i * step, 12));
    }
    expect(dollarTicks(0.019).map(dollarTick)).toEqual(['$0', '$0.01', '$0.02', '$0.03']);
  });
});
