/** The shapes of the academic environment's data (AgentBoard ToolQuery-Academic-like). */

/** The two graphs of the database. */
export type GraphName = 'PaperNet' | 'AuthorNet';

/** The graph names, in the order tools list them. */
export const GRAPH_NAMES: readonly GraphName[] = ['PaperNet', 'AuthorNet'];

/** A paper: a node of PaperNet, named by its title. */
export interface Paper {
  title: string;
  year: number;
  venue: string;
  /** Citations counted by the database, including citing papers outside the bundled graph. */
  n_citation: number;
  keywords: string[];
  doc_type: 'Conference' | 'Journal';
  /** Author names in byline order; the first is the first author. */
  authors: string[];
}

/** An author: a node of AuthorNet, named by the author's name. */
export interface Author {
  name: string;
  org: string;
}

/** A collaboration: an AuthorNet edge between two authors and the papers they co-wrote. */
export interface Collaboration {
  authors: [string, string];
  papers: string[];
}

/** The bundled citation graph. */
export interface AcademicGraphData {
  papers: Paper[];
  authors: Author[];
  /** PaperNet edges: `[citing title, cited title]`. */
  citations: [string, string][];
  collaborations: Collaboration[];
}

/** A gold answer: a number, a text, or a set of texts (order does not matter). */
export type GoldAnswer = number | string | string[];

/**
 * One subgoal of a task (AgentBoard style): the observation that a gold step produces. It is
 * reached when a call to `tool` produces this observation; a `finish` subgoal holds the gold answer
 * and is reached by finishing with a matching answer.
 */
export interface Subgoal {
  tool: string;
  observation: string;
}

/** What a task of the academic environment carries in `Task.data`. */
export interface AcademicTaskData {
  answer: GoldAnswer;
  /** The gold actions in order; the last is `finish` with the gold answer. */
  solution: { tool: string; args: Record<string, string | number> }[];
  /** One subgoal per solution step, in the same order. */
  subgoals: Subgoal[];
}

/** The bundled data file: the graph once, then the tasks. */
export interface AcademicFile {
  env: 'academic';
  version: 1;
  graph: AcademicGraphData;
  tasks: {
    id: string;
    goal: string;
    split: 'train' | 'test';
    kind: string;
    data: AcademicTaskData;
  }[];
}
