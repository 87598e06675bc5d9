import type { AcademicFile } from './academic-types';

/** A tiny hand-made data file for tests: three papers, three authors, one task. */
export function tinyFile(): AcademicFile {
  const paper = (title: string, year: number, authors: string[], n_citation: number) => ({
    title, year, venue: 'ICML', n_citation, keywords: ['transformers'], doc_type: 'Conference' as const, authors,
  });
  return {
    env: 'academic',
    version: 1,
    graph: {
      papers: [
        paper('Sparse Transformers for Link Prediction', 2018, ['Wei Zhang', 'Mei Liu'], 40),
        paper('Robust Diffusion Models', 2020, ['Mei Liu', 'Omar Kim'], 12),
        paper('Rethinking Prompt Tuning', 2021, ['Wei Zhang', 'Mei Liu'], 7),
      ],
      authors: [
        { name: 'Wei Zhang', org: 'ETH Zurich' },
        { name: 'Mei Liu', org: 'KAIST' },
        { name: 'Omar Kim', org: 'EPFL' },
      ],
      citations: [
        ['Robust Diffusion Models', 'Sparse Transformers for Link Prediction'],
        ['Rethinking Prompt Tuning', 'Robust Diffusion Models'],
      ],
      collaborations: [
        { authors: ['Wei Zhang', 'Mei Liu'], papers: ['Sparse Transformers for Link Prediction', 'Rethinking Prompt Tuning'] },
        { authors: ['Mei Liu', 'Omar Kim'], papers: ['Robust Diffusion Models'] },
      ],
    },
    tasks: [
      {
        id: 'academic-001',
        goal: 'When was the paper "Robust Diffusion Models" published?',
        split: 'test',
        kind: 'publication-year',
        data: {
          answer: 2020,
          solution: [
            { tool: 'loadPaperNet', args: {} },
            { tool: 'paperNodeCheck', args: { node: 'Robust Diffusion Models' } },
            { tool: 'finish', args: { answer: 2020 } },
          ],
          subgoals: [
            { tool: 'loadPaperNet', observation: 'PaperNet is loaded.' },
            {
              tool: 'paperNodeCheck',
              observation: "{'authors': ['Mei Liu', 'Omar Kim'], 'year': 2020, 'venue': 'ICML', 'n_citation': 12, 'keywords': ['transformers'], 'doc_type': 'Conference'}",
            },
            { tool: 'finish', observation: '2020' },
          ],
        },
      },
    ],
  };
}
