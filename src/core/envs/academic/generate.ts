import type { GeneratedData } from '../env-spec';
import { ACADEMIC_SEED, generateAcademicDataset } from './generate-dataset';

/** The bundled academic dataset, `academic.json`, from its fixed seed (`npm run generate:data -- academic`). */
export function generateData(): GeneratedData {
  const file = generateAcademicDataset(ACADEMIC_SEED);
  const kinds = new Map<string, number>();
  for (const task of file.tasks) kinds.set(task.kind, (kinds.get(task.kind) ?? 0) + 1);
  return {
    files: { 'academic.json': `${JSON.stringify(file, null, 2)}\n` },
    summary: `${file.graph.papers.length} papers, ${file.graph.authors.length} authors, ${file.tasks.length} tasks (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}).`,
  };
}
