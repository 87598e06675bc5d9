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
  /** Where the figure comes from. */
  note: string;
}

export const DEFAULT_PRICES: Record<string, Price> = {
  'sim:small': { input: 0.3, output: 0.3, note: 'a hosted 7B open model (for example Qwen2.5-7B-Instruct)' },
  'sim:medium': { input: 0.6, output: 0.6, note: 'a hosted 17B-70B open model' },
  'sim:strong': { input: 3, output: 15, note: 'a frontier API model (for example Claude Sonnet 4)' },
};

/** The price of a model id; models not in the table (local WebLLM models) cost nothing per token. */
export function priceOf(model: string, table: Record<string, Price> = DEFAULT_PRICES): Price {
  return table[model] ?? { input: 0, output: 0, note: 'runs locally: no per-token price' };
}

/** Dollars for a number of prompt and completion tokens. */
export function costUsd(usage: { promptTokens: number; completionTokens: number }, price: Price): number {
  return (usage.promptTokens * price.input + usage.completionTokens * price.output) / 1_000_000;
}
