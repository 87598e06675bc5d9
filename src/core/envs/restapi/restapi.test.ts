import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRestDataset } from './dataset';
import { RestApiEnvironment } from './restapi-environment';
import { restapiExpert } from './restapi-expert';
import { toolName } from './openapi-tools';
import type { RestQueryData } from './dataset';

const read = (name: string) => JSON.parse(readFileSync(new URL(`../../../../public/data/restapi/${name}`, import.meta.url), 'utf8'));
const bundled = { queries: read('spotify.json'), spec: read('spotify_oas.json') };

describe('restapi', () => {
  const dataset = parseRestDataset(bundled);

  it('should build one tool per operation of the spec and split the 57 queries a third for training', () => {
    expect(dataset.tools.length).toBe(40);
    expect(dataset.tools.find((t) => t.endpoint === 'GET /albums/{id}/tracks')).toMatchObject({ tool: { name: 'GET_albums_id_tracks' }, idParams: ['id'], inputKinds: ['album'], outputKinds: ['track', 'artist'] });
    expect(dataset.api).toBe('Spotify Web API');
    // Request-body fields are arguments, required as the body's schema says.
    expect(dataset.tools.find((t) => t.endpoint === 'POST /users/{user_id}/playlists')?.tool.arguments).toMatchObject({ properties: { name: { type: 'string' }, public: { type: 'boolean' } }, required: ['user_id', 'name'] });
    expect(dataset.tasks).toHaveLength(57);
    expect(dataset.tasks.filter((t) => t.split === 'train')).toHaveLength(19);
    expect(toolName('POST /users/{user_id}/playlists')).toBe('POST_users_user_id_playlists');
  });

  it('should be solved by following the gold path with the ids the previous calls returned', () => {
    const env = new RestApiEnvironment(dataset.tools, dataset.api);
    for (const task of dataset.tasks) {
      env.reset(task);
      const expert = restapiExpert(env);
      let last;
      for (let action = expert.next(), n = 0; action && n < 8; action = expert.next(), n++) {
        last = env.step(action);
        if (last.done) break;
      }
      expect([task.id, last?.success]).toEqual([task.id, true]);
      expect(env.metrics()).toEqual({ correctPath: 1, deltaSL: 0 });
    }
  });

  it('should refuse unknown ids and missing parameters, and score correct path and Delta solution length', () => {
    const env = new RestApiEnvironment(dataset.tools, dataset.api);
    const task = dataset.tasks.find((t) => (t.data as RestQueryData).solution.join() === 'GET /search,GET /albums/{id}/tracks,POST /me/player/queue')!;
    expect(env.reset(task)).toContain('You can call the Spotify Web API operations listed (simulated).');
    expect(env.step({ tool: 'GET_albums_id_tracks', args: { id: 'album_made_up' } })).toMatchObject({ ok: false, observation: expect.stringContaining('Non existing id') });
    expect(env.step({ tool: 'GET_search', args: {} })).toMatchObject({ ok: false, observation: expect.stringContaining('Missing required parameter q') });
    const search = env.step({ tool: 'GET_search', args: { q: 'dark side of the moon', type: 'album' } });
    const id = JSON.parse(search.observation).albums.items[0].id;
    expect(id).toMatch(/^album_/);
    env.step({ tool: 'GET_me', args: {} }); // a detour: correct path still holds, one extra call
    const tracks = JSON.parse(env.step({ tool: 'GET_albums_id_tracks', args: { id } }).observation);
    const track = tracks.items[0].id;
    expect(track).toMatch(/^track_/);
    env.step({ tool: 'POST_me_player_queue', args: { uri: `spotify:track:${track}`, device_id: 'default' } });
    expect(env.step({ tool: 'finish', args: { answer: 'queued' } })).toMatchObject({ success: true });
    // Delta solution length counts every API call made, the two refused ones too (ToolExpNet section 5.3): 6 - 3.
    expect(env.metrics()).toEqual({ correctPath: 1, deltaSL: 3 });
  });

  it('should refuse an id of the wrong kind (an issued track id where an album id goes)', () => {
    const env = new RestApiEnvironment(dataset.tools, dataset.api);
    const task = dataset.tasks.find((t) => (t.data as RestQueryData).solution.join() === 'GET /search,GET /albums/{id}/tracks,POST /me/player/queue')!;
    env.reset(task);
    const search = JSON.parse(env.step({ tool: 'GET_search', args: { q: 'money', type: 'track' } }).observation);
    const track = search.tracks.items[0].id;
    expect(track).toMatch(/^track_/);
    expect(env.step({ tool: 'GET_albums_id_tracks', args: { id: track } })).toMatchObject({ ok: false, observation: expect.stringContaining('No album with id') });
    // The same id where a track goes is accepted.
    expect(env.step({ tool: 'POST_me_player_queue', args: { uri: `spotify:track:${track}`, device_id: 'default' } })).toMatchObject({ ok: true });
    expect(env.metrics()).toEqual({ correctPath: 0 });
  });

  it('should count Delta solution length only on successful runs', () => {
    const env = new RestApiEnvironment(dataset.tools, dataset.api);
    const task = dataset.tasks[0];
    env.reset(task);
    const expert = restapiExpert(env);
    for (let action = expert.next(); action && action.tool !== 'finish'; action = expert.next()) env.step(action);
    // Every gold call made, but never finished: a correct path, not a success, so no Delta solution length.
    expect(env.metrics()).toEqual({ correctPath: 1 });
    env.step({ tool: 'GET_nowhere', args: {} }); // a call to no operation still counts as a call made
    env.step({ tool: 'finish', args: { answer: 'done' } });
    expect(env.metrics()).toEqual({ correctPath: 1, deltaSL: 1 });
  });

  it('should name the problem of a broken import', () => {
    expect(() => parseRestDataset({ queries: [{ query: 'x' }], spec: bundled.spec })).toThrow('RestBench queries: query 0, solution');
    expect(() => parseRestDataset({ queries: [{ query: 'x', solution: ['GET /nowhere'] }], spec: bundled.spec })).toThrow('query 0, solution: "GET /nowhere" is not an operation');
    expect(() => parseRestDataset({ queries: bundled.queries })).toThrow('an OpenAPI spec file is needed');
    expect(() => parseRestDataset({ queries: bundled.queries, spec: { paths: 3 } })).toThrow(/OpenAPI spec: paths/);
  });
});

