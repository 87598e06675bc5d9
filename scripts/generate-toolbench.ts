/**
 * Writes the bundled toolbench dataset, `public/data/toolbench.json`, from a fixed seed.
 * Run: `npx tsx scripts/generate-toolbench.ts`. The same seed always writes the same file.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generateToolbenchDataset, TOOLBENCH_SEED } from '../src/core/envs/toolbench/generate-dataset';
import { parseToolbenchDataset } from '../src/core/envs/toolbench/dataset';

const target = fileURLToPath(new URL('../public/data/toolbench.json', import.meta.url));
const file = generateToolbenchDataset(TOOLBENCH_SEED);
parseToolbenchDataset(file);
await writeFile(target, `${JSON.stringify(file, null, 1)}\n`);
const levels = new Map<string, number>();
for (const task of file.tasks) levels.set(task.kind, (levels.get(task.kind) ?? 0) + 1);
console.log(`Wrote ${target}: ${file.tools.length} tools, ${file.tasks.length} queries (${[...levels].map(([k, n]) => `${k} tools: ${n}`).join(', ')}).`);
