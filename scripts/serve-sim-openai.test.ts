import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import { startSimServer, type SimServer } from './sim-server';
import { requestJson } from '../src/core/llm/openai/http-client';
import { chatResponseSchema } from '../src/core/llm/openai/wire';

// The official `openai` npm client against serve:sim over real HTTP: what a user's own code would do.
let server: SimServer;
let client: OpenAI;
beforeAll(async () => {
  server = await startSimServer({ modelSeed: 1 });
  client = new OpenAI({ baseURL: server.url, apiKey: 'not-needed', maxRetries: 0 });
}, 120_000);
afterAll(() => server.close());

const listing = [
  { role: 'system' as const, content: 'You pick tools.\nAvailable tools:\n- get_weather: the weather of a city\n- send_email: send an email to someone\n' },
  { role: 'user' as const, content: 'Task: what is the weather in Paris?\nThink, then write Action: <tool>.' },
];

describe('serve:sim with the official openai client', () => {
  it('should answer a plain request, with usage, as our own client reads it', async () => {
    const reply = await client.chat.completions.create({ model: 'sim-small', messages: listing, seed: 4, temperature: 0.7 });
    expect(reply.choices).toHaveLength(1);
    expect(reply.choices[0].message.content?.length).toBeGreaterThan(0);
    expect(reply.usage?.prompt_tokens).toBeGreaterThan(0);
    const ours = await requestJson(`${server.url}/chat/completions`, { model: 'sim-small', messages: listing, seed: 4, temperature: 0.7 }, chatResponseSchema);
    expect(reply.choices[0].message.content).toBe(ours.choices[0].message.content);
  });

  it('should give n choices', async () => {
    const reply = await client.chat.completions.create({ model: 'sim-small', messages: listing, seed: 4, n: 3 });
    expect(reply.choices.map((c) => c.index)).toEqual([0, 1, 2]);
  });

  it('should give logprobs of an index answer', async () => {
    const messages = [{ role: 'user' as const, content: 'Task: what is the weather in Paris?\nCandidate tools for the current substep:\n[0] get_weather: the weather of a city\n[1] send_email: send an email to someone\n\nAnswer with the index (0 to 1) of the best tool.' }];
    const reply = await client.chat.completions.create({ model: 'sim-small', messages, logprobs: true, top_logprobs: 5, max_tokens: 1, temperature: 1 });
    const top = reply.choices[0].logprobs?.content?.[0].top_logprobs ?? [];
    expect(top.map((t) => t.token).sort()).toEqual(['0', '1']);
    expect(top.reduce((sum, t) => sum + Math.exp(t.logprob), 0)).toBeCloseTo(1, 6);
  });

  it('should stream the same reply as server-sent events, with the usage last when asked', async () => {
    const plain = await client.chat.completions.create({ model: 'sim-small', messages: listing, seed: 9 });
    const stream = await client.chat.completions.create({ model: 'sim-small', messages: listing, seed: 9, stream: true, stream_options: { include_usage: true } });
    let text = '';
    let usage: OpenAI.CompletionUsage | null | undefined;
    let finish: string | null = null;
    for await (const chunk of stream) {
      for (const choice of chunk.choices) {
        text += choice.delta.content ?? '';
        finish = choice.finish_reason ?? finish;
      }
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe(plain.choices[0].message.content);
    expect(text.length).toBeGreaterThan(0);
    expect(finish).toBe('stop');
    expect(usage).toEqual(plain.usage);
    // The client's own helper puts a streamed answer back together the same way.
    const final = await client.chat.completions.stream({ model: 'sim-small', messages: listing, seed: 9 }).finalChatCompletion();
    expect(final.choices[0].message.content).toBe(plain.choices[0].message.content);
  });

  it('should refuse tools with a 400 that names them, rather than answer without tool_calls', async () => {
    const tools = [{ type: 'function' as const, function: { name: 'get_weather', description: 'the weather of a city', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];
    const refused = client.chat.completions.create({ model: 'sim-small', messages: listing, tools });
    await expect(refused).rejects.toMatchObject({ status: 400 });
    await expect(client.chat.completions.create({ model: 'sim-small', messages: listing, tools })).rejects.toThrow(/tools: this server \(SimLM\) does not call tools.*tool_calls/);
    // tool_choice "none" asks for no call: a plain answer.
    const plain = await client.chat.completions.create({ model: 'sim-small', messages: listing, tools, tool_choice: 'none', seed: 4 });
    expect(plain.choices[0].message.content?.length).toBeGreaterThan(0);
  });

  it('should refuse logprobs it cannot give with a 400, never answer them with null', async () => {
    await expect(client.chat.completions.create({ model: 'sim-small', messages: listing, logprobs: true })).rejects.toThrow(/400.*logprobs: SimLM has token probabilities only for an answer that picks one of the options/);
    const index = [{ role: 'user' as const, content: 'Task: what is the weather in Paris?\nCandidate tools for the current substep:\n[0] get_weather: the weather of a city\n[1] send_email: send an email to someone\n\nAnswer with the index (0 to 1) of the best tool.' }];
    await expect(client.chat.completions.create({ model: 'sim-small', messages: index, logprobs: true, n: 2 })).rejects.toThrow(/400.*n > 1/);
  });
});
