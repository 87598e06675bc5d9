import { ConfigError } from '../../errors';

/** The digit tokens of a model's tokenizer, as EGB-Logits needs them. */
export interface DigitTokens {
  /** Token ids of '0'..'9', in order. */
  ids: number[];
  /**
   * True when the tokenizer writes every number digit by digit, as Qwen2.5's does: Alg. 3 of the
   * EGB paper is its "Qwen2.5 adaptation" and reads an index as one or two single-digit tokens.
   * Tokenizers that merge digits (Llama 3 splits numbers into groups of up to three) emit "12" as
   * one token, which the algorithm cannot see.
   */
  singleDigits: boolean;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** token text -> id from `model.vocab`: an object (BPE, WordPiece) or [piece, score] pairs (Unigram). */
function vocabulary(model: Json): Map<string, number> {
  const vocab = model.vocab;
  const map = new Map<string, number>();
  if (Array.isArray(vocab)) vocab.forEach((entry, id) => Array.isArray(entry) && typeof entry[0] === 'string' && map.set(entry[0], id));
  else if (isObject(vocab)) for (const [text, id] of Object.entries(vocab)) if (typeof id === 'number') map.set(text, id);
  return map;
}

/** Every pre-tokenizer of the tree (a `Sequence` nests them). */
function preTokenizers(node: unknown): Json[] {
  if (!isObject(node)) return [];
  const nested = Array.isArray(node.pretokenizers) ? node.pretokenizers.flatMap(preTokenizers) : [];
  return [node, ...nested];
}

/** Whether the pre-tokenizer keeps each digit apart; undefined when it does not say. */
function splitsDigits(json: Json): boolean | undefined {
  for (const pre of preTokenizers(json.pre_tokenizer)) {
    if (pre.type === 'Digits') return pre.individual_digits === true;
    const pattern = isObject(pre.pattern) ? pre.pattern.Regex : undefined;
    if (typeof pattern !== 'string') continue;
    if (/\\p\{N\}\{1,\d\}|\\p\{N\}\+|\\d\{1,\d\}|\\d\+/.test(pattern)) return false;
    if (/\\p\{N\}|\\d/.test(pattern)) return true;
  }
  return undefined;
}

/**
 * Reads the digit token ids from a Hugging Face `tokenizer.json` (the file web-llm loads with the
 * model, `<model URL>/resolve/main/tokenizer.json`). The worker reads the file; this stays pure.
 */
export function digitTokensFromTokenizerJson(json: unknown): DigitTokens {
  if (!isObject(json) || !isObject(json.model)) throw new ConfigError('This tokenizer.json has no "model" section, so the digit tokens for EGB-Logits cannot be found.');
  const vocab = vocabulary(json.model);
  const ids = [...'0123456789'].map((digit) => vocab.get(digit) ?? vocab.get(`\u2581${digit}`));
  const missing = ids.flatMap((id, digit) => (id === undefined ? [digit] : []));
  if (missing.length > 0) throw new ConfigError(`The tokenizer has no single token for the digits ${missing.join(', ')}, so EGB-Logits cannot read an index from it.`);
  const merged = [...vocab.keys()].some((text) => /^\d{2,}$/.test(text));
  return { ids: ids as number[], singleDigits: splitsDigits(json) ?? !merged };
}
