import { describe, expect, it } from 'vitest';
import { TARGETS } from './calibration-targets';

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
});
