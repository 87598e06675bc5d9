import type { Rng } from '../../rng';
import type { AcademicTaskData, GoldAnswer } from './academic-types';
import type { CitationGraph } from './citation-graph';
import { answerText } from './answer';

type Step = AcademicTaskData['solution'][number];

/** A question before it becomes a task: its goal, gold answer and gold actions. */
export interface Question {
  kind: string;
  goal: string;
  answer: GoldAnswer;
  solution: Step[];
}

const loadPapers: Step = { tool: 'loadPaperNet', args: {} };
const loadAuthors: Step = { tool: 'loadAuthorNet', args: {} };
const paperNode = (node: string): Step => ({ tool: 'paperNodeCheck', args: { node } });
const authorNode = (node: string): Step => ({ tool: 'authorNodeCheck', args: { node } });
const neighbours = (graph: string, node: string): Step => ({ tool: 'neighbourCheck', args: { graph, node } });
const finish = (answer: GoldAnswer): Step => ({ tool: 'finish', args: { answer: answerText(answer) } });
const question = (kind: string, goal: string, answer: GoldAnswer, steps: Step[]): Question => ({ kind, goal, answer, solution: [...steps, finish(answer)] });

/** Every unordered pair of distinct items. */
function pairs<T>(items: T[]): [T, T][] {
  return items.flatMap((a, i) => items.slice(i + 1).map((b): [T, T] => [a, b]));
}

/**
 * The question families by kind: each lists every question of its kind that the graph supports,
 * in a stable order (the generator samples from them). Shapes follow AgentBoard's Academic goals.
 */
export const QUESTION_KINDS: Record<string, (graph: CitationGraph, rng: Rng) => Question[]> = {
  'publication-year': (g) =>
    g.data.papers.map((p) => question('publication-year', `When was the paper "${p.title}" published?`, p.year, [loadPapers, paperNode(p.title)])),
  venue: (g) =>
    g.data.papers.map((p) => question('venue', `In which venue was the paper "${p.title}" published?`, p.venue, [loadPapers, paperNode(p.title)])),
  'citation-count': (g) =>
    g.data.papers.map((p) => question('citation-count', `How many citations does the paper "${p.title}" have?`, p.n_citation, [loadPapers, paperNode(p.title)])),
  'paper-authors': (g) =>
    g.data.papers
      .filter((p) => p.authors.length >= 2)
      .map((p) => question('paper-authors', `Who are the authors of the paper "${p.title}"? Give all their names.`, p.authors, [loadPapers, paperNode(p.title)])),
  'author-organisation': (g) =>
    g.data.authors.map((a) => question('author-organisation', `Which organisation is ${a.name} affiliated with?`, a.org, [loadAuthors, authorNode(a.name)])),
  'author-paper-count': (g) =>
    g.data.authors.map((a) => question('author-paper-count', `How many papers did ${a.name} write?`, g.papersOf(a.name).length, [loadAuthors, authorNode(a.name)])),
  collaborators: (g) =>
    g.data.authors
      .filter((a) => g.collaboratorsOf(a.name).length >= 2 && g.collaboratorsOf(a.name).length <= 5)
      .map((a) => question('collaborators', `Who are the collaborators of ${a.name}?`, g.collaboratorsOf(a.name), [loadAuthors, neighbours('AuthorNet', a.name)])),
  'common-collaborators': (g) =>
    pairs(g.authorNames()).flatMap(([a, b]) => {
      const common = g.collaboratorsOf(a).filter((name) => g.collaboratorsOf(b).includes(name));
      if (common.length < 1 || common.length > 3) return [];
      return [question('common-collaborators', `Who are the common collaborators of ${a} and ${b}?`, common, [loadAuthors, neighbours('AuthorNet', a), neighbours('AuthorNet', b)])];
    }),
  'coauthored-papers': (g) =>
    g.data.collaborations.map(({ authors: [a, b], papers }) =>
      question('coauthored-papers', `Which papers did ${a} and ${b} write together?`, papers, [loadAuthors, { tool: 'authorEdgeCheck', args: { node1: a, node2: b } }]),
    ),
  cites: (g, rng) => {
    const ask = (a: string, b: string, answer: string) =>
      question('cites', `Does the paper "${a}" cite the paper "${b}"? Answer yes or no.`, answer, [loadPapers, { tool: 'paperEdgeCheck', args: { node1: a, node2: b } }]);
    const titles = g.paperTitles();
    return g.data.citations.flatMap(([citing, cited]) => {
      // One question with the answer yes, one no: half of the no questions ask the reverse direction.
      const other = rng.pick(titles);
      const unrelated = other !== citing && !g.cites(citing, other) && !g.cites(other, citing);
      const no = rng.next() < 0.5 || !unrelated ? ask(cited, citing, 'no') : ask(citing, other, 'no');
      return [ask(citing, cited, 'yes'), no];
    });
  },
  'first-author-organisation': (g) =>
    g.data.papers.map((p) =>
      question('first-author-organisation', `Which organisation is the first author of the paper "${p.title}" affiliated with?`, g.author(p.authors[0])!.org, [
        loadPapers,
        paperNode(p.title),
        loadAuthors,
        authorNode(p.authors[0]),
      ]),
    ),
  'most-cited-joint-paper': (g) =>
    g.data.collaborations.flatMap(({ authors: [a, b], papers }) => {
      const counts = papers.map((title) => g.paper(title)!.n_citation);
      if (papers.length !== 2 || counts[0] === counts[1]) return [];
      const best = papers[counts[0] > counts[1] ? 0 : 1];
      return [
        question('most-cited-joint-paper', `Among the papers that ${a} and ${b} wrote together, which one has the most citations?`, best, [
          loadAuthors,
          { tool: 'authorEdgeCheck', args: { node1: a, node2: b } },
          loadPapers,
          ...papers.map(paperNode),
        ]),
      ];
    }),
  'reference-count': (g) =>
    g.data.papers
      .filter((p) => g.referencesOf(p.title).length > 0)
      .map((p) => question('reference-count', `How many papers in PaperNet does the paper "${p.title}" cite?`, g.referencesOf(p.title).length, [loadPapers, neighbours('PaperNet', p.title)])),
};
