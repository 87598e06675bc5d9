import type { Action } from '../../types';
import type { World } from './world';
import { currentReceptacle, heldThing, reachableThings, receptacleNamed, thingNamed } from './world';
import { describeOpened, describeReceptacle, describeRoom, describeThing, listThings, NOTHING_HAPPENS } from './describe';
import { STATIONS } from './vocabulary';
import { validActions } from './valid-actions';
import { formatAction } from '../../llm/action-format';
import { HOUSEHOLD_TOOLS } from './tools';

/** The observation of one action and whether it had an effect. */
export interface ActionOutcome {
  observation: string;
  ok: boolean;
}

const FAILED: ActionOutcome = { observation: NOTHING_HAPPENS, ok: false };
const done = (observation: string): ActionOutcome => ({ observation, ok: true });

/** An argument as a name: lower case, single spaces; empty when missing. */
export function argumentName(action: Action, param: string): string {
  const value = action.args?.[param];
  return value === undefined || value === null ? '' : String(value).trim().toLowerCase().replace(/\s+/g, ' ');
}

/** The receptacle named by `param` when the agent stands at it. */
function receptacleHere(world: World, action: Action, param = 'recep') {
  const here = currentReceptacle(world);
  return here && here.name === argumentName(action, param) ? here : undefined;
}

/** The held object when `obj` names it. */
function heldNamed(world: World, action: Action) {
  const held = heldThing(world);
  return held && held.name === argumentName(action, 'obj') ? held : undefined;
}

/** Cleaning, heating or cooling the held object at a station of the right class. */
function processHeld(world: World, action: Action, how: keyof typeof STATIONS): ActionOutcome {
  const held = heldNamed(world, action);
  const station = receptacleHere(world, action);
  if (!held || !station || !(STATIONS[how] as readonly string[]).includes(station.kind)) return FAILED;
  if (how === 'clean') held.clean = true;
  if (how === 'heat') Object.assign(held, { hot: true, cool: false });
  if (how === 'cool') Object.assign(held, { cool: true, hot: false });
  return done(`You ${how} the ${held.name} using the ${station.name}.`);
}

/** The thing `examine` names, when the agent holds it or can see it here. */
function examine(world: World, action: Action): ActionOutcome {
  const name = argumentName(action, 'target');
  const here = currentReceptacle(world);
  if (here && here.name === name) return done(describeReceptacle(world, here));
  const thing = thingNamed(world, name);
  if (!thing || (world.holding !== name && !reachableThings(world).includes(thing))) return FAILED;
  world.seen.add(thing.name);
  return done(describeThing(thing));
}

/**
 * Applies one action to the world and says what happened (ALFWorld's observations). Never throws:
 * an unknown tool, a missing or wrong argument, or an action that cannot work now gives
 * "Nothing happens." and leaves the world unchanged.
 */
export function applyAction(world: World, action: Action): ActionOutcome {
  const here = currentReceptacle(world);
  switch (action?.tool) {
    case 'go_to': {
      const target = receptacleNamed(world, argumentName(action, 'recep'));
      if (!target || target === here) return FAILED;
      world.location = target.name;
      return done(`You arrive at ${target.name}. ${describeReceptacle(world, target)}`);
    }
    case 'take': {
      const thing = thingNamed(world, argumentName(action, 'obj'));
      const from = receptacleHere(world, action);
      if (world.holding !== null || !thing?.takeable || !from || !reachableThings(world).includes(thing)) return FAILED;
      thing.at = null;
      world.holding = thing.name;
      world.seen.add(thing.name);
      return done(`You pick up the ${thing.name} from the ${from.name}.`);
    }
    case 'put': {
      const held = heldNamed(world, action);
      const into = receptacleHere(world, action);
      if (!held || !into?.open) return FAILED;
      held.at = into.name;
      world.holding = null;
      return done(`You put the ${held.name} in/on the ${into.name}.`);
    }
    case 'open': {
      const target = receptacleHere(world, action);
      if (!target?.openable || target.open) return FAILED;
      target.open = true;
      return done(describeOpened(world, target));
    }
    case 'close': {
      const target = receptacleHere(world, action);
      if (!target?.openable || !target.open) return FAILED;
      target.open = false;
      return done(`You close the ${target.name}.`);
    }
    case 'toggle': {
      const lamp = thingNamed(world, argumentName(action, 'target'));
      if (!lamp || lamp.takeable || !reachableThings(world).includes(lamp)) return FAILED;
      lamp.on = !lamp.on;
      return done(`You turn ${lamp.on ? 'on' : 'off'} the ${lamp.name}.`);
    }
    case 'clean':
    case 'heat':
    case 'cool':
      return processHeld(world, action, action.tool as keyof typeof STATIONS);
    case 'examine':
      return examine(world, action);
    case 'look':
      return done(here ? `You are facing the ${here.name}. ${describeReceptacle(world, here)}` : describeRoom(world));
    case 'inventory': {
      const held = heldThing(world);
      return done(held ? `You are carrying: ${listThings([held.name])}.` : 'You are not carrying anything.');
    }
    case 'check_valid_actions': {
      const commands = validActions(world).map((valid) => formatAction(valid, 'command', HOUSEHOLD_TOOLS));
      return done(`Choose an action from these valid actions: ${commands.join(', ')}.`);
    }
    default:
      return FAILED;
  }
}
