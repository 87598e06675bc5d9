import { describe, expect, it } from 'vitest';
import { ToolNetwork } from './tool-network';
import { bearsOn, recordAttempt, toolInsightPrompt, type ExperiencePools } from './experience';
import { SimLM } from '../../llm/sim/sim-lm';
import { SIM_PRESETS } from '../../llm/sim/presets';
import { ChatTokenCounter } from '../../llm/token-counter';
import { LexicalEmbedder } from '../../embed/lexical-embedder';
import type { Tool } from '../../types';
import type { Embedder } from '../../embed/embedder';
import type { LoopStep } from '../common/react-loop';

const tool = (name: string, input: string, output: string, description = `${name} tool`): Tool => ({
  name,
  description,
  arguments: { properties: { [input]: { type: 'string', description: `the ${input.replace('_id', '')} id` } }, required: [input] },
  results: { properties: { items: { type: 'array', description: `${output} objects, each with its id` } }, required: [] },
});

/** An embedder that puts the given texts on fixed unit vectors, to control similarities. */
const fixed = (vectors: Record<string, number[]>): Embedder => ({
  id: 'fixed',
  label: 'fixed',
  embed: async (texts) => texts.map((text) => Float32Array.from(vectors[text.split(':')[0]])),
});

const tools = [tool('search', 'query', 'album'), tool('album_tracks', 'album_id', 'track'), tool('queue_track', 'track_id', 'queue'), tool('album_info', 'album_id', 'album')];
const vectors = { search: [1, 0, 0], album_tracks: [0, 1, 0], queue_track: [0, 0, 1], album_info: [0, 0.85, Math.sqrt(1 - 0.85 ** 2)] };

