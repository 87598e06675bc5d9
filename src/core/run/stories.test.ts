import { describe, expect, it } from 'vitest';
import { DEFAULT_STORY, STORIES } from './stories';
import { knownFor, validateRunConfig } from './run-config';
import { ENVIRONMENTS } from '../envs';
import { byKindTitle, runOrderTitle } from './breakdown-titles';
import { STRATEGIES } from '../strategies';
import { CLAIMS, verdictOf } from './claims';
import shippedClaims from '../../../public/shipped/claims.json';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { STRATEGY_CATALOG } from '../strategies/catalog';
import { SIM_PRESETS } from '../llm/sim/presets';
import { simPresetOf } from '../llm/model-families';
import { direction, findingsOf } from './lessons';
import type { TaskResult } from './results';
import shippedRun from '../../../public/shipped/default-run.json';

const dataFile = (file: string): unknown => JSON.parse(readFileSync(fileURLToPath(new URL(`../../../public/data/${file}`, import.meta.url)), 'utf8'));

/** The tasks of an environment's split in its bundled data, read as a run reads them. */
function splitSize(envId: string, split: 'test' | 'train'): number {
  const spec = ENVIRONMENTS[envId];
  const json = spec.dataFiles ? Object.fromEntries(Object.entries(spec.dataFiles).map(([name, file]) => [name, dataFile(file)])) : dataFile(spec.dataFile);
  return spec.parse(json).tasks.filter((task) => task.split === split).length;
}

/** A strategy's name as a story's text writes it: its label before any parenthesis ("AutoTool" of "AutoTool (ReAct)"). */
const strategyName = (id: string) => STRATEGY_CATALOG[id].label.split(' (')[0];

describe('what a story says is what it runs (issue 29)', () => {
  it('its size: the tasks it names exist in the split, so the "N tasks × S seeds" it shows are the ones that run', () => {
    for (const story of STORIES) {
      for (const env of story.config.envs) {
        expect(story.config.tasks, `${story.id} on ${env}`).toBeLessThanOrEqual(splitSize(env, story.config.split));
      }
    }
  });

  it('its model: a story whose title or lead names a preset runs it, and "smaller"/"stronger" agree with the presets\' order', () => {
    const order = Object.keys(SIM_PRESETS);
    const baseRank = order.indexOf('small');
    for (const story of STORIES) {
      const rank = order.indexOf(simPresetOf(story.config.model)?.id ?? '');
      const text = `${story.title} ${story.lead}`;
      if (/\bsmaller model\b/i.test(story.title)) expect(rank, story.id).toBeLessThan(baseRank);
      if (/\bstronger model\b/i.test(story.title)) expect(rank, story.id).toBeGreaterThan(baseRank);
      // "runs ... on the strong one": the preset it says it runs on is its own.
      const ranOn = /runs [^.]* on the (\w+) one/.exec(text)?.[1];
      if (ranOn) expect(simPresetOf(`sim:${ranOn}`)?.id, story.id).toBe(simPresetOf(story.config.model)?.id);
    }
  });

  it('its strategies: every strategy named outside a quoted story title is in its run', () => {
    const names = Object.keys(STRATEGY_CATALOG).map((id) => ({ id, name: strategyName(id) }));
    for (const story of STORIES) {
      const text = `${story.title} ${story.lead}`.replace(/\u201c[^\u201d]*\u201d/g, '');
      const ran = new Set(story.config.strategies.map(strategyName));
      for (const { name } of names) {
        if (new RegExp(`\\b${name.replace(/[-+]/g, '\\$&')}\\b`).test(text)) expect(ran.has(name) || [...ran].some((r) => r.startsWith(name)), `${story.id} names ${name}`).toBe(true);
      }
    }
  });

  it('the folds it points to: a quoted title is a title Results shows for one of its environments', () => {
    for (const story of STORIES) {
      for (const [, quoted] of story.lead.matchAll(/\u201c([^\u201d]*)\u201d/g)) {
        const folds = story.config.envs.flatMap((env) => [byKindTitle(env), runOrderTitle(env)]);
        const stories = STORIES.map((s) => s.title);
        expect([...folds, ...stories], `${story.id} quotes ${quoted}`).toContain(quoted);
      }
      // Named in passing ("the breakdown by tool scale"): one of its folds is titled so.
      for (const [, by] of story.lead.matchAll(/breakdown by ([\w -]+?)[:,.;)]/g)) {
        expect(story.config.envs.some((env) => byKindTitle(env).endsWith(`by ${by}`)), `${story.id}: breakdown by ${by}`).toBe(true);
      }
    }
  });
});

/** Words that say which way a result went; a story's own text may use them only in a question or of a paper's figure. */
const RESULT_WORDS = /\b(fewer|more|less|higher|lower|above|below|better|worse|saves?|saving|drops?|grows?|rises?|beats?|wins?|far|changes little|does not overlap|overlaps?)\b/i;

describe('a story claims nothing its run did not show (issue 29 item 2)', () => {
  it('its title and lead state a result only as a question (or as a paper\'s figure): every other sentence is free of result words', () => {
    for (const story of STORIES) {
      if (!story.title.endsWith('?')) expect(story.title, story.id).not.toMatch(RESULT_WORDS);
      // Quoted titles are names, not claims.
      const sentences = story.lead.replace(/\u201c[^\u201d]*\u201d/g, '\u201c\u201d').split(/(?<=[.!?])\s+(?=[A-Z])/);
      for (const sentence of sentences) {
        const claim = sentence.replace(/\([^)]*the paper reports[^)]*\)/g, '');
        if (!claim.trimEnd().endsWith('?')) expect(claim, `${story.id}: a claim in its own words`).not.toMatch(RESULT_WORDS);
      }
    }
  });

  it('its title is a question (issue 42 item 1): the story bar shows it while a lesson asks the class to predict', () => {
    for (const story of STORIES) expect(story.title, story.id).toMatch(/\?$/);
  });

  it('measures what its questions ask, on strategies and environments it runs, and points at a part of Results it has', () => {
    for (const story of STORIES) {
      expect(story.measures.length, story.id).toBeGreaterThan(0);
      for (const m of story.measures) {
        expect(story.config.envs, story.id).toContain(m.env);
        expect(story.config.strategies, story.id).toEqual(expect.arrayContaining([m.strategy, m.baseline]));
      }
      if ('env' in story.look) expect(story.config.envs, story.id).toContain(story.look.env);
    }
  });

  it('answers them from the shipped default result: every measure paired over all its task runs, a direction only where the interval excludes 0', () => {
    const results = shippedRun.results as unknown as TaskResult[];
    const findings = findingsOf(DEFAULT_STORY.measures, results);
    expect(findings).toHaveLength(DEFAULT_STORY.measures.length);
    for (const finding of findings) {
      expect(finding.pairs).toBe(DEFAULT_STORY.config.tasks * DEFAULT_STORY.config.seeds);
      expect(finding.direction).toBe(direction({ interval: finding.interval } as Parameters<typeof direction>[0]));
      if (finding.direction === 'unclear') expect(finding.brief).toMatch(/^No difference shown .* includes 0\)\.$/);
      else expect(finding.brief).toMatch(finding.direction === 'lower' ? /\b(fewer|less|lower)\b/ : /\b(more|higher)\b/);
    }
  });
});

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