describe('restapi imports of real data', () => {
  it('loads the valid queries and lists each one left out with its reason', () => {
    const { queries, spec } = bundled;
    const mixed = [queries[0], { query: 'typo', solution: ['GET /albums/{album_id}/trackz'] }, { query: '' , solution: ['GET /search'] }, queries[1]];
    const dataset = parseRestDataset({ queries: mixed, spec });
    expect(dataset.tasks.map((t) => t.id)).toEqual(['restapi-001', 'restapi-004']);
    expect(dataset.skipped).toEqual([
      { id: 'query 1', reason: 'solution: "GET /albums/{album_id}/trackz" is not an operation of the OpenAPI spec' },
      { id: 'query 2', reason: expect.stringMatching(/^query: /) },
    ]);
  });

  it('makes tool names unique where two paths spell one name, and says so', () => {
    const spec = { paths: { '/a-b': { get: { summary: 'dash' } }, '/a_b': { get: { summary: 'underscore' } } } };
    const dataset = parseRestDataset({ queries: [{ query: 'q', solution: ['GET /a_b'] }], spec });
    expect(dataset.tools.map((t) => t.tool.name)).toEqual(['GET_a_b', 'GET_a_b_2']);
    expect(dataset.notes).toEqual(['GET /a_b is the tool GET_a_b_2: another operation\'s path gives the same name GET_a_b.']);
  });
});
