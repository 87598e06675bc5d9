/**
 * Writes the bundled SLATE samples, `public/data/slate/tools.json` and `cases.json`, from a fixed seed.
 * Run: `npx tsx scripts/generate-slate.ts`. The same seed always writes the same files.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generateSlateDataset, SLATE_SEED } from '../src/core/envs/slate/generator';
import { parseSlateDataset } from '../src/core/envs/slate';

const folder = fileURLToPath(new URL('../public/data/slate/', import.meta.url));
const { tools, cases } = generateSlateDataset(SLATE_SEED);
parseSlateDataset({ tools, cases }); // the bundled files must pass the import checks users' files get
await mkdir(folder, { recursive: true });
await writeFile(`${folder}tools.json`, `${JSON.stringify(tools, null, 1)}\n`);
await writeFile(`${folder}cases.json`, `${JSON.stringify(cases, null, 1)}\n`);
const levels = new Map<string, number>();
for (const item of cases) levels.set(item.complexity, (levels.get(item.complexity) ?? 0) + 1);
const train = cases.filter((item) => item.split === 'train').length;
console.log(`Wrote ${folder}: ${tools.length} tools, ${cases.length} cases (${[...levels].map(([k, n]) => `${k} ${n}`).join(', ')}; ${train} train, ${cases.length - train} test).`);
