/**
 * Writes the bundled household dataset, `public/data/household.json`, from a fixed seed.
 * Run: `npx tsx scripts/generate-household.ts`. The same seed always writes the same file.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expertSteps, generateHouseholdDataset, HOUSEHOLD_SEED } from '../src/core/envs/household/generate-dataset';

const target = fileURLToPath(new URL('../public/data/household.json', import.meta.url));
const file = generateHouseholdDataset(HOUSEHOLD_SEED);
await mkdir(fileURLToPath(new URL('../public/data/', import.meta.url)), { recursive: true });
await writeFile(target, `${JSON.stringify(file, null, 2)}\n`);
const kinds = new Map<string, number>();
for (const task of file.tasks) kinds.set(task.kind, (kinds.get(task.kind) ?? 0) + 1);
const steps = file.tasks.map((task) => expertSteps({ ...task, env: 'household' }) ?? Number.NaN);
const mean = steps.reduce((sum, n) => sum + n, 0) / steps.length;
const train = file.tasks.filter((task) => task.split === 'train').length;
console.log(
  `Wrote ${target}: ${file.tasks.length} tasks (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}), ` +
    `${train} train / ${file.tasks.length - train} test, expert steps ${Math.min(...steps)}-${Math.max(...steps)} (mean ${mean.toFixed(2)}).`,
);
