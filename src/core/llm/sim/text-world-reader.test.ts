import { describe, expect, it } from 'vitest';
import type { ChatMessage, ShownOption } from '../language-model';
import { textWorldReader } from './text-world-reader';

// A text world none of our environments writes: other hole names, another process, another station.
const LISTING = [
  '- go to {place}: Walk to a place.',
  '- take {item} from {place}: Pick up an item at the place you are at.',
  '- put {item} in/on {place}: Set the item you hold down at the place you are at.',
  '- open {place}: Open a closed locker you are at (a locker or a crate).',
  '- warm {item} with {device}: Warm the item you hold with an oven you are at.',
];
const options: ShownOption[] = LISTING.map((shown) => ({ name: /^- ([a-z ]+?)(?: \{|:)/.exec(shown)![1].replace(/ /g, '_'), shown }));

function request(turns: [string, string][]): ChatMessage[] {
  const messages: ChatMessage[] = [
    { role: 'system', content: `Act in the world.\nAvailable Actions:\n${LISTING.join('\n')}` },
    { role: 'user', content: 'Observation: You are in the hall. Looking quickly around you, you see a crate 1, a oven 1, a shelf 1, and a table 1.\n\nYour task is to: warm some bread and put it on table.' },
  ];
  for (const [action, observation] of turns) messages.push({ role: 'assistant', content: `Think: ok\nAction: ${action}` }, { role: 'user', content: `Observation: ${observation}` });
  return messages;
}

const next = (turns: [string, string][]) => textWorldReader.advise({ messages: request(turns), options }).calls[0];

describe('the text-world reader', () => {
  it('reads the command syntax, what opens and where a process works from the prompt alone', () => {
    const turns: [string, string][] = [];
    expect(next(turns).tool).toBe('go_to');
    turns.push(['go to crate 1', 'You arrive at crate 1. The crate 1 is closed.']);
    expect(next(turns)).toEqual({ tool: 'open', args: { place: 'crate 1' } });
    turns.push(['open crate 1', 'You open the crate 1. In it, you see a bread 2.']);
    expect(next(turns)).toEqual({ tool: 'take', args: { item: 'bread 2', place: 'crate 1' } });
    turns.push(['take bread 2 from crate 1', 'You pick up the bread 2 from the crate 1.']);
    // The warm command's description names the oven: that is where to go.
    expect(next(turns)).toEqual({ tool: 'go_to', args: { place: 'oven 1' } });
    turns.push(['go to oven 1', 'You arrive at oven 1. On the oven 1, you see nothing.']);
    expect(next(turns)).toEqual({ tool: 'warm', args: { item: 'bread 2', device: 'oven 1' } });
    turns.push(['warm bread 2 with oven 1', 'You warm the bread 2 using the oven 1.']);
    expect(next(turns)).toEqual({ tool: 'go_to', args: { place: 'table 1' } });
    turns.push(['go to table 1', 'You arrive at table 1. On the table 1, you see nothing.']);
    expect(next(turns)).toEqual({ tool: 'put', args: { item: 'bread 2', place: 'table 1' } });
  });

  it('offers places for a place hole and things for a thing hole, each shown in the transcript', () => {
    const messages = request([['go to crate 1', 'You arrive at crate 1. The crate 1 is closed.'], ['open crate 1', 'You open the crate 1. In it, you see a bread 2, and a cup 1.']]);
    expect(textWorldReader.values({ messages, options }, 'go_to', 'place')).toEqual(expect.arrayContaining(['crate 1', 'oven 1', 'shelf 1', 'table 1']));
    expect(textWorldReader.values({ messages, options }, 'take', 'item')).toEqual(['bread 2', 'cup 1']);
  });

  it('recognises the shape of a text-world prompt and not a JSON tool listing', () => {
    expect(textWorldReader.recognizes(request([]).map((m) => m.content).join('\n'))).toBe(true);
    expect(textWorldReader.recognizes('Query: find a song\nsearch with Action Input: {"q": "x"}')).toBe(false);
  });
});
