import { describe, expect, it } from 'vitest';
import { ToolNetwork } from './tool-network';
import { emptyExperience, insightPrompt, recordTrial, type ToolExperience } from './experience';
import type { Tool } from '../../types';
import type { Embedder } from '../../embed/embedder';
import type { LoopStep } from '../shared/react-loop';

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

  it('should set weights to error rates, add a similarity edge on confusion, confirm and prune dependencies', async () => {
    const network = await ToolNetwork.initialise(tools, fixed(vectors), 0.8, { similarity: true, dependency: true });
    const pools = new Map<string, ToolExperience>();
    const step = (name: string, args: Record<string, string>, ok: boolean, observation: string, advanced = ok): LoopStep => ({ action: name, observation, ok, thought: '', parsed: { tool: name, args }, shortcut: false, advanced });
    // Trial 1: search, then queue_track with a made-up id (fails), then album_tracks with the id search returned.
    recordTrial(network, pools, 'play the first song of Abbey Road', [
      step('search', { query: 'Abbey Road' }, true, '{"items":[{"id":"album_123"}]}'),
      step('queue_track', { track_id: 'made_up' }, false, 'Non existing id'),
      step('album_tracks', { album_id: 'album_123' }, true, '{"items":[{"id":"track_9"}]}'),
    ], false, { similarity: true, dependency: true });
    const confusion = network.find('queue_track', 'album_tracks', 'similarity');
    expect(confusion).toMatchObject({ attempts: 1, errors: 1 });
    expect(pools.get('queue_track')!.confused).toEqual(new Set(['album_tracks']));
    expect(pools.get('search')!.worked).toEqual(new Set(['"play the first song of Abbey Road"']));
    expect(pools.get('queue_track')!.failed.size).toBe(1);
    network.updateWeights();
    expect(network.find('search', 'queue_track', 'dependency')).toBeUndefined();
    expect(confusion!.weight).toBe(1);
    // Trial 2 succeeds: album_tracks gets the id search returned (a real dependency).
    recordTrial(network, pools, 'list the songs of Abbey Road', [step('search', { query: 'Abbey Road' }, true, '{"items":[{"id":"album_123"}]}'), step('album_tracks', { album_id: 'album_123' }, true, '{}')], true, { similarity: true, dependency: true });
    network.updateWeights();
    const carried = network.find('search', 'album_tracks', 'dependency')!;
    expect(carried.confirmed).toBe(true);
    expect(carried.weight).toBeCloseTo(0.5); // 1 error in 2 attempts
    expect(pools.get('album_tracks')!.getsIdsFrom).toEqual(new Set(['search']));
    expect(network.pruneDependencies()).toBe(3);
    expect(network.edges.filter((e) => e.type === 'dependency').map((e) => [e.a, e.b])).toEqual([['search', 'album_tracks']]);
  });

  it('should count attempts and errors per round, summing to the edge totals, and list each tool’s latest trials', async () => {
    const network = await ToolNetwork.initialise(tools, fixed(vectors), 0.8, { similarity: true, dependency: true });
    const step = (name: string, args: Record<string, string>, ok: boolean, observation: string): LoopStep => ({ action: name, observation, ok, thought: '', parsed: { tool: name, args }, shortcut: false, advanced: ok });
    const kinds = { similarity: true, dependency: true };
    const long = `play ${'the white album '.repeat(12)}`;
    // Round 0: two trials, one failed; round 1: nothing; round 2: six trials, the last one failed (with a confusion).
    network.round = 0;
    recordTrial(network, new Map(), 'list the songs', [step('search', { query: 'x' }, true, '{"id":"album_123"}'), step('album_tracks', { album_id: 'album_123' }, true, '{}')], true, kinds);
    recordTrial(network, new Map(), 'songs of nothing', [step('search', { query: 'x' }, true, 'nothing'), step('album_tracks', { album_id: 'zz' }, false, 'Non existing id')], false, kinds);
    network.round = 2;
    for (let i = 0; i < 5; i++) recordTrial(network, new Map(), `songs ${i}`, [step('search', { query: 'x' }, true, '{"id":"album_123"}'), step('album_tracks', { album_id: 'album_123' }, true, '{}')], true, kinds);
    recordTrial(network, new Map(), long, [step('queue_track', { track_id: 'no' }, false, 'Non existing id'), step('album_tracks', { album_id: 'album_123' }, true, '{}')], false, kinds);
    network.roundsRun = 3;

    const dependency = network.find('search', 'album_tracks', 'dependency')!;
    expect(dependency.rounds).toEqual([
      { round: 0, attempts: 2, errors: 1 },
      { round: 2, attempts: 5, errors: 0 },
    ]);
    const snapshot = network.snapshot();
    expect(snapshot.rounds).toBe(3);
    for (const edge of snapshot.edges) {
      const rounds = edge.rounds ?? [];
      expect([rounds.reduce((sum, r) => sum + r.attempts, 0), rounds.reduce((sum, r) => sum + r.errors, 0)]).toEqual([edge.attempts, edge.errors]);
    }
    expect(snapshot.edges.find((e) => e.source === 'queue_track' && e.target === 'album_tracks')?.rounds).toEqual([{ round: 2, attempts: 1, errors: 1 }]);
    expect(snapshot.edges.find((e) => e.source === 'search' && e.target === 'album_info')).not.toHaveProperty('rounds');

    const node = (id: string) => snapshot.nodes.find((n) => n.id === id)!;
    expect(node('album_tracks').trialCount).toBe(8);
    expect(node('album_tracks').trials!.map((t) => [t.round, t.goal, t.success])).toEqual([
      [2, 'songs 1', true],
      [2, 'songs 2', true],
      [2, 'songs 3', true],
      [2, 'songs 4', true],
      [2, `${long.slice(0, 119)}…`, false],
    ]);
    expect(node('album_tracks').trials!.every((t) => t.goal.length <= 120)).toBe(true);
    expect([node('search').trialCount, node('search').trials![0].goal]).toEqual([7, 'songs 0']);
    expect(node('album_info')).toEqual({ id: 'album_info', tool: 'album_info', guidance: '' });
  });

  it('should write the experience into the insight prompt as lines the model can read', () => {
    const experience = emptyExperience();
    experience.worked.add('"list the songs of Abbey Road"');
    experience.confused.add('album_info');
    const prompt = insightPrompt(tools[1], { similar: ['album_info'], dependsOn: ['search'], feeds: [] }, experience);
    expect(prompt).toContain('- worked for: "list the songs of Abbey Road"');
    expect(prompt).toContain('- confused with: album_info');
    expect(prompt).toContain('Tools whose output it may need: search');
  });
});
