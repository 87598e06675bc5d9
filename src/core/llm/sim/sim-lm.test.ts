import { describe, expect, it } from 'vitest';
import { SimLM } from './sim-lm';
import { SIM_PRESETS } from './presets';
import { ChatTokenCounter, type Tokenizer } from '../token-counter';
import { LexicalEmbedder } from '../../embed/lexical-embedder';
import { ButtonEnvironment, buttonDataset, buttonExpert } from '../../testing/button-env';
import { fullDocOptions } from '../prompts/tool-listing';
import { parseReply } from '../parse-reply';
import type { GenerateRequest } from '../language-model';

const wordTokenizer: Tokenizer = { id: 'words', count: (text) => (text.match(/\S+/g) ?? []).length };

function setup(presetId: string, seed = 7) {
  const env = new ButtonEnvironment();
  const task = buttonDataset().tasks[2];
  env.reset(task);
  const model = new SimLM(
    SIM_PRESETS[presetId],
    { expert: buttonExpert(env), tools: env.tools(), style: 'command', goal: task.goal, seed },
    new ChatTokenCounter(wordTokenizer),
    new LexicalEmbedder(),
  );
  return { env, model };
}

function actRequest(env: ButtonEnvironment, extra: GenerateRequest['messages'] = []): GenerateRequest {
  return {
    kind: 'act',
    messages: [{ role: 'system', content: 'Press the buttons.' }, { role: 'user', content: 'Observation: You see buttons.' }, ...extra],
    options: fullDocOptions(env.tools(), 'command'),
  };
}

async function replies(presetId: string, seed: number, count: number, extra: GenerateRequest['messages'] = []) {
  const { env, model } = setup(presetId, seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push((await model.generate(actRequest(env, extra))).text);
  return out;
}

describe('SimLM', () => {
  it('should give the same replies for the same seed and different ones for another seed', async () => {
    expect(await replies('small', 3, 40)).toEqual(await replies('small', 3, 40));
    expect(await replies('small', 3, 40)).not.toEqual(await replies('small', 4, 40));
  });

  it('should write replies in the Think/Action format the parser reads', async () => {
    const { env } = setup('strong');
    const texts = await replies('strong', 1, 50);
    const parsed = texts.map((text) => parseReply(text, 'command', env.tools()));
    expect(parsed.filter((p) => p.ok).length).toBeGreaterThan(45);
  });

  it('should pick the expert action more often with the strong preset than with the small one', async () => {
    const correct = (texts: string[]) => texts.filter((text) => text.endsWith('Action: press red')).length;
    const strong = correct(await replies('strong', 5, 300));
    const small = correct(await replies('small', 5, 300));
    expect(strong).toBeGreaterThan(small);
    expect(small).toBeGreaterThan(60);
  });

  it('should repeat a failed action often unless the context names it as failed', async () => {
    const failed = [
      { role: 'assistant' as const, content: 'Think: try blue.\nAction: press blue' },
      { role: 'user' as const, content: 'Observation: Nothing happens.' },
    ];
    const repeats = (texts: string[]) => texts.filter((text) => text.endsWith('Action: press blue')).length;
    const plain = repeats(await replies('small', 9, 300, failed));
    const reflected = [
      { role: 'system' as const, content: 'Reflections: The action "press blue" failed ("Nothing happens."). I must not repeat "press blue".' },
      ...failed,
    ];
    const withReflection = repeats(await replies('small', 9, 300, reflected));
    expect(plain).toBeGreaterThan(100);
    expect(withReflection).toBeLessThan(plain / 3);
  });

  it('should count prompt tokens on the exact prompt and completion tokens on the reply', async () => {
    const { env, model } = setup('small');
    const request = actRequest(env);
    const result = await model.generate(request);
    expect(result.usage.completionTokens).toBe(wordTokenizer.count(result.text));
    expect(result.usage.promptTokens).toBe(new ChatTokenCounter(wordTokenizer).countChat(request.messages));
  });

  it('should name the failed action in a reflection', async () => {
    const { model } = setup('strong', 2);
    const result = await model.generate({
      kind: 'reflect',
      messages: [{ role: 'user', content: 'Task: press\n\nRecent trajectory:\nAction: press blue\nObservation: Nothing happens.\n\nReflection:' }],
    });
    expect(result.text).toContain('"press blue"');
  });
  it('should write the meta-action of an option reached through one (EcoAct registration), not a call of the tool', async () => {
    const env = new ButtonEnvironment();
    const task = buttonDataset().tasks[2];
    env.reset(task);
    const expert = buttonExpert(env);
    const model = new SimLM(SIM_PRESETS.strong, { expert, tools: env.tools(), style: 'json', goal: task.goal, seed: 3 }, new ChatTokenCounter(wordTokenizer), new LexicalEmbedder());
    const names = [expert.next()!.tool, 'wait_a_moment', 'shout_loudly', 'look_around'];
    const options = names.map((name) => ({ name, shown: name, via: { tool: 'tool_register', args: { tool_name: name } } }));
    const actions: string[] = [];
    for (let i = 0; i < 20; i++) actions.push(/Action: (.*)/.exec((await model.generate({ ...actRequest(env), options })).text)?.[1] ?? '');
    const written = actions.filter(Boolean);
    expect(written.every((action) => action.startsWith('tool_register with Action Input: {"tool_name":'))).toBe(true);
    expect(written.filter((action) => action.includes(`"${names[0]}"`)).length).toBeGreaterThan(10);
  });
});
