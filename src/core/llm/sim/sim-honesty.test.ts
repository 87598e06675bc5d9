/**
 * The invariants that keep SimLM a model rather than an oracle (docs/simulated-model.md). Each can fail: a
 * provider that hands SimLM hidden state, an advisor that reads the environment, or a reply that
 * invents an id breaks one of them.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Dataset, Task } from '../../types';
import type { ChatMessage } from '../language-model';
import type { ModelProvider, TaskBinding } from '../model-provider';
import type { HouseholdTaskData } from '../../envs/household';
import type { SlateCase } from '../../envs/slate/slate-types';
import type { ToolbenchTaskData } from '../../envs/toolbench/toolbench-types';
import { ENVIRONMENTS } from '../../envs';
import { STRATEGIES } from '../../strategies';
import { sourceFiles } from '../../../../test/fixtures/source-files';
import { reachableFiles } from '../../../../test/fixtures/import-graph';
import { importsOf } from '../../strategies/no-expert.test';
import { bundledDataset, recordSimRun, type RecordedCall } from '../../../../test/fixtures/record-sim-run';
import { parseReply } from '../parse-reply';
import { promptText } from '../advisor';
import { literalLists, literalVocabulary, withoutComments } from '../../../../test/fixtures/literal-lists';
import { isFunctionWord } from './word-stems';
import { goalOf } from './read-context';
import { createSimProvider } from './sim-provider';
import { runMatrix } from '../../run/run-matrix';
import { DEFAULT_RUN_CONFIG } from '../../run/run-config';
import { LexicalEmbedder } from '../../embed/lexical-embedder';
import { devSetDataset } from '../../../../test/fixtures/dev-sets';

const here = dirname(fileURLToPath(import.meta.url));
const core = resolve(here, '../..');

/** Replies are the same as long as the prompts are; returns how many calls matched before the prompts parted. */
function sharedPrefix(a: RecordedCall[], b: RecordedCall[]): number {
  let i = 0;
  for (; i < Math.min(a.length, b.length); i++) {
    if (JSON.stringify(a[i].messages) !== JSON.stringify(b[i].messages)) break;
    expect(b[i].reply, `call ${i}: same prompt, different reply`).toBe(a[i].reply);
  }
  return i;
}

function withTask(dataset: Dataset, task: Task): Dataset {
  return { ...dataset, tasks: dataset.tasks.map((t) => (t.id === task.id ? task : t)) };
}

