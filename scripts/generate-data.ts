/**
 * Writes the bundled data of every registered environment that generates its own, under
 * `public/data/`, each from its fixed seed: the same call always writes the same files.
 * Run: `npm run generate:data` (all of them) or `npm run generate:data -- household slate` (some).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DATA_FOLDER, dataGenerators } from './data-generators';

const asked = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const generators = await dataGenerators();
const unknown = asked.filter((id) => !generators.some((g) => g.id === id));
if (unknown.length) throw new Error(`No environment ${unknown.join(', ')}; the registered ones are ${generators.map((g) => g.id).join(', ')}.`);
for (const { id, generate } of generators) {
  if (asked.length && !asked.includes(id)) continue;
  if (!generate) {
    console.log(`${id}: bundled data, not generated (no src/core/envs/${id}/generate.ts).`);
    continue;
  }
  const { files, summary } = generate();
  for (const [path, text] of Object.entries(files)) {
    const target = join(DATA_FOLDER, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text);
  }
  console.log(`${id}: wrote ${Object.keys(files).map((path) => `public/data/${path}`).join(', ')}: ${summary}`);
}
