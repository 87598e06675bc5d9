import { describe, expect, it } from 'vitest';
import type { ChatMessage, GenerateRequest, ShownOption } from '../llm/language-model';
import type { Task } from '../types';
import { EvidentKey } from './evident-key';
import { occursIn, toldText } from './told-text';
import { SimLM } from '../llm/sim/sim-lm';
import { SIM_PRESETS, withDials } from '../llm/sim/presets';
import { ChatTokenCounter, type Tokenizer } from '../llm/token-counter';
import { LexicalEmbedder } from '../embed/lexical-embedder';
import { fullDocOptions } from '../llm/prompts/tool-listing';
import { BLIND_READER, type Advisor } from '../llm/advisor';
import { VaultEnvironment, vaultDataset, vaultSpec } from '../../../test/fixtures/vault-env';

const counter = new ChatTokenCounter({ id: 'words', count: (text: string) => (text.match(/\S+/g) ?? []).length } satisfies Tokenizer);
const dataset = vaultDataset();
const options = fullDocOptions(new VaultEnvironment().tools(), 'json');

function request(task: Task, afterNote: boolean, shown: ShownOption[] = options): GenerateRequest {
  const messages: ChatMessage[] = [
    { role: 'system', content: `Your goal is to: ${task.goal}\n\nAvailable tools:\n${shown.map((o) => o.shown).join('\n')}` },
    { role: 'user', content: `Observation: A vault and a drawer. ${task.goal}` },
  ];
  if (afterNote) {
    const code = (task.data as { code: string }).code;
    messages.push({ role: 'assistant', content: 'Think: read it.\nAction: read_note with Action Input: {}' }, { role: 'user', content: `Observation: The note says: ${code}.` });
  }
  return { kind: 'act', messages, options: shown, temperature: 1 };
}

const keyOf = (task: Task) => new EvidentKey({ spec: vaultSpec, dataset, task });

function sim(key: Advisor | undefined, kappa: number, seed: number) {
  return new SimLM(withDials(SIM_PRESETS.small, { kappa }), { seed, modelSeed: 1, embedder: new LexicalEmbedder(), ...(key ? { key } : {}) }, counter);
}

async function replies(task: Task, key: Advisor | undefined, kappa: number, afterNote: boolean, count = 40): Promise<string[]> {
  const texts: string[] = [];
  for (let seed = 1; seed <= count; seed++) texts.push((await sim(key, kappa, seed).generate(request(task, afterNote))).text);
  return texts;
}

describe('the evident key', () => {
  const task = dataset.tasks[0];

  it('gives a gold call only once the prompt shows its argument value', () => {
    const key = keyOf(task);
    const before = request(task, false);
    expect(key.gold(before.messages).map((entry) => entry.action)).toEqual([{ tool: 'open_vault', args: { code: 'qx-4471' } }]);
    expect(key.advise({ messages: before.messages, options })).toEqual({ calls: [] });
    const after = request(task, true);
    expect(key.advise({ messages: after.messages, options }).calls).toEqual([{ tool: 'open_vault', args: { code: 'qx-4471' } }]);
  });

  it('never counts the tool listing as evidence', () => {
    const documented = options.map((o) => (o.name === 'open_vault' ? { ...o, shown: `${o.shown} For example qx-4471.` } : o));
    const before = request(task, false, documented);
    expect(toldText(before.messages, documented)).not.toContain('qx-4471');
    expect(keyOf(task).advise({ messages: before.messages, options: documented })).toEqual({ calls: [] });
  });

  it('gives nothing for a gold tool the prompt does not list, whatever it shows', () => {
    const unlisted = options.filter((o) => o.name !== 'open_vault');
    const after = request(task, true, unlisted);
    expect(keyOf(task).advise({ messages: after.messages, options: unlisted })).toEqual({ calls: [] });
  });

  it('matches values whole and normalised', () => {
    expect(occursIn('the note says: qx-4471.', 'QX-4471')).toBe(true);
    expect(occursIn('the note says: qx-44712.', 'qx-4471')).toBe(false);
    expect(occursIn('anything', '')).toBe(false);
  });
});

describe('SimLM on the evident key', () => {
  const task = dataset.tasks[1];
  const code = (task.data as { code: string }).code;

  it('opens the vault with the code once the note is shown, and never writes the code before', async () => {
    const after = await replies(task, keyOf(task), 8, true);
    expect(after.filter((text) => text.includes(`open_vault with Action Input: {"code":"${code}"}`)).length).toBeGreaterThan(30);
    const before = await replies(task, keyOf(task), 8, false);
    expect(before.filter((text) => text.includes(code))).toEqual([]);
  });

  it('is unchanged by hidden state the prompt does not show (the code before the note is read)', async () => {
    const other: Task = { ...task, data: { code: 'kb-7730' } };
    const otherKey = new EvidentKey({ spec: vaultSpec, dataset: { ...dataset, tasks: [other] }, task: other });
    expect(await replies(other, otherKey, 8, false)).toEqual(await replies(task, keyOf(task), 8, false));
  });

  it('gains nothing from the key\'s gold calls at competence 0 (only the values the prompt shows remain)', async () => {
    const key = keyOf(task);
    // The goal is the task's statement, which every prompt shows: not gold, so it stays at competence 0 too.
    const valuesOnly: Advisor = { shape: 'values', goal: key.goal, recognizes: () => true, advise: () => ({ calls: [] }), values: (input, tool, param) => key.values(input, tool, param) };
    expect(await replies(task, keyOf(task), 0, true)).toEqual(await replies(task, valuesOnly, 0, true));
    expect(await replies(task, keyOf(task), 8, true)).not.toEqual(await replies(task, valuesOnly, 8, true));
    expect(await replies(task, BLIND_READER, 0, false)).toEqual(await replies(task, undefined, 0, false));
  });
});
