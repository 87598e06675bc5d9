import type { Rng } from '../../rng';
import type { AcademicGraphData, Author, Collaboration, Paper } from './academic-types';
import { ADJECTIVES, AREAS, FIRST_NAMES, GENERAL_KEYWORDS, JOURNALS, LAST_NAMES, MODELS, ORGANISATIONS, PROPERTIES } from './vocabulary';

/** An author while the graph is built: how often they publish and in which area. */
interface Researcher extends Author {
  activity: number;
  area: number;
}

/** An acronym from the capitals of a phrase: "Sparse Graph Neural Networks" → "SGNN". */
function acronym(phrase: string): string {
  return phrase.split(/[\s-]+/).map((word) => word[0]).join('').toUpperCase().slice(0, 6);
}

/** A title in one of several common shapes, with the topics it is about. */
function makeTitle(rng: Rng, area: number): { title: string; topics: string[] } {
  const [model, adjective, task, property] = [rng.pick(MODELS), rng.pick(ADJECTIVES), rng.pick(AREAS[area].tasks), rng.pick(PROPERTIES)];
  const shapes = [
    () => `${adjective} ${model} for ${task}`,
    () => `Towards ${adjective} ${task} with ${model}`,
    () => `On the ${property} of ${model} in ${task}`,
    () => `Rethinking ${model} for ${task}`,
    () => `${acronym(`${adjective} ${model}`)}: ${adjective} ${model} for ${task}`,
    () => `${/^[AEIOU]/.test(adjective) ? 'An' : 'A'} ${adjective} Approach to ${task}`,
    () => `${task} via ${adjective} ${model}`,
    () => `When ${model} Meet ${task}`,
  ];
  const shape = rng.int(shapes.length);
  return { title: shapes[shape](), topics: shape === 5 ? [task] : [model, task] };
}

function makeResearchers(rng: Rng, count: number): Researcher[] {
  const names = new Set<string>();
  const out: Researcher[] = [];
  while (out.length < count) {
    const name = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
    if (names.has(name)) continue;
    names.add(name);
    out.push({ name, org: rng.pick(ORGANISATIONS), activity: 0.3 + 4 * rng.next() ** 3, area: rng.int(AREAS.length) });
  }
  return out;
}

/** Picks `count` distinct indices by weight. */
function pickDistinct(rng: Rng, weights: number[], count: number): number[] {
  const left = weights.slice();
  const chosen: number[] = [];
  while (chosen.length < count && left.some((w) => w > 0)) {
    const index = rng.weighted(left);
    chosen.push(index);
    left[index] = 0;
  }
  return chosen;
}

/** Byline of a paper: a lead author of the area, then co-authors, often from the lead's organisation. */
function byline(rng: Rng, people: Researcher[], area: number): string[] {
  const areaWeight = (person: Researcher) => person.activity * (person.area === area ? 4 : 1);
  const [lead] = pickDistinct(rng, people.map(areaWeight), 1);
  const size = rng.next() < 0.1 ? 1 : 2 + rng.int(3);
  const sameOrg = rng.next() < 0.6;
  const weights = people.map((person, i) => (i === lead ? 0 : areaWeight(person) * (sameOrg && person.org === people[lead].org ? 8 : 1)));
  return [lead, ...pickDistinct(rng, weights, size - 1)].map((i) => people[i].name);
}

/** Collaborations: one edge per pair of co-authors, with their joint papers in data order. */
function collaborationsOf(papers: Paper[], order: Map<string, number>): Collaboration[] {
  const edges = new Map<string, Collaboration>();
  for (const paper of papers) {
    for (const a of paper.authors) {
      for (const b of paper.authors) {
        if (order.get(a)! >= order.get(b)!) continue;
        const key = `${a}\u0000${b}`;
        if (!edges.has(key)) edges.set(key, { authors: [a, b], papers: [] });
        edges.get(key)!.papers.push(paper.title);
      }
    }
  }
  const rank = (edge: Collaboration) => order.get(edge.authors[0])! * order.size + order.get(edge.authors[1])!;
  return [...edges.values()].sort((x, y) => rank(x) - rank(y));
}

/**
 * A plausible machine-learning citation graph: authors with organisations, papers with bylines,
 * venues of their area, citations only to older papers (preferential attachment, so a few papers
 * gather many), citation counts that add outside citations, and every author on some paper.
 */
export function generateAcademicGraph(rng: Rng, paperCount = 100, authorCount = 80): AcademicGraphData {
  const people = makeResearchers(rng, authorCount);
  const titles = new Set<string>();
  const drafts: (Paper & { area: number; fitness: number })[] = [];
  while (drafts.length < paperCount) {
    const area = rng.int(AREAS.length);
    const { title, topics } = makeTitle(rng, area);
    if (titles.has(title.toLowerCase())) continue;
    titles.add(title.toLowerCase());
    const venue = rng.pick(AREAS[area].venues);
    const keywords = [...topics.map((t) => t.toLowerCase()), ...(rng.next() < 0.5 ? [rng.pick(GENERAL_KEYWORDS)] : [])];
    const doc_type = JOURNALS.has(venue) ? 'Journal' : 'Conference';
    drafts.push({ title, year: 2012 + rng.int(13), venue, n_citation: 0, keywords, doc_type, authors: byline(rng, people, area), area, fitness: 0.05 + rng.next() ** 2 });
  }
  drafts.sort((a, b) => a.year - b.year || a.title.localeCompare(b.title));
  for (const person of people) {
    if (drafts.some((paper) => paper.authors.includes(person.name))) continue;
    const open = drafts.filter((paper) => paper.authors.length < 5 && paper.area === person.area);
    rng.pick(open.length > 0 ? open : drafts.filter((paper) => paper.authors.length < 5)).authors.push(person.name);
  }
  const inDegree = drafts.map(() => 0);
  const citations: [string, string][] = [];
  drafts.forEach((paper, i) => {
    const weights = drafts.map((other, j) => (j < i && other.year < paper.year ? (other.fitness + inDegree[j]) * (other.area === paper.area ? 3 : 1) : 0));
    for (const j of pickDistinct(rng, weights, rng.int(6))) {
      inDegree[j]++;
      citations.push([paper.title, drafts[j].title]);
    }
  });
  const papers: Paper[] = drafts.map(({ area: _area, fitness, ...paper }, i) => ({
    ...paper,
    n_citation: inDegree[i] + Math.round(fitness * (2025 - paper.year) * (2 + rng.int(25))),
  }));
  const order = new Map(people.map((person, i) => [person.name, i]));
  return { papers, authors: people.map(({ name, org }) => ({ name, org })), citations, collaborations: collaborationsOf(papers, order) };
}
