import { describe, expect, it } from 'vitest';
import { TARGETS, breaks, isConstraint } from './calibration-targets';

const keys = (preset: string) => TARGETS[preset].map((t) => `${t.env}/${t.set}/${t.metric}`);

describe('calibration targets', () => {
  it('carry SLATE success to the clinic set, and SLATE tool match to bundled SLATE only', () => {
    for (const preset of ['small', 'strong']) {
      expect(keys(preset)).toEqual(expect.arrayContaining(['slate/bundled/execution success', 'slate/clinic/execution success', 'slate/bundled/toolMatch']));
      expect(keys(preset)).not.toContain('slate/clinic/toolMatch');
    }
  });

  it('carry RestBench correct path to the GitHub set, and keep the household ceiling a bundled constraint', () => {
    expect(keys('small')).toEqual(expect.arrayContaining(['restapi/bundled/correctPath', 'restapi/github/correctPath', 'household/bundled/progress']));
    expect(TARGETS.small.filter((t) => t.env === 'household')).toHaveLength(1);
  });

  it('hold small\'s household progress in the regime band, 0.3-0.5, as a constraint on both sides', () => {
    const [band] = TARGETS.small.filter((t) => t.env === 'household');
    expect(isConstraint(band)).toBe(true);
    expect([0.2, 0.29, 0.3, 0.42, 0.5, 0.51, 0.67].map((value) => breaks(band, value))).toEqual([true, true, false, false, false, true, true]);
  });
});

