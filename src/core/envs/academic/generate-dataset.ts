import { hashSeed, Rng } from '../../rng';
import type { GraphName, AcademicFile, Subgoal } from './academic-types';
import { CitationGraph } from './citation-graph';
import { executeTool } from './execute-tool';
import { generateAcademicGraph } from './generate-graph';
import type { Question } from './task-kinds';
import { QUESTION_KINDS } from './task-kinds';

/** The seed of the bundled `public/data/academic.json`. */
export const ACADEMIC_SEED = 2024;

/** Questions drawn per kind: 13 kinds x 8 = 104 tasks. */
const PER_KIND = 8;

/** The subgoals of a question: the observation of each gold step, run against the graph (the answer for `finish`). */
function subgoalsOf(graph: CitationGraph, item: Question): Subgoal[] {
  const loaded = new Set<GraphName>();
  return item.solution.map((step) => {
    if (step.tool === 'finish') return { tool: 'finish', observation: String(step.args.answer) };
    const outcome = executeTool(graph, loaded, step);
    if (!outcome.ok) throw new Error(`generateAcademicDataset: gold step ${step.tool} of "${item.goal}" failed: ${outcome.observation}`);
    if (outcome.loaded) loaded.add(outcome.loaded);
    return { tool: step.tool, observation: outcome.observation };
  });
}

/**
 * The academic data file for a seed (pure and deterministic): the citation graph, then PER_KIND
 * questions of each kind, a third of each kind for training, shuffled and numbered `academic-001`….
 */
export function generateAcademicDataset(seed = ACADEMIC_SEED): AcademicFile {
  const data = generateAcademicGraph(new Rng(hashSeed('academic-graph', seed)));
  const graph = new CitationGraph(data);
  const drawn = Object.entries(QUESTION_KINDS).flatMap(([kind, build]) => {
    const rng = new Rng(hashSeed('academic-kind', kind, seed));
    const unique = new Map(build(graph, rng).map((item) => [item.goal, item]));
    return rng
      .shuffle([...unique.values()])
      .slice(0, PER_KIND)
      .map((item, index) => ({ item, split: index % 3 === 0 ? ('train' as const) : ('test' as const) }));
  });
  const ordered = new Rng(hashSeed('academic-order', seed)).shuffle(drawn);
  const tasks = ordered.map(({ item, split }, index) => ({
    id: `academic-${String(index + 1).padStart(3, '0')}`,
    goal: item.goal,
    split,
    kind: item.kind,
    data: { answer: item.answer, solution: item.solution, subgoals: subgoalsOf(graph, item) },
  }));
  return { env: 'academic', version: 1, graph: data, tasks };
}
