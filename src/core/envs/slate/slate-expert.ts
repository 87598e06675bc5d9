import type { Action, ArgValue, Expert, KeyAction } from '../../types';
import type { SlateEnvironment } from './slate-environment';
import { NO_TOOL } from '../../plan-guided';
import { parseReference, resolveReferences } from './references';
import { parseDate } from './equivalence';

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * The spellings of a value the simulator counts as the same (section 3.4's semantic equivalence), as
 * a prompt may write it: a date as ISO, US, "June 1, 2024" or "1 June 2024"; anything else as written.
 */
export function spellings(value: ArgValue): string[] {
  const text = String(value);
  const iso = parseDate(text);
  if (!iso) return [text];
  const [year, month, day] = iso.split('-').map(Number);
  const name = MONTH_NAMES[month - 1];
  const mm = String(month).padStart(2, '0');
  const dd = String(day).padStart(2, '0');
  return [...new Set([text, iso, `${mm}/${dd}/${year}`, `${month}/${day}/${year}`, `${name} ${day}, ${year}`, `${day} ${name} ${year}`, `${name} ${day} ${year}`])];
}

/**
 * The evidence of a plan's call: each literal argument in one of its spellings, and for a reference
 * to an earlier output the value it resolves to in the agent's own executed substeps. A reference
 * whose substep gave no such field (the agent's call there failed, or no output is shown) rests on
 * nothing the agent saw.
 */
function planKey(env: SlateEnvironment, action: Action): KeyAction {
  const outputs = new Map(env.executed.map((e) => [e.step, e.output]));
  const resolved = resolveReferences(action.args, outputs);
  const evidence: string[][] = [];
  let unseen = false;
  for (const [name, value] of Object.entries(action.args)) {
    const reference = parseReference(value);
    const shown = resolved[name];
    if (reference && (shown === value || shown === null || typeof shown === 'object')) unseen = true;
    else if (typeof shown === 'string' || typeof shown === 'number' || typeof shown === 'boolean') evidence.push(spellings(shown));
  }
  return { action, evidence, ...(unseen ? { unseen } : {}) };
}
function scalars(value: unknown, out: Set<ArgValue>): void {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out.add(value);
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => scalars(v, out));
}

/**
 * The gold policy of a SLATE case: the plan's action for the substep under the cursor (arguments
 * as the plan writes them, references included), or NO_TOOL. Wrong-argument choices come from the
 * case's values and earlier outputs, which is what a model could confuse.
 */
export function slateExpert(env: SlateEnvironment): Expert {
  return {
    next(): Action | null {
      const substep = env.gold[env.cursor()];
      if (!substep) return null;
      if (!substep.action) return { tool: NO_TOOL, args: {} };
      return { tool: substep.action.tool, args: { ...(substep.action.args as Record<string, ArgValue>) } };
    },
    key(): KeyAction[] {
      const substep = env.gold[env.cursor()];
      if (!substep) return [];
      // "No tool required" rests on the substep's wording alone, which every plan prompt shows.
      if (!substep.action) return [{ action: { tool: NO_TOOL, args: {} }, evidence: [] }];
      return [planKey(env, { tool: substep.action.tool, args: { ...(substep.action.args as Record<string, ArgValue>) } })];
    },
    argumentChoices(): ArgValue[] {
      const values = new Set<ArgValue>();
      for (const entry of env.item.simulation) scalars(entry.args, values);
      // Outputs of matched calls only: a default output's "no_record_found" is no value to pass on.
      for (const executed of env.executed) if (executed.ok) scalars(executed.output, values);
      return [...values].sort((a, b) => String(a).localeCompare(String(b)));
    },
  };
}
