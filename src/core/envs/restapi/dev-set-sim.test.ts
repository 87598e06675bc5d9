import { describe, expect, it } from 'vitest';
import type { RestDataset } from './dataset';
import { ENVIRONMENTS } from '../index';
import { devSetDataset } from '../../../../test/fixtures/dev-sets';
import { recordSimRun } from '../../../../test/fixtures/record-sim-run';
import { parseReply } from '../../llm/parse-reply';
import { promptText } from '../../llm/advisor';

/**
 * SimLM on the GitHub development set stays a model, as on the bundled data: every argument value it
 * writes occurs in its prompt, and a different gold path (hidden state) changes no reply while the
 * prompts are the same.
 */
describe('SimLM on the RestBench GitHub development set', () => {
  const spec = ENVIRONMENTS.restapi;
  const dataset = devSetDataset('restapi') as RestDataset;
  const tests = dataset.tasks.filter((t) => t.split === 'test');

  it('writes only argument values that occur in the prompt', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const strategy of ['react', 'toolexpnet']) {
      for (const task of tests.slice(0, 4)) {
        for (const call of (await recordSimRun(spec, dataset, task, { strategy, seed: 5 })).filter((c) => c.kind === 'act')) {
          const parsed = parseReply(call.reply, 'json', []);
          if (!parsed.ok || !/with Action Input/.test(call.reply)) continue;
          const prompt = promptText(call.messages).toLowerCase();
          for (const [name, value] of Object.entries(parsed.action.args)) {
            checked++;
            const text = String(value).toLowerCase();
            if (text !== '' && !prompt.includes(text) && !/^\d+$/.test(text)) problems.push(`${strategy}/${task.id}: ${parsed.action.tool}.${name} = ${JSON.stringify(value)}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });
});