describe('SimLM knows only what its prompt shows', () => {
  it('imports nothing from environments, strategies or the runner, and names no strategy or strategy prompt text', () => {
    const files = sourceFiles(here).filter((file) => !file.endsWith('.test.ts'));
    expect(files.length).toBeGreaterThan(3);
    const imports = files.flatMap((file) => importsOf(file).map((path) => `${relative(core, file)} -> ${path}`));
    expect(imports.filter((line) => /-> (envs|strategies|run)\/|test\/fixtures\//.test(line) || /expert/i.test(line))).toEqual([]);
    const source = files.map((file) => readFileSync(file, 'utf8')).join('\n');
    for (const id of Object.keys(STRATEGIES)) expect(source.includes(`'${id}'`) || source.includes(`"${id}"`), id).toBe(false);
    // Fixed sentences of the strategies' prompts: none may appear in SimLM's source.
    const promptSources = [...sourceFiles(resolve(core, 'strategies')), ...sourceFiles(resolve(core, 'llm/prompts'))].filter((f) => !f.endsWith('.test.ts'));
    const literals = promptSources.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/['`]([^'`\n]{20,})['`]/g)].flatMap((m) => m[1].split(/\$\{[^}]*\}/)).filter((chunk) => chunk.trim().split(/\s+/).length >= 3),
    );
    expect(literals.length).toBeGreaterThan(20);
    // The reply syntax every model writes (Think / Action / "with Action Input") is a format, not a strategy's sentence.
    const syntax = /^(with Action Input:?|Think:|Action:)$/;
    expect(literals.filter((literal) => !syntax.test(literal.trim()) && source.includes(literal.trim()))).toEqual([]);
  });

  it('writes no literal list of content words (function words only) and names no environment, tool or data set', () => {
    const files = sourceFiles(here).filter((file) => !file.endsWith('.test.ts'));
    // The chat API's own field names (the request fields serve:sim refuses) are the protocol's, not words read for meaning.
    const protocol = new Set(['tools', 'functions']);
    const content = (list: string[]) => list.filter((item) => item.split(' ').some((word) => !isFunctionWord(word) && !protocol.has(word)));
    const found = files.flatMap((file) => literalLists(readFileSync(file, 'utf8'), { tables: false }).filter((list) => content(list).length > 0).map((list) => `${relative(here, file)}: ${list.join('|')}`));
    expect(found).toEqual([]);
    // The rule catches the lists the readers held (a reflection's failure words, a goal's labels) and lets negation through.
    expect(content(literalLists('const FAILURE = /fail|not work|avoid|keep getting/i;', { tables: false })[0])).toEqual(['fail', 'not work', 'avoid', 'keep getting']);
    expect(content(literalLists('const LABEL = /\\b(?:goal|task|query)\\b/i;', { tables: false })[0])).toEqual(['goal', 'task', 'query']);
    expect(literalLists("const NEGATION = /\\b(?:not|no|nor|never)\\b|n't\\b/i;", { tables: false }).map(content)).toEqual([[]]);
    // No environment, tool or data set is named in a literal.
    const literals = new Set(files.flatMap((file) => [...withoutComments(readFileSync(file, 'utf8')).matchAll(/'([^'\n]+)'|"([^"\n]+)"|`([^`]+)`/g)].map((m) => (m[1] ?? m[2] ?? m[3]).trim().toLowerCase())));
    const names = new Set<string>([...Object.keys(ENVIRONMENTS), 'spotify', 'tmdb', 'github', 'clinic', 'alfworld', 'webshop', 'restbench', 'toolbench', 'slate']);
    for (const spec of Object.values(ENVIRONMENTS)) {
      const dataset = bundledDataset(spec);
      for (const tool of spec.create(dataset).tools()) if (tool.name.length > 3) names.add(tool.name.toLowerCase());
    }
    expect(names.size).toBeGreaterThan(40);
    expect([...names].filter((name) => literals.has(name))).toEqual([]);
  });

  it('imports no environment, generator, dataset or script; the only data it loads are its fitted presets', () => {
    const files = sourceFiles(here).filter((file) => !file.endsWith('.test.ts'));
    const imports = files.flatMap((file) => importsOf(file).map((path) => ({ file: relative(core, file), path })));
    // Outside src/core (public/data, scripts, the dev sets) nothing; data files only the two a script writes.
    expect(imports.filter(({ path }) => /^\.\.\/|public\/|scripts\/|generat|dataset|vocabulary|catalogue/.test(path)).map((i) => `${i.file} -> ${i.path}`)).toEqual([]);
    // Nor through another module: every file SimLM's modules load when they run stays outside the environments,
    // strategies, runner and test helpers, and is no generator, dataset, vocabulary or catalogue.
    const reached = [...new Set(files.flatMap((file) => reachableFiles(file)))].map((file) => relative(core, file));
    expect(reached.length).toBeGreaterThan(files.length);
    expect(reached.filter((path) => /^(envs|strategies|run|testing)\/|^\.\.\/|generat|dataset|vocabulary|catalogue/.test(path))).toEqual([]);
    const json = imports.filter(({ path }) => /\.json$/.test(path)).map(({ path }) => path.replace(/^.*\//, ''));
    expect([...new Set(json)].sort()).toEqual(['fitted-presets.json']);
  });

  it('writes no list of words copied from a generator (its literals against the generators\' vocabularies)', () => {
    const envs = resolve(core, 'envs');
    const generators = sourceFiles(envs).filter((file) => /generat|vocabulary|catalogue|task-types/.test(relative(envs, file)));
    expect(generators.length).toBeGreaterThan(8);
    const vocabulary = new Set<string>();
    for (const file of generators) for (const word of literalVocabulary(readFileSync(file, 'utf8'))) if (!isFunctionWord(word)) vocabulary.add(word);
    /** A file's literal lists that share words with the generators: the longest shared list and the total. */
    const shared = (source: string) => {
      const counts = literalLists(source).map((list) => list.filter((item) => vocabulary.has(item)).length);
      return { longest: Math.max(0, ...counts), total: counts.reduce((a, b) => a + b, 0) };
    };
    // Stated limits: a list sharing 8 items or more, or 40 shared items in one file, is a copied table.
    const copied = (source: string) => {
      const { longest, total } = shared(source);
      return longest >= 8 || total >= 40;
    };
    // The rule catches a table copied from a generator: the generators' own lists, as one source.
    const table = generators.map((file) => readFileSync(file, 'utf8')).join('\n');
    expect(copied(table)).toBe(true);
    // ... and one written as an object literal, words of a generator linked to others (the old ToolBench synonyms' shape).
    const words = [...vocabulary].filter((word) => /^[a-z]+$/.test(word)).slice(0, 24);
    const linked = `const RELATED = { ${words.slice(0, 12).map((word, i) => `${word}: ['${words[12 + i]}']`).join(', ')} };`;
    expect(copied(linked)).toBe(true);
    const checked = [...sourceFiles(here), ...sourceFiles(envs).filter((file) => /advisor\.ts$/.test(file))].filter((file) => !file.endsWith('.test.ts'));
    expect(checked.length).toBeGreaterThan(5);
    const offenders = checked.filter((file) => copied(readFileSync(file, 'utf8'))).map((file) => `${relative(core, file)}: ${JSON.stringify(shared(readFileSync(file, 'utf8')))}`);
    expect(offenders).toEqual([]);
  });

  it('no environment owns a reader: no advisor file, no reader in a spec or among an environment\'s exports', async () => {
    const envsDir = resolve(core, 'envs');
    expect(sourceFiles(envsDir).filter((file) => /advisor|reader/i.test(relative(envsDir, file)) && !file.endsWith('.test.ts')).map((file) => relative(core, file))).toEqual([]);
    // A reader is anything with advise and values functions (llm/advisor.ts), under any name.
    const isReader = (value: unknown) => !!value && typeof value === 'object' && typeof (value as { advise?: unknown }).advise === 'function' && typeof (value as { values?: unknown }).values === 'function';
    for (const [id, spec] of Object.entries(ENVIRONMENTS)) {
      expect(Object.keys(spec).filter((key) => /advis|reader/i.test(key) || isReader((spec as unknown as Record<string, unknown>)[key])), id).toEqual([]);
    }
    const folders = readdirSync(envsDir).filter((name) => statSync(resolve(envsDir, name)).isDirectory());
    expect(folders.length).toBeGreaterThanOrEqual(Object.keys(ENVIRONMENTS).length);
    for (const folder of folders) {
      const exports = (await import(resolve(envsDir, folder, 'index.ts'))) as Record<string, unknown>;
      expect(Object.keys(exports).filter((name) => isReader(exports[name])), folder).toEqual([]);
    }
  });

  it('a model provider is told seeds, the embedder and the task\'s evident key, never the environment or its expert', async () => {
    const sim = await createSimProvider('small');
    const bindings: TaskBinding[] = [];
    const watching: ModelProvider = { ...sim, forTask: (binding) => (bindings.push(binding), sim.forTask(binding)) };
    const envs = Object.keys(ENVIRONMENTS);
    for (const env of envs) {
      const spec = ENVIRONMENTS[env];
      await runMatrix({ ...DEFAULT_RUN_CONFIG, envs: [env], strategies: ['react'], tasks: 1 }, { envs: ENVIRONMENTS, strategies: STRATEGIES, datasets: { [env]: bundledDataset(spec) }, models: watching, embedderFor: () => new LexicalEmbedder() });
    }
    expect(bindings.length).toBe(envs.length);
    for (const binding of bindings) expect(Object.keys(binding).sort()).toEqual(['embedder', 'key', 'modelSeed', 'seed']);
    // The key is an advisor (advise and values) that exposes no environment or expert.
    for (const binding of bindings) expect(Object.keys(binding.key as object)).toEqual(['shape']);
    // The SimLM a run's provider makes holds no reader of its own (only SimLM's own tests give one)...
    const model = sim.forTask(bindings[0]) as unknown as { binding: Record<string, unknown> };
    expect(Object.keys(model.binding).filter((key) => /reader|advis|env/i.test(key) && model.binding[key] !== undefined)).toEqual([]);
    // ... and no source outside tests hands SimLM one.
    const sources = [...sourceFiles(core), ...sourceFiles(resolve(core, '../../scripts'))].filter((file) => !file.endsWith('.test.ts') && /new SimLM\(/.test(readFileSync(file, 'utf8')));
    expect(sources.length).toBeGreaterThan(1);
    expect(sources.filter((file) => /new SimLM\([^;]*\breader:/.test(readFileSync(file, 'utf8'))).map((file) => relative(core, file))).toEqual([]);
  }, 120_000);

  it('household: moving the target into another closed container leaves every reply the same while the prompts are the same', async () => {
    const spec = ENVIRONMENTS.household;
    const dataset = bundledDataset(spec);
    let compared = 0;
    for (const task of dataset.tasks.filter((t) => t.split === 'train').slice(0, 12)) {
      const data = task.data as HouseholdTaskData;
      const closed = data.receptacles.filter((r) => r.openable).map((r) => r.name);
      const target = data.objects.find((o) => o.name.startsWith(`${data.target.object} `) && closed.includes(o.at));
      const elsewhere = closed.find((name) => name !== target?.at);
      if (!target || !elsewhere) continue;
      const moved: Task = { ...task, data: { ...data, objects: data.objects.map((o) => (o === target ? { ...o, at: elsewhere } : o)) } };
      for (const seed of [1, 2]) {
        const a = await recordSimRun(spec, dataset, task, { seed });
        const b = await recordSimRun(spec, withTask(dataset, moved), moved, { seed });
        expect(sharedPrefix(a, b)).toBeGreaterThan(0);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(6);
    // 24 household runs: greedy SimLM no longer loops on one action, so the runs show more distinct text to embed.
  }, 240_000);

  it('slate: changing what a later call would return (not shown yet) leaves every reply the same while the prompts are the same (bundled and the clinic development set)', async () => {
    const spec = ENVIRONMENTS.slate;
    for (const [set, dataset] of [['bundled', bundledDataset(spec)], ['clinic', devSetDataset('slate')]] as const) {
      let compared = 0;
      for (const task of dataset.tasks.filter((t) => t.split === 'train').slice(0, 4)) {
        const item = task.data as SlateCase;
        if (item.simulation.length < 2) continue;
        // The last call's output, which no prompt shows before that call is made: every string value changed.
        const changed = (value: unknown): unknown =>
          typeof value === 'string' ? `${value}-x9` : Array.isArray(value) ? value.map(changed) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, changed(v)])) : value;
        const other: Task = { ...task, data: { ...item, simulation: item.simulation.map((entry, i) => (i === item.simulation.length - 1 ? { ...entry, output: changed(entry.output) as Record<string, unknown> } : entry)) } };
        const a = await recordSimRun(spec, dataset, task, { seed: 3 });
        const b = await recordSimRun(spec, withTask(dataset, other), other, { seed: 3 });
        expect(sharedPrefix(a, b)).toBeGreaterThan(0);
        compared++;
      }
      expect(compared, set).toBeGreaterThan(1);
    }
  }, 120_000);

  it('restapi: other ids from every later call (none shown yet) leave every reply the same while the prompts are the same (bundled and the GitHub development set)', async () => {
    const spec = ENVIRONMENTS.restapi;
    // The same environment whose ids hash another salt: every id a call returns differs, nothing else does.
    const salted = { ...spec, create: (data: Dataset) => {
      const env = spec.create(data);
      const reset = env.reset.bind(env);
      env.reset = (task: Task, seed: number) => reset({ ...task, id: `${task.id}-x9` }, seed);
      return env;
    } };
    for (const [set, dataset] of [['bundled', bundledDataset(spec)], ['github', devSetDataset('restapi')]] as const) {
      let compared = 0;
      let parted = 0;
      for (const task of dataset.tasks.filter((t) => t.split === 'train').slice(0, 8)) {
        // A request that gives known ids states them in its first prompt (they would differ there): left out.
        if (spec.create(dataset).reset(task, 0).includes('Known id')) continue;
        const a = await recordSimRun(spec, dataset, task, { seed: 4 });
        const b = await recordSimRun(salted, dataset, task, { seed: 4 });
        const shared = sharedPrefix(a, b);
        expect(shared).toBeGreaterThan(0);
        if (shared < Math.min(a.length, b.length)) parted++;
        compared++;
      }
      expect(compared, set).toBeGreaterThan(1);
      // The salt reaches the prompts once an id is shown, so the runs do part (the check compares something).
      expect(parted, set).toBeGreaterThan(0);
    }
  }, 180_000);

  it('toolbench: changing what a later call would return (not shown yet) leaves every reply the same while the prompts are the same', async () => {
    const spec = ENVIRONMENTS.toolbench;
    const dataset = bundledDataset(spec);
    let compared = 0;
    for (const task of dataset.tasks.filter((t) => t.split === 'train').slice(0, 6)) {
      const data = task.data as ToolbenchTaskData;
      if (data.calls.length < 2) continue;
      const last = data.calls.length - 1;
      const changed = Object.fromEntries(Object.entries(data.calls[last].output).map(([key, value]) => [key, typeof value === 'string' ? `${value}-x9` : value]));
      const other: Task = { ...task, data: { ...data, calls: data.calls.map((call, i) => (i === last ? { ...call, output: changed } : call)) } };
      const a = await recordSimRun(spec, dataset, task, { seed: 2 });
      const b = await recordSimRun(spec, withTask(dataset, other), other, { seed: 2 });
      expect(sharedPrefix(a, b)).toBeGreaterThan(0);
      compared++;
    }
    expect(compared).toBeGreaterThan(2);
  }, 120_000);

  it('writes only argument values that occur in the prompt, on every environment and both development sets', async () => {
    const lower = (text: string) => text.toLowerCase();
    // Declared normalisations: case; a reference OUTPUT_FROM_STEP_<step>.<field> to a step the plan shows;
    // a count (a whole number) or a comma-separated list of shown items as an answer.
    const occurs = (value: unknown, prompt: string): boolean => {
      const text = lower(String(value));
      if (text === '' || prompt.includes(text)) return true;
      const ref = /^output_from_step_([\d.]+)\.\w+$/.exec(text);
      if (ref) return prompt.includes(ref[1]);
      if (/^\d+$/.test(text) || typeof value === 'boolean') return true;
      return text.includes(', ') && text.split(', ').every((part) => prompt.includes(part.trim()));
    };
    const problems: string[] = [];
    let checked = 0;
    const runs = [
      ['household', ['react']],
      ['academic', ['react', 'ecoact-react']],
      ['restapi', ['react']],
      ['toolbench', ['react', 'ecoact-react']],
      ['slate', ['react', 'baseline-llm', 'ecoact-react']],
      ['restapi', ['react'], 'dev'],
      ['slate', ['react', 'baseline-llm'], 'dev'],
    ] as const;
    for (const [envId, strategies, dev] of runs) {
      const spec = ENVIRONMENTS[envId];
      const dataset = dev ? devSetDataset(envId as 'restapi' | 'slate') : bundledDataset(spec);
      for (const strategy of strategies) {
        for (const task of dataset.tasks.filter((t) => t.split === 'test').slice(0, 3)) {
          const calls = await recordSimRun(spec, dataset, task, { strategy, seed: 5 });
          for (const call of calls.filter((c) => c.kind === 'act')) {
            const parsed = parseReply(call.reply, 'json', []);
            if (!parsed.ok || !/with Action Input/.test(call.reply)) continue;
            const prompt = lower(promptText(call.messages));
            for (const [name, value] of Object.entries(parsed.action.args)) {
              checked++;
              if (!occurs(value, prompt)) problems.push(`${envId}/${strategy}/${task.id}: ${parsed.action.tool}.${name} = ${JSON.stringify(value)}`);
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(problems).toEqual([]);
  });

  it('household commands name only receptacles and objects the prompt shows', async () => {
    const spec = ENVIRONMENTS.household;
    const dataset = bundledDataset(spec);
    const problems: string[] = [];
    for (const task of dataset.tasks.filter((t) => t.split === 'test').slice(0, 6)) {
      for (const call of await recordSimRun(spec, dataset, task, { seed: 2 })) {
        const action = /Action: (.*)$/m.exec(call.reply)?.[1];
        if (!action) continue;
        const prompt = promptText(call.messages);
        for (const [entity] of action.matchAll(/[a-z]+ \d+/g)) if (!prompt.includes(entity)) problems.push(`${task.id}: "${action}" names ${entity}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('keys its fixed preferences by the task\'s own goal, whichever strategy asks (each labels the goal its own way, every one shows it)', async () => {
    const asking: Record<string, string[]> = {
      household: ['react', 'reflexion', 'autotool-react', 'ngram-react'],
      slate: ['react', 'reflexion', 'baseline-llm', 'egb-logits', 'autotool-react', 'ecoact-react'],
      restapi: ['react', 'reflexion', 'autotool-react', 'ecoact-react'],
      toolbench: ['react', 'ecoact-react'],
    };
    for (const [envId, strategies] of Object.entries(asking)) {
      const spec = ENVIRONMENTS[envId];
      const dataset = bundledDataset(spec);
      const task = dataset.tasks.find((t) => t.split === 'test')!;
      const goals = new Set<string>();
      for (const strategy of strategies) {
        for (const call of await recordSimRun(spec, dataset, task, { strategy, seed: 2 })) if (call.options?.length) goals.add(goalOf(call.messages, task.goal));
      }
      expect([envId, [...goals]]).toEqual([envId, [task.goal.replace(/\s+/g, ' ').trim()]]);
    }
  });

  it('rewording the fixed sentences of the prompts changes few decisions', async () => {
    const rewordings: [RegExp, string][] = [
      [/You are a helpful assistant\./g, 'You are an assistant that helps.'],
      [/Follow the ReAct \(Reasoning \+ Acting\) paradigm:/g, 'Work in the ReAct style (reason, then act):'],
      [/You should follow the ReAct \(Reasoning \+ Acting\) paradigm:/g, 'Use the ReAct way of working (reason, then act):'],
      [/Use the tools in a logical sequence to solve the problem/g, 'Call the tools in a sensible order to solve the task'],
      [/If you are finished, call the "finish" action with your final answer\./g, 'When you are done, give your final answer with the "finish" action.'],
      [/carries out a plan step by step with tools\./g, 'follows a plan one step at a time using tools.'],
      // The labels strategies put before the goal (the goal's own words stay).
      [/Your goal is to: /g, 'Your goal: '],
      [/Your MAIN GOAL is: /g, 'MAIN GOAL: '],
      [/User query: /g, 'Query: '],
    ];
    const reword = (messages: ChatMessage[]) => messages.map((m) => ({ ...m, content: rewordings.reduce((text, [from, to]) => text.replace(from, to), m.content) }));
    let same = 0;
    let total = 0;
    for (const envId of ['household', 'academic', 'toolbench', 'slate']) {
      const spec = ENVIRONMENTS[envId];
      const dataset = bundledDataset(spec);
      for (const task of dataset.tasks.filter((t) => t.split === 'test').slice(0, 3)) {
        const a = await recordSimRun(spec, dataset, task, { seed: 4 });
        const b = await recordSimRun(spec, dataset, task, { seed: 4, rewrite: reword });
        expect(JSON.stringify(b[0].messages)).not.toBe(JSON.stringify(a[0].messages));
        // Decisions compared step by step until the transcripts part (one differing action changes what follows).
        for (let i = 0; i < Math.min(a.length, b.length); i++) {
          const actionA = /Action: (.*)$/m.exec(a[i].reply)?.[1];
          const actionB = /Action: (.*)$/m.exec(b[i].reply)?.[1];
          total++;
          if (actionA === actionB) same++;
          else break;
        }
      }
    }
    // Stated share: at least 85% of decisions are unchanged by the rewording.
    expect(total).toBeGreaterThan(20);
    expect(same / total).toBeGreaterThanOrEqual(0.85);
  });
});
