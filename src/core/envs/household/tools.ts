import type { ObjectSchema, ParamSpec, Tool } from '../../types';

const ARGUMENT_TEXT: Record<string, string> = {
  obj: 'An object with its number, for example "apple 1"',
  recep: 'A receptacle with its number, for example "countertop 1"',
  target: 'An object or receptacle with its number, for example "desklamp 1"',
};

/** A schema requiring the named arguments, all strings. */
function schema(...names: string[]): ObjectSchema {
  const properties: Record<string, ParamSpec> = {};
  for (const name of names) properties[name] = { type: 'string', description: ARGUMENT_TEXT[name] };
  return { properties, required: names };
}

const observation: ObjectSchema = { properties: { observation: { type: 'string', description: 'What the agent sees after the action' } }, required: ['observation'] };

/** A household tool: a command template whose `{holes}` are its arguments, read off the template. */
function command(name: string, template: string, category: string, description: string): Tool {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
  return { name, description, category, arguments: schema(...names), results: observation, template };
}

/**
 * The commands of the household environment, described after the ALFWorld instruction prompt
 * (AutoTool appendix J, Figure 9). Actions are written as the template with the holes filled in,
 * for example `take apple 1 from countertop 1`.
 */
export const HOUSEHOLD_TOOLS: Tool[] = [
  command('go_to', 'go to {recep}', 'move', 'Move to a receptacle or location, for example "go to countertop 1". You see what is on it, or whether it is closed.'),
  command('take', 'take {obj} from {recep}', 'hand', 'Pick up an object from the receptacle you are at. You can carry only one object at a time.'),
  command('put', 'put {obj} in/on {recep}', 'hand', 'Place the object you carry into or onto the receptacle you are at.'),
  command('open', 'open {recep}', 'container', 'Open a closed container you are at (a cabinet, drawer, fridge, microwave or safe) to see and reach its contents.'),
  command('close', 'close {recep}', 'container', 'Close an open container you are at.'),
  command('toggle', 'toggle {target}', 'device', 'Toggle the state of a device you are at, for example turn a desklamp or floorlamp on or off.'),
  command('clean', 'clean {obj} with {recep}', 'process', 'Clean the object you carry with a sinkbasin you are at.'),
  command('heat', 'heat {obj} with {recep}', 'process', 'Heat the object you carry with a microwave or stoveburner you are at.'),
  command('cool', 'cool {obj} with {recep}', 'process', 'Cool the object you carry with a fridge you are at.'),
  command('examine', 'examine {target}', 'perceive', 'Look closely at an object or receptacle to get details. Use this to fulfil "look at" parts of a goal.'),
  command('look', 'look', 'perceive', 'Observe your current surroundings to get a general view of the area and visible items.'),
  command('inventory', 'inventory', 'perceive', 'Check what object you are currently carrying.'),
  command('check_valid_actions', 'check valid actions', 'help', 'List all currently valid actions in the current state. Use it if unsure or if standard actions fail.'),
];

/** The household tool of that name, or undefined. */
export function householdTool(name: string): Tool | undefined {
  return HOUSEHOLD_TOOLS.find((tool) => tool.name === name);
}
