import type { ChatMessage } from '../language-model';
import { looksLikeFailure } from '../failure-signals';
import { lastOne, moduleCache } from '../../caches';

/**
 * What a text-world transcript shows so far (the shape of ALFWorld and TextWorld: a room overview
 * of numbered entities, then `Action:` / `Observation:` turns), read the way any reader of such a
 * transcript would: where the agent stands, what it carries, what each place showed last, which
 * containers were seen closed, what was done to which thing, and which commands failed where.
 */
export interface Scene {
  /** The numbered places of the room overview ("a cabinet 1, a countertop 1, ..."). */
  places: string[];
  location: string | null;
  holding: string | null;
  /** The things last seen at each place whose inside or top was shown. */
  contents: Map<string, string[]>;
  /** Places last seen closed. */
  closed: Set<string>;
  /** What was done to each thing, as the verb of the command that did it (`you heat the apple 1 using ...`). */
  done: Map<string, Set<string>>;
  /** Things switched on. */
  switchedOn: Set<string>;
  /** Commands that failed, keyed with the situation they failed in (see `situation`). */
  failed: Set<string>;
}

/** A verb that undoes another (heating a cooled thing leaves it hot, not cool). */
const UNDOES: Record<string, string> = { heat: 'cool', cool: 'heat' };
/** The adjective an observation uses for a thing a verb was applied to ("This is a hot apple 1"). */
export const ADJECTIVE: Record<string, string> = { heat: 'hot', cool: 'cool', clean: 'clean' };

const NAME = /\b([a-z]+ \d+)\b/g;
export const classOf = (name: string) => name.replace(/\s+\d+$/, '');
export const numberOf = (name: string) => Number(/(\d+)$/.exec(name)?.[1] ?? 0);
const namesIn = (list: string) => [...list.matchAll(NAME)].map((m) => m[1]);

/** A canonical form of a command as written, so that `put x in/on y` and `put x in y` compare equal. */
export function canonical(command: string): string {
  return command.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\.$/, '').replace(/ (in\/on|in|on) /, ' in ');
}

/** The situation a command is tried in: a failure only rules the command out while this is unchanged. */
export function situation(scene: Scene): string {
  const here = scene.location ?? '';
  return `${here}|${scene.holding ?? ''}|${scene.closed.has(here)}|${[...(scene.done.get(scene.holding ?? '') ?? [])].join()}`;
}

function markDone(scene: Scene, thing: string, verb: string): void {
  const done = scene.done.get(thing) ?? new Set<string>();
  if (UNDOES[verb]) done.delete(UNDOES[verb]);
  done.add(verb);
  scene.done.set(thing, done);
}

/** Updates the scene with what one observation shows. */
function observe(scene: Scene, text: string): void {
  const t = text.toLowerCase();
  let m: RegExpExecArray | null;
  if ((m = /looking quickly around you, you see ([^\n]*)/.exec(t))) {
    if (scene.places.length === 0) scene.places = namesIn(m[1]);
    scene.location = null;
  }
  if ((m = /you (?:arrive at|are facing) (?:the )?([a-z]+ \d+)/.exec(t))) scene.location = m[1];
  for (const s of t.matchAll(/on the ([a-z]+ \d+), you see ([^\n]*)/g)) scene.contents.set(s[1], namesIn(s[2]));
  for (const s of t.matchAll(/(?:the ([a-z]+ \d+) is open\.|you open the ([a-z]+ \d+)\.) in it, you see ([^\n]*)/g)) {
    const place = s[1] ?? s[2];
    scene.contents.set(place, namesIn(s[3]));
    scene.closed.delete(place);
  }
  for (const s of t.matchAll(/the ([a-z]+ \d+) is closed/g)) scene.closed.add(s[1]);
  if ((m = /you close the ([a-z]+ \d+)/.exec(t))) scene.closed.add(m[1]);
  if ((m = /you pick up the ([a-z]+ \d+) from the ([a-z]+ \d+)/.exec(t))) {
    scene.holding = m[1];
    scene.contents.set(m[2], (scene.contents.get(m[2]) ?? []).filter((name) => name !== m![1]));
  }
  if ((m = /you put the ([a-z]+ \d+) (?:in\/on|in|on) the ([a-z]+ \d+)/.exec(t))) {
    scene.holding = null;
    scene.contents.set(m[2], [...(scene.contents.get(m[2]) ?? []), m[1]]);
  }
  if ((m = /you ([a-z]+) the ([a-z]+ \d+) (?:using|with) the [a-z]+ \d+/.exec(t))) markDone(scene, m[2], m[1]);
  const adjectives = Object.entries(ADJECTIVE);
  if ((m = /this is a ((?:[a-z]+)(?: and [a-z]+)*) ([a-z]+ \d+)/.exec(t))) {
    for (const word of m[1].split(' and ')) for (const [verb, adjective] of adjectives) if (adjective === word) markDone(scene, m[2], verb);
  }
  if ((m = /you turn (on|off) the ([a-z]+ \d+)/.exec(t))) {
    if (m[1] === 'on') scene.switchedOn.add(m[2]);
    else scene.switchedOn.delete(m[2]);
  }
  if ((m = /you are carrying: a ([a-z]+ \d+)/.exec(t))) scene.holding = m[1];
  if (/you are not carrying anything/.test(t)) scene.holding = null;
  // A list of valid actions shows what can be taken where the agent stands.
  for (const s of t.matchAll(/take ([a-z]+ \d+) from ([a-z]+ \d+)/g)) {
    const known = scene.contents.get(s[2]) ?? [];
    if (!known.includes(s[1])) scene.contents.set(s[2], [...known, s[1]]);
  }
}

