import { describe, expect, it } from 'vitest';
import type { Action, StepResult } from '../../types';
import { parseRestDataset } from './dataset';
import { RestApiEnvironment } from './restapi-environment';
import { restapiExpert } from './restapi-expert';

// A made-up API (cookbooks published by publishing houses), in no data set's words: the simulator and
// the expert read what a response names, and where a value comes from, from the spec alone.
const object = (properties: Record<string, unknown>) => ({ type: 'object', properties });
const named = (name: string, description = `The ${name}.`) => ({ name, in: 'path', required: true, description, schema: { type: 'string' } });
const ok = (schema: unknown) => ({ '200': { description: 'OK', content: { 'application/json': { schema } } } });
const book = { $ref: '#/components/schemas/cookbook' };
const spec = {
  openapi: '3.0.3',
  info: { title: 'Cookbook API' },
  paths: {
    '/search/cookbooks': { get: { summary: 'Search cookbooks', parameters: [{ name: 'q', in: 'query', required: true, schema: { type: 'string' } }], responses: ok(object({ total: { type: 'integer' }, items: { type: 'array', items: book } })) } },
    '/houses/{house}': { get: { summary: 'Get a publishing house', parameters: [named('house', 'The house name.')], responses: ok({ $ref: '#/components/schemas/house' }) } },
    '/houses/{house}/cookbooks': { get: { summary: 'List the cookbooks a house publishes', parameters: [named('house', 'The house name.')], responses: ok({ type: 'array', items: book }) } },
    '/cookbooks/{publisher}/{cookbook}': { get: { summary: 'Get a cookbook', parameters: [named('publisher', 'The account that publishes the cookbook.'), named('cookbook')], responses: ok(book) } },
    '/cookbooks/{publisher}/{cookbook}/editions': { get: { summary: 'List editions', description: 'Newest first.', parameters: [named('publisher'), named('cookbook')], responses: ok({ type: 'array', items: { $ref: '#/components/schemas/edition' } }) } },
    '/cookbooks/{publisher}/{cookbook}/editions/{edition_id}': { get: { summary: 'Get an edition', parameters: [named('publisher'), named('cookbook'), { name: 'edition_id', in: 'path', required: true, schema: { type: 'integer' } }], responses: ok({ $ref: '#/components/schemas/edition' }) } },
    '/cookbooks/{publisher}/{cookbook}/editions/stamps/{stamp}': { get: { summary: 'Get an edition by its stamp', parameters: [named('publisher'), named('cookbook'), named('stamp')], responses: ok({ $ref: '#/components/schemas/edition' }) } },
    '/cookbooks/{publisher}/{cookbook}/diff/{span}': { get: { summary: 'Compare two editions', parameters: [named('publisher'), named('cookbook'), named('span', 'The two stamps to compare, in the form `OLD...NEW`.')], responses: ok({ $ref: '#/components/schemas/diff' }) } },
  },
  components: {
    schemas: {
      cookbook: object({ id: { type: 'integer' }, name: { type: 'string' }, pages: { type: 'integer' } }),
      house: object({ id: { type: 'integer' }, name: { type: 'string' }, website: { type: 'string' } }),
      edition: object({ id: { type: 'integer' }, name: { type: 'string' }, stamp_name: { type: 'string' }, printed_at: { type: 'string' } }),
      diff: object({ changed_pages: { type: 'integer' }, recipes: { type: 'array', items: object({ id: { type: 'integer' }, name: { type: 'string' } }) } }),
    },
  },
};
const queries = [
  { query: 'Which house publishes the Bread Basics cookbook, and what is its website?', solution: ['GET /search/cookbooks', 'GET /houses/{house}'] },
  { query: 'What changed between the two latest editions of chef-ana/bread-basics?', solution: ['GET /cookbooks/{publisher}/{cookbook}/editions', 'GET /cookbooks/{publisher}/{cookbook}/diff/{span}'] },
];

describe('where the RestBench expert takes a name from, on a made-up API', () => {
  const dataset = parseRestDataset({ queries, spec });
  const env = new RestApiEnvironment(dataset.tools, dataset.api);

  function solve(index: number): { calls: Action[]; last?: StepResult } {
    env.reset(dataset.tasks[index]);
    const expert = restapiExpert(env);
    const calls: Action[] = [];
    let last;
    for (let action = expert.next(), n = 0; action && n < 6; action = expert.next(), n++) {
      calls.push(action);
      last = env.step(action);
      if (last.done) break;
    }
    return { calls, last };
  }

  it('a list answers with two items, and a field named for a kind\'s name (`stamp_name`) holds a name of that kind', () => {
    env.reset(dataset.tasks[1]);
    const editions = JSON.parse(env.step({ tool: 'GET_cookbooks_publisher_cookbook_editions', args: { publisher: 'chef-ana', cookbook: 'bread-basics' } }).observation);
    expect(editions).toHaveLength(2);
    expect(editions.map((e: { stamp_name: string }) => e.stamp_name)).toEqual([expect.stringMatching(/^stamp-/), expect.stringMatching(/^stamp-/)]);
    // The stamp read off the list names an edition the next call may look up.
    expect(env.step({ tool: 'GET_cookbooks_publisher_cookbook_editions_stamps_stamp', args: { publisher: 'chef-ana', cookbook: 'bread-basics', stamp: editions[1].stamp_name } })).toMatchObject({ ok: true });
  });

  it('takes the house that publishes a cookbook from the cookbook\'s publisher: a house holds cookbooks (`/houses/{house}/cookbooks`)', () => {
    const { calls, last } = solve(0);
    const hits = env.outputs[0] as { items: { publisher: string }[] };
    expect(calls[1]).toEqual({ tool: 'GET_houses_house', args: { house: hits.items[0].publisher } });
    expect(last?.success).toBe(true);
  });

  it('fills a range (`OLD...NEW`) with two names read off the latest list, older first', () => {
    const { calls, last } = solve(1);
    const editions = env.outputs[0] as { stamp_name: string }[];
    expect(calls[1].args.span).toBe(`${editions[1].stamp_name}...${editions[0].stamp_name}`);
    expect(last?.success).toBe(true);
  });
});
