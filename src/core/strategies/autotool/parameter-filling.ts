import type { ArgValue, Tool } from '../../types';
import type { LoopStep } from '../common/react-loop';
import type { ParamSource, ToolInertiaGraph } from './inertia-graph';
import type { EnvironmentAdapter } from './environment-adapter';
import { genericAdapter } from './environment-adapter';

/** Where a parameter value came from (AutoTool section 4.5 and Table 8). */
export type FillSource = 'dependency' | 'state' | 'goal';

export interface FilledParam {
  name: string;
  value: ArgValue;
  source: FillSource;
}

/** How far back dependency backtracking looks (appendix A: the last k records; we take 4). */
const LOOKBACK = 4;

/**
 * Entity mentions an agent can read in the observations, like `apple 1` or `countertop 2`, whose
 * first word appears in the goal: AutoTool's last non-LLM resort, "heuristic filling based on the
 * agent's current state or task goal" (section 4.5). Newest first.
 */
function goalEntities(goal: string, history: LoopStep[]): string[] {
  const goalWords = new Set(goal.toLowerCase().match(/[a-z]+/g) ?? []);
  const found: string[] = [];
  for (const step of [...history].reverse()) {
    for (const match of step.observation.toLowerCase().matchAll(/\b([a-z]+) (\d+)\b/g)) {
      if (goalWords.has(match[1]) && !found.includes(`${match[1]} ${match[2]}`)) found.push(`${match[1]} ${match[2]}`);
    }
  }
  return found;
}

/** Leaves of a structured output read at most, so a long listing costs little. */
const MAX_FIELDS = 200;

/**
 * A step's structured output (AutoTool appendix A, infer_output): the leaves of the JSON its
 * observation shows (after a label such as `Output:`), by dotted path (`symbol`, `items.0.id`).
 * Empty for a text observation: there the environment's state hints are what parameter filling reads.
 */
export function outputFields(observation: string): Map<string, ArgValue> {
  const fields = new Map<string, ArgValue>();
  const start = observation.search(/[{[]/);
  if (start < 0) return fields;
  let value: unknown;
  try {
    value = JSON.parse(observation.slice(start));
  } catch {
    return fields;
  }
  const walk = (node: unknown, path: string) => {
    if (fields.size >= MAX_FIELDS) return;
    if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) walk(child, path ? `${path}.${key}` : key);
    } else if ((typeof node === 'string' && node !== '') || typeof node === 'number' || typeof node === 'boolean') fields.set(path, node);
  };
  walk(value, '');
  return fields;
}

/** The value a source names in a step: one of its output fields or one of its arguments. */
function valueAt(step: LoopStep, source: ParamSource): ArgValue | undefined {
  return source.output ? outputFields(step.observation).get(source.field) : step.parsed!.args[source.field];
}

/**
 * Hierarchical parameter filling (AutoTool section 4.5, appendix A Alg. 2), in strict order: (1)
 * dependency backtracking along the graph's parameter edges to an output field or an argument of a
 * recent call; (2) state
 * matching through the environment adapter (the agent's location, what it carries, the graph it
 * loaded); (3) a goal heuristic: an entity the observations show whose name the
 * goal mentions. Undefined when a required parameter stays empty, so the LLM takes the step.
 */
export function fillParameters(tool: Tool, graph: ToolInertiaGraph, history: LoopStep[], goal: string, adapter: EnvironmentAdapter = genericAdapter): FilledParam[] | undefined {
  const recent = history.filter((step) => step.parsed && step.ok).slice(-LOOKBACK).reverse();
  const filled: FilledParam[] = [];
  for (const name of tool.arguments.required) {
    let value: ArgValue | undefined;
    let source: FillSource | undefined;
    for (const edge of graph.paramSources(tool.name, name)) {
      const found = recent.filter((step) => step.parsed!.tool === edge.tool).map((step) => valueAt(step, edge)).find((v) => v !== undefined);
      if (found !== undefined) {
        value = found;
        source = 'dependency';
        break;
      }
    }
    if (value === undefined) {
      value = adapter.state(tool.name, name, history);
      if (value !== undefined) source = 'state';
    }
    if (value === undefined) {
      const entity = goalEntities(goal, history)[0];
      if (entity) {
        value = entity;
        source = 'goal';
      }
    }
    if (value === undefined || source === undefined) return undefined;
    filled.push({ name, value, source });
  }
  return filled;
}

/**
 * Parameter dependency edges of a call (section 4.4, appendix A): each argument whose value equals
 * an output field or an argument of one of the last calls gets an edge from it; the newest call
 * wins, and within a call its output comes before its inputs (Alg. 2: "output-to-input links").
 */
export function dependencySources(args: Record<string, ArgValue>, history: LoopStep[]): { param: string; from: ParamSource }[] {
  const recent = history.filter((step) => step.parsed && step.ok).slice(-LOOKBACK).reverse();
  const same = (a: ArgValue, b: ArgValue) => String(a).toLowerCase() === String(b).toLowerCase();
  const out: { param: string; from: ParamSource }[] = [];
  for (const [param, value] of Object.entries(args)) {
    if (String(value) === '') continue;
    for (const step of recent) {
      const tool = step.parsed!.tool;
      const output = [...outputFields(step.observation)].find(([, earlier]) => same(earlier, value));
      const input = output ? undefined : Object.entries(step.parsed!.args).find(([, earlier]) => same(earlier, value));
      const match = output ?? input;
      if (match) {
        out.push({ param, from: { tool, field: match[0], output: output !== undefined } });
        break;
      }
    }
  }
  return out;
}
