import type { EnvMeta } from '../env-spec';

/** What the page shows of the academic environment, without its data or code; `academicSpec` adds those. */
export const academicMeta: EnvMeta = {
  id: 'academic',
  label: 'Academic (citation graph)',
  sampleQuery: 'How many papers cite the paper on least action reinforcement learning?',
  description:
    'Questions about a bundled machine-learning citation graph (papers, authors, citations, collaborations), answered by loading PaperNet or AuthorNet, checking nodes, edges and neighbours, then finishing with an answer; progress is the share of subgoal observations reached.',
  dataFile: 'academic.json',
  temperature: { value: 0, source: '"AutoTool: Efficient Tool Selection for Large Language Model Agents" section 5.1: "The sampling temperature is consistently set to 0" (every method of its Table 3)' },
};
