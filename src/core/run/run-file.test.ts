import { describe, expect, it } from 'vitest';
import { parseRunFile } from './run-file';
import { takeApart } from './stored-run';
import { runMatrix } from './run-matrix';
import { DEFAULT_RUN_CONFIG } from './run-config';
import { buttonDataset, buttonSpec } from '../../../test/fixtures/button-env';
import { STRATEGIES } from '../strategies';
import { createSimProvider } from '../llm/sim/sim-provider';
import { LexicalEmbedder } from '../embed/lexical-embedder';

describe('parseRunFile', () => {
  it('should open an exported run again, rows recomputed from its results', async () => {
    const run = await runMatrix(
      { ...DEFAULT_RUN_CONFIG, envs: ['buttons'], strategies: ['react', 'reflexion'], tasks: 3 },
      { envs: { buttons: buttonSpec }, strategies: STRATEGIES, datasets: { buttons: buttonDataset(8) }, models: await createSimProvider('small'), embedderFor: () => new LexicalEmbedder() },
    );
    const exported = JSON.parse(JSON.stringify(run));
    const opened = parseRunFile(exported);
    expect(opened.results).toEqual(run.results);
    expect(opened.rows).toEqual(run.rows);
    expect(opened.traces).toEqual(run.traces);
  });

  it('should keep the index of snapshots stored apart only for a stored run, and only when it fits', async () => {
    const run = await runMatrix(
      { ...DEFAULT_RUN_CONFIG, envs: ['buttons'], strategies: ['autotool-react'], tasks: 3 },
      { envs: { buttons: buttonSpec }, strategies: STRATEGIES, datasets: { buttons: buttonDataset(8) }, models: await createSimProvider('small'), embedderFor: () => new LexicalEmbedder() },
    );
    const { summary } = takeApart(run);
    const stored = JSON.parse(JSON.stringify(summary));
    expect(parseRunFile(stored, true).storedSnapshots).toEqual([{ key: 'buttons/autotool-react/1', kind: 'autotool-graph' }]);
    expect(parseRunFile(stored)).not.toHaveProperty('storedSnapshots');
    expect(parseRunFile({ ...stored, storedSnapshots: [{ kind: 'autotool-graph' }] }, true)).not.toHaveProperty('storedSnapshots');
    // An exported run holds its snapshots inline and opens with them.
    expect(parseRunFile(JSON.parse(JSON.stringify(run))).snapshots).toEqual(run.snapshots);
  });

  it('should say what a file that is not a run lacks', () => {
    expect(() => parseRunFile([{ id: 'case-1' }])).toThrow(/not a Toolwise run .*the file/);
    expect(() => parseRunFile({ id: 'r', config: {}, status: 'done' })).toThrow(/not a Toolwise run .*config\.envs/);
    expect(() => parseRunFile(null)).toThrow(/not a Toolwise run/);
    // A required field that is absent is said in plain words, not in the validator's.
    expect(() => parseRunFile({ status: 'done' })).toThrow(/: id: missing: this field is required \(string\)\.$/);
  });
});
