/**
 * Where things lie in training households (docs/simulated-model.md: "statistics a script computes from training
 * splits"): for each object class of the TRAINING tasks' starting layouts, how often one lay in or
 * on each receptacle class, and how often anything lay at each receptacle class. SimLM's household
 * reading searches likelier places first with these counts (it never sees a test layout).
 * Writes src/core/llm/sim/placement-statistics.json.
 *
 *   npm run stats:placement [-- --check]
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { placementStatisticsOf, type Placement } from '../src/core/llm/sim/placement-statistics';
import { DATA_DIR } from './node-data';

const OUT = fileURLToPath(new URL('../src/core/llm/sim/placement-statistics.json', import.meta.url));

interface HouseholdFile {
  tasks: { split?: string; data: { objects: { name: string; at: string }[] } }[];
}

const { values } = parseArgs({ options: { check: { type: 'boolean' } } });
const file = JSON.parse(await readFile(`${DATA_DIR}household.json`, 'utf8')) as HouseholdFile;
const train = file.tasks.filter((task) => task.split === 'train');
const placements: Placement[] = train.flatMap((task) => task.data.objects.map((o) => ({ object: o.name, at: o.at })));
const statistics = { source: { file: 'household.json', trainTasks: train.length, placements: placements.length }, ...placementStatisticsOf(placements) };
const text = `${JSON.stringify(statistics, null, 1)}\n`;
if (values.check) {
  if ((await readFile(OUT, 'utf8').catch(() => '')) !== text) {
    console.error('placement-statistics.json differs from what the training split gives: run npm run stats:placement.');
    process.exit(1);
  }
  console.log('placement-statistics.json is up to date.');
} else {
  await writeFile(OUT, text);
  console.log(`wrote ${OUT}: ${placements.length} placements from ${train.length} training tasks`);
}
