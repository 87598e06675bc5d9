import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { differingFiles, MODEL_DIR, trainEmbedder } from '../train-embedder';

describe('npm run train:embedder', () => {
  it('reproduces the committed model byte for byte', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'toolwise-embedder-test-'));
    try {
      await trainEmbedder(join(dir, 'toolwise-simcse'));
      expect(await differingFiles(join(dir, 'toolwise-simcse'))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('keeps the model within 8 MB', async () => {
    const { size } = await stat(join(MODEL_DIR, 'onnx', 'model.onnx'));
    expect(size).toBeLessThanOrEqual(8 * 1024 * 1024);
  });
});
