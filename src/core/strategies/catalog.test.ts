import { describe, expect, it } from 'vitest';
import { STRATEGY_CATALOG } from './catalog';
import { STRATEGIES } from '.';

describe('STRATEGY_CATALOG', () => {
  it('should list the ids of STRATEGIES in the same order: a new strategy is added to both', () => {
    expect(Object.keys(STRATEGY_CATALOG)).toEqual(Object.keys(STRATEGIES));
  });

  it("should hold each strategy's metadata exactly as its spec has it, under its own id", () => {
    for (const [id, spec] of Object.entries(STRATEGIES)) {
      const { create, ...meta } = spec;
      expect(typeof create, id).toBe('function');
      expect(STRATEGY_CATALOG[id], id).toEqual(meta);
      expect(STRATEGY_CATALOG[id].id).toBe(id);
    }
  });
});
