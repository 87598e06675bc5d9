import { describe, expect, it } from 'vitest';
import { answerItems, answerMatches, normaliseAnswer } from './answer';

describe('normaliseAnswer', () => {
  it('should ignore case, spaces, quotes and a final full stop', () => {
    expect(normaliseAnswer('  "Tsinghua   University". ')).toBe('tsinghua university');
  });

  it('should write numbers canonically whatever their type or form', () => {
    expect(normaliseAnswer(42)).toBe('42');
    expect(normaliseAnswer(' 42.0 ')).toBe('42');
    expect(normaliseAnswer('1,234')).toBe('1234');
  });

  it('should read booleans as yes and no', () => {
    expect(normaliseAnswer(true)).toBe('yes');
    expect(normaliseAnswer('False')).toBe('no');
  });
});

describe('answerItems', () => {
  it('should split on commas and semicolons and drop list brackets', () => {
    expect(answerItems("['Wei Zhang', 'Mei Liu'; Omar Kim]")).toEqual(['wei zhang', 'mei liu', 'omar kim']);
  });
});

describe('answerMatches', () => {
  it('should compare list answers as sets', () => {
    expect(answerMatches('mei liu, Wei Zhang', ['Wei Zhang', 'Mei Liu'])).toBe(true);
    expect(answerMatches('Wei Zhang', ['Wei Zhang', 'Mei Liu'])).toBe(false);
    expect(answerMatches('Wei Zhang, Mei Liu, Omar Kim', ['Wei Zhang', 'Mei Liu'])).toBe(false);
  });

  it('should compare numbers as numbers', () => {
    expect(answerMatches('2019', 2019)).toBe(true);
    expect(answerMatches(2019.0, 2019)).toBe(true);
    expect(answerMatches('2018', 2019)).toBe(false);
  });

  it('should compare texts after normalisation', () => {
    expect(answerMatches('neurips', 'NeurIPS')).toBe(true);
    expect(answerMatches('ICML', 'NeurIPS')).toBe(false);
  });
});
