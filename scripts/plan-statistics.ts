/**
 * Statistics of plan-and-tool data that SimLM's plan reader loads (docs/simulated-model.md: "statistics a script
 * computes from training splits"). Reads the TRAINING split of the bundled SLATE set and of any
 * SLATE-format set given with --set (the development sets' train halves), never a test case, and
 * counts:
 *   - which content stems of a substep's wording go with a substep that needs no tool;
 *   - which stems of a substep's wording go with which stems of the name of the tool it used
 *     (normalised pointwise mutual information, pairs seen at least twice).
 * Writes src/core/llm/sim/plan-statistics.json.
 *
 *   npm run stats:plan -- [--set cases.json:tools.json ...] [--check]
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { contentStems, words } from '../src/core/llm/sim/word-stems';
import { wordingStems } from '../src/core/llm/sim/plan-reader';
import { planStatisticsOf, type PlanExample } from '../src/core/llm/sim/plan-statistics';
import { DATA_DIR } from './node-data';

const OUT = fileURLToPath(new URL('../src/core/llm/sim/plan-statistics.json', import.meta.url));

interface CaseFile {
  id: string;
  split?: string;
  plan: { substeps: { description: string; action: { tool: string } | null }[] }[];
}

/** The training cases' substeps of one set as examples. */
async function examples(casesFile: string): Promise<{ examples: PlanExample[]; cases: number }> {
  const cases = JSON.parse(await readFile(casesFile, 'utf8')) as CaseFile[];
  // A case without a split counts as a test case (as the importer reads it): never read here.
  const train = cases.filter((item) => item.split === 'train');
  return {
    cases: train.length,
    examples: train.flatMap((item) => item.plan.flatMap((step) => step.substeps.map((sub) => ({ description: sub.description, tool: sub.action?.tool ?? null })))),
  };
}

const { values } = parseArgs({ options: { set: { type: 'string', multiple: true }, check: { type: 'boolean' } } });
const sets = [`${DATA_DIR}slate/cases.json`, ...(values.set ?? []).map((spec) => spec.split(':')[0])];
const all: PlanExample[] = [];
const sources: { file: string; trainCases: number; substeps: number }[] = [];
for (const file of sets) {
  const read = await examples(file);
  all.push(...read.examples);
  // Only the file's name is kept: where it lay on this machine is no part of the statistics.
  sources.push({ file: file.split('/').slice(-2).join('/'), trainCases: read.cases, substeps: read.examples.length });
}
const statistics = { sources, ...planStatisticsOf(all, wordingStems, (name) => contentStems(words(name).join(' '))) };
const text = `${JSON.stringify(statistics, null, 1)}\n`;
if (values.check) {
  const committed = await readFile(OUT, 'utf8').catch(() => '');
  if (committed !== text) {
    console.error('plan-statistics.json differs from what the training splits give: run npm run stats:plan with the same --set files.');
    process.exit(1);
  }
  console.log('plan-statistics.json is up to date.');
} else {
  await writeFile(OUT, text);
  console.log(`wrote ${OUT}: ${all.length} substeps from ${sources.map((s) => `${s.file} (${s.trainCases} train cases)`).join(', ')}`);
}
