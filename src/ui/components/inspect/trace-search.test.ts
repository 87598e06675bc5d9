import { describe, expect, it } from 'vitest';
import type { TraceEvent } from '../../../core/trace';
import { traceBlocks } from './trace-blocks';
import { blockSearchText, highlightSegments, matchBlocks, matchCountText, matchPlaces } from './trace-search';

const call = (response: string): TraceEvent => ({ type: 'llm-call', kind: 'act', promptTokens: 100, completionTokens: 10, ms: 1, response });
const step = (index: number, action: string, observation: string, thought = ''): TraceEvent => ({
  type: 'step',
  index,
  thought,
  action,
  observation,
  ok: true,
  invalid: false,
  progress: 0,
});

const EVENTS: TraceEvent[] = [
  { type: 'task-start', goal: 'put a pen in the drawer', instruction: 'You are an agent. Tools: go_to, open, take', initialObservation: 'You are in a room.' },
  call('Think: find the pen\nAction: go to desk 1'),
  step(1, 'go to desk 1', 'On the desk 1, you see a Pen.', 'find the pen'),
  call('Action: open drawer 2'),
  step(2, 'open drawer 2', 'The drawer 2 is locked.'),
  call('The drawer was locked; try the key.'),
  { type: 'reflection', text: 'Look for a KEY before opening drawers.', trigger: 'failed-call' },
  call('Action: take key from shelf 1'),
  step(3, 'take key from shelf 1', 'You pick up the key.'),
  { type: 'task-end', success: false, progress: 0.5, steps: 3 },
];

describe('trace search', () => {
  const blocks = traceBlocks(EVENTS);

  it('should match actions, thoughts, observations, reflections and call replies, ignoring case', () => {
    const kindsMatching = (query: string) => blocks.filter((_, i) => matchBlocks(blocks, query).matches[i]).map((b) => (b.kind === 'step' ? `step ${b.event.index}` : b.kind));
    expect(kindsMatching('DRAWER 2')).toEqual(['step 2']);
    expect(kindsMatching('key')).toEqual(['reflection', 'step 3']);
    expect(kindsMatching('find the pen')).toEqual(['step 1']);
    expect(kindsMatching('you see a pen')).toEqual(['step 1']);
    // The goal and initial observation are searched too; the instruction prompt is not (it names every tool).
    expect(kindsMatching('in a room')).toEqual(['start']);
    expect(kindsMatching('go_to')).toEqual([]);
  });

  it('should match every block and count all steps when the query is empty or blank', () => {
    const all = matchBlocks(blocks, '   ');
    expect(all.matches.every(Boolean)).toBe(true);
    expect(matchCountText(all)).toBe('3 of 3 steps match');
  });

  it('should count matching steps apart from other matching blocks', () => {
    expect(matchCountText(matchBlocks(blocks, 'key'))).toBe('1 of 3 steps match, and 1 other block');
    expect(matchCountText(matchBlocks(blocks, 'open drawer'))).toBe('1 of 3 steps match');
    expect(matchCountText(matchBlocks(blocks, 'zebra'))).toBe('0 of 3 steps match');
  });

  it('should build each block’s text once and reuse it when the blocks are rebuilt', () => {
    const again = traceBlocks(EVENTS);
    expect(again[1]).not.toBe(blocks[1]);
    expect(blockSearchText(again[1])).toBe(blockSearchText(blocks[1]));
  });

  it('should read each step’s text once while a query is typed, on a trace of several hundred steps', () => {
    // Speed itself belongs in a benchmark; what keeps typing cheap is that no block's text is
    // rebuilt per keystroke, which is what this counts (reads of each observation).
    let reads = 0;
    const long: TraceEvent[] = [];
    for (let i = 1; i <= 600; i++) {
      const event = step(i, `go to shelf ${i}`, '');
      const observation = `On the shelf ${i}, you see ${'a cup, '.repeat(40)}nothing else.`;
      Object.defineProperty(event, 'observation', { get: () => (reads++, observation), enumerable: true });
      long.push(call(`Think: step ${i}\nAction: go to shelf ${i}`), event);
    }
    const big = traceBlocks(long);
    reads = 0;
    matchBlocks(big, 'warm');
    expect(reads).toBe(600);
    for (const query of ['s', 'sh', 'she', 'shel', 'shelf', 'shelf 4', 'shelf 42']) matchBlocks(big, query);
    expect(matchCountText(matchBlocks(traceBlocks(long), 'shelf 42'))).toBe('11 of 600 steps match');
    expect(reads).toBe(600);
  });

  it('should cut text into matching and other segments, keeping the original case', () => {
    expect(highlightSegments('Open drawer 2; the DRAWER is locked', 'drawer')).toEqual([
      { text: 'Open ', match: false },
      { text: 'drawer', match: true },
      { text: ' 2; the ', match: false },
      { text: 'DRAWER', match: true },
      { text: ' is locked', match: false },
    ]);
    expect(highlightSegments('a (b) c', '(b)')).toEqual([
      { text: 'a ', match: false },
      { text: '(b)', match: true },
      { text: ' c', match: false },
    ]);
    expect(highlightSegments('plain', '')).toEqual([{ text: 'plain', match: false }]);
  });

  it('should match what a step shows, not the prompt every call repeats, and say where it matched', () => {
    // Each call's prompt (read back whole from the trace) holds the goal: it named "pen" in every step.
    const withPrompts = EVENTS.map((event) =>
      event.type === 'llm-call' ? ({ ...event, messages: [{ role: 'user', content: 'Goal: put a pen in the drawer. Tools: go_to, open, take' }] } as TraceEvent) : event,
    );
    const prompted = traceBlocks(withPrompts);
    expect(matchCountText(matchBlocks(prompted, 'drawer'))).toBe('1 of 3 steps match, and 2 other blocks');
    const steps = prompted.filter((block) => block.kind === 'step');
    expect(matchPlaces(steps[0], 'pen')).toEqual(['thought', 'observation', 'model reply']);
    expect(matchPlaces(steps[1], 'drawer 2')).toEqual(['action', 'observation', 'model reply']);
    expect(matchPlaces(steps[1], 'locked')).toEqual(['observation']);
    expect(matchPlaces(steps[1], '')).toEqual([]);
  });
});
