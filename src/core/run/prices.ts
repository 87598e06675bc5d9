import { ConfigError } from '../errors';

/**
 * Prices per million tokens, to show a run's cost in dollars (EcoAct Figure 3 reports cost; the
 * page lets users edit these). Simulated presets are priced like the class of model they stand in
 * for; the figures are illustrative list prices, not quotes.
 */
export interface Price {
  /** Dollars per million input (prompt) tokens. */
  input: number;
  /** Dollars per million output (completion) tokens. */
  output: number;
  /** Dollars per million prompt tokens read from a prompt cache; absent: the input price (no discount). */
  cachedInput?: number;
  /**
   * Dollars per million prompt tokens written to the cache, where a provider bills writes apart
   * (Anthropic: 1.25x input for a 5-minute cache); applied to the uncached prompt tokens of a run
   * that models a cache. Absent: the input price.
   */
  cacheWrite?: number;
  /** Where the figure comes from. */
  note: string;
}

export const DEFAULT_PRICES: Record<string, Price> = {
  // Hosts of open models that cache prompts bill cached tokens at about half the input price.
  'sim:small': { input: 0.3, output: 0.3, cachedInput: 0.15, note: 'a hosted 7B open model (for example Qwen2.5-7B-Instruct); cached input at half price' },
  'sim:medium': { input: 0.6, output: 0.6, cachedInput: 0.3, note: 'a hosted 17B-70B open model; cached input at half price' },
  // Anthropic's list prices for Claude Sonnet 4: cache reads 0.1x input, 5-minute cache writes 1.25x.
  'sim:strong': { input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75, note: 'a frontier API model (for example Claude Sonnet 4); cache reads $0.30, writes $3.75' },
};

/**
 * The price of a model id; models not in the table cost nothing per token: a local WebLLM model
 * has no price, and a server's (`openai:`) is the user's to give (`--price`, the page's price editor).
 */
export function priceOf(model: string, table: Record<string, Price> = DEFAULT_PRICES): Price {
  const known = table[model];
  if (known) return known;
  if (model.startsWith('openai:')) return { input: 0, output: 0, note: 'a server with no price set ($0 until you give its prices: --price in,out,cached, or here)' };
  return { input: 0, output: 0, note: 'runs locally: no per-token price' };
}

/** The most a price may be, in dollars per million tokens (a typo, not a model, goes above it). */
export const MAX_PRICE = 10_000;

/**
 * A price from `in,out` or `in,out,cached`: dollars per million input, output and cached-input
 * tokens (`--price`, the link's `price.<model>`). Undefined where the text is not that.
 */
export function parsePrice(text: string, note: string): Price | undefined {
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length < 2 || parts.length > 3 || parts.some((part) => part === '')) return undefined;
  const numbers = parts.map(Number);
  if (!numbers.every((n) => Number.isFinite(n) && n >= 0 && n <= MAX_PRICE)) return undefined;
  const [input, output, cachedInput] = numbers;
  return { input, output, ...(cachedInput !== undefined ? { cachedInput } : {}), note };
}

/** A price as `parsePrice` reads it: `in,out`, with `,cached` where the cached-input price is set. */
export function priceText(price: Price): string {
  return [price.input, price.output, ...(price.cachedInput !== undefined ? [price.cachedInput] : [])].join(',');
}

/**
 * Dollars for a number of prompt and completion tokens. Where the usage has a cached count (a run
 * that models a cache, or a server that reports one), cached prompt tokens cost the cached-input
 * price and the rest the cache-write price where the provider bills one; else every prompt token
 * costs the input price.
 */
export function costUsd(usage: { promptTokens: number; completionTokens: number; cachedPromptTokens?: number }, price: Price): number {
  const cached = usage.cachedPromptTokens;
  const input = cached === undefined ? usage.promptTokens * price.input : cached * (price.cachedInput ?? price.input) + (usage.promptTokens - cached) * (price.cacheWrite ?? price.input);
  return (input + usage.completionTokens * price.output) / 1_000_000;
}

/** The bench's price for its model: `--price` where given (checked), else `priceOf`. */
export function benchPrice(model: string, flag: string | undefined): Price {
  if (flag === undefined) return priceOf(model);
  const price = parsePrice(flag, 'set with --price');
  if (!price) throw new ConfigError(`--price ${flag}: give two or three prices in dollars per million tokens (0 to ${MAX_PRICE}), input, output and cached input, e.g. --price 0.5,1.5,0.25.`);
  return price;
}

/** A price in dollars as the page writes it: two decimals, more where the price is below a cent. */
const dollars = (value: number) => `$${value >= 0.01 || value === 0 ? value.toFixed(2) : String(Number(value.toPrecision(2)))}`;

/**
 * The prices a cost was computed at, in words, for the cost chart and the files (issue 42 item 7:
 * "no export states the prices used"): "$0.30 per million input tokens, $0.30 per million output
 * tokens (cached input $0.15) for sim:small".
 */
export function priceWords(model: string, price: Price): string {
  if (price.input === 0 && price.output === 0 && price.cachedInput === undefined) return `no per-token price for ${model} (${price.note})`;
  const extra = [
    price.cachedInput !== undefined && price.cachedInput !== price.input ? `cached input ${dollars(price.cachedInput)}` : '',
    price.cacheWrite !== undefined ? `cache writes ${dollars(price.cacheWrite)}` : '',
  ].filter(Boolean);
  return `${dollars(price.input)} per million input tokens, ${dollars(price.output)} per million output tokens${extra.length ? ` (${extra.join(', ')})` : ''} for ${model}`;
}

/** The input and output prices alone, for the dollar chart's caption: "$0.30 per million input tokens, $0.30 per million output tokens". */
export function shortPriceWords(price: Price): string {
  return `${dollars(price.input)} per million input tokens, ${dollars(price.output)} per million output tokens`;
}

/** The prices as a file's columns and JSON field hold them. */
export interface PricesUsed {
  model: string;
  /** Dollars per million tokens. */
  input: number;
  output: number;
  cachedInput: number;
  cacheWrite?: number;
  note: string;
  words: string;
}

export function pricesUsed(model: string, price: Price): PricesUsed {
  return {
    model,
    input: price.input,
    output: price.output,
    cachedInput: price.cachedInput ?? price.input,
    ...(price.cacheWrite !== undefined ? { cacheWrite: price.cacheWrite } : {}),
    note: price.note,
    words: priceWords(model, price),
  };
}
