/**
 * The benchmark CLI: runs the strategy matrix in Node and prints one markdown table.
 *   npm run bench -- [--env ids] [--strategies ids] [--tasks N] [--seeds N] [--seed N]
 *                    [--model sim:<preset>] [--split test|train] [--json out.json]
 *                    [--data cases.json [--tools tools.json]]   (your own SLATE-format cases for --env slate)
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { InThreadRunner } from '../src/core/run/runner';
import { DEFAULT_RUN_CONFIG, type RunConfig } from '../src/core/run/run-config';
import { loadNodeData } from './node-data';
import { markdownTable, toBenchRow } from './bench-table';
import { priceOf } from '../src/core/run/prices';

const list = (text: string) => text.split(',').map((item) => item.trim()).filter(Boolean);

async function main() {
  const { values } = parseArgs({
    options: {
      env: { type: 'string', default: 'household,academic' },
      strategies: { type: 'string', default: 'react,reflexion' },
      tasks: { type: 'string', default: '30' },
      seeds: { type: 'string', default: '1' },
      seed: { type: 'string', default: String(DEFAULT_RUN_CONFIG.seed) },
      model: { type: 'string', default: DEFAULT_RUN_CONFIG.model },
      split: { type: 'string', default: 'test' },
      json: { type: 'string' },
      data: { type: 'string' },
      tools: { type: 'string' },
    },
  });
  const config: RunConfig = {
    ...DEFAULT_RUN_CONFIG,
    envs: list(values.env!),
    strategies: list(values.strategies!),
    tasks: Number(values.tasks),
    seeds: Number(values.seeds),
    seed: Number(values.seed),
    model: values.model!,
    split: values.split === 'train' ? 'train' : 'test',
  };
  const runner = new InThreadRunner(loadNodeData);
  if (values.data || values.tools) {
    if (!values.data) throw new Error('--tools needs --data: a SLATE case file to run with that tool library.');
    const read = async (path: string) => JSON.parse(await readFile(path, 'utf8'));
    // Without --tools the bundled library is used, as on the page.
    const tools = values.tools ? await read(values.tools) : await loadNodeData('slate/tools.json');
    const dataset = runner.importDataset('slate', { cases: await read(values.data), tools });
    console.log(`imported ${dataset.tasks.length} SLATE cases from ${values.data}${values.tools ? ` with the tools of ${values.tools}` : ' with the bundled tool library'}`);
  }
  const started = performance.now();
  const result = await runner.run(config);
  const price = priceOf(config.model);
  const rows = result.rows.map((row) => toBenchRow(row, price));
  console.log(`model: ${result.model.label}${result.model.simulated ? ' (simulated)' : ''}; split: ${config.split}; seeds: ${config.seeds} from ${config.seed}`);
  console.log(markdownTable(rows));
  for (const record of result.learning) {
    console.log(`learning: ${record.strategy} on ${record.env} (seed ${record.seed}): ${record.tasks} training tasks, ${record.llmCalls} LLM calls, ${record.promptTokens} prompt tokens, ${(record.ms / 1000).toFixed(2)} s`);
  }
  console.log(`\n${result.results.length} task runs in ${((performance.now() - started) / 1000).toFixed(2)} s`);
  if (values.json) {
    await writeFile(values.json, JSON.stringify({ rows }, null, 2) + '\n');
    console.log(`wrote ${values.json}`);
  }
}

main().catch((error: unknown) => {
  const problems = (error as { problems?: { caseId: string; path: string; message: string }[] }).problems;
  if (problems) for (const p of problems) console.error(`${p.caseId ? `case ${p.caseId}: ` : ''}${p.path}: ${p.message}`);
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
  process.exit(1);
});
