import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChoiceRequest, ShownOption } from '../language-model';
import { FakeWebLlmEngine, FAKE_END_TOKEN, FAKE_VOCAB_SIZE, fakePromptTokens, fakeTokenId, fakeTokenizerJson, type FakeStep } from '../../../../test/fixtures/fake-webllm-engine';
import { ConfigError } from '../../errors';
import { MeteredModel } from '../metered-model';
import { firstDigitProbabilities, secondDigitProbabilities } from './choice-logits';
import { verifyDigitTokens } from './choice-passes';
import { digitTokensFromTokenizerJson } from './digit-tokens';
import { EngineLock } from './engine-lock';
import { DigitLogitCapture, logitProcessorRegistry } from './logit-capture';
import { WebLlmModel } from './webllm-model';

const MODEL = 'Qwen2.5-0.5B-Instruct-q4f32_1-MLC';
const DIGITS = digitTokensFromTokenizerJson(fakeTokenizerJson()).ids;
const digit = (d: number) => DIGITS[d];

/** Logits whose full-vocabulary softmax is exactly `probabilities` (token id -> p); the rest ~0. */
function logitsFor(probabilities: Map<number, number>): Float32Array {
  const logits = new Float32Array(FAKE_VOCAB_SIZE).fill(-1e4);
  for (const [id, p] of probabilities) logits[id] = Math.log(p);
  return logits;
}

/**
 * A model that answers an index among 12 options (Alg. 3 needs two digits from 10 on):
 * first token '1' 60%, '3' 30%, '0' 10%, plus a space the digit softmax must ignore;
 * after '1': '1' 50%, '0' 20%, end 30%; after '3': '5' 40% (35 >= K), end 60%;
 * after '0': '5' always ("05": a leading zero counts for nothing).
 */
function answerLogits({ generated }: FakeStep): Float32Array {
  if (generated.length === 0) return logitsFor(new Map([[digit(1), 0.6 * 0.5], [digit(3), 0.3 * 0.5], [digit(0), 0.1 * 0.5], [fakeTokenId(' '), 0.5]]));
  const first = DIGITS.indexOf(generated[0]);
  if (first === 1) return logitsFor(new Map([[digit(1), 0.5], [digit(0), 0.2], [FAKE_END_TOKEN, 0.3]]));
  if (first === 3) return logitsFor(new Map([[digit(5), 0.4], [FAKE_END_TOKEN, 0.6]]));
  if (first === 0) return logitsFor(new Map([[digit(5), 1]]));
  return logitsFor(new Map([[FAKE_END_TOKEN, 1]]));
}

const options: ShownOption[] = Array.from({ length: 12 }, (_, i) => ({ name: `tool_${i}`, shown: `tool_${i}` }));
const messages: ChatMessage[] = [
  { role: 'system', content: 'Pick a tool.' },
  { role: 'user', content: `Tools:\n${options.map((o, i) => `${i}. ${o.name}`).join('\n')}\nAnswer with the index only.` },
];
const request: ChoiceRequest = { messages, options };

async function setup(register = true) {
  const capture = new DigitLogitCapture();
  const engine = await FakeWebLlmEngine.create(MODEL, register ? { logitProcessorRegistry: logitProcessorRegistry(MODEL, capture) } : {}, { nextLogits: answerLogits });
  const model = new WebLlmModel({ engine, modelId: MODEL, seed: 1, logits: { capture, digitTokenIds: DIGITS } });
  return { capture, engine, model };
}

describe('digit probabilities from raw logits (EGB Alg. 3, lines 5 and 11-12)', () => {
  it('should softmax over the digits only for the first digit, and over the whole vocabulary for the second', () => {
    const logits = logitsFor(new Map([[digit(2), 0.2], [digit(7), 0.2], [fakeTokenId('x'), 0.6]]));
    const first = firstDigitProbabilities(logits, DIGITS);
    expect(first[2]).toBeCloseTo(0.5, 6);
    expect(first[7]).toBeCloseTo(0.5, 6);
    const second = secondDigitProbabilities(logits, DIGITS);
    expect(second[2]).toBeCloseTo(0.2, 6);
    expect(1 - second.reduce((s, p) => s + p, 0)).toBeCloseTo(0.6, 6); // p_end
  });

  it('should reject digit ids outside the logits', () => {
    expect(() => firstDigitProbabilities(new Float32Array(10), DIGITS)).toThrow(RangeError);
  });
});

