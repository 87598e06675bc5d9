import { describe, expect, it } from 'vitest';
import { SimLM } from './sim-lm';
import { SIM_PRESETS, type SimPreset } from './presets';
import { ChatTokenCounter, type Tokenizer } from '../token-counter';
import { LexicalEmbedder } from '../../embed/lexical-embedder';
import { ButtonEnvironment, buttonAdvisor } from '../../../../test/fixtures/button-env';
import { fullDocOptions } from '../prompts/tool-listing';
import { parseReply } from '../parse-reply';
import type { ChatMessage, GenerateRequest, ShownOption } from '../language-model';
import type { Advisor } from '../advisor';

const wordTokenizer: Tokenizer = { id: 'words', count: (text) => (text.match(/\S+/g) ?? []).length };
const counter = new ChatTokenCounter(wordTokenizer);
const env = new ButtonEnvironment();
const SYSTEM = 'Your task is to: Press the buttons red then green then blue.';

function model(preset: SimPreset | string, seed = 7, advisor: Advisor = buttonAdvisor, modelSeed = 1) {
  return new SimLM(typeof preset === 'string' ? SIM_PRESETS[preset] : preset, { reader: advisor, seed, modelSeed, embedder: new LexicalEmbedder() }, counter);
}

function actRequest(extra: ChatMessage[] = [], options: ShownOption[] = fullDocOptions(env.tools(), 'command')): GenerateRequest {
  const listing = options.map((o) => o.shown).join('\n');
  return { kind: 'act', messages: [{ role: 'system', content: `${SYSTEM}\nActions:\n${listing}` }, { role: 'user', content: 'Observation: You see buttons blue, green, red.' }, ...extra], options };
}

