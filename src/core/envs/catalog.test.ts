import { describe, expect, it } from 'vitest';
import { ENV_CATALOG } from './catalog';
import { ENVIRONMENTS } from '.';

describe('ENV_CATALOG', () => {
  it('should list the ids of ENVIRONMENTS in the same order: a new environment is added to both', () => {
    expect(Object.keys(ENV_CATALOG)).toEqual(Object.keys(ENVIRONMENTS));
  });

  it("should hold each environment's metadata exactly as its spec has it, under its own id", () => {
    for (const [id, spec] of Object.entries(ENVIRONMENTS)) {
      // trainingLabel is code too (optional): the metadata is what remains without the implementation.
      const { parse, create, expert, advisor, trainingLabel: _trainingLabel, ...meta } = spec;
      expect([parse, create, expert, advisor].every((part) => part !== undefined), id).toBe(true);
      expect(ENV_CATALOG[id], id).toEqual(meta);
      expect(ENV_CATALOG[id].id).toBe(id);
    }
  });
});
