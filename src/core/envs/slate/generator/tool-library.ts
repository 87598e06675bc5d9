import type { SlateTool } from '../slate-types';
import type { ObjectSpec } from './objects';
import type { Role, Wording } from './roles';
import { hashSeed, Rng } from '../../../rng';
import { OBJECTS } from './objects';
import { ALIAS_ROLES, roleArguments, roleResults, WORDINGS } from './roles';

/** Size of the bundled library (EGB paper, section 3.3: a library of 1,000 tools). */
export const LIBRARY_SIZE = 1000;

const ROLES = [...new Set(WORDINGS.map((w) => w.role))];

/** The uninformative reply of a tool to a call no simulation entry knows (SLATE section 3.4). */
function defaultOutput(role: Role): Record<string, unknown> {
  const read = role === 'lookup' || role === 'details' || role === 'status' || role === 'history' || role === 'metrics' || role === 'validate' || role === 'search';
  return read
    ? { status: 'no_record_found', message: 'No record matches the given arguments.' }
    : { status: 'no_record_found', message: 'Nothing was changed: no record matches the given arguments.' };
}

function toTool(wording: Wording, o: ObjectSpec): SlateTool {
  const args = roleArguments(wording.role, o);
  return {
    name: wording.name(o),
    description: wording.description(o),
    category: o.category,
    arguments: args,
    results: { properties: roleResults(wording.role, o), required: [] },
    default_output: defaultOutput(wording.role),
    ...(ALIAS_ROLES.has(wording.role) ? { family: `${o.name}.${wording.role}` } : {}),
  };
}

/**
 * The wording per object and role that the bundled cases use: fixed per library seed, so the
 * training split teaches which of the near-duplicates the store's simulation knows.
 */
export function goldWordings(seed: number): Map<string, Wording> {
  const chosen = new Map<string, Wording>();
  for (const o of OBJECTS) {
    for (const role of ROLES) {
      const rng = new Rng(hashSeed('slate-gold', o.name, role, seed));
      chosen.set(`${o.name}/${role}`, rng.pick(WORDINGS.filter((w) => w.role === role)));
    }
  }
  return chosen;
}

/**
 * The tool library for a seed: every object gets its gold wording of every role, and the rest of
 * the 1,000 are near-duplicate wordings drawn at random. Sorted by category, then name.
 */
export function generateToolLibrary(seed: number): SlateTool[] {
  const gold = goldWordings(seed);
  const goldTools: SlateTool[] = [];
  const others: SlateTool[] = [];
  for (const o of OBJECTS) {
    for (const wording of WORDINGS) {
      (gold.get(`${o.name}/${wording.role}`) === wording ? goldTools : others).push(toTool(wording, o));
    }
  }
  const fill = new Rng(hashSeed('slate-library', seed)).shuffle(others).slice(0, LIBRARY_SIZE - goldTools.length);
  const tools = [...goldTools, ...fill];
  const names = new Set(tools.map((t) => t.name));
  if (names.size !== tools.length) throw new Error('generateToolLibrary: two tools share a name');
  const order = new Map(OBJECTS.map((o, i) => [o.category, i]));
  return tools.sort((a, b) => order.get(a.category!)! - order.get(b.category!)! || a.name.localeCompare(b.name));
}
