import { describe, expect, it } from 'vitest';
import { Rng } from '../../rng';
import { sentenceScan, sentencesMatching, splitSentences, type SentenceScan } from './read-context';

/** What sentencesMatching must equal: every sentence tested. */
const slow = (text: string, marks: '.;!?' | '.!?', pattern: RegExp) => splitSentences(text, marks).filter((sentence) => pattern.test(sentence));

const PIECES = ['fail', 'it failed', 'not work', 'Avoid', 'keep getting', 'instead', 'x', 'tool_a', '"quoted"', 'no_record', ' ', '  ', '\n', '\n\n', '.', ';', '!', '?', '. ', '; ', '!\n', '?  ', '..', '.x', 'did not work', 'a.b', '\t'];

describe('sentencesMatching', () => {
  it('finds the same sentences as testing each sentence, on random texts', () => {
    const rng = new Rng(7);
    const patterns = [/fail|not work|avoid|not repeat|keep getting/i, /fail|wrong|avoid|mistake|instead|not repeat|no_record|not found|did not work|try another/i, /x/];
    for (let round = 0; round < 3000; round++) {
      const text = Array.from({ length: 1 + Math.floor(rng.next() * 30) }, () => PIECES[Math.floor(rng.next() * PIECES.length)]).join(rng.next() < 0.5 ? '' : ' ');
      for (const pattern of patterns) for (const marks of ['.;!?', '.!?'] as const) expect(sentencesMatching(text, marks, pattern)).toEqual(slow(text, marks, pattern));
    }
  });

  it('falls back to testing each sentence for patterns it cannot place', () => {
    const text = 'It failed. Then. fail; ok! wrong\n? fine.';
    for (const pattern of [/\bfail/i, /^It/, /ok!/, / fail/, /d\. T/, /(?<=n)g/]) expect(sentencesMatching(text, '.;!?', pattern)).toEqual(slow(text, '.;!?', pattern));
  });

  it('finds the same sentences when a scan picks up on a text that starts as the one scanned did', () => {
    const rng = new Rng(11);
    const patterns = [/fail|not work|avoid|not repeat|keep getting/i, /fail|wrong|avoid|mistake|instead|not repeat|no_record|not found|did not work|try another/i, /x/, /a.b/];
    const piece = () => PIECES[Math.floor(rng.next() * PIECES.length)];
    let resumed = 0;
    for (let round = 0; round < 400; round++) {
      for (const pattern of patterns) {
        let text = Array.from({ length: 1 + Math.floor(rng.next() * 40) }, piece).join('');
        let previous: SentenceScan | undefined;
        for (let step = 0; step < 12; step++) {
          const scan = sentenceScan(text, '.;!?', pattern, previous);
          expect(scan.sentences).toEqual(slow(text, '.;!?', pattern));
          if (previous && previous.points.length > 0) resumed++;
          // Mostly the text runs on (as a prompt's observations do) or changes after some point (a reflection block rewritten); now and then it is new.
          previous = scan;
          const more = Array.from({ length: 1 + Math.floor(rng.next() * 12) }, piece).join('');
          const r = rng.next();
          text = r < 0.6 ? text + more : r < 0.9 ? text.slice(0, Math.floor(rng.next() * (text.length + 1))) + more : Array.from({ length: 1 + Math.floor(rng.next() * 40) }, piece).join('');
        }
      }
    }
    expect(resumed).toBeGreaterThan(1000);
  });
});
