import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { Rng } from '../rng';
import { bertWordIds } from './transformers-extractor';

const MODELS = fileURLToPath(new URL('../../../public/models/', import.meta.url));

/** Random text from pieces that meet at every kind of boundary a BERT tokenizer reads. */
function randomText(rng: Rng): string {
  const parts = ['word', 'Tool', 'get_order', 'ORD-12345', '"', "'", '.', ',', '{', '}', ':', '(', '#', '1', '42', 'é', 'e\u0301', 'Σ', 'ΟΔΟΣ', 'İ', '中文', '\u00ad', '\u0000', '\ufffd', '\u200b', '\ud83d\ude00', ' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\u3000', 'x'.repeat(120), '[', ']', '[SEP', 'MASK]', 'unbelievably', 'embeddings'];
  return Array.from({ length: rng.int(40) }, () => parts[rng.int(parts.length)]).join(rng.next() < 0.5 ? '' : ' ');
}

describe('bundled encoder ids read word by word (bertWordIds)', () => {
  it('should give the pipeline tokenizer’s ids and mask for every text, long ones cut as it cuts them', async () => {
    const { AutoTokenizer, env } = await import('@huggingface/transformers');
    env.allowRemoteModels = false;
    env.allowLocalModels = true;
    env.localModelPath = MODELS;
    const tokenizer = await AutoTokenizer.from_pretrained('toolwise-simcse');
    const pipeline = (texts: string[]) => {
      const inputs = tokenizer(texts, { truncation: true, return_tensor: false }) as unknown as { input_ids: number[][]; attention_mask: number[][] };
      return inputs.input_ids.map((ids, row) => ({ ids, mask: inputs.attention_mask[row] }));
    };
    const byWords = bertWordIds(tokenizer as never, pipeline);
    // The tokenizer is the plain BERT kind the word-by-word reading is exact for.
    expect(byWords).not.toBe(pipeline);
    const rng = new Rng(31);
    const texts = ['', ' ', 'a [SEP] b', 'x[MASK]y', 'word '.repeat(200), 'word '.repeat(125), 'word '.repeat(126), 'word '.repeat(127), Array.from({ length: 90 }, (_, i) => `get_item_${i}`).join(' ')];
    for (let i = 0; i < 2_000; i++) texts.push(randomText(rng));
    for (let start = 0; start < texts.length; start += 37) {
      const batch = texts.slice(start, start + 37);
      // Twice: the second time the chunks come from the cache.
      for (let round = 0; round < 2; round++) expect(byWords(batch)).toEqual(pipeline(batch));
    }
  }, 120_000);
});
