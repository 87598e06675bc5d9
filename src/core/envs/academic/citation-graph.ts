import type { AcademicGraphData, Author, Collaboration, Paper } from './academic-types';
import { moduleCache, weakCache } from '../../caches';

/** A node name as the tools compare it: case-insensitive, trimmed, surrounding quotes dropped, inner spaces collapsed. */
export function nodeKey(name: string): string {
  return name.trim().replace(/^["'`]+|["'`]+$/g, '').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Makes a key for an unordered pair of author names. */
function pairKey(a: string, b: string): string {
  return [nodeKey(a), nodeKey(b)].sort().join('\u0000');
}

/** The lookups the tools use, built from the graph data. */
interface GraphIndex {
  papers: Map<string, Paper>;
  authors: Map<string, Author>;
  references: Map<string, string[]>;
  citedBy: Map<string, Set<string>>;
  collaborators: Map<string, string[]>;
  collaborations: Map<string, Collaboration>;
  papersByAuthor: Map<string, string[]>;
}

function listOf(map: Map<string, string[]>, name: string): string[] {
  const key = nodeKey(name);
  if (!map.has(key)) map.set(key, []);
  return map.get(key)!;
}

function buildIndex(data: AcademicGraphData): GraphIndex {
  const index: GraphIndex = { papers: new Map(), authors: new Map(), references: new Map(), citedBy: new Map(), collaborators: new Map(), collaborations: new Map(), papersByAuthor: new Map() };
  const paper = (title: string) => index.papers.get(nodeKey(title));
  const author = (name: string) => index.authors.get(nodeKey(name));
  for (const paper of data.papers) {
    index.papers.set(nodeKey(paper.title), paper);
    index.references.set(nodeKey(paper.title), []);
    index.citedBy.set(nodeKey(paper.title), new Set());
    for (const name of paper.authors) listOf(index.papersByAuthor, name).push(paper.title);
  }
  for (const author of data.authors) index.authors.set(nodeKey(author.name), author);
  for (const [citing, cited] of data.citations) {
    listOf(index.references, citing).push(paper(cited)?.title ?? cited);
    index.citedBy.get(nodeKey(cited))?.add(nodeKey(citing));
  }
  for (const edge of data.collaborations) {
    const [a, b] = edge.authors;
    index.collaborations.set(pairKey(a, b), edge);
    listOf(index.collaborators, a).push(author(b)?.name ?? b);
    listOf(index.collaborators, b).push(author(a)?.name ?? a);
  }
  return index;
}

/**
 * Indexes by graph data: a dataset's graph is loaded once and never changed, and every task of a
 * run builds an environment over it, so they share one index (only read after it is built).
 */
const indexes = moduleCache('envs/academic/citation-graph: graph indexes by data', weakCache<AcademicGraphData, GraphIndex>());

/**
 * The bundled database, indexed for the tools: PaperNet (papers, citation edges from citing to
 * cited paper) and AuthorNet (authors, collaboration edges holding the co-written papers).
 */
export class CitationGraph {
  private readonly papers: Map<string, Paper>;
  private readonly authors: Map<string, Author>;
  private readonly references: Map<string, string[]>;
  private readonly citedBy: Map<string, Set<string>>;
  private readonly collaborators: Map<string, string[]>;
  private readonly collaborations: Map<string, Collaboration>;
  private readonly papersByAuthor: Map<string, string[]>;

  constructor(readonly data: AcademicGraphData) {
    let index = indexes.get(data);
    if (!index) indexes.set(data, (index = buildIndex(data)));
    ({ papers: this.papers, authors: this.authors, references: this.references, citedBy: this.citedBy, collaborators: this.collaborators, collaborations: this.collaborations, papersByAuthor: this.papersByAuthor } = index);
  }

  /** The paper of that title, or undefined. */
  paper(title: string): Paper | undefined {
    return this.papers.get(nodeKey(title));
  }

  /** The author of that name, or undefined. */
  author(name: string): Author | undefined {
    return this.authors.get(nodeKey(name));
  }

  /** Titles of the papers an author wrote, in the order of the data file. */
  papersOf(name: string): string[] {
    return [...(this.papersByAuthor.get(nodeKey(name)) ?? [])];
  }

  /** PaperNet neighbours: the titles of the papers that a paper cites. */
  referencesOf(title: string): string[] {
    return [...(this.references.get(nodeKey(title)) ?? [])];
  }

  /** True when the paper `citing` cites the paper `cited`. */
  cites(citing: string, cited: string): boolean {
    return this.citedBy.get(nodeKey(cited))?.has(nodeKey(citing)) ?? false;
  }

  /** AuthorNet neighbours: the names of an author's collaborators. */
  collaboratorsOf(name: string): string[] {
    return [...(this.collaborators.get(nodeKey(name)) ?? [])];
  }

  /** The AuthorNet edge between two authors, or undefined when they never wrote together. */
  collaboration(a: string, b: string): Collaboration | undefined {
    return this.collaborations.get(pairKey(a, b));
  }

  /** Every paper title, in the order of the data file. */
  paperTitles(): string[] {
    return this.data.papers.map((paper) => paper.title);
  }

  /** Every author name, in the order of the data file. */
  authorNames(): string[] {
    return this.data.authors.map((author) => author.name);
  }
}
