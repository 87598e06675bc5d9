import type { ChatMessage, ChoiceResult } from '../language-model';
import type { WebLlmEngine } from './engine-subset';
import type { DigitLogitCapture } from './logit-capture';
import type { EngineLock } from './engine-lock';
import { EngineConversation } from './engine-conversation';
import { ConfigError } from '../../errors';
import { firstDigitProbabilities, secondDigitProbabilities } from './choice-logits';
import { candidateDistributionFromDigits } from '../digit-distribution';

/** What the logits passes need: the engine, its registered capture processor, the digit tokens. */
export interface ChoicePassSetup {
  engine: WebLlmEngine;
  /** web-llm's model id, the key the capture is registered under. */
  modelId: string;
  capture: DigitLogitCapture;
  /** Token ids of '0'..'9' (see `digit-tokens.ts`). */
  digitTokenIds: number[];
  /** Shared with every model of the engine: a pass must not interleave with another request. */
  lock: EngineLock;
  /** The conversation the engine holds (shared like the lock); absent: every pass starts afresh. */
  conversation?: EngineConversation;
}

interface PassOutput {
  logits: Float32Array;
  /** The whole prompt: reused from the KV cache plus prefilled. */
  promptTokens: number;
  /** Of which reused from the KV cache. */
  reusedTokens: number;
  ms: number;
}

/** Milliseconds of a request from the engine's own timing, else the wall time measured around it. */
export function engineMs(extra: { e2e_latency_s?: number } | undefined, wallMs: number): number {
  const seconds = extra?.e2e_latency_s;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : wallMs;
}

/**
 * One logits-only forward pass through the public API: `resetChat` (unless the prompt continues the
 * conversation the engine holds, which only a first pass after a reply can), then a greedy
 * `chat.completions.create` whose first `force.length` tokens the capture forces and whose raw
 * logits at position `force.length` it keeps. (MLCEngine's `forwardTokensAndSample` would need
 * the templated prompt as token ids, which the engine does not expose; `create` applies the
 * model's own chat template and tokenizer.)
 */
function logitsPass(setup: ChoicePassSetup, messages: ChatMessage[], force: number[], now: () => number): Promise<PassOutput> {
  return setup.lock.run(() => lockedLogitsPass(setup, messages, force, now));
}

async function lockedLogitsPass(setup: ChoicePassSetup, messages: ChatMessage[], force: number[], now: () => number): Promise<PassOutput> {
  const { engine, modelId, capture } = setup;
  const conversation = setup.conversation ?? new EngineConversation();
  const reusedTokens = await conversation.begin(engine, modelId, messages);
  const started = now();
  capture.arm({ force, captureAt: force.length });
  let logits: Float32Array | undefined;
  let reply;
  try {
    reply = await engine.chat.completions.create({ messages, model: modelId, temperature: 0, max_tokens: force.length + 1, n: 1, stream: false });
  } finally {
    logits = capture.disarm();
  }
  if (!logits) {
    throw new ConfigError(
      `The engine did not run the logit processor, so EGB-Logits has no logits. Register it with logitProcessorRegistry under "${modelId}" when the engine is created, then load the model.`,
    );
  }
  const promptTokens = (reply.usage?.prompt_tokens ?? 0) + reusedTokens;
  // A pass ends at max_tokens, so the engine starts the next request afresh (`end` holds nothing).
  conversation.end(messages, reply.choices[0], promptTokens, reply.usage?.completion_tokens ?? 0);
  return { logits, promptTokens, reusedTokens, ms: engineMs(reply.usage?.extra, now() - started) };
}

/**
 * EGB-Logits (EGB paper, Algorithm 3): one pass for the first index digit (lines 2-5), then one
 * pass per first digit d1 with TOKEN(d1) appended (lines 8-12), combined into probabilities over
 * the K candidates (lines 13-23). 1 + 10 passes; their prompt tokens are what the engine prefilled (and
 * reused, counted as cached) plus the appended digit of each second pass. No output tokens are counted: the one or two
 * tokens the engine samples to end each pass are thrown away, as in the paper's Table 4 footnote.
 */
export async function choicePasses(setup: ChoicePassSetup, messages: ChatMessage[], k: number, now: () => number): Promise<ChoiceResult> {
  if (k < 1 || k > 100) throw new ConfigError(`EGB-Logits reads an index of 1 to 100 candidates; this prompt enumerates ${k}.`);
  const ids = setup.digitTokenIds;
  const first = await logitsPass(setup, messages, [], now); // line 4
  const p1 = firstDigitProbabilities(first.logits, ids); // line 5
  const outputs = [first];
  const second: number[][] = [];
  for (let d1 = 0; d1 <= 9; d1++) {
    const pass = await logitsPass(setup, messages, [ids[d1]], now); // lines 9-10
    outputs.push(pass);
    second.push(secondDigitProbabilities(pass.logits, ids)); // lines 11-12
  }
  const promptTokens = outputs.reduce((sum, o) => sum + o.promptTokens, 0) + 10;
  const cachedPromptTokens = outputs.reduce((sum, o) => sum + o.reusedTokens, 0);
  return {
    probabilities: candidateDistributionFromDigits(p1, second, k), // lines 13-23
    usage: { promptTokens, completionTokens: 0, cachedPromptTokens },
    ms: outputs.reduce((sum, o) => sum + o.ms, 0),
    passes: outputs.length,
  };
}

/**
 * Checks the digit token ids against the engine: one greedy request whose ten tokens the capture
 * forces to '0'..'9' must read "0123456789". Run once after loading; not part of any task's cost.
 */
export function verifyDigitTokens(setup: ChoicePassSetup): Promise<void> {
  return setup.lock.run(() => lockedVerify(setup));
}

async function lockedVerify(setup: ChoicePassSetup): Promise<void> {
  const { engine, modelId, capture, digitTokenIds } = setup;
  await engine.resetChat(false, modelId);
  capture.arm({ force: digitTokenIds, captureAt: -1 });
  let text = '';
  let ran = false;
  try {
    const reply = await engine.chat.completions.create({ messages: [{ role: 'user', content: 'Count from 0 to 9.' }], model: modelId, temperature: 0, max_tokens: 10, n: 1, stream: false });
    text = reply.choices[0]?.message.content ?? '';
    ran = capture.sampled.length > 0;
  } finally {
    capture.disarm();
  }
  if (!ran) {
    throw new ConfigError(`The engine did not run the logit processor. Register it with logitProcessorRegistry under "${modelId}" when the engine is created, then load the model.`);
  }
  if (text.replace(/\s/g, '') !== '0123456789') {
    throw new ConfigError(`The digit tokens do not match this model: forcing them wrote "${text.slice(0, 40)}", not "0123456789". EGB-Logits is not available with it.`);
  }
}
