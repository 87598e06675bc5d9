import type { GeneratedData } from '../env-spec';
import { generateToolbenchDataset, TOOLBENCH_SEED } from './generate-dataset';
import { parseToolbenchDataset } from './dataset';

/** The bundled toolbench dataset, `toolbench.json`, from its fixed seed (`npm run generate:data -- toolbench`). */
export function generateData(): GeneratedData {
  const file = generateToolbenchDataset(TOOLBENCH_SEED);
  parseToolbenchDataset(file);
  const levels = new Map<string, number>();
  for (const task of file.tasks) levels.set(task.kind, (levels.get(task.kind) ?? 0) + 1);
  return {
    files: { 'toolbench.json': `${JSON.stringify(file, null, 1)}\n` },
    summary: `${file.tools.length} tools, ${file.tasks.length} queries (${[...levels].map(([k, n]) => `${k} tools: ${n}`).join(', ')}).`,
  };
}
