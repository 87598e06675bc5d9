import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../language-model';
import { promptText } from '../advisor';
import { Rng } from '../../rng';
import { clearModuleCaches } from '../../caches';
import { PROMPT_READERS } from './prompt-shapes';
import { queryText } from './tool-listing/named-tools';

/** Pieces that put each shape's marks in prompts, whole and cut at line breaks and inside words. */
const PIECES = [
  'You are in the middle of a room. Looking quickly around you, you see a cabinet 1, a drawer 2, and a shelf 3.',
  'you see an apple 1, ',
  'Act with Action Input: {"q": 1}',
  'Plan:\n1.1 Find the order\n1.2 Cancel it',
  '\nPlan:',
  '1.2 Cancel it',
  'Candidate tools for the current substep:\n[0] cancel_order: Cancel.',
  'Tool for the current substep:',
  'Available tools:\n- get_weather: The weather.',
  'Available tools:',
  '- get_weather: x',
  'Call the operations listed below.',
  'The tools are available here.',
  'Query: weather in Lisbon',
  'Query:',
  '   \n',
  'User query: the tracks',
  'Your goal: find the mug',
  'Observation: nothing happens.',
  '\n',
  '',
  'plain words',
];

function randomMessages(rng: Rng): ChatMessage[] {
  const text = Array.from({ length: 1 + rng.int(6) }, () => PIECES[rng.int(PIECES.length)]).join(rng.next() < 0.5 ? '\n' : '');
  // Cut the text into messages anywhere, line breaks included: `promptText` joins them with one.
  const messages: ChatMessage[] = [];
  let rest = text;
  while (rest.length > 0 && messages.length < 5) {
    const cut = rng.int(rest.length + 1);
    const piece = rest.slice(0, cut);
    messages.push({ role: messages.length === 0 ? 'system' : rng.next() < 0.5 ? 'user' : 'assistant', content: piece.startsWith('\n') && rng.next() < 0.5 ? piece.slice(1) : piece });
    rest = rest.slice(cut);
  }
  messages.push({ role: 'user', content: rest });
  return messages;
}

describe('reading a prompt message by message', () => {
  it('should recognise each shape, and find the query, exactly as a reading of the joined text does', () => {
    const rng = new Rng(7);
    let shapes = 0;
    for (let trial = 0; trial < 3_000; trial++) {
      if (trial % 500 === 0) clearModuleCaches();
      const messages = randomMessages(rng);
      const text = promptText(messages);
      for (const reader of PROMPT_READERS) {
        const whole = reader.recognizes(text);
        if (whole) shapes++;
        expect(reader.recognizesMessages?.(messages) ?? whole, `${reader.shape}: ${JSON.stringify(messages)}`).toBe(whole);
      }
      const query = (/Query:\s*(.+)/.exec(text)?.[1] ?? /^[^\n:]*\bgoal\b[^\n:]*:\s*(.+)/im.exec(text)?.[1] ?? /User query:\s*(.+)/.exec(text)?.[1] ?? '').trim();
      expect(queryText(messages), JSON.stringify(messages)).toBe(query);
    }
    expect(shapes).toBeGreaterThan(500);
  });
});
