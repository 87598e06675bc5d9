import type { ArgValue } from '../../types';
import type { NeededCall, ToolbenchFile } from './toolbench-types';
import type { DomainSpec, EndpointSpec } from './catalogue';
import { hashSeed, Rng } from '../../rng';
import { catalogueTools, DOMAINS, endpointTool, lookupTool } from './catalogue';
import { scaleLevel } from './toolbench-types';

/** The seed of the bundled `public/data/toolbench.json`. */
export const TOOLBENCH_SEED = 2026;

/** Queries in the bundled file (the issue asks for at least 150). */
export const TOOLBENCH_QUERIES = 180;

const CURRENCIES = ['USD', 'EUR', 'JPY', 'GBP'];
const COUNTRIES = ['US', 'DE', 'JP', 'BR', 'IN'];
const WORDS = ['Aurora', 'Basalt', 'Cobalt', 'Delta', 'Ember', 'Fjord', 'Granite', 'Harbor'];

const pad = (n: number) => String(n).padStart(2, '0');

/** A value for an endpoint parameter, and how the query says it. */
function paramValue(endpoint: EndpointSpec, rng: Rng): { value: ArgValue; phrase: string } | undefined {
  const param = endpoint.param;
  if (!param) return undefined;
  switch (param.kind) {
    case 'days': {
      const value = 2 + rng.int(6);
      return { value, phrase: `over the next ${value} days` };
    }
    case 'date': {
      const value = `2025-${pad(1 + rng.int(12))}-${pad(1 + rng.int(28))}`;
      return { value, phrase: `on ${value}` };
    }
    case 'currency': {
      const value = rng.pick(CURRENCIES);
      return { value, phrase: `in ${value}` };
    }
    case 'year': {
      const value = 2019 + rng.int(6);
      return { value, phrase: `for ${value}` };
    }
    case 'country': {
      const value = rng.pick(COUNTRIES);
      return { value, phrase: `in country ${value}` };
    }
    case 'limit': {
      const value = 3 + rng.int(5);
      return { value, phrase: `(top ${value})` };
    }
  }
}

function answerValue(endpoint: EndpointSpec, rng: Rng): ArgValue {
  return endpoint.answer.kind === 'number' ? Math.round(rng.next() * 500 * 10) / 10 : `${rng.pick(WORDS)} ${rng.pick(['One', 'Line', 'Park', 'Arena', 'Hall', 'Reserve'])}`;
}

/** One query: a lookup by name, then 1 to 3 endpoints of one provider that need the id it returns. */
function drawQuery(rng: Rng, domain: DomainSpec, poolSize: number, allTools: string[]) {
  const provider = rng.pick(domain.providers);
  const other = domain.providers.find((p) => p !== provider)!;
  const name = rng.pick(domain.names);
  const id = `${domain.idField.slice(0, 3).toUpperCase()}-${10000 + rng.int(90000)}`;
  const endpoints = rng.shuffle(domain.endpoints).slice(0, 1 + rng.int(3));
  const calls: NeededCall[] = [{ tool: lookupTool(provider, domain), args: { query: name }, output: { [domain.idField]: id, name, match_count: 1 } }];
  const clauses: string[] = [];
  for (const endpoint of endpoints) {
    const param = paramValue(endpoint, rng);
    const value = answerValue(endpoint, rng);
    calls.push({
      tool: endpointTool(provider, endpoint.key),
      args: { [domain.idField]: id, ...(param ? { [endpoint.param!.name]: param.value } : {}) },
      output: { [domain.idField]: id, [endpoint.answer.field]: value, source: provider },
    });
    clauses.push(`its ${endpoint.answer.words}${param ? ` ${param.phrase}` : ''}`);
  }
  const last = endpoints.at(-1)!;
  const goal =
    `I need information about the ${domain.entity} "${name}" from the ${provider} API. ` +
    (clauses.length > 1 ? `Look up ${clauses.slice(0, -1).join(', ')}, and ` : 'Look up ') +
    `${clauses.at(-1)}. Answer with the ${last.answer.words}.`;
  // The pool: the needed tools, the other provider's near-duplicates, then other tools at random.
  const needed = calls.map((c) => c.tool);
  const twins = [lookupTool(other, domain), ...endpoints.map((e) => endpointTool(other, e.key))];
  const rest = rng.shuffle(allTools.filter((t) => !needed.includes(t) && !twins.includes(t)));
  const pool = rng.shuffle([...needed, ...twins, ...rest].slice(0, Math.max(poolSize, needed.length)));
  return { goal, data: { pool, calls, answer: calls.at(-1)!.output[last.answer.field] } };
}

/**
 * The toolbench data file for a seed (pure and deterministic): the catalogue and queries spread
 * evenly over the three tool-scale levels of EcoAct Figure 3, a third of them for training.
 */
export function generateToolbenchDataset(seed = TOOLBENCH_SEED, count = TOOLBENCH_QUERIES): ToolbenchFile {
  const tools = catalogueTools();
  const names = tools.map((t) => t.name);
  const sizes: [number, number][] = [
    [5, 10],
    [11, 20],
    [21, 64],
  ];
  const tasks = Array.from({ length: count }, (_, index) => {
    const rng = new Rng(hashSeed('toolbench-query', index, seed));
    const [low, high] = sizes[index % 3];
    const { goal, data } = drawQuery(rng, DOMAINS[Math.floor(index / 3) % DOMAINS.length], low + rng.int(high - low + 1), names);
    return { id: `toolbench-${String(index + 1).padStart(3, '0')}`, goal, split: (index % 9 < 3 ? 'train' : 'test') as 'train' | 'test', kind: scaleLevel(data.pool.length), data };
  });
  return { env: 'toolbench', version: 1, tools, tasks };
}
