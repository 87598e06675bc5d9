import type { Action, ArgValue } from '../../types';
import type { Advice, Advisor, AdvisorInput } from '../../llm/advisor';
import { promptText } from '../../llm/advisor';
import type { ChatMessage } from '../../llm/language-model';
import { looksLikeFailure } from '../../llm/failure-signals';
import { placementRank } from '../../llm/sim/placement-statistics';

/**
 * The household environment's observable advisor (docs/simulated-model.md): what a sensible language model
 * would do next, read only from the request text. It parses the goal, the room overview and each
 * observation of the transcript, then searches for the target object in the receptacles the room
 * shows, likeliest first by where things lay in the training layouts (counts a script computes,
 * `llm/sim/placement-statistics.ts`), opens closed containers it arrives at, takes the object by the id an observation shows,
 * visits the station the task type needs, and puts the object into the target receptacle.
 */

type GoalKind = 'put' | 'clean' | 'heat' | 'cool' | 'look' | 'two';

interface Goal {
  kind: GoalKind;
  object: string;
  receptacle?: string;
  lamp?: string;
}

/** The goal phrasings of the six task types (ALFWorld's templates), most specific first. */
const GOAL_PATTERNS: [RegExp, GoalKind][] = [
  [/^put (?:a |some )?clean (\w+) (?:in|on) (\w+)/, 'clean'],
  [/^clean (?:a |some )?(\w+) and put it (?:in|on) (\w+)/, 'clean'],
  [/^put (?:a |some )?hot (\w+) (?:in|on) (\w+)/, 'heat'],
  [/^heat (?:a |some )?(\w+) and put it (?:in|on) (\w+)/, 'heat'],
  [/^put (?:a |some )?cool (\w+) (?:in|on) (\w+)/, 'cool'],
  [/^cool (?:a |some )?(\w+) and put it (?:in|on) (\w+)/, 'cool'],
  [/^(?:examine|look at) (?:the |a |some )?(\w+) (?:with|under) (?:the |a )?(\w+)/, 'look'],
  [/^(?:put|find) two (\w+) (?:and put them )?(?:in|on) (\w+)/, 'two'],
  [/^put (?:a |some )?(\w+) (?:in|on) (\w+)/, 'put'],
];

/** Containers that start closed: a person knows they must be opened to see inside. */
const OPENABLE = ['cabinet', 'drawer', 'fridge', 'microwave', 'safe'];
const STATIONS: Record<'clean' | 'heat' | 'cool', string[]> = { clean: ['sinkbasin', 'bathtubbasin'], heat: ['microwave', 'stoveburner'], cool: ['fridge'] };
const STATE_WORD: Record<'clean' | 'heat' | 'cool', string> = { clean: 'clean', heat: 'hot', cool: 'cool' };

const NAME = /\b([a-z]+ \d+)\b/g;
const classOf = (name: string) => name.replace(/\s+\d+$/, '');
const numberOf = (name: string) => Number(/(\d+)$/.exec(name)?.[1] ?? 0);
const namesIn = (list: string) => [...list.matchAll(NAME)].map((m) => m[1]);
const act = (tool: string, args: Record<string, string> = {}): Action => ({ tool, args });

/** What the transcript shows so far. */
interface Scene {
  goal?: Goal;
  receptacles: string[];
  location: string | null;
  holding: string | null;
  /** The contents last seen of each receptacle whose inside was shown. */
  contents: Map<string, string[]>;
  /** Containers last seen closed. */
  closed: Set<string>;
  /** States shown of objects: clean, hot, cool. */
  states: Map<string, Set<string>>;
  lampsOn: Set<string>;
  /** Actions that failed, keyed with the situation they failed in (see `situation`). */
  failed: Set<string>;
}

/** A canonical form of a command as written, so that `put x in/on y` and `put x in y` compare equal. */
function canonical(command: string): string {
  return command.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\.$/, '').replace(/ (in\/on|in|on) /, ' in ');
}

