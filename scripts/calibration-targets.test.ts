import { describe, expect, it } from 'vitest';
import { TARGETS, breaks, isConstraint } from './calibration-targets';

const keys = (preset: string) => TARGETS[preset].map((t) => `${t.env}/${t.set}/${t.metric}`);

describe('calibration targets', () => {
  it('fit on the bundled training splits only: the development sets are evaluation data', () => {
    for (const preset of Object.keys(TARGETS)) expect(TARGETS[preset].filter((t) => t.set !== 'bundled').map((t) => `${t.env}/${t.set}`)).toEqual([]);
    expect(keys('small')).toEqual(expect.arrayContaining(['slate/bundled/execution success', 'slate/bundled/toolMatch', 'restapi/bundled/correctPath', 'household/bundled/progress']));
  });

  it('hold small\'s household progress in the regime band, 0.3-0.5, as a constraint on both sides', () => {
    const [band] = TARGETS.small.filter((t) => t.env === 'household');
    expect(isConstraint(band)).toBe(true);
    expect([0.2, 0.29, 0.3, 0.42, 0.5, 0.51, 0.67].map((value) => breaks(band, value))).toEqual([true, true, false, false, false, true, true]);
  });
});

