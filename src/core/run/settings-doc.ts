import { RUN_METRICS } from './metric-kinds';
import { SETTINGS, type Setting } from './settings';
import type { MetricKind } from '../types';

const INTRO = `# Settings

Every setting of Toolwise is one entry of the settings schema (\`src/core/run/settings.ts\`, zod).
From it come the page's link, the bench's flags and \`--help\`, the form's bounds, validation and
the sweep's keys, so each setting has **one spelling** everywhere:

| where | how a setting is written | example |
|---|---|---|
| link (the page's URL hash, or its query) | \`name=value\` | \`#tasks=30&egb-logits.tau=0.3&sim.kappa=3\` |
| command line (\`npm run bench --\`) | \`--name value\` (a switch: \`--name\`) | \`--tasks 30 --egb-logits.tau 0.3 --sim.kappa 3\` |
| sweep (page's Sweep view, \`--sweep\`) | \`name=from:to:steps\` | \`--sweep sim.kappa=1:6:6\` |

A value that does not fit its setting is refused with a message that names it and says what it
takes (\`tasks=NaN: give a whole number from 1 to 100,000 (tasks per environment).\`); on the page the setting keeps
its default and a link's run does not start by itself. A link's names the page does not know (an
environment, a strategy, a SimLM preset or model kind, an embedder: \`#envs=bogus&model=sim:huge\`) are
reported at load, each by name with what the page used instead. The query form (\`?tasks=30\`) reads
as the hash form, which the page then writes. Older spellings are still read, never
written: \`p.<strategy>.<key>\` and \`d.<skill>\` in links, \`--param <strategy>.<key>=<value>\`,
\`--dial <skill>=<value>\` and \`--env\` on the command line.

Where a setting comes from: run fields from the property table \`src/core/run/config-fields.ts\`;
hyperparameters from each strategy's \`meta.ts\` (\`params\`); SimLM skills from
\`src/core/llm/sim/presets.ts\` (\`SKILL_RANGES\`, \`SKILL_LABELS\`); page state from
\`settings.ts\` itself. Adding one there adds it to the link, the CLI, the help and this page
(regenerate this file with \`npm run docs:settings\`; a test fails while it is out of date).
`;

const METRICS_INTRO = `## Metric kinds

Each metric declares its kind (\`MetricSpec.kind\`: run columns in \`src/core/run/metric-kinds.ts\`,
an environment's or a strategy's in its \`meta.ts\`). Its 95% interval and its format follow the
kind, never the values a run happens to produce: a count that is 1 on every run is still a count.

| kind | what each task run gives | 95% interval | printed as |
|---|---|---|---|
| rate | an outcome, 0 or 1 | Wilson score | percentage |
| share | a fraction in [0, 1] | bootstrap over tasks (a task's seeds together) | percentage |
| count | a count | bootstrap over tasks | number |
| mean | any other quantity | bootstrap over tasks | number |
| tokens | tokens | bootstrap over tasks | number |
| ms | milliseconds | bootstrap over tasks | number |
| seconds | seconds on a device (modelled) | bootstrap over tasks | number |
| dollars | estimated dollars | bootstrap over tasks | price |

A metric no spec declares (AutoTool's parameter filling by source, \`paramTried_<source>\`) is a \`mean\`.
`;

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function takes(s: Setting): string {
  switch (s.type) {
    case 'int':
    case 'number': {
      const r = s.range!;
      const what = s.type === 'int' ? 'whole number' : 'number';
      return r.aboveMin ? `${what} > ${r.min}, ≤ ${r.max}` : `${what} ${r.min} to ${r.max}`;
    }
    case 'choice':
      return (s.choices ?? []).join(' | ');
    case 'list':
      return 'ids, comma-separated';
    case 'switch':
      return '1 or 0 (flag: present)';
    case 'text':
      return 'text';
  }
}

function where(s: Setting): string {
  return [s.where.link && 'link', s.where.cli && 'CLI', s.where.sweep && 'sweep'].filter(Boolean).join(', ');
}

function table(settings: Setting[], defaults: (s: Setting) => string): string {
  const rows = settings.map((s) => `| \`${s.name}\` | ${cell(s.help && s.group === 'run' ? `${s.label}: ${s.help}` : s.label)} | ${cell(takes(s))} | ${cell(defaults(s))} | ${where(s)} |${s.aliases?.length ? ` ${s.aliases.map((a) => `\`${a}\``).join(', ')} |` : ' |'}`);
  return ['| name | what | takes | default | where | older spelling |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

/** docs/settings.md, written from the schema. */
export function settingsDoc(): string {
  const runDefault = (s: Setting) => s.defaultText || 'see below';
  const groups: [string, string, Setting[], (s: Setting) => string][] = [
    [
      'Run',
      'What a run is: the page\'s Setup, a link, the bench\'s flags. Defaults: the page opens on the default story (household, ReAct against AutoTool, 60 tasks x 3 seeds, the bundled SimCSE embedder); the bench runs household and academic, ReAct and Reflexion, 30 tasks x 1 seed (60 x 3 with `--claims`), seed 1, `sim:small`, the lexical embedder.',
      SETTINGS.filter((s) => s.group === 'run'),
      (s) => s.defaultText || 'page: the default story\'s; bench: see above',
    ],
    ['Hyperparameters', 'One per strategy parameter, `<strategy>.<key>`, with the paper\'s default and where it comes from. A hyperparameter of a strategy the run leaves out changes nothing.', SETTINGS.filter((s) => s.group === 'hyperparameter'), (s) => `${s.defaultText}${s.help ? ` (${s.help})` : ''}`],
    ['SimLM skills (dials)', 'A SimLM skill set by hand in place of the preset\'s, `sim.<skill>`: a `sim:` model only. The results are labelled with the dials (`Small (…), kappa=3`), so they never pass for the preset\'s.', SETTINGS.filter((s) => s.group === 'dial'), runDefault],
    ['Page state', 'What the page shows besides the setup; it travels in the link. `workers` and `baseline` are also bench flags. Prices travel as `price.<model>=<input>,<output>[,<cached input>]` (dollars per million tokens), only where they differ from the defaults; the bench takes the same as `--price`.', SETTINGS.filter((s) => s.group === 'page'), runDefault],
  ];
  const sections = groups.map(([title, intro, settings, defaults]) => `## ${title}\n\n${intro}\n\n${table(settings, defaults)}\n`);
  const kinds = Object.entries(RUN_METRICS).map(([key, spec]) => `| \`${key}\` | ${cell(spec.label)} | ${spec.kind} |`);
  const runColumns = `The run's own columns:\n\n| column | label | kind |\n|---|---|---|\n${kinds.join('\n')}\n`;
  return `${INTRO}\n${sections.join('\n')}\n${METRICS_INTRO}\n${runColumns}`;
}

/** The kinds, listed for a test that the doc names each. */
export const METRIC_KINDS: readonly MetricKind[] = ['rate', 'share', 'count', 'mean', 'tokens', 'ms', 'seconds', 'dollars'];
