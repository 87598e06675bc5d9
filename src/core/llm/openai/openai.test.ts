import { describe, expect, it } from 'vitest';
import { parseOpenAiId, openAiId } from './openai-id';
import { Limiter } from './limiter';
import { requestJson } from './http-client';
import { chatResponseSchema } from './wire';
import { firstDigitFromLogprobs, secondDigitFromLogprobs } from './logprob-choice';
import { nextTokenDistribution, END_TOKEN } from '../sim/sim-chat-api';
import { candidateDistributionFromDigits } from '../digit-distribution';
import { Rng } from '../../rng';
import { OpenAiModel } from './openai-model';
import { ChatTokenCounter } from '../token-counter';
import { MeteredModel } from '../metered-model';
import { requestSeed } from '../request-seed';
import { actionResponseFormat, constrainedFromReply, replyFromConstrained } from '../constrained-actions';

describe('openai: model ids', () => {
  it('should read a base URL and a model name, and say what is wrong otherwise', () => {
    expect(parseOpenAiId('openai:http://localhost:11434/v1/#qwen2.5:7b-instruct')).toEqual({ baseUrl: 'http://localhost:11434/v1', model: 'qwen2.5:7b-instruct' });
    expect(openAiId(parseOpenAiId('openai:https://x.example/v1#m'))).toBe('openai:https://x.example/v1#m');
    expect(() => parseOpenAiId('openai:http://localhost:11434/v1')).toThrow(/names no model/);
    expect(() => parseOpenAiId('openai:localhost#m')).toThrow(/http/);
    expect(() => parseOpenAiId('openai:ftp://x/v1#m')).toThrow(/http:\/\/ or https:\/\//);
    expect(() => parseOpenAiId('openai:http://user:key@x/v1#m')).toThrow(/not in the URL/);
  });
});

describe('Limiter', () => {
  it('should never run more than its limit at once, and run everything', async () => {
    const limiter = new Limiter(3);
    let active = 0;
    let most = 0;
    const done = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        limiter.run(async () => {
          active++;
          most = Math.max(most, active);
          await new Promise((resolve) => setTimeout(resolve, (i * 7) % 5));
          active--;
          return i;
        }),
      ),
    );
    expect(done).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(most).toBe(3);
  });
});

