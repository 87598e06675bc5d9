/**
 * Prints, as JSON, the ids of every metric a run, an environment or a strategy declares and of every
 * strategy hyperparameter and SimLM dial of the settings schema, read from the specs. The glossary's
 * e2e test (e2e/glossary.spec.ts) checks the page against it, and the columns each story names
 * (e2e/tables.spec.ts); Playwright cannot load the core's JSON imports itself.
 */
import { ENV_CATALOG } from '../src/core/envs/catalog';
import { STRATEGY_CATALOG } from '../src/core/strategies/catalog';
import { RUN_METRICS } from '../src/core/run/metric-kinds';
import { SETTINGS } from '../src/core/run/settings';
import { DEFAULT_STORY, STORIES } from '../src/core/run/stories';

const metrics = [
  ...new Set([
    ...Object.keys(RUN_METRICS),
    ...Object.values(ENV_CATALOG).flatMap((env) => Object.keys(env.metrics ?? {})),
    ...Object.values(STRATEGY_CATALOG).flatMap((strategy) => Object.keys(strategy.metrics ?? {})),
  ]),
];
const settings = SETTINGS.filter((s) => s.group === 'hyperparameter' || s.group === 'dial').map((s) => s.name);
// The columns each story's record names (stories.ts `columns`): e2e/tables.spec.ts checks they fit at 1440 px.
const stories = Object.fromEntries(STORIES.map((story) => [story.id, story.columns]));
process.stdout.write(JSON.stringify({ metrics, settings, stories, defaultStory: DEFAULT_STORY.id }));
