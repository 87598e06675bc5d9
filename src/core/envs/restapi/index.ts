import type { EnvSpec } from '../env-spec';
import { restapiMeta } from './meta';
import type { RestDataset } from './dataset';
import { parseRestDataset } from './dataset';
import { RestApiEnvironment } from './restapi-environment';
import { restapiExpert } from './restapi-expert';
import { restapiAdvisor } from './restapi-advisor';

/** RestBench-style REST API tasks over an OpenAPI spec (bundled: the Spotify set, MIT). */
export const restapiSpec: EnvSpec<RestDataset> = {
  ...restapiMeta,
  parse: parseRestDataset,
  create: (dataset) => new RestApiEnvironment(dataset.tools),
  advisor: restapiAdvisor,
  expert: (env) => restapiExpert(env as RestApiEnvironment),
};
