import { describe, expect, it } from 'vitest';
import { DEFAULT_STORY, STORIES } from './stories';
import { knownFor, validateRunConfig } from './run-config';
import { ENVIRONMENTS } from '../envs';
import { STRATEGIES } from '../strategies';
import { CLAIMS, verdictOf } from './claims';
import shippedClaims from '../../../public/shipped/claims.json';

describe('the one-click stories', () => {
  it('are valid runs with distinct ids and a lead of two or three sentences', () => {
    const known = knownFor(ENVIRONMENTS, STRATEGIES);
    expect(new Set(STORIES.map((s) => s.id)).size).toBe(STORIES.length);
    for (const story of STORIES) {
      expect(() => validateRunConfig(story.config, known)).not.toThrow();
      const sentences = story.lead.split(/(?<=[.!?])\s+(?=[A-Z])/).length;
      expect(sentences).toBeGreaterThanOrEqual(2);
      expect(sentences).toBeLessThanOrEqual(4);
      // Sized for intervals that mean something: at least 120 task runs per strategy.
      expect(story.config.tasks * story.config.seeds).toBeGreaterThanOrEqual(120);
    }
    expect(STORIES).toContain(DEFAULT_STORY);
  });
});

describe('the shipped claims table (npm run bench -- --claims --json public/shipped/claims.json)', () => {
  it('has every claim, in order, on its preset, with the verdict its interval gives against the paper\'s figure', () => {
    expect(shippedClaims.claims.map((c) => [c.paper, c.claim, c.paperValue, c.paperFigure, c.tolerance, c.model])).toEqual(
      CLAIMS.map((c) => [c.paper, c.claim, c.paperValue, c.paperFigure, c.tolerance, c.run.model]),
    );
    for (const claim of shippedClaims.claims) {
      expect(claim.verdict).toBe(verdictOf(claim.paperFigure, claim.tolerance, claim.ours, [claim.low, claim.high]));
      expect(claim.low).toBeLessThanOrEqual(claim.ours);
      expect(claim.ours).toBeLessThanOrEqual(claim.high);
    }
    expect(shippedClaims.tasks * shippedClaims.seeds).toBeGreaterThanOrEqual(180);
  });
});
