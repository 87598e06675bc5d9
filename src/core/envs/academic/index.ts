import type { EnvSpec } from '../../types';
import { academicAdvisor } from './academic-advisor';
import { AcademicEnvironment } from './academic-environment';
import { academicExpert } from './academic-expert';
import { CitationGraph } from './citation-graph';
import type { AcademicDataset } from './dataset';
import { parseAcademicDataset } from './dataset';

/** Questions about a bundled citation graph, answered with graph tools (AgentBoard ToolQuery-Academic-like). */
export const academicSpec: EnvSpec<AcademicDataset> = {
  id: 'academic',
  label: 'Academic (citation graph)',
  sampleQuery: 'How many papers cite the paper on least action reinforcement learning?',
  description:
    'Questions about a bundled machine-learning citation graph (papers, authors, citations, collaborations), answered by loading PaperNet or AuthorNet, checking nodes, edges and neighbours, then finishing with an answer; progress is the share of subgoal observations reached.',
  dataFile: 'academic.json',
  parse: parseAcademicDataset,
  create: (dataset) => new AcademicEnvironment(new CitationGraph(dataset.graph)),
  expert: (env) => academicExpert(env as AcademicEnvironment),
  advisor: academicAdvisor,
};

export { AcademicEnvironment } from './academic-environment';
export { academicExpert } from './academic-expert';
export { answerMatches, normaliseAnswer } from './answer';
export { CitationGraph } from './citation-graph';
export { parseAcademicDataset } from './dataset';
export type { AcademicDataset } from './dataset';
export { ACADEMIC_SEED, generateAcademicDataset } from './generate-dataset';
export { ACADEMIC_TOOLS } from './tools';
export type { AcademicFile, AcademicTaskData, Subgoal } from './academic-types';