/** A command as the transcript would write it (tool templates; `put` with "in"). */
function commandOf(action: Action): string {
  const a = action.args as Record<string, string>;
  switch (action.tool) {
    case 'go_to': return `go to ${a.recep}`;
    case 'take': return `take ${a.obj} from ${a.recep}`;
    case 'put': return `put ${a.obj} in ${a.recep}`;
    case 'open': case 'close': return `${action.tool} ${a.recep}`;
    case 'toggle': case 'examine': return `${action.tool} ${a.target}`;
    case 'clean': case 'heat': case 'cool': return `${action.tool} ${a.obj} with ${a.recep}`;
    default: return action.tool.replace(/_/g, ' ');
  }
}

/** The situation an action is tried in: a failure only rules the action out while this is unchanged. */
function situation(scene: Scene): string {
  const here = scene.location ?? '';
  return `${here}|${scene.holding ?? ''}|${scene.closed.has(here)}|${[...(scene.states.get(scene.holding ?? '') ?? [])].join()}`;
}

function readGoal(text: string): Goal | undefined {
  const match = /your task is to:\s*([^\n*]+)/i.exec(text);
  if (!match) return undefined;
  const goal = match[1].trim().toLowerCase();
  for (const [pattern, kind] of GOAL_PATTERNS) {
    const m = pattern.exec(goal);
    if (!m) continue;
    return kind === 'look' ? { kind, object: m[1], lamp: m[2] } : { kind, object: m[1], receptacle: m[2] };
  }
  return undefined;
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

function setState(scene: Scene, thing: string, state: string): void {
  const states = scene.states.get(thing) ?? new Set<string>();
  if (state === 'hot') states.delete('cool');
  if (state === 'cool') states.delete('hot');
  states.add(state);
  scene.states.set(thing, states);
}

/** Updates the scene with what one observation shows. */
function observe(scene: Scene, text: string): void {
  const t = text.toLowerCase();
  let m: RegExpExecArray | null;
  if ((m = /looking quickly around you, you see ([^\n]*)/.exec(t))) {
    if (scene.receptacles.length === 0) scene.receptacles = namesIn(m[1]);
    scene.location = null;
  }
  if ((m = /you (?:arrive at|are facing) (?:the )?([a-z]+ \d+)/.exec(t))) scene.location = m[1];
  for (const s of t.matchAll(/on the ([a-z]+ \d+), you see ([^\n]*)/g)) scene.contents.set(s[1], namesIn(s[2]));
  for (const s of t.matchAll(/the ([a-z]+ \d+) is open\. in it, you see ([^\n]*)/g)) {
    scene.contents.set(s[1], namesIn(s[2]));
    scene.closed.delete(s[1]);
  }
  for (const s of t.matchAll(/you open the ([a-z]+ \d+)\. in it, you see ([^\n]*)/g)) {
    scene.contents.set(s[1], namesIn(s[2]));
    scene.closed.delete(s[1]);
  }
  for (const s of t.matchAll(/the ([a-z]+ \d+) is closed/g)) scene.closed.add(s[1]);
  if ((m = /you close the ([a-z]+ \d+)/.exec(t))) scene.closed.add(m[1]);
  if ((m = /you pick up the ([a-z]+ \d+) from the ([a-z]+ \d+)/.exec(t))) {
    scene.holding = m[1];
    scene.contents.set(m[2], (scene.contents.get(m[2]) ?? []).filter((name) => name !== m![1]));
  }
  if ((m = /you put the ([a-z]+ \d+) in\/on the ([a-z]+ \d+)/.exec(t))) {
    scene.holding = null;
    scene.contents.set(m[2], [...(scene.contents.get(m[2]) ?? []), m[1]]);
  }
  if ((m = /you (clean|heat|cool) the ([a-z]+ \d+) using/.exec(t))) setState(scene, m[2], STATE_WORD[m[1] as 'clean']);
  if ((m = /this is a ((?:clean|hot|cool)(?: and (?:clean|hot|cool))*) ([a-z]+ \d+)/.exec(t))) {
    for (const state of m[1].split(' and ')) setState(scene, m[2], state);
  }
  if ((m = /you turn (on|off) the ([a-z]+ \d+)/.exec(t))) {
    if (m[1] === 'on') scene.lampsOn.add(m[2]);
    else scene.lampsOn.delete(m[2]);
  }
  if ((m = /you are carrying: a ([a-z]+ \d+)/.exec(t))) scene.holding = m[1];
  if (/you are not carrying anything/.test(t)) scene.holding = null;
  // The valid-action list shows what can be taken where the agent stands.
  for (const s of t.matchAll(/take ([a-z]+ \d+) from ([a-z]+ \d+)/g)) {
    const known = scene.contents.get(s[2]) ?? [];
    if (!known.includes(s[1])) scene.contents.set(s[2], [...known, s[1]]);
  }
}

/** The scene a transcript shows up to some message, and the action still waiting for its observation. */
interface Reading {
  scene: Scene;
  pending: string | undefined;
}

function emptyScene(): Scene {
  return { receptacles: [], location: null, holding: null, contents: new Map(), closed: new Set(), states: new Map(), lampsOn: new Set(), failed: new Set() };
}

/** A copy that reading more turns can change without touching the original (observe replaces lists, but changes sets in place). */
function copyScene(scene: Scene): Scene {
  return {
    ...scene,
    contents: new Map(scene.contents),
    closed: new Set(scene.closed),
    states: new Map([...scene.states].map(([thing, states]) => [thing, new Set(states)])),
    lampsOn: new Set(scene.lampsOn),
    failed: new Set(scene.failed),
  };
}

/** Reads one message's turns into `reading` (in place). */
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

/** True when `prefix` is the start of `texts` (equal strings, in order). */
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
let lastTranscript: { texts: string[]; reading: Reading } | undefined;
/** The last request's scene: advise, then values for each parameter, read the same request. */
let lastRequest: { texts: string[]; scene: Scene } | undefined;

function readTranscript(transcript: ChatMessage[]): Reading {
  const texts = messageTexts(transcript);
  const known = lastTranscript && startsWith(texts, lastTranscript.texts) ? lastTranscript : undefined;
  if (known && known.texts.length === texts.length) return known.reading;
  const reading: Reading = known ? { scene: copyScene(known.reading.scene), pending: known.reading.pending } : { scene: emptyScene(), pending: undefined };
  for (let i = known ? known.texts.length / 2 : 0; i < transcript.length; i++) readMessage(reading, transcript[i]);
  lastTranscript = { texts, reading };
  return reading;
}

/** Reads the scene off the request text. */
function readScene(messages: ChatMessage[]): Scene {
  const texts = messageTexts(messages);
  if (lastRequest && lastRequest.texts.length === texts.length && startsWith(texts, lastRequest.texts)) return lastRequest.scene;
  const transcript = messages.filter((m) => m.role !== 'system');
  const nonSystem = transcript.map((m) => m.content).join('\n');
  const scene: Scene = { ...readTranscript(transcript).scene, goal: readGoal(nonSystem) ?? readGoal(promptText(messages)) };
  lastRequest = { texts, scene };
  return scene;
}

/** How plausible a receptacle class is as the place of a thing of kind `kind`: lower is likelier (training statistics). */
function rank(kind: string, recepClass: string): number {
  return placementRank(kind, recepClass);
}

/** The receptacles in order of plausibility for `kind`, ties by number; `last` classes go last. */
function byPlausibility(receptacles: string[], kind: string, last: string[] = []): string[] {
  // Each receptacle's rank and number worked out once, not per comparison (the same order).
  const keyed = receptacles.map((r) => ({ r, key: rank(kind, classOf(r)) + (last.includes(classOf(r)) ? 1000 : 0), number: numberOf(r) }));
  keyed.sort((a, b) => a.key - b.key || a.number - b.number || a.r.localeCompare(b.r));
  return keyed.map((entry) => entry.r);
}

interface Step {
  action: Action;
  reason: string;
}

/** Steps to find and take an object of `kind` (or, with `lamp`, to reach a lamp of that kind). */
function searchSteps(scene: Scene, kind: string, avoid: string[], take: boolean): Step[] {
  const goal = scene.goal!;
  const steps: Step[] = [];
  const here = scene.location;
  const known = byPlausibility([...scene.contents.keys()], kind).filter((r) => !avoid.includes(classOf(r)) && (scene.contents.get(r) ?? []).some((n) => classOf(n) === kind));
  for (const recep of known) {
    const things = scene.contents.get(recep)!.filter((n) => classOf(n) === kind);
    if (recep === here && !scene.closed.has(recep)) {
      if (take) for (const thing of things) steps.push({ action: act('take', { obj: thing, recep }), reason: `The ${thing} is here; take it.` });
      else return steps; // already at the lamp
    } else {
      steps.push({ action: act('go_to', { recep }), reason: `The ${things[0]} was seen at ${recep}; go there.` });
    }
  }
  if (here && scene.closed.has(here)) steps.push({ action: act('open', { recep: here }), reason: `The ${here} is closed; open it to look inside for a ${kind}.` });
  const unsearched = scene.receptacles.filter((r) => r !== here && !scene.contents.has(r));
  // A lamp stands on a surface, not inside a container.
  const order = byPlausibility(unsearched, kind, [...(goal.receptacle ? [goal.receptacle] : []), ...(take ? [] : OPENABLE)]);
  for (const recep of order) steps.push({ action: act('go_to', { recep }), reason: `No ${kind} seen yet; the ${recep} is a likely place for one.` });
  return steps;
}

/** Steps to bring the held object to one of `targets` (classes) and do `finish` there. */
function visitSteps(scene: Scene, classes: string[], finish: (recep: string) => Step[]): Step[] {
  const places = scene.receptacles.filter((r) => classes.includes(classOf(r)));
  places.sort((a, b) => classes.indexOf(classOf(a)) - classes.indexOf(classOf(b)) || numberOf(a) - numberOf(b));
  const steps: Step[] = [];
  const here = scene.location;
  if (here && places.includes(here)) steps.push(...finish(here));
  for (const recep of places) if (recep !== here) steps.push({ action: act('go_to', { recep }), reason: `Take the ${scene.holding} to the ${recep}.` });
  return steps;
}

/** Putting the held object into `recep` where the agent stands, opening it first when closed. */
function putSteps(scene: Scene, recep: string): Step[] {
  const obj = scene.holding!;
  const open: Step = { action: act('open', { recep }), reason: `The ${recep} is closed; open it first.` };
  const put: Step = { action: act('put', { obj, recep }), reason: `Put the ${obj} in/on the ${recep}.` };
  if (scene.closed.has(recep)) return [open, put];
  return OPENABLE.includes(classOf(recep)) ? [put, open] : [put];
}

/** The next steps in order of preference; the first that is allowed is the advice. */
function plan(scene: Scene): Step[] {
  const goal = scene.goal;
  if (!goal || scene.receptacles.length === 0) return [];
  const held = scene.holding;
  const here = scene.location;
  if (held && classOf(held) !== goal.object) {
    // Carrying the wrong thing: put it down (here if possible) before searching on.
    const steps: Step[] = [];
    if (here) steps.push(...putSteps(scene, here));
    const surfaces = scene.receptacles.filter((r) => r !== here && !OPENABLE.includes(classOf(r)));
    for (const recep of surfaces) steps.push({ action: act('go_to', { recep }), reason: `Go somewhere to put down the ${held}.` });
    return steps;
  }
  if (!held) {
    if (goal.kind === 'look' || goal.kind === 'put' || goal.kind === 'two') {
      // Objects already in the target receptacle count as placed; look for the others.
      return searchSteps(scene, goal.object, goal.receptacle && goal.kind !== 'look' ? [goal.receptacle] : [], true);
    }
    return searchSteps(scene, goal.object, [], true);
  }
  if (goal.kind === 'look') {
    const lamps = [...scene.contents.entries()].filter(([, things]) => things.some((n) => classOf(n) === goal.lamp));
    const lampHere = here ? (scene.contents.get(here) ?? []).find((n) => classOf(n) === goal.lamp) : undefined;
    if (lampHere) return [{ action: act('toggle', { target: lampHere }), reason: `Holding the ${held} at the ${lampHere}; switch it on to look at it.` }];
    if (lamps.length > 0) return lamps.map(([recep]) => ({ action: act('go_to', { recep }), reason: `The ${goal.lamp} is at ${recep}; bring the ${held} there.` }));
    return searchSteps(scene, goal.lamp ?? 'desklamp', [], false);
  }
  const process = goal.kind === 'clean' || goal.kind === 'heat' || goal.kind === 'cool' ? goal.kind : undefined;
  if (process && !scene.states.get(held)?.has(STATE_WORD[process])) {
    // The first kind of station the room has (a bathtub only where there is no sink).
    const station = STATIONS[process].find((kind) => scene.receptacles.some((r) => classOf(r) === kind));
    return visitSteps(scene, station ? [station] : [], (recep) => [
      { action: act(process, { obj: held, recep }), reason: `${process[0].toUpperCase()}${process.slice(1)} the ${held} with the ${recep}.` },
      ...(scene.closed.has(recep) ? [{ action: act('open', { recep }), reason: `Try opening the ${recep} first.` }] : []),
    ]);
  }
  return visitSteps(scene, [goal.receptacle ?? ''], (recep) => putSteps(scene, recep));
}

/** The household advisor (docs/simulated-model.md): reads only the request text. */
export const householdAdvisor: Advisor = {
  env: 'household',
  recognizes: (text) => /virtual household simulator/.test(text),
  advise({ messages, options }: AdvisorInput): Advice {
    const scene = readScene(messages);
    const names = new Set(options.map((option) => option.name));
    const key = situation(scene);
    for (const step of plan(scene)) {
      if (!names.has(step.action.tool)) continue;
      if (scene.failed.has(`${key}#${canonical(commandOf(step.action))}`)) continue; // it failed just so before
      return { calls: [step.action], reason: step.reason };
    }
    return { calls: [], reason: scene.goal ? 'Every likely place has been searched.' : undefined };
  },
  values({ messages, options }: AdvisorInput, tool: string, param: string): ArgValue[] {
    const scene = readScene(messages);
    const goal = scene.goal;
    const seen = [...new Set([...scene.contents.values()].flat())];
    // The held object first (for put, clean, ...), but not for take, which needs a free hand.
    const held = scene.holding && tool !== 'take' ? [scene.holding] : [];
    const objects = [...held, ...seen.filter((n) => classOf(n) === goal?.object && n !== scene.holding), ...seen.filter((n) => !/lamp$/.test(classOf(n)))];
    const targets = goal?.receptacle ? scene.receptacles.filter((r) => classOf(r) === goal.receptacle) : [];
    const receptacles = [...(scene.location && tool !== 'go_to' ? [scene.location] : []), ...targets, ...scene.receptacles];
    const lamps = seen.filter((n) => /lamp$/.test(classOf(n)));
    let values: string[] = [];
    if (param === 'recep') values = receptacles;
    else if (param === 'obj') values = objects;
    else if (param === 'target') values = [...(scene.holding ? [scene.holding] : []), ...lamps, ...receptacles, ...objects];
    else if (param === 'tool_name') {
      const text = promptText(messages).toLowerCase();
      values = options.map((o) => o.name).filter((name) => name !== tool && text.includes(name.toLowerCase()));
    }
    return [...new Set(values)];
  },
};
