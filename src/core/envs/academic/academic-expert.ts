import type { Action, ArgValue, Expert, KeyAction } from '../../types';
import { hashSeed, Rng } from '../../rng';
import type { GraphName } from './academic-types';
import { GRAPH_NAMES } from './academic-types';
import type { AcademicEnvironment } from './academic-environment';

/** The graph a gold action needs loaded, if any. */
function graphNeeded(action: Action): GraphName | undefined {
  if (action.tool === 'paperNodeCheck' || action.tool === 'paperEdgeCheck') return 'PaperNet';
  if (action.tool === 'authorNodeCheck' || action.tool === 'authorEdgeCheck') return 'AuthorNet';
  if (action.tool === 'neighbourCheck') return GRAPH_NAMES.find((name) => name === action.args.graph);
  return undefined;
}

/** True when `name` occurs in `text` as a whole phrase (case-insensitive). */
function mentions(text: string, name: string): boolean {
  const haystack = text.toLowerCase();
  const needle = name.toLowerCase();
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack[at - 1] ?? ' ';
    const after = haystack[at + needle.length] ?? ' ';
    if (!/[a-z0-9]/.test(before) && !/[a-z0-9]/.test(after)) return true;
  }
  return false;
}

/** Answer candidates a model could read off one tool result. */
function candidatesFrom(result: unknown): ArgValue[] {
  if (Array.isArray(result)) return result.length > 0 ? [result.join(', '), result.length] : [];
  if (!result || typeof result !== 'object') return [];
  const record = result as Record<string, unknown>;
  const values: ArgValue[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'number' || (typeof value === 'string' && key !== 'name')) values.push(value);
    if (Array.isArray(value) && key !== 'keywords' && value.length > 0) values.push(value.join(', '), value.length, String(value[0]));
  }
  if ('citing_paper' in record) values.push('yes', 'no');
  return values;
}

/**
 * The gold policy of the academic environment, read from its hidden state (AgentBoard subgoals):
 * the first solution action whose subgoal is not reached yet, preceded by loading its graph when
 * that graph is not loaded; `finish` with the gold answer last; null once the episode is over.
 */
export function academicExpert(env: AcademicEnvironment): Expert {
  /** Node names of `pool` that the goal or an observation so far mentions, then a few others for noise. */
  function nodeChoices(pool: string[]): ArgValue[] {
    const texts = [env.task?.goal ?? '', ...env.history.filter((step) => step.ok).map((step) => step.observation)];
    const seen = pool.filter((name) => texts.some((text) => mentions(text, name)));
    const rng = new Rng(hashSeed('academic-noise', env.task?.id ?? '', env.seed));
    const noise = rng.shuffle(pool.filter((name) => !seen.includes(name))).slice(0, 3);
    return [...seen, ...noise];
  }

  return {
    next(): Action | null {
      if (!env.task || env.done) return null;
      const index = env.reached.findIndex((reached) => !reached);
      const gold = env.data.solution[index];
      if (!gold) return null;
      const graph = graphNeeded(gold);
      if (graph && !env.loaded.has(graph)) return { tool: `load${graph}`, args: {} };
      return { tool: gold.tool, args: { ...gold.args } };
    },
    key(): KeyAction[] {
      const action = this.next();
      return action ? [{ action }] : [];
    },
    argumentChoices(tool: string, param: string): ArgValue[] {
      if (param === 'graph') return [...GRAPH_NAMES];
      if (param === 'answer') {
        const values = env.history.flatMap((step) => (step.ok ? candidatesFrom(step.result) : []));
        if (/^(does|did|is|was)\b/i.test(env.task?.goal ?? '')) values.push('yes', 'no');
        return [...new Set(values)].slice(-8);
      }
      if (!/^node\d?$/.test(param)) return [];
      const papers = env.graph.paperTitles();
      const authors = env.graph.authorNames();
      if (/^paper/.test(tool)) return nodeChoices(papers);
      if (/^author/.test(tool)) return nodeChoices(authors);
      return nodeChoices([...papers, ...authors]);
    },
  };
}