describe('ToolNetwork', () => {
  it('should link tools whose docs are similar at Phi, and tools whose outputs feed others’ inputs', async () => {
    const network = await ToolNetwork.initialise(tools, fixed(vectors), 0.8, { similarity: true, dependency: true });
    expect(network.edges.filter((e) => e.type === 'similarity').map((e) => [e.a, e.b])).toEqual([['album_tracks', 'album_info']]);
    expect(network.edges.filter((e) => e.type === 'dependency').map((e) => [e.a, e.b])).toEqual([
      ['search', 'album_tracks'],
      ['search', 'album_info'],
      ['album_tracks', 'queue_track'],
      ['album_info', 'album_tracks'],
    ]);
    const strict = await ToolNetwork.initialise(tools, fixed(vectors), 0.9, { similarity: true, dependency: false });
    expect(strict.edges).toEqual([]);
  });

  it('should not use the environment name or a stop-word table to find dependencies', async () => {
    const { readFileSync } = await import('node:fs');
    const source = readFileSync(new URL('./tool-network.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/spotify/i);
  });
});

const step = (name: string, args: Record<string, string>, ok: boolean, observation: string): LoopStep => ({ action: name, observation, ok, thought: '', parsed: { tool: name, args }, shortcut: false, advanced: ok });
const kinds = { similarity: true, dependency: true };

describe('labelled attempts (section 3.1)', () => {
  it('should set an edge’s weight to 1 - ACC against its labels, not to whether the whole trial failed', async () => {
    const network = await ToolNetwork.initialise(tools, fixed(vectors), 0.8, kinds);
    const similar = network.find('album_tracks', 'album_info', 'similarity')!;
    const depends = network.find('search', 'album_tracks', 'dependency')!;
    expect(bearsOn(similar, ['search', 'album_tracks'])).toBe(true);
    expect(bearsOn(depends, ['search', 'album_tracks'])).toBe(true);
    expect(bearsOn(depends, ['album_tracks', 'search'])).toBe(false);
    const pools: ExperiencePools = new Map();
    const gold = ['search', 'album_tracks'];
    // 1: the actor took album_info for album_tracks: wrong on both edges.
    recordAttempt(network, pools, 'list the songs of Abbey Road', [step('search', { query: 'Abbey Road' }, true, '{"items":[{"id":"album_123"}]}'), step('album_info', { album_id: 'album_123' }, true, '{}')], gold, [similar, depends], kinds);
    // 2: right path, but a later call failed and the task was not solved: still right for both edges.
    recordAttempt(network, pools, 'the songs of Let It Be, queued', [step('search', { query: 'Let It Be' }, true, '{"items":[{"id":"album_456"}]}'), step('album_tracks', { album_id: 'album_456' }, true, '{}'), step('queue_track', { track_id: 'made_up' }, false, 'Non existing id')], [...gold, 'queue_track'], [similar, depends], kinds);
    // 3, 4: right.
    for (const album of ['Help', 'Revolver']) recordAttempt(network, pools, `the songs of ${album}`, [step('search', { query: album }, true, '{"items":[{"id":"album_789"}]}'), step('album_tracks', { album_id: 'album_789' }, true, '{}')], gold, [similar, depends], kinds);
    expect([similar.attempts, similar.errors, depends.attempts, depends.errors]).toEqual([4, 1, 4, 1]);
    network.updateWeights();
    expect(similar.weight).toBeCloseTo(0.25);
    expect(depends.weight).toBeCloseTo(0.25);
    // The records join the pools of the tools their gold path uses, with the prediction and the gold path;
    // album_info, which only the prediction took, gets none of them.
    expect(pools.get('album_tracks')!.get('list the songs of Abbey Road')).toEqual({ question: 'list the songs of Abbey Road', pred: ['search', 'album_info'], gold });
    expect(pools.get('album_tracks')!.size).toBe(4);
    expect(pools.get('album_info')).toBeUndefined();
    // The id search returned was carried into album_tracks: an actual dependency.
    expect(depends.confirmed).toBe(true);
  });

  it('should link two tools the actor confused, and prune only dependency edges tried without a dependency', async () => {
    const network = await ToolNetwork.initialise(tools, fixed(vectors), 0.8, kinds);
    const pools: ExperiencePools = new Map();
    const edge = network.find('album_tracks', 'queue_track', 'dependency')!;
    recordAttempt(network, pools, 'queue the first song of Abbey Road', [step('search', { query: 'Abbey Road' }, true, '{"items":[{"id":"album_123"}]}'), step('album_info', { album_id: 'album_123' }, true, '{}'), step('queue_track', { track_id: 'made_up' }, false, 'Non existing id')], ['search', 'album_tracks', 'queue_track'], [edge], kinds);
    expect(network.find('album_tracks', 'album_info', 'similarity')).toBeDefined();
    expect(network.find('queue_track', 'search', 'similarity')).toBeUndefined();
    expect([edge.attempts, edge.errors]).toEqual([1, 1]);
    const untried = network.find('search', 'album_info', 'dependency')!;
    expect(network.pruneDependencies()).toBe(1);
    expect(network.find('album_tracks', 'queue_track', 'dependency')).toBeUndefined();
    expect(network.edges).toContain(untried);
  });

  it('should count attempts and errors per round, summing to the edge totals, and list each tool’s latest trials', async () => {
    const network = await ToolNetwork.initialise(tools, fixed(vectors), 0.8, kinds);
    const depends = network.find('search', 'album_tracks', 'dependency')!;
    const long = `play ${'the white album '.repeat(12)}`;
    const right = [step('search', { query: 'x' }, true, '{"id":"album_123"}'), step('album_tracks', { album_id: 'album_123' }, true, '{}')];
    network.round = 0;
    recordAttempt(network, new Map(), 'list the songs', right, ['search', 'album_tracks'], [depends], kinds);
    recordAttempt(network, new Map(), 'songs of nothing', [step('search', { query: 'x' }, true, 'nothing')], ['search', 'album_tracks'], [depends], kinds);
    network.round = 2;
    for (let i = 0; i < 5; i++) recordAttempt(network, new Map(), `songs ${i}`, right, ['search', 'album_tracks'], [depends], kinds);
    recordAttempt(network, new Map(), long, [step('queue_track', { track_id: 'no' }, false, 'Non existing id'), step('album_tracks', { album_id: 'album_123' }, true, '{}')], ['album_tracks'], [], kinds);
    network.roundsRun = 3;
    expect(depends.rounds).toEqual([
      { round: 0, attempts: 2, errors: 1 },
      { round: 2, attempts: 5, errors: 0 },
    ]);
    const snapshot = network.snapshot();
    expect(snapshot.rounds).toBe(3);
    for (const edge of snapshot.edges) {
      const rounds = edge.rounds ?? [];
      expect([rounds.reduce((sum, r) => sum + r.attempts, 0), rounds.reduce((sum, r) => sum + r.errors, 0)]).toEqual([edge.attempts, edge.errors]);
    }
    const node = (id: string) => snapshot.nodes.find((n) => n.id === id)!;
    expect(node('album_tracks').trialCount).toBe(8);
    expect(node('album_tracks').trials!.map((t) => [t.round, t.goal, t.success])).toEqual([
      [2, 'songs 1', true],
      [2, 'songs 2', true],
      [2, 'songs 3', true],
      [2, 'songs 4', true],
      [2, `${long.slice(0, 119)}…`, true],
    ]);
    expect(node('album_info')).toEqual({ id: 'album_info', tool: 'album_info', guidance: '' });
  });
});

describe('the insight prompt (section 3.2, appendix A)', () => {
  it('should list neighbours with their insights and (question, prediction, gold) records', async () => {
    const network = await ToolNetwork.initialise(tools, fixed(vectors), 0.8, kinds);
    network.guidance.set('album_info', 'Details of one album, not its songs.');
    const pools: ExperiencePools = new Map();
    recordAttempt(network, pools, 'list the songs of Abbey Road', [step('search', { query: 'Abbey Road' }, true, '{"items":[{"id":"album_123"}]}'), step('album_info', { album_id: 'album_123' }, true, '{}')], ['search', 'album_tracks'], [network.find('album_tracks', 'album_info', 'similarity')!], kinds);
    const prompt = toolInsightPrompt(network, 'album_tracks', pools)!;
    expect(prompt).toContain('- similar to: album_info\n    its insight: Details of one album, not its songs.');
    expect(prompt).toContain('- depends on: search\n    its insight: search tool');
    expect(prompt).toContain('- failed: "list the songs of Abbey Road" (pred: search -> album_info; gold: search -> album_tracks)');
  });

  it('should credit a trial on edge (A, B) whose gold is B to B alone, and name A in B’s insight (sections 3.1, 3.2)', async () => {
    const sim = new SimLM({ ...SIM_PRESETS.small, reflectionQuality: 1 }, { reader: { shape: 'none', recognizes: () => false, advise: () => ({ calls: [] }), values: () => [] }, seed: 1, modelSeed: 1, embedder: new LexicalEmbedder() }, new ChatTokenCounter({ id: 'words', count: (text) => (text.match(/\S+/g) ?? []).length }));
    const insightOf = async (network: ToolNetwork, name: string, pools: ExperiencePools) =>
      (await sim.generate({ kind: 'insight', messages: [{ role: 'user', content: toolInsightPrompt(network, name, pools)! }] })).text;
    const network = await ToolNetwork.initialise(tools, fixed(vectors), 0.8, kinds);
    const edge = network.find('album_tracks', 'album_info', 'similarity')!;
    const before = { info: await insightOf(network, 'album_info', new Map()), tracks: await insightOf(network, 'album_tracks', new Map()) };
    const history = (name: string) => [step('search', { query: 'Abbey Road' }, true, '{"items":[{"id":"album_123"}]}'), step(name, { album_id: 'album_123' }, true, '{}')];
    for (const taken of ['album_info', 'album_tracks']) {
      const pools: ExperiencePools = new Map();
      // Edge (album_tracks, album_info); the query's gold path uses album_tracks, whichever tool the actor took.
      recordAttempt(network, pools, 'list the songs of Abbey Road', history(taken), ['search', 'album_tracks'], [edge], kinds);
      expect(toolInsightPrompt(network, 'album_info', pools)).not.toContain('Abbey Road');
      expect(await insightOf(network, 'album_info', pools)).toBe(before.info);
      const tracks = await insightOf(network, 'album_tracks', pools);
      expect(tracks).not.toBe(before.tracks);
      expect(tracks).toContain("'list the songs of Abbey Road'");
      // Where the actor took album_info for it, album_tracks' insight names what it was taken for.
      if (taken === 'album_info') expect(tracks).toMatch(/rather than album_info for requests like 'list the songs of Abbey Road'/);
    }
    // A tool the prediction used where the gold path does not learns that it did not help (nothing is credited to it as a use).
    const pools: ExperiencePools = new Map();
    recordAttempt(network, pools, 'the details of Help', history('album_tracks'), undefined, [edge], kinds);
    expect(await insightOf(network, 'album_tracks', pools)).toMatch(/did not help for 'the details of Help'/);
  });

  it('should give the model different text to read without E_s and without E_d', async () => {
    const sim = new SimLM({ ...SIM_PRESETS.small, reflectionQuality: 1 }, { reader: { shape: 'none', recognizes: () => false, advise: () => ({ calls: [] }), values: () => [] }, seed: 1, modelSeed: 1, embedder: new LexicalEmbedder() }, new ChatTokenCounter({ id: 'words', count: (text) => (text.match(/\S+/g) ?? []).length }));
    const insightOf = async (variant: { similarity: boolean; dependency: boolean }) => {
      const network = await ToolNetwork.initialise(tools, fixed(vectors), 0.8, variant);
      const reply = await sim.generate({ kind: 'insight', messages: [{ role: 'user', content: toolInsightPrompt(network, 'album_tracks', new Map())! }] });
      return reply.text;
    };
    const full = await insightOf(kinds);
    const noEs = await insightOf({ similarity: false, dependency: true });
    const noEd = await insightOf({ similarity: true, dependency: false });
    // E_s lists album_info as similar; E_d lists search as a tool it depends on. The insight passes each on with its relation.
    expect(full).toMatch(/similar to album_info/);
    expect(full).toMatch(/depends on search\b/);
    expect(noEs).not.toMatch(/similar to/);
    expect(noEs).toMatch(/depends on search\b/);
    expect(noEd).toMatch(/similar to album_info/);
    expect(noEd).not.toMatch(/depends on/);
  });
});
