import type { LlmCall, TraceBlock } from './trace-blocks';

/**
 * The searchable text of each block, lower-cased, cached by the block's event: the blocks are
 * rebuilt whenever the trace changes (a live trace grows every few hundred ms) but their events
 * stay the same objects, so each block's text is built once.
 */
const cache = new WeakMap<object, string>();

/** A part of a block the search looks in, named as the page shows it. */
interface Place {
  name: string;
  text: string;
}

/** Model replies; never the prompts, which repeat the goal and the tools in every call (a word of the goal matched every step). */
function replies(calls: LlmCall[]): Place[] {
  return calls.map((call) => ({ name: 'model reply', text: call.response }));
}

/** What a block shows, part by part: the search matches these and nothing else. */
function placesOf(block: TraceBlock): Place[] {
  switch (block.kind) {
    case 'start':
      return [
        { name: 'goal', text: block.event.goal },
        { name: 'initial observation', text: block.event.initialObservation },
      ];
    case 'step':
      return [
        { name: 'action', text: block.event.action },
        { name: 'thought', text: block.event.thought },
        { name: 'observation', text: block.event.observation },
        { name: 'registered tool', text: block.register?.tool ?? '' },
        { name: 'inertial tool', text: block.inertia?.tool ?? '' },
        ...replies(block.calls),
      ];
    case 'reflection':
      return [{ name: 'reflection', text: block.event.text }, ...replies(block.calls)];
    case 'entropy':
      return [
        { name: 'substep', text: block.event.step },
        { name: 'chosen tool', text: block.event.chosen },
        { name: 'candidates', text: block.event.distribution.map((d) => d.tool).join('\n') },
        ...replies(block.calls),
      ];
    case 'branch':
      return [
        { name: 'substep', text: block.event.step },
        { name: 'tool tried', text: block.event.tool },
      ];
    case 'trial':
      return [];
    case 'end':
    case 'pending':
      return replies(block.calls);
  }
}

function buildText(block: TraceBlock): string {
  return placesOf(block)
    .map((place) => place.text)
    .join('\n');
}

/** A block's searchable text (what it shows: action, thought, observation, reflection, model replies), lower-cased. */
export function blockSearchText(block: TraceBlock): string {
  // A pending block's calls grow while the trace streams: it is not cached.
  if (block.kind === 'pending') return buildText(block).toLowerCase();
  const cached = cache.get(block.event);
  if (cached !== undefined) return cached;
  const text = buildText(block).toLowerCase();
  cache.set(block.event, text);
  return text;
}

/** Where in a block the query matched ("observation, model reply"), each place once, in the block's order. */
export function matchPlaces(block: TraceBlock, query: string): string[] {
  const needle = normaliseQuery(query);
  if (needle === '') return [];
  return [...new Set(placesOf(block).filter((place) => place.text.toLowerCase().includes(needle)).map((place) => place.name))];
}

/** The query as searched: trimmed and lower-cased; empty means no search. */
export function normaliseQuery(query: string): string {
  return query.trim().toLowerCase();
}

/** Which blocks a query matches, and how many steps. */
export interface TraceMatches {
  /** One flag per block; all true when there is no query. */
  matches: boolean[];
  steps: number;
  matchingSteps: number;
  /** Matching blocks that are not steps (reflections, entropy estimates, the goal, …). */
  matchingOthers: number;
}

export function matchBlocks(blocks: TraceBlock[], query: string): TraceMatches {
  const needle = normaliseQuery(query);
  const matches = blocks.map((block) => needle === '' || blockSearchText(block).includes(needle));
  let steps = 0;
  let matchingSteps = 0;
  let matchingOthers = 0;
  blocks.forEach((block, i) => {
    if (block.kind === 'step') {
      steps++;
      if (matches[i]) matchingSteps++;
    } else if (matches[i] && needle !== '' && block.kind !== 'trial') {
      matchingOthers++;
    }
  });
  return { matches, steps, matchingSteps, matchingOthers };
}

/** "3 of 41 steps match", and the other blocks that match. */
export function matchCountText({ steps, matchingSteps, matchingOthers }: TraceMatches): string {
  const head = `${matchingSteps} of ${steps} ${steps === 1 ? 'step matches' : 'steps match'}`;
  return matchingOthers > 0 ? `${head}, and ${matchingOthers} other ${matchingOthers === 1 ? 'block' : 'blocks'}` : head;
}

/** A piece of text, marked where it matches the query. */
export interface Segment {
  text: string;
  match: boolean;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Cuts text into the parts that match the query (case-insensitive) and those that do not. */
export function highlightSegments(text: string, query: string): Segment[] {
  const needle = query.trim();
  if (needle === '' || text === '') return [{ text, match: false }];
  const pieces = text.split(new RegExp(`(${escapeRegExp(needle)})`, 'gi'));
  // split with one capturing group alternates: outside, match, outside, match, …
  return pieces.map((piece, i) => ({ text: piece, match: i % 2 === 1 })).filter((segment) => segment.text !== '');
}