async function replies(preset: SimPreset | string, seed: number, count: number, extra: ChatMessage[] = []) {
  const sim = model(preset, seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push((await sim.generate(actRequest(extra))).text);
  return out;
}

const actionOf = (text: string) => /Action: (.*)$/.exec(text)?.[1];

describe('SimLM', () => {
  it('gives the same replies for the same seed and different ones for another seed', async () => {
    expect(await replies('small', 3, 40)).toEqual(await replies('small', 3, 40));
    expect(await replies('small', 3, 40)).not.toEqual(await replies('small', 4, 40));
  });

  it('writes replies in the Think/Action format the parser reads', async () => {
    const parsed = (await replies('strong', 1, 50)).map((text) => parseReply(text, 'command', env.tools()));
    expect(parsed.filter((p) => p.ok).length).toBeGreaterThan(45);
  });

  it('follows the advisor more often with the strong preset than with the small one, and more often than chance', async () => {
    const correct = (texts: string[]) => texts.filter((text) => actionOf(text) === 'press red').length;
    const strong = correct(await replies('strong', 5, 300));
    const small = correct(await replies('small', 5, 300));
    expect(strong).toBeGreaterThan(small);
    expect(small).toBeGreaterThan(100);
  });

  it('knows nothing without the prompt: an advisor that reads nothing leaves it at relevance and preference', async () => {
    const blind: Advisor = { shape: 'buttons', recognizes: () => true, advise: () => ({ calls: [] }), values: buttonAdvisor.values };
    const sim = model('strong', 5, blind);
    let red = 0;
    for (let i = 0; i < 300; i++) if (actionOf((await sim.generate(actRequest())).text) === 'press red') red++;
    // press has three colours to choose from and look competes: no better than a guess.
    expect(red).toBeLessThan(150);
  });

  it('repeats a failed action often unless the context names it as failed', async () => {
    const failed: ChatMessage[] = [
      { role: 'assistant', content: 'Think: try blue.\nAction: press blue' },
      { role: 'user', content: 'Observation: Nothing happens.' },
    ];
    const repeats = (texts: string[]) => texts.filter((text) => actionOf(text) === 'press blue').length;
    const plain = repeats(await replies('small', 9, 300, failed));
    const reflected: ChatMessage[] = [{ role: 'user', content: 'Reflections: The action "press blue" failed ("Nothing happens."). I must not repeat "press blue".' }, ...failed];
    const withReflection = repeats(await replies('small', 9, 300, reflected));
    expect(plain).toBeGreaterThan(100);
    expect(withReflection).toBeLessThan(plain / 3);
  });

  it('honours temperature 0 as greedy: the same reply every time', async () => {
    const sim = model({ ...SIM_PRESETS.small, formatError: 0, argumentError: 0 }, 2);
    const texts = new Set<string>();
    for (let i = 0; i < 30; i++) texts.add((await sim.generate({ ...actRequest(), temperature: 0 })).text);
    expect(texts.size).toBe(1);
  });

  it('at temperature 0, does not write an action a third time when its last two turns got the same observation', async () => {
    // An advisor that always names "look": greedy decoding would write it forever.
    const looker: Advisor = { shape: 'buttons', recognizes: () => true, advise: () => ({ calls: [{ tool: 'look', args: {} }] }), values: buttonAdvisor.values };
    const turn: ChatMessage[] = [
      { role: 'assistant', content: 'Think: look.\nAction: look' },
      { role: 'user', content: 'Observation: You see buttons blue, green, red.' },
    ];
    // No fixed preferences: the advised "look" wins unless the check lowers it, so each assertion can tell.
    const preset = (historyUse: number) => ({ ...SIM_PRESETS.small, bias: 0, formatError: 0, perseveration: 0, historyUse });
    const greedy = async (extra: ChatMessage[], historyUse = 1) => actionOf((await new SimLM(preset(historyUse), { reader: looker, seed: 3, modelSeed: 1, embedder: new LexicalEmbedder() }, counter).generate({ ...actRequest(extra), temperature: 0 })).text);
    expect(await greedy(turn)).toBe('look');
    // Two turns with the same observation: the check, and only the check, turns it away from "look".
    expect(await greedy([...turn, ...turn], 0)).toBe('look');
    expect(await greedy([...turn, ...turn])).not.toBe('look');
    // A different observation the second time is progress: no reason to doubt the action.
    expect(await greedy([...turn, turn[0], { role: 'user', content: 'Observation: You see buttons green, red.' }])).toBe('look');
  });

  it('counts prompt tokens on the exact prompt and completion tokens on the reply', async () => {
    const request = actRequest();
    const result = await model('small').generate(request);
    expect(result.usage.completionTokens).toBe(wordTokenizer.count(result.text));
    expect(result.usage.promptTokens).toBe(counter.countChat(request.messages));
  });

  it('gives choiceDistribution the logits generate samples from', async () => {
    const preset = { ...SIM_PRESETS.small, formatError: 0, perseveration: 0, argumentError: 0 };
    const request = actRequest();
    const { probabilities } = await model(preset).choiceDistribution({ messages: request.messages, options: request.options! });
    const sim = model(preset, 11);
    const counts = [0, 0];
    for (let i = 0; i < 400; i++) counts[actionOf((await sim.generate(request)).text)?.startsWith('press') ? 0 : 1]++;
    expect(Math.abs(counts[0] / 400 - probabilities[0])).toBeLessThan(0.07);
  });

  it('names the failed action in a reflection', async () => {
    const result = await model('strong', 2).generate({
      kind: 'reflect',
      messages: [{ role: 'user', content: 'Task: press\n\nRecent trajectory:\nAction: press blue\nObservation: Nothing happens.\n\nReflection:' }],
    });
    expect(result.text).toContain('"press blue"');
  });

  it('registers a tool it knows by name only when the prompt offers a way to, and sometimes calls it unregistered', async () => {
    const names = ['press_button', 'wait_a_moment', 'shout_loudly', 'look_around'];
    const register = { name: 'register_tool', shown: '- register_tool: Register one of the listed tools by name before you call it. Arguments: "tool_name" (string, required): the name.' };
    const options: ShownOption[] = [register, ...names.map((name) => ({ name, shown: name }))];
    const advisor: Advisor = { shape: 'buttons', recognizes: () => true, advise: () => ({ calls: [{ tool: 'press_button', args: {} }] }), values: () => ['ready'] };
    const sim = model({ ...SIM_PRESETS.small, formatError: 0 }, 3, advisor);
    const messages: ChatMessage[] = [{ role: 'system', content: `${SYSTEM} Use "with Action Input" JSON.\n${register.shown}\nNames: ${names.join(', ')}` }, { role: 'user', content: 'Observation: ready' }];
    const actions: string[] = [];
    for (let i = 0; i < 200; i++) actions.push(actionOf((await sim.generate({ kind: 'act', messages, options })).text) ?? '');
    const registrations = actions.filter((a) => a.startsWith('register_tool with Action Input: {"tool_name":'));
    const direct = actions.filter((a) => names.some((name) => a.startsWith(`${name} with`)));
    expect(registrations.length).toBeGreaterThan(100);
    expect(direct.length).toBeGreaterThan(10);
    expect(registrations.filter((a) => a.includes('"press_button"')).length).toBeGreaterThan(registrations.length / 4);
    // Whatever it registers is one of the names it was shown, never some other value of the prompt.
    expect(registrations.every((a) => names.some((name) => a.includes(`"${name}"`)))).toBe(true);
  });

  it('favours the gold option among k identically worded near-duplicates about 1/k of the time over model seeds', async () => {
    for (const k of [2, 3, 4]) {
      const names = Array.from({ length: k }, (_, i) => `fetch_record_v${i + 1}`);
      const options = [
        ...names.map((name) => ({ name, shown: `- ${name}: Returns the full record of an order by its id. Arguments: "order_id" (string, required): the order.` })),
        { name: 'cancel_order', shown: '- cancel_order: Cancels an order. Arguments: "order_id" (string, required): the order.' },
      ];
      // The advisor names the gold one only; the text cannot tell it from its twins.
      const advisor: Advisor = { shape: 'x', recognizes: () => true, advise: () => ({ calls: [{ tool: names[0], args: { order_id: 'O-1' } }] }), values: () => ['O-1'] };
      const messages: ChatMessage[] = [{ role: 'system', content: `Your goal is to: look up order O-1 with Action Input.\n${options.map((o) => o.shown).join('\n')}` }, { role: 'user', content: 'Observation: start' }];
      let gold = 0;
      const seeds = 400;
      for (let modelSeed = 0; modelSeed < seeds; modelSeed++) {
        const sim = model({ ...SIM_PRESETS.small, formatError: 0 }, 1, advisor, modelSeed);
        if (actionOf((await sim.generate({ kind: 'act', messages, options, temperature: 0 })).text)?.startsWith(`${names[0]} `)) gold++;
      }
      expect(Math.abs(gold / seeds - 1 / k)).toBeLessThan(0.08);
    }
  });
});

describe('SimLM reading a list of valid actions', () => {
  it('keeps to the actions the latest observation lists, more often with more use of history', async () => {
    const blind: Advisor = { shape: 'buttons', recognizes: () => true, advise: () => ({ calls: [] }), values: buttonAdvisor.values };
    const listed: ChatMessage[] = [
      { role: 'assistant', content: 'Think: which?\nAction: look' },
      { role: 'user', content: 'Observation: Choose an action from these valid actions: press green, look.' },
    ];
    const share = async (historyUse: number) => {
      const sim = model({ ...SIM_PRESETS.small, historyUse, formatError: 0, perseveration: 0 }, 8, blind);
      let valid = 0;
      for (let i = 0; i < 300; i++) if (['press green', 'look'].includes(actionOf((await sim.generate(actRequest(listed))).text) ?? '')) valid++;
      return valid / 300;
    };
    const [without, withUse] = [await share(0), await share(0.9)];
    expect(withUse).toBeGreaterThan(without + 0.2);
  });
});

describe('SimLM presets by id', () => {
  it('should not take an object key such as "constructor" for a preset', async () => {
    const { createSimProvider } = await import('./sim-provider');
    await expect(createSimProvider('constructor')).rejects.toThrow(/Unknown SimLM preset "constructor"/);
  });
});
