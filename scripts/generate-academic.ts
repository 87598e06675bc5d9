/**
 * Writes the bundled academic dataset, `public/data/academic.json`, from a fixed seed.
 * Run: `npx tsx scripts/generate-academic.ts`. The same seed always writes the same file.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ACADEMIC_SEED, generateAcademicDataset } from '../src/core/envs/academic/generate-dataset';

const target = fileURLToPath(new URL('../public/data/academic.json', import.meta.url));
const file = generateAcademicDataset(ACADEMIC_SEED);
await mkdir(fileURLToPath(new URL('../public/data/', import.meta.url)), { recursive: true });
await writeFile(target, `${JSON.stringify(file, null, 2)}\n`);
const kinds = new Map<string, number>();
for (const task of file.tasks) kinds.set(task.kind, (kinds.get(task.kind) ?? 0) + 1);
console.log(`Wrote ${target}: ${file.graph.papers.length} papers, ${file.graph.authors.length} authors, ${file.tasks.length} tasks (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}).`);