describe('WebLlmModel.choiceDistribution (EGB Alg. 3 through the engine)', () => {
  it('should combine the captured logits into probabilities over the 12 options', async () => {
    const { model } = await setup();
    const result = await model.choiceDistribution!(request);
    const total = 0.6 * 0.5 + 0.6 * 0.2 + 0.6 * 0.3 + 0.3 * 0.6;
    const expected = new Array(12).fill(0);
    expected[11] = (0.6 * 0.5) / total;
    expected[10] = (0.6 * 0.2) / total;
    expected[1] = (0.6 * 0.3) / total;
    expected[3] = (0.3 * 0.6) / total;
    result.probabilities.forEach((p, i) => expect(p).toBeCloseTo(expected[i], 5));
    expect(result.passes).toBe(11);
  });

  it('should run 1 + 10 greedy passes, forcing each first digit, and count their prompt tokens', async () => {
    const { engine, model, capture } = await setup();
    const result = await model.choiceDistribution!(request);
    expect(engine.requests).toHaveLength(11);
    expect(engine.requests[0]).toMatchObject({ temperature: 0, max_tokens: 1, n: 1 });
    engine.requests.slice(1).forEach((r) => expect(r).toMatchObject({ temperature: 0, max_tokens: 2, n: 1 }));
    expect(engine.resets).toBe(11);
    // Each pass prefills the whole prompt; each second-digit pass also reads its appended digit.
    // A pass stops at max_tokens, so the engine reuses nothing for the next one.
    expect(result.usage).toEqual({ promptTokens: 11 * fakePromptTokens(messages) + 10, completionTokens: 0, cachedPromptTokens: 0 });
    // The capture is idle again: ordinary generation is untouched.
    expect(capture.disarm()).toBeUndefined();
  });

  it('should force the digit of each second pass', async () => {
    const capture = new DigitLogitCapture();
    const seen: number[][] = [];
    const engine = await FakeWebLlmEngine.create(MODEL, { logitProcessorRegistry: logitProcessorRegistry(MODEL, capture) }, {
      nextLogits: (step) => {
        if (step.generated.length === 1) seen.push([...step.generated]);
        return answerLogits(step);
      },
    });
    const model = new WebLlmModel({ engine, modelId: MODEL, seed: 1, logits: { capture, digitTokenIds: DIGITS } });
    await model.choiceDistribution!(request);
    expect(seen).toEqual(DIGITS.map((id) => [id]));
  });

  it('should meter the passes as logits passes with their prompt tokens', async () => {
    const { model } = await setup();
    const metered = new MeteredModel(model, () => {});
    const result = await metered.choiceDistribution!(request);
    expect(metered.tally).toMatchObject({ calls: 0, logitPasses: 11, logitPromptTokens: result.usage.promptTokens, promptTokens: result.usage.promptTokens, byKind: { logits: 11 } });
  });

  it('should fail clearly when the capture was not registered with the engine, or K is out of range', async () => {
    const { model } = await setup(false);
    await expect(model.choiceDistribution!(request)).rejects.toThrow(/logitProcessorRegistry/);
    await expect(model.choiceDistribution!(request)).rejects.toBeInstanceOf(ConfigError);
    const registered = (await setup()).model;
    await expect(registered.choiceDistribution!({ messages, options: [] })).rejects.toBeInstanceOf(ConfigError);
    const many = Array.from({ length: 101 }, (_, i) => ({ name: `t${i}`, shown: `t${i}` }));
    await expect(registered.choiceDistribution!({ messages, options: many })).rejects.toBeInstanceOf(ConfigError);
  });
});

describe('verifyDigitTokens', () => {
  const echo = { reply: () => 'Sure: 0, 1, 2.' };

  it('should accept digit ids that the engine writes as 0123456789', async () => {
    const capture = new DigitLogitCapture();
    const engine = await FakeWebLlmEngine.create(MODEL, { logitProcessorRegistry: logitProcessorRegistry(MODEL, capture) }, echo);
    await expect(verifyDigitTokens({ engine, modelId: MODEL, capture, digitTokenIds: DIGITS, lock: new EngineLock() })).resolves.toBeUndefined();
    // The capture is idle afterwards: the model writes its own reply again.
    expect((await new WebLlmModel({ engine, modelId: MODEL, seed: 1 }).generate({ kind: 'act', messages })).text).toBe('Sure: 0, 1, 2.');
  });

  it('should reject wrong ids, and an engine without the registered capture', async () => {
    const capture = new DigitLogitCapture();
    const engine = await FakeWebLlmEngine.create(MODEL, { logitProcessorRegistry: logitProcessorRegistry(MODEL, capture) }, echo);
    const shifted = DIGITS.map((id) => id + 1);
    await expect(verifyDigitTokens({ engine, modelId: MODEL, capture, digitTokenIds: shifted, lock: new EngineLock() })).rejects.toThrow(/do not match/);
    const bare = await FakeWebLlmEngine.create(MODEL, {}, echo);
    await expect(verifyDigitTokens({ engine: bare, modelId: MODEL, capture, digitTokenIds: DIGITS, lock: new EngineLock() })).rejects.toThrow(/logitProcessorRegistry/);
  });

  it('should pick up a registry only at reload, as web-llm does', async () => {
    const capture = new DigitLogitCapture();
    const engine = await FakeWebLlmEngine.create(MODEL, {}, echo);
    engine.setLogitProcessorRegistry(logitProcessorRegistry(MODEL, capture));
    const setupArgs = { engine, modelId: MODEL, capture, digitTokenIds: DIGITS, lock: new EngineLock() };
    await expect(verifyDigitTokens(setupArgs)).rejects.toThrow(/logitProcessorRegistry/);
    await engine.reload(MODEL);
    await expect(verifyDigitTokens(setupArgs)).resolves.toBeUndefined();
  });
});
