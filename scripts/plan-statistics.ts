/**
 * Statistics of plan-and-tool data that SimLM's plan reader loads (docs/simulated-model.md: "statistics a script
 * computes from training splits"). Reads the TRAINING split of the bundled SLATE set and of any
 * SLATE-format set given with --set (the development sets' train halves), never a test case, and
 * counts:
 *   - which content stems of a substep's wording go with a substep that needs no tool;
 *   - which stems of a substep's wording go with which stems of the name of the tool it used
 *     (normalised pointwise mutual information, pairs seen at least twice);
 *   - how clearly a typical training prompt answers (`clarity`): the plan reader, with these
 *     statistics, reads each training substep's prompt as ReAct shows it (the gold history, the
 *     candidates the bundled encoder retrieves), and the logistic of its pick's margin is averaged
 *     over the substeps where it picks a tool (`pickConfidence` in plan-reader.ts).
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
import { DATA_DIR, loadNodeData } from './node-data';
import { loadNodeEmbedder } from './node-embedder';
import { InThreadRunner } from '../src/core/run/runner';
import { ENVIRONMENTS } from '../src/core/envs';
import { CandidateRetriever } from '../src/core/strategies/plan/candidates';
import { CANDIDATES_PARAM } from '../src/core/strategies/plan/plan-settings';
import { planMessages, planOptions } from '../src/core/strategies/plan/plan-prompt';
import { advisePlan, pickConfidence } from '../src/core/llm/sim/plan-reader';
import { NO_TOOL, type ExecutedStep, type PlanEnvironment } from '../src/core/plan-guided';
import type { PlanStatistics } from '../src/core/llm/sim/plan-statistics';
import type { Embedder } from '../src/core/embed/embedder';
import type { Action } from '../src/core/types';

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

/** The encoder the candidates are retrieved with: the page's default. */
const CLARITY_EMBEDDER = 'toolwise-simcse';

/**
 * The margins of the reader's tool picks over one set's training cases, each substep read as
 * ReAct's prompt shows it after the gold history (the reference calls run through the simulator).
 */
async function pickMargins(casesFile: string, toolsFile: string, statistics: PlanStatistics, embedder: Embedder): Promise<number[]> {
  const slate = ENVIRONMENTS.slate;
  const cases = JSON.parse(await readFile(casesFile, 'utf8')) as (CaseFile & { plan: { substeps: { action: { tool: string; args: Record<string, unknown> } | null }[] }[] })[];
  const dataset = slate.parse({ cases, tools: JSON.parse(await readFile(toolsFile, 'utf8')) });
  const retriever = new CandidateRetriever((slate.create(dataset) as PlanEnvironment).tools(), embedder);
  const margins: number[] = [];
  for (const task of dataset.tasks.filter((t) => t.split === 'train')) {
    const env = slate.create(dataset) as PlanEnvironment;
    env.reset(task, 0);
    // The reference calls, in the plan's order (the case file's, as the importer reads it).
    const reference = cases.find((item) => item.id === task.id)!.plan.flatMap((step) => step.substeps.map((sub) => sub.action));
    const substeps = env.substeps();
    const history: ExecutedStep[] = [];
    for (let index = 0; index < substeps.length; index++) {
      const candidates = await retriever.retrieve(env.query(), substeps[index].description, CANDIDATES_PARAM.default);
      const parts = { query: env.query(), substeps, index, candidates, history: history.slice(), reflections: [], memory: [] };
      const options = planOptions(parts);
      const advice = advisePlan({ noTool: NO_TOOL, statistics }, { messages: planMessages(parts, 'act', options), options });
      if (advice.margin !== undefined && advice.calls.some((call) => call.tool !== NO_TOOL)) margins.push(advice.margin);
      env.step((reference[index] as Action | null) ?? { tool: NO_TOOL, args: {} });
      history.push(env.trajectory().at(-1)!);
    }
  }
  return margins;
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
const counted = planStatisticsOf(all, wordingStems, (name) => contentStems(words(name).join(' ')));
const runner = new InThreadRunner(loadNodeData, undefined as never, ENVIRONMENTS, loadNodeEmbedder);
const embedder = await runner.modelEmbedder(CLARITY_EMBEDDER, 'wasm');
const toolFiles = [`${DATA_DIR}slate/tools.json`, ...(values.set ?? []).map((spec) => spec.split(':')[1])];
const margins: number[] = [];
for (const [i, file] of sets.entries()) {
  if (!toolFiles[i]) throw new Error(`--set ${file}: give its tool library too (cases.json:tools.json).`);
  margins.push(...(await pickMargins(file, toolFiles[i], counted, embedder)));
}
// The logistic of each margin, as SimLM weighs a pick (pickConfidence against a clarity of 1), so the two cannot drift apart.
const clarity = Math.round((margins.reduce((sum, m) => sum + pickConfidence(m, 1), 0) / margins.length) * 1000) / 1000;
const statistics = { sources, ...counted, clarity };
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
