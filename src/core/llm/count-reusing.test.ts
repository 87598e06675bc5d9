import { describe, expect, it } from 'vitest';
import { countReusing, forEachLinePiece, loadQwenTokenizer, REUSE_MIN_CHARS, type CountedPieces } from './qwen-tokenizer';
import { Rng } from '../rng';

/** A value per piece that is not additive, so a piece cut anywhere else changes the sum. */
const weigh = (piece: string) => (piece.length * piece.length + piece.charCodeAt(0) * 7 + piece.charCodeAt(piece.length - 1)) % 1_009;

function fresh(text: string): { starts: number[]; total: number } {
  const starts: number[] = [];
  let at = 0;
  let total = 0;
  forEachLinePiece(text, (piece) => {
    starts.push(at);
    at += piece.length;
    total += weigh(piece);
  });
  return { starts, total };
}

const PARTS = ['\n', '\n', ' ', '  ', '\t', '\r\n', '\n\n', '\n ', 'word', 'Tool', '- add_product: Adds a product.', '[3] x: y', '"k" (string, required)', 'é', '.', '{', '12'];

function randomText(rng: Rng, length: number): string {
  let text = '';
  while (text.length < length) text += PARTS[rng.int(PARTS.length)];
  return text;
}

/** An edit of the kinds prompts see: a new first line, a block added or removed, text changed at a line start or end. */
function edit(rng: Rng, text: string): string {
  const at = rng.int(text.length + 1);
  const piece = randomText(rng, 1 + rng.int(40));
  switch (rng.int(5)) {
    case 0:
      return piece + text.slice(rng.int(60));
    case 1:
      return text + piece;
    case 2:
      return text.slice(0, at) + piece + text.slice(at);
    case 3:
      return text.slice(0, at) + text.slice(Math.min(text.length, at + 1 + rng.int(30)));
    default:
      return text.slice(0, at) + PARTS[rng.int(8)] + text.slice(at + 1);
  }
}

describe('counting a long text by the pieces it shares with the last one', () => {
  it('should cut and count every text as counting it afresh does, whatever changed', () => {
    const rng = new Rng(7);
    let checked = 0;
    for (let chain = 0; chain < 40; chain++) {
      let text = randomText(rng, 200 + rng.int(3_000));
      let last: CountedPieces | undefined;
      for (let step = 0; step < 25; step++) {
        const counted = countReusing(last, text, weigh);
        const expected = fresh(text);
        expect(counted.starts).toEqual(expected.starts);
        expect(counted.cum.at(-1)).toBe(expected.total);
        expect(counted.cum.length).toBe(counted.starts.length + 1);
        last = rng.next() < 0.9 ? counted : undefined;
        text = rng.next() < 0.1 ? randomText(rng, 200 + rng.int(3_000)) : edit(rng, text);
        checked++;
      }
    }
    expect(checked).toBe(1_000);
  });

  it("should give the tokenizer's count of the whole text for long prompts that change at the top and at the bottom", async () => {
    const tokenizer = await loadQwenTokenizer();
    const listing = Array.from({ length: 400 }, (_, i) => `- tool_${i}: Finds record ${i} by its id.\n  Arguments: "id" (string, required): the id; "limit" (number, optional).`).join('\n');
    const texts = [
      `Your goal is to: find record 3\n\nAvailable tools:\n${listing}\n\nReply with Think and Action.`,
      `Your goal is to: cancel order 12 and email it\n\nAvailable tools:\n${listing}\n\nReply with Think and Action.`,
      `Your goal is to: cancel order 12 and email it\n\nAvailable tools:\n${listing}\n\nReply with Think and Action.\n\nReflections:\n1. Do not call tool_3 again.`,
      `Your goal is to: cancel order 12 and email it\n\nAvailable tools:\n${listing.replace('record 200', 'record  200\n x')}\n\nReply with Think and Action.\n\nReflections:\n1. Do not call tool_3 again.\n2. Try tool_4.`,
    ];
    expect(texts.every((text) => text.length >= REUSE_MIN_CHARS)).toBe(true);
    for (const text of texts) expect(tokenizer.count(text)).toBe(tokenizer.countWhole!(text));
  });
});
