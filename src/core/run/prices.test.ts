import { describe, expect, it } from 'vitest';
import { benchPrice, costUsd, parsePrice, priceOf, priceText, DEFAULT_PRICES } from './prices';
import { ConfigError } from '../errors';

const SERVER = 'openai:http://127.0.0.1:8080/v1#qwen2.5-7b-instruct';

describe('prices of server models (--price, the link)', () => {
  it('gives a server model the price --price sets, cached input included, so its run does not cost $0', () => {
    expect(costUsd({ promptTokens: 1_000_000, completionTokens: 0 }, benchPrice(SERVER, undefined))).toBe(0);
    expect(priceOf(SERVER).note).toMatch(/--price/);
    const price = benchPrice(SERVER, '0.5,1.5,0.25');
    expect(price).toEqual({ input: 0.5, output: 1.5, cachedInput: 0.25, note: 'set with --price' });
    // 2M prompt tokens of which 1M cached, and 1M completion tokens.
    expect(costUsd({ promptTokens: 2_000_000, cachedPromptTokens: 1_000_000, completionTokens: 1_000_000 }, price)).toBeCloseTo(0.5 + 0.25 + 1.5, 9);
    expect(benchPrice('sim:strong', undefined)).toBe(DEFAULT_PRICES['sim:strong']);
  });

  it('reads two or three prices and refuses anything else, naming the flag', () => {
    expect(parsePrice('1, 2', 'x')).toEqual({ input: 1, output: 2, note: 'x' });
    for (const bad of ['1', '1,2,3,4', '1,,2', '-1,2', 'a,b', '1,2,20000']) {
      expect(parsePrice(bad, 'x')).toBeUndefined();
      expect(() => benchPrice(SERVER, bad)).toThrow(ConfigError);
    }
    expect(() => benchPrice(SERVER, '1')).toThrow(/--price 1: give two or three prices/);
    expect(priceText({ input: 0.5, output: 1.5, cachedInput: 0.25, note: '' })).toBe('0.5,1.5,0.25');
    expect(parsePrice(priceText({ input: 0.5, output: 1.5, note: '' }), 'y')).toEqual({ input: 0.5, output: 1.5, note: 'y' });
  });
});
