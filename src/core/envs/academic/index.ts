import type { EnvSpec } from '../env-spec';
import { academicMeta } from './meta';
import { AcademicEnvironment } from './academic-environment';
import { academicExpert } from './academic-expert';
import { CitationGraph } from './citation-graph';
import type { AcademicDataset } from './dataset';
import { parseAcademicDataset } from './dataset';

/** Questions about a bundled citation graph, answered with graph tools (AgentBoard ToolQuery-Academic-like). */
export const academicSpec: EnvSpec<AcademicDataset> = {
  ...academicMeta,
  parse: parseAcademicDataset,
  create: (dataset) => new AcademicEnvironment(new CitationGraph(dataset.graph)),
  expert: (env) => academicExpert(env as AcademicEnvironment),
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
