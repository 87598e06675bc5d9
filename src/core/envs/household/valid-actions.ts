import type { Action } from '../../types';
import type { World } from './world';
import { currentReceptacle, heldThing, reachableThings } from './world';
import { STATIONS } from './vocabulary';

const act = (tool: string, args: Record<string, string> = {}): Action => ({ tool, args });

/**
 * The actions that work in the current state (ALFWorld's admissible commands), in a fixed order:
 * moves, opening or closing, taking or putting, processing, toggling, examining, then look and inventory.
 */
export function validActions(world: World): Action[] {
  const here = currentReceptacle(world);
  const held = heldThing(world);
  const actions = world.receptacles.filter((r) => r !== here).map((r) => act('go_to', { recep: r.name }));
  if (here?.openable) actions.push(act(here.open ? 'close' : 'open', { recep: here.name }));
  const things = reachableThings(world);
  if (here && !held) {
    for (const thing of things) if (thing.takeable) actions.push(act('take', { obj: thing.name, recep: here.name }));
  }
  if (here && held) {
    if (here.open) actions.push(act('put', { obj: held.name, recep: here.name }));
    for (const [how, stations] of Object.entries(STATIONS)) {
      if ((stations as readonly string[]).includes(here.kind)) actions.push(act(how, { obj: held.name, recep: here.name }));
    }
  }
  for (const thing of things) if (!thing.takeable) actions.push(act('toggle', { target: thing.name }));
  if (here) actions.push(act('examine', { target: here.name }));
  if (held) actions.push(act('examine', { target: held.name }));
  actions.push(act('look'), act('inventory'));
  return actions;
}
