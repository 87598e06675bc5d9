import type { AcademicGraphData, Author, Collaboration, Paper } from './academic-types';

/** A node name as the tools compare it: case-insensitive, trimmed, surrounding quotes dropped, inner spaces collapsed. */
export function nodeKey(name: string): string {
  return name.trim().replace(/^["'`]+|["'`]+$/g, '').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Makes a key for an unordered pair of author names. */
function pairKey(a: string, b: string): string {
  return [nodeKey(a), nodeKey(b)].sort().join('\u0000');
}

/**
 * The bundled database, indexed for the tools: PaperNet (papers, citation edges from citing to
 * cited paper) and AuthorNet (authors, collaboration edges holding the co-written papers).
 */
export class CitationGraph {
  private readonly papers = new Map<string, Paper>();
  private readonly authors = new Map<string, Author>();
  private readonly references = new Map<string, string[]>();
  private readonly citedBy = new Map<string, Set<string>>();
  private readonly collaborators = new Map<string, string[]>();
  private readonly collaborations = new Map<string, Collaboration>();
  private readonly papersByAuthor = new Map<string, string[]>();

  constructor(readonly data: AcademicGraphData) {
    for (const paper of data.papers) {
      this.papers.set(nodeKey(paper.title), paper);
      this.references.set(nodeKey(paper.title), []);
      this.citedBy.set(nodeKey(paper.title), new Set());
      for (const name of paper.authors) this.listOf(this.papersByAuthor, name).push(paper.title);
    }
    for (const author of data.authors) this.authors.set(nodeKey(author.name), author);
    for (const [citing, cited] of data.citations) {
      this.listOf(this.references, citing).push(this.paper(cited)?.title ?? cited);
      this.citedBy.get(nodeKey(cited))?.add(nodeKey(citing));
    }
    for (const edge of data.collaborations) {
      const [a, b] = edge.authors;
      this.collaborations.set(pairKey(a, b), edge);
      this.listOf(this.collaborators, a).push(this.author(b)?.name ?? b);
      this.listOf(this.collaborators, b).push(this.author(a)?.name ?? a);
    }
  }

  private listOf(map: Map<string, string[]>, name: string): string[] {
    const key = nodeKey(name);
    if (!map.has(key)) map.set(key, []);
    return map.get(key)!;
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
