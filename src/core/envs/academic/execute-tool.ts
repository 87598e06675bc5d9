import type { Action } from '../../types';
import type { GraphName } from './academic-types';
import { GRAPH_NAMES } from './academic-types';
import type { CitationGraph } from './citation-graph';
import { nodeKey } from './citation-graph';
import { pythonRepr } from './python-repr';
import { ACADEMIC_TOOLS, academicTool } from './tools';

/** What one tool call produced. */
export interface ToolOutcome {
  /** The text the model reads. Failures start with `Error:` or `Invalid action`. */
  observation: string;
  ok: boolean;
  /** The graph this call loaded, if it was a load. */
  loaded?: GraphName;
  /** The structured result behind the observation (a node's attributes, a neighbour list…). */
  result?: unknown;
}

const fail = (observation: string): ToolOutcome => ({ observation, ok: false });

/** The text of `check_valid_actions`: every tool with its argument names. */
export function validActionsText(): string {
  const signatures = ACADEMIC_TOOLS.map((tool) => `${tool.name}(${Object.keys(tool.arguments.properties).join(', ')})`);
  return `You can use the following actions: ${signatures.join(', ')}.`;
}

/**
 * Checks an action against its tool's arguments: the tool exists, required arguments are present,
 * no unknown argument is given, and node-like arguments are non-empty texts. Returns the failure
 * observation, or undefined when the action is well formed.
 */
export function actionProblem(action: Action): string | undefined {
  const tool = academicTool(action?.tool);
  if (!tool) return `Invalid action: there is no tool named "${String(action?.tool)}". Call check_valid_actions to list the tools.`;
  const args = action.args && typeof action.args === 'object' ? action.args : {};
  const names = Object.keys(tool.arguments.properties);
  const extra = Object.keys(args).find((name) => !names.includes(name));
  if (extra) return `Invalid action: ${tool.name} takes no argument "${extra}"; its arguments are: ${names.join(', ') || 'none'}.`;
  for (const name of tool.arguments.required) {
    const value = args[name];
    if (value === undefined || value === null || value === '') return `Invalid action: ${tool.name} needs the argument "${name}".`;
    if (name !== 'answer' && typeof value !== 'string') return `Invalid action: the argument "${name}" of ${tool.name} must be a text, not ${typeof value}.`;
  }
  return undefined;
}

/** The graph named by a `graph` argument (case-insensitive), or undefined. */
function graphNamed(value: string): GraphName | undefined {
  return GRAPH_NAMES.find((name) => name.toLowerCase() === value.trim().toLowerCase());
}

const notLoaded = (graph: GraphName) => fail(`Error: ${graph} is not loaded. Call load${graph} first.`);
const noNode = (name: string, graph: GraphName) => fail(`Error: there is no node named "${name.trim()}" in ${graph}.`);
const shown = (result: unknown): ToolOutcome => ({ observation: pythonRepr(result), ok: true, result });

/**
 * Runs one graph tool (every tool but `finish`) against the database, given which graphs are
 * loaded. Node names match case-insensitively; results always show the stored names, so the same
 * question gives the same observation however the name was typed. Never throws.
 */
export function executeTool(graph: CitationGraph, loaded: ReadonlySet<GraphName>, action: Action): ToolOutcome {
  const problem = actionProblem(action);
  if (problem) return fail(problem);
  const args = action.args as Record<string, string>;
  switch (action.tool) {
    case 'loadPaperNet':
      return { observation: 'PaperNet is loaded.', ok: true, loaded: 'PaperNet' };
    case 'loadAuthorNet':
      return { observation: 'AuthorNet is loaded.', ok: true, loaded: 'AuthorNet' };
    case 'check_valid_actions':
      return { observation: validActionsText(), ok: true };
    case 'neighbourCheck': {
      const name = graphNamed(args.graph);
      if (!name) return fail(`Error: "${args.graph}" is not a graph name; use "PaperNet" or "AuthorNet".`);
      if (!loaded.has(name)) return notLoaded(name);
      if (name === 'PaperNet') return graph.paper(args.node) ? shown(graph.referencesOf(args.node)) : noNode(args.node, name);
      return graph.author(args.node) ? shown(graph.collaboratorsOf(args.node)) : noNode(args.node, name);
    }
    case 'paperNodeCheck': {
      if (!loaded.has('PaperNet')) return notLoaded('PaperNet');
      const paper = graph.paper(args.node);
      if (!paper) return noNode(args.node, 'PaperNet');
      const { authors, year, venue, n_citation, keywords, doc_type } = paper;
      return shown({ authors, year, venue, n_citation, keywords, doc_type });
    }
    case 'authorNodeCheck': {
      if (!loaded.has('AuthorNet')) return notLoaded('AuthorNet');
      const author = graph.author(args.node);
      if (!author) return noNode(args.node, 'AuthorNet');
      return shown({ name: author.name, org: author.org, papers: graph.papersOf(author.name) });
    }
    case 'authorEdgeCheck': {
      if (!loaded.has('AuthorNet')) return notLoaded('AuthorNet');
      const [a, b] = [graph.author(args.node1), graph.author(args.node2)];
      if (!a) return noNode(args.node1, 'AuthorNet');
      if (!b) return noNode(args.node2, 'AuthorNet');
      const edge = nodeKey(a.name) === nodeKey(b.name) ? undefined : graph.collaboration(a.name, b.name);
      if (!edge) return { observation: `There is no edge between "${a.name}" and "${b.name}" in AuthorNet.`, ok: true, result: [] };
      return shown({ collaborative_papers: edge.papers });
    }
    case 'paperEdgeCheck': {
      if (!loaded.has('PaperNet')) return notLoaded('PaperNet');
      const [a, b] = [graph.paper(args.node1), graph.paper(args.node2)];
      if (!a) return noNode(args.node1, 'PaperNet');
      if (!b) return noNode(args.node2, 'PaperNet');
      if (graph.cites(a.title, b.title)) return shown({ citing_paper: a.title, cited_paper: b.title });
      if (graph.cites(b.title, a.title)) return shown({ citing_paper: b.title, cited_paper: a.title });
      return { observation: `There is no edge between "${a.title}" and "${b.title}" in PaperNet.`, ok: true, result: [] };
    }
    default:
      return fail(`Invalid action: ${action.tool} is not a graph tool.`);
  }
}
