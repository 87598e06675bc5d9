import type { ArgValue, Tool } from '../../types';
import type { LoopStep } from '../shared/react-loop';
import type { ToolInertiaGraph } from './inertia-graph';
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

/**
 * Hierarchical parameter filling (AutoTool section 4.5), in strict order: (1) dependency
 * backtracking along the graph's parameter edges to an argument of a recent call; (2) state
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
      const record = recent.find((step) => step.parsed!.tool === edge.tool && step.parsed!.args[edge.param] !== undefined);
      if (record) {
        value = record.parsed!.args[edge.param];
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
 * Parameter dependency edges of a call (section 4.4): each argument whose value equals an argument
 * of one of the last calls gets an edge from that (tool, parameter).
 */
export function dependencySources(args: Record<string, ArgValue>, history: LoopStep[]): { param: string; source: string }[] {
  const recent = history.filter((step) => step.parsed && step.ok).slice(-LOOKBACK).reverse();
  const out: { param: string; source: string }[] = [];
  for (const [param, value] of Object.entries(args)) {
    for (const step of recent) {
      const match = Object.entries(step.parsed!.args).find(([, earlier]) => String(earlier).toLowerCase() === String(value).toLowerCase());
      if (match) {
        out.push({ param, source: `${step.parsed!.tool}.${match[0]}` });
        break;
      }
    }
  }
  return out;
}
