import type { LlmCall, TraceBlock } from './trace-blocks';
import { promptMessagesOf } from './trace-summary';

/**
 * The searchable text of each block, lower-cased, cached by the block's event: the blocks are
 * rebuilt whenever the trace changes (a live trace grows every few hundred ms) but their events
 * stay the same objects, so each block's text is built once.
 */
const cache = new WeakMap<object, string>();

function callsText(calls: LlmCall[]): string[] {
  const parts: string[] = [];
  for (const call of calls) {
    parts.push(call.response);
    for (const message of promptMessagesOf(call) ?? []) parts.push(message.content);
  }
  return parts;
}

function buildText(block: TraceBlock): string {
  switch (block.kind) {
    case 'start':
      return [block.event.goal, block.event.initialObservation].join('\n');
    case 'step':
      return [
        block.event.action,
        block.event.thought,
        block.event.observation,
        block.register?.tool ?? '',
        block.inertia?.tool ?? '',
        ...callsText(block.calls),
      ].join('\n');
    case 'reflection':
      return [block.event.text, ...callsText(block.calls)].join('\n');
    case 'entropy':
      return [block.event.step, block.event.chosen, ...block.event.distribution.map((d) => d.tool), ...callsText(block.calls)].join('\n');
    case 'branch':
      return [block.event.step, block.event.tool].join('\n');
    case 'trial':
      return '';
    case 'end':
      return callsText(block.calls).join('\n');
    case 'pending':
      return callsText(block.calls).join('\n');
  }
}

/** A block's searchable text (action, thought, observation, reflection, model replies), lower-cased. */
export function blockSearchText(block: TraceBlock): string {
  // A pending block's calls grow while the trace streams: it is not cached.
  if (block.kind === 'pending') return buildText(block).toLowerCase();
  const cached = cache.get(block.event);
  if (cached !== undefined) return cached;
  const text = buildText(block).toLowerCase();
  cache.set(block.event, text);
  return text;
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
