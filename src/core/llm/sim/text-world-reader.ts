import type { ArgValue } from '../../types';
import type { Advice, Advisor, AdvisorInput } from '../advisor';
import { promptText } from '../advisor';
import { placementRank } from './placement-statistics';
import { CommandBook, classesNamed } from './text-world-commands';
import { readGoal, type Goal } from './text-world-goal';
import { canonical, classOf, readScene, situation } from './text-world-scene';
import { planSteps, type World } from './text-world-plan';
import { lastOne, moduleCache } from '../../caches';
import { someMessageHolds, someMessageMatches } from './message-marks';

/**
 * SimLM's reader of text-world prompts (docs/simulated-model.md): a goal sentence, a room overview of
 * numbered places, a list of command templates, and `Action:` / `Observation:` turns. It reads the
 * scene off the transcript, the goal off its sentence, and what each command does off the command's
 * own description (which places a process works at, which places open); it searches for the thing in
 * the places the room shows, likeliest first by where things lay in training layouts (counts a
 * script computes, `placement-statistics.ts`), opens what it finds closed, takes the thing by the id
 * an observation shows, does to it what the goal asks where the prompt says that is done, and puts it
 * where the goal says. Nothing in it names an environment's places, things or commands.
 */

/** What one request shows, read once: the reader's `advise` and `values` both read the same request. */
const lastWorld = moduleCache('llm/sim/text-world-reader: the last world read', lastOne<{ text: string; options: string; world: World }>());

function worldOf({ messages, options }: AdvisorInput): World {
  const text = promptText(messages);
  const names = options.map((o) => `${o.name}\u0000${o.shown}`).join('\u0001');
  const last = lastWorld.get();
  if (last && last.text === text && last.options === names) return last.world;
  const commands = new CommandBook(options, text);
  const nonSystem = messages.filter((m) => m.role !== 'system').map((m) => m.content).join('\n');
  const processes = commands.processVerbs();
  const goal: Goal | undefined = readGoal(nonSystem, processes) ?? readGoal(text, processes);
  const scene = readScene(messages);
  const classes = [...new Set(scene.places.map(classOf))];
  // What the prompt says of its commands: the places a process works at, in the order its description
  // names them, and the places the command that opens things names; places seen closed open too.
  const stations = new Map(processes.map((verb) => [verb, classesNamed(commands.verb(verb)!.description, classes)]));
  const openDescription = commands.verb('open')?.description ?? '';
  const openable = new Set([...classesNamed(openDescription, classes), ...[...scene.closed].map(classOf)]);
  const world: World = { scene, goal, commands, stations, openable, rank: (kind, place) => placementRank(kind, classOf(place)) };
  lastWorld.set({ text, options: names, world });
  return world;
}

function advise(input: AdvisorInput): Advice {
  const world = worldOf(input);
  const { scene, commands } = world;
  const names = new Set(input.options.map((option) => option.name));
  const key = situation(scene);
  for (const step of planSteps(world)) {
    if (!names.has(step.action.tool)) continue;
    if (scene.failed.has(`${key}#${canonical(commands.write(step.action))}`)) continue; // it failed just so before
    return { calls: [step.action], reason: step.reason };
  }
  return { calls: [], reason: world.goal ? 'Every likely place has been searched.' : undefined };
}

/** Values the transcript shows for a hole: places for a place hole, things for a thing hole, both otherwise. */
function values(input: AdvisorInput, tool: string, param: string): ArgValue[] {
  const world = worldOf(input);
  const { scene, goal, commands } = world;
  const command = commands.tool(tool);
  if (!command || !command.holes.includes(param)) {
    // A hole of no listed command: a name the prompt shows for a parameter that takes a tool's name.
    if (!/tool|name/.test(param)) return [];
    const text = promptText(input.messages).toLowerCase();
    return [...new Set(input.options.map((o) => o.name).filter((name) => name !== tool && text.includes(name.toLowerCase())))];
  }
  const seen = [...new Set([...scene.contents.values()].flat())];
  const held = scene.holding && command.holes.length === 2 ? [scene.holding] : [];
  const wanted = seen.filter((n) => classOf(n) === goal?.thing && n !== scene.holding);
  const lights = goal?.light ? seen.filter((n) => classOf(n) === goal.light) : [];
  const things = [...held, ...wanted, ...seen.filter((n) => !lights.includes(n))];
  const move = commands.placeHole('go to') === param && command.verb === 'go to';
  const targets = goal?.place ? scene.places.filter((r) => classOf(r) === goal.place) : [];
  const places = [...(scene.location && !move ? [scene.location] : []), ...targets, ...scene.places];
  const holes = command.holes;
  let found: string[];
  if (holes.length === 2) found = param === holes[0] ? things : places;
  else if (['go to', 'open', 'close'].includes(command.verb)) found = places;
  else found = [...(scene.holding ? [scene.holding] : []), ...lights, ...places, ...things];
  return [...new Set(found)];
}

/** A room overview of numbered places ("you see a cabinet 1, a drawer 2, "). */
const OVERVIEW = /you see (?:an? [a-z]+ \d+, )+/;

/** The text-world reader. `recognizes` reads the shape: a room overview of numbered places, and commands rather than JSON calls. */
export const textWorldReader: Advisor = {
  shape: 'text-world',
  recognizes: (text) => OVERVIEW.test(text) && !/with Action Input/.test(text),
  // Neither pattern matches a line break: each matches the joined text exactly when it matches a message.
  recognizesMessages: (messages) => someMessageMatches(messages, OVERVIEW) && !someMessageHolds(messages, 'with Action Input'),
  advise,
  values,
};
