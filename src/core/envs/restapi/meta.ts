import type { EnvMeta } from '../env-spec';
import { PAPER_TITLES } from '../../paper-titles';

/** What the page shows of the RestBench environment, without its data or code; `restapiSpec` adds those. */
export const restapiMeta: EnvMeta = {
  id: 'restapi',
  label: 'RestBench Spotify (REST API)',
  sampleQuery: 'Give me the tracks of the newest album of Adele.',
  metrics: {
    correctPath: { label: 'Correct path', title: 'RestBench: share of tasks whose gold path is a subsequence of the calls made', kind: 'rate', what: 'Whether the calls made contain the gold path of API calls as a subsequence.', definedIn: `${PAPER_TITLES.toolexpnet}, section 4.1 (Correct Path Rate, CP%), after RestGPT` },
    deltaSL: { label: 'Δ solution length', title: 'RestBench: calls made minus gold path length, on correct paths', kind: 'mean', what: 'On correct paths, how many more API calls were made than the gold solution has.', definedIn: `${PAPER_TITLES.toolexpnet}, section 5.3 (Δ Solution Length), after RestGPT` },
  },
  description:
    'Requests to a simulated Spotify Web API built from its OpenAPI spec (RestBench, MIT): calls must chain the ids earlier calls return. Metrics: correct path rate (the gold path is a subsequence of the calls) and Delta solution length.',
  dataFile: 'restapi/spotify.json',
  temperature: { value: 0, source: 'ToolExpNet paper section 4.3: "The temperature of all models are set to 0" (every method of its Table 1)' },
  dataFiles: { queries: 'restapi/spotify.json', spec: 'restapi/spotify_oas.json' },
  importFiles: {
    queries: { label: 'RestBench queries (JSON: [{"query", "solution": ["GET /search", …]}])', required: true },
    spec: { label: 'OpenAPI spec (JSON; optional, the bundled Spotify spec otherwise)', required: false },
  },
};