/**
 * The (action, observation) pairs one message shows, in order, given the action written last before
 * it (an action pairs with the next observation, in this message or a later one); returns them with
 * the action still waiting for an observation after the message. A pair ends with its message.
 */
function turnsOf(message: ChatMessage, pending: string | undefined): { turns: { action?: string; observation: string }[]; pending: string | undefined } {
  const out: { action?: string; observation: string }[] = [];
  let action = pending;
  let current: { action?: string; observation: string } | undefined;
  for (const line of message.content.split('\n')) {
    const head = /^\s*(Action|Observation|Think)\s*:\s*(.*)$/i.exec(line);
    if (head?.[1].toLowerCase() === 'action') {
      action = head[2];
      current = undefined;
    } else if (head?.[1].toLowerCase() === 'observation') {
      current = { action, observation: head[2] };
      out.push(current);
      action = undefined;
    } else if (head) current = undefined;
    else if (current) current.observation += `\n${line}`;
  }
  return { turns: out, pending: action };
}

/** The scene a transcript shows up to some message, and the action still waiting for its observation. */
interface Reading {
  scene: Scene;
  pending: string | undefined;
}

function emptyScene(): Scene {
  return { places: [], location: null, holding: null, contents: new Map(), closed: new Set(), done: new Map(), switchedOn: new Set(), failed: new Set() };
}

/** A copy that reading more turns can change without touching the original (observe replaces lists, but changes sets in place). */
function copyScene(scene: Scene): Scene {
  return {
    ...scene,
    contents: new Map(scene.contents),
    closed: new Set(scene.closed),
    done: new Map([...scene.done].map(([thing, done]) => [thing, new Set(done)])),
    switchedOn: new Set(scene.switchedOn),
    failed: new Set(scene.failed),
  };
}

function readMessage(reading: Reading, message: ChatMessage): void {
  const { turns, pending } = turnsOf(message, reading.pending);
  const { scene } = reading;
  for (const turn of turns) {
    if (turn.action !== undefined && looksLikeFailure(turn.observation)) scene.failed.add(`${situation(scene)}#${canonical(turn.action)}`);
    observe(scene, turn.observation);
  }
  reading.pending = pending;
}

/** The roles and contents of the messages in order: two lists are equal when the messages show the same text. */
function messageTexts(messages: ChatMessage[]): string[] {
  const texts: string[] = [];
  for (const message of messages) texts.push(message.role, message.content);
  return texts;
}

function startsWith(texts: string[], prefix: string[]): boolean {
  if (prefix.length > texts.length) return false;
  for (let i = 0; i < prefix.length; i++) if (texts[i] !== prefix[i]) return false;
  return true;
}

/**
 * The last transcript read (its messages other than system ones, which hold no turns): a ReAct
 * transcript grows by a turn per call, so the next one reads only its new messages from a copy of
 * this reading. Turns are read message by message in order, so this is the reading of the whole.
 */
const lastTranscript = moduleCache('llm/sim/text-world-scene: the last transcript read', lastOne<{ texts: string[]; reading: Reading }>());

/** The scene the messages other than system ones show. */
export function readScene(messages: ChatMessage[]): Scene {
  const transcript = messages.filter((m) => m.role !== 'system');
  const texts = messageTexts(transcript);
  const last = lastTranscript.get();
  const known = last && startsWith(texts, last.texts) ? last : undefined;
  if (known && known.texts.length === texts.length) return known.reading.scene;
  const reading: Reading = known ? { scene: copyScene(known.reading.scene), pending: known.reading.pending } : { scene: emptyScene(), pending: undefined };
  for (let i = known ? known.texts.length / 2 : 0; i < transcript.length; i++) readMessage(reading, transcript[i]);
  lastTranscript.set({ texts, reading });
  return reading.scene;
}
