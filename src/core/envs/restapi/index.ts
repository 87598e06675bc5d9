import type { EnvSpec } from '../../types';
import type { RestDataset } from './dataset';
import { parseRestDataset } from './dataset';
import { RestApiEnvironment } from './restapi-environment';
import { restapiExpert } from './restapi-expert';
import { restapiAdvisor } from './restapi-advisor';

/** RestBench-style REST API tasks over an OpenAPI spec (bundled: the Spotify set, MIT). */
export const restapiSpec: EnvSpec<RestDataset> = {
  id: 'restapi',
  label: 'RestBench Spotify (REST API)',
  sampleQuery: 'Give me the tracks of the newest album of Adele.',
  metrics: {
    correctPath: { label: 'Correct path', title: 'RestBench: share of tasks whose gold path is a subsequence of the calls made', share: true },
    deltaSL: { label: 'Δ solution length', title: 'RestBench: calls made minus gold path length, on correct paths' },
  },
  description:
    'Requests to a simulated Spotify Web API built from its OpenAPI spec (RestBench, MIT): calls must chain the ids earlier calls return. Metrics: correct path rate (the gold path is a subsequence of the calls) and Delta solution length.',
  dataFile: 'restapi/spotify.json',
  dataFiles: { queries: 'restapi/spotify.json', spec: 'restapi/spotify_oas.json' },
  importFiles: {
    queries: { label: 'RestBench queries (JSON: [{"query", "solution": ["GET /search", …]}])', required: true },
    spec: { label: 'OpenAPI spec (JSON; optional, the bundled Spotify spec otherwise)', required: false },
  },
  parse: parseRestDataset,
  create: (dataset) => new RestApiEnvironment(dataset.tools),
  advisor: restapiAdvisor,
  expert: (env) => restapiExpert(env as RestApiEnvironment),
};