describe('requestJson', () => {
  const ok = { choices: [{ index: 0, message: { role: 'assistant', content: 'hi' } }], usage: { prompt_tokens: 3, completion_tokens: 1 } };
  const respond = (status: number, body: string, headers: Record<string, string> = {}) => new Response(body, { status, headers });

  it('should retry a 429 after the Retry-After wait, and send the key as a bearer token', async () => {
    const waits: number[] = [];
    const seen: (string | null)[] = [];
    const answers = [respond(429, '{"error":{"message":"slow down"}}', { 'retry-after': '2' }), respond(200, JSON.stringify(ok))];
    const fetch = (async (_url: string, init: RequestInit) => {
      seen.push(new Headers(init.headers).get('authorization'));
      return answers.shift()!;
    }) as unknown as typeof globalThis.fetch;
    const reply = await requestJson('http://x/v1/chat/completions', { model: 'm' }, chatResponseSchema, { fetch, apiKey: 'sk-test', sleep: async (ms) => void waits.push(ms) });
    expect(reply.choices[0].message.content).toBe('hi');
    expect(waits).toEqual([2000]);
    expect(seen).toEqual(['Bearer sk-test', 'Bearer sk-test']);
  });

  it('should not retry a 400, and quote what the server said', async () => {
    let calls = 0;
    const fetch = (async () => (calls++, respond(400, '{"error":{"message":"messages: too long"}}'))) as unknown as typeof globalThis.fetch;
    await expect(requestJson('http://x/v1/chat/completions', {}, chatResponseSchema, { fetch })).rejects.toThrow(/HTTP 400: messages: too long/);
    expect(calls).toBe(1);
  });

  it('should name an answer that is not a chat completion', async () => {
    const fetch = (async () => respond(200, '{"choices":[]}')) as unknown as typeof globalThis.fetch;
    await expect(requestJson('http://x/v1/chat/completions', {}, chatResponseSchema, { fetch })).rejects.toThrow(/not what the API specifies \(choices/);
  });
});

describe('EGB-Logits through logprobs', () => {
  it('should give back the option probabilities from the digit distributions a server writes (Alg. 3)', () => {
    const rng = new Rng(5);
    for (const k of [1, 7, 10, 11, 31, 100]) {
      const raw = Array.from({ length: k }, () => rng.next() ** 3);
      const total = raw.reduce((s, p) => s + p, 0);
      const q = raw.map((p) => p / total);
      const asLogprobs = (dist: Map<string, number>) => ({ token: '', logprob: 0, top_logprobs: [...dist].map(([token, p]) => ({ token, logprob: Math.log(p) })) });
      const p1 = firstDigitFromLogprobs(asLogprobs(nextTokenDistribution(q, '')))!;
      const p2 = [...'0123456789'].map((d) => secondDigitFromLogprobs(asLogprobs(nextTokenDistribution(q, d))));
      const back = candidateDistributionFromDigits(p1, p2, k);
      back.forEach((p, i) => expect(p).toBeCloseTo(q[i], 12));
    }
    expect(nextTokenDistribution([0.5, 0.5], '1').get(END_TOKEN)).toBe(1);
  });

  it('should count a digit written with a leading space as that digit', () => {
    const p1 = firstDigitFromLogprobs({ token: '1', logprob: 0, top_logprobs: [{ token: '1', logprob: Math.log(0.3) }, { token: ' 1', logprob: Math.log(0.3) }, { token: '2', logprob: Math.log(0.2) }, { token: 'The', logprob: Math.log(0.2) }] })!;
    expect(p1[1]).toBeCloseTo(0.75);
    expect(p1[2]).toBeCloseTo(0.25);
  });
});

describe('constrained actions', () => {
  const household = [
    { name: 'go_to', shown: '- go to {recep}: Move to a receptacle.' },
    { name: 'put', shown: '- put {obj} in/on {recep}: Place the object you carry.' },
    { name: 'look', shown: '- look: Look around.' },
  ];
  const json = [
    { name: 'loadPaperNet', shown: '- loadPaperNet: Load PaperNet. Arguments: none.' },
    { name: 'paperNodeCheck', shown: '- paperNodeCheck: A paper\'s attributes. Arguments: "node" (string, required): The title.' },
  ];

  it('should turn a reply into the schema object and back into the same text', () => {
    for (const [text, options] of [
      ['Think: The mug goes there.\nAction: put mug 2 in coffeemachine 1', household],
      ['Think: Look first.\nAction: look', household],
      ['Think: Check it.\nAction: paperNodeCheck with Action Input: {"node":"CMOEM"}', json],
    ] as const) {
      const object = constrainedFromReply(text, [...options]);
      expect(object).toBeDefined();
      expect(replyFromConstrained(JSON.stringify(object), [...options])).toBe(text);
    }
    expect(constrainedFromReply('Think: hm\nAction: fly to the moon', household)).toBeUndefined();
    expect(constrainedFromReply('Think: hm\nAction: nosuchtool with Action Input: {}', json)).toBeUndefined();
  });

  it('should ask for an object whose tool is one of the listed names, and leave other text alone', () => {
    type Shape = { properties: { tool: { const: string }; arguments: { properties?: object; required?: string[] } } };
    const shapes = (options: typeof json) => (actionResponseFormat(options) as { json_schema: { schema: { oneOf: Shape[] } } }).json_schema.schema.oneOf;
    expect(shapes(json).map((shape) => shape.properties.tool.const)).toEqual(['loadPaperNet', 'paperNodeCheck']);
    // Each tool's arguments are those its doc asks for: none, a required string, a command's holes.
    expect(shapes(json).map((shape) => shape.properties.arguments.required)).toEqual([[], ['node']]);
    expect(shapes(json)[1].properties.arguments.properties).toEqual({ node: { type: 'string' } });
    expect(shapes(household).map((shape) => shape.properties.arguments.required)).toEqual([['recep'], ['obj', 'recep'], []]);
    expect(shapes([{ name: 'search', shown: 'search' }, ...json])[0].properties.arguments).toEqual({ type: 'object' });
    expect(replyFromConstrained('Think: plain\nAction: loadPaperNet with Action Input: {}', json)).toBe('Think: plain\nAction: loadPaperNet with Action Input: {}');
  });
});

describe('OpenAiModel', () => {
  it('should count tokens itself, flagged as estimated, when a server sends no usage', async () => {
    const sent: Record<string, unknown>[] = [];
    const fetch = (async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: 'Think: ok\nAction: look' } }] }), { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    const counter = new ChatTokenCounter({ id: 'words', count: (text) => (text.match(/\S+/g) ?? []).length });
    const model = new OpenAiModel({ target: { baseUrl: 'http://x/v1', model: 'm' }, label: 'm', seed: 5, limiter: new Limiter(1), http: { fetch }, counter });
    const metered = new MeteredModel(model, () => {});
    const messages = [{ role: 'user' as const, content: 'Look around the room.' }];
    const reply = await metered.generate({ kind: 'act', messages, temperature: 0.5 });
    expect(reply).toMatchObject({ text: 'Think: ok\nAction: look', estimated: true, usage: { promptTokens: counter.countChat(messages), completionTokens: 4 } });
    expect(metered.tally.estimatedCalls).toBe(1);
    // The strategy's temperature and a per-request seed go out; the next request has the next seed.
    await metered.generate({ kind: 'act', messages });
    expect(sent[0]).toMatchObject({ model: 'm', temperature: 0.5, n: 1, seed: requestSeed(5, 0) });
    expect(sent[1].seed).toBe(requestSeed(5, 1));
    expect('temperature' in sent[1]).toBe(false);
  });

  it("should take the server's count of cached prompt tokens (usage.prompt_tokens_details.cached_tokens)", async () => {
    let call = 0;
    const fetch = (async () => {
      const details = call++ === 0 ? {} : { prompt_tokens_details: { cached_tokens: 1024 } };
      return new Response(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: 'hi' } }], usage: { prompt_tokens: 1500, completion_tokens: 1, ...details } }), { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    const counter = new ChatTokenCounter({ id: 'words', count: (text) => (text.match(/\S+/g) ?? []).length });
    const model = new OpenAiModel({ target: { baseUrl: 'http://x/v1', model: 'm' }, label: 'm', seed: 5, limiter: new Limiter(1), http: { fetch }, counter });
    const metered = new MeteredModel(model, () => {});
    const messages = [{ role: 'user' as const, content: 'Look around the room.' }];
    expect((await metered.generate({ kind: 'act', messages })).usage.cachedPromptTokens).toBeUndefined();
    expect(metered.tally.cachedPromptTokens).toBeUndefined();
    expect((await metered.generate({ kind: 'act', messages })).usage.cachedPromptTokens).toBe(1024);
    expect(metered.tally.cachedPromptTokens).toBe(1024);
  });
});
