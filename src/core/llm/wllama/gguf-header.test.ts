import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeModel } from '../../../../scripts/engine/write-gguf';
import { MODEL_SHAPES } from '../../../../scripts/engine/model-shapes';
import { GgufHeaderError, blobReader, readGgufHeader } from './gguf-header';

describe('readGgufHeader', () => {
  it("reads a written model's architecture and trained context length past its Qwen vocabulary, in small chunks", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gguf-header-'));
    try {
      const out = join(dir, 'tiny.gguf');
      writeModel({ shape: 'tiny-qwen2.5', type: 'f32', out, layers: 1, vocabulary: 'qwen2.5' });
      const bytes = readFileSync(out);
      const reads: number[] = [];
      const header = await readGgufHeader(async (offset, length) => {
        reads.push(length);
        return new Uint8Array(bytes.subarray(offset, offset + length));
      });
      expect(header.architecture).toBe('qwen2');
      expect(header.contextLength).toBe(MODEL_SHAPES['tiny-qwen2.5'].context);
      expect(reads.length).toBeGreaterThan(0);
      // The same through a Blob, as the worker reads a picked file.
      expect((await readGgufHeader(blobReader(new Blob([bytes])))).contextLength).toBe(header.contextLength);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a file that is not GGUF, and one cut inside its header', async () => {
    await expect(readGgufHeader(blobReader(new Blob(['<html>not a model</html>'])))).rejects.toThrow(GgufHeaderError);
    const head = new Uint8Array(24);
    head.set(new TextEncoder().encode('GGUF'));
    new DataView(head.buffer).setUint32(4, 3, true);
    new DataView(head.buffer).setBigUint64(16, 5n, true);
    await expect(readGgufHeader(blobReader(new Blob([head])))).rejects.toThrow(/ends inside/);
  });
});
