import type { ObjectSchema, ParamSpec, Tool } from '../../types';

const text = (description: string, values?: string[]): ParamSpec => ({ type: 'string', description, ...(values ? { enum: values } : {}) });
const schema = (properties: Record<string, ParamSpec>): ObjectSchema => ({ properties, required: Object.keys(properties) });
const none: ObjectSchema = { properties: {}, required: [] };

/**
 * The tools of the academic environment, described the way AgentBoard's ToolQuery-Academic
 * describes its DBLP toolkit (paraphrased). Actions are written
 * `name with Action Input: {json}`.
 */
export const ACADEMIC_TOOLS: Tool[] = [
  {
    name: 'loadPaperNet',
    description: 'Load PaperNet, the paper graph: its nodes are papers (named by title) and its edges are citations between papers. Load it before any paper check.',
    category: 'load',
    arguments: none,
    results: schema({ status: text('A message saying that PaperNet is loaded') }),
  },
  {
    name: 'loadAuthorNet',
    description: 'Load AuthorNet, the author graph: its nodes are authors (named by full name) and its edges join authors who wrote a paper together. Load it before any author check.',
    category: 'load',
    arguments: none,
    results: schema({ status: text('A message saying that AuthorNet is loaded') }),
  },
  {
    name: 'neighbourCheck',
    description: 'List the first-order neighbours of a node. In PaperNet the neighbours of a paper are the papers it cites; in AuthorNet the neighbours of an author are the collaborators.',
    category: 'graph',
    arguments: schema({
      graph: text('The graph to search: "PaperNet" or "AuthorNet"', ['PaperNet', 'AuthorNet']),
      node: text('The node: a paper title in PaperNet, an author name in AuthorNet'),
    }),
    results: schema({ neighbours: { type: 'array', description: 'The names of the neighbouring nodes' } }),
  },
  {
    name: 'paperNodeCheck',
    description: 'Return the attributes of a paper in PaperNet: authors, year, venue, number of citations, keywords and document type.',
    category: 'paper',
    arguments: schema({ node: text('The title of the paper') }),
    results: schema({ attributes: { type: 'object', description: 'authors, year, venue, n_citation, keywords, doc_type' } }),
  },
  {
    name: 'authorNodeCheck',
    description: 'Return the attributes of an author in AuthorNet: name, organisation and the titles of the papers the author wrote.',
    category: 'author',
    arguments: schema({ node: text('The full name of the author') }),
    results: schema({ attributes: { type: 'object', description: 'name, org, papers' } }),
  },
  {
    name: 'authorEdgeCheck',
    description: 'Return the attributes of the AuthorNet edge between two authors: the papers they wrote together.',
    category: 'author',
    arguments: schema({ node1: text('The name of the first author'), node2: text('The name of the second author') }),
    results: schema({ edge: { type: 'object', description: 'collaborative_papers: the titles of the co-written papers' } }),
  },
  {
    name: 'paperEdgeCheck',
    description: 'Return the attributes of the PaperNet edge between two papers: which one cites the other.',
    category: 'paper',
    arguments: schema({ node1: text('The title of the first paper'), node2: text('The title of the second paper') }),
    results: schema({ edge: { type: 'object', description: 'citing_paper and cited_paper' } }),
  },
  {
    name: 'check_valid_actions',
    description: 'Get the actions that can be used now, with their argument names.',
    category: 'help',
    arguments: none,
    results: schema({ actions: text('The valid actions') }),
  },
  {
    name: 'finish',
    description: 'Give the final answer and finish the task. For several items, separate them with commas.',
    category: 'answer',
    arguments: schema({ answer: text('The answer to the question') }),
    results: schema({ answer: text('The submitted answer') }),
  },
];

/** The tool of that name, or undefined. */
export function academicTool(name: string): Tool | undefined {
  return ACADEMIC_TOOLS.find((tool) => tool.name === name);
}
