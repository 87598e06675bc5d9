import type { EnvSpec } from '../env-spec';
import { restapiMeta } from './meta';
import type { RestDataset, RestQueryData } from './dataset';
import { parseRestDataset } from './dataset';
import { RestApiEnvironment } from './restapi-environment';
import { restapiExpert } from './restapi-expert';

/** RestBench-style REST API tasks over an OpenAPI spec (bundled: the Spotify set, MIT). */
export const restapiSpec: EnvSpec<RestDataset> = {
  ...restapiMeta,
  parse: parseRestDataset,
  create: (dataset) => new RestApiEnvironment(dataset.tools, dataset.api),
  expert: (env) => restapiExpert(env as RestApiEnvironment),
  // The query's annotated solution path, as tool names.
  trainingLabel: (dataset, task) => (task.data as RestQueryData).solution.map((endpoint) => dataset.tools.find((t) => t.endpoint === endpoint.trim())?.tool.name ?? endpoint),
};
