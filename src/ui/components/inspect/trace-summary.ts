import type { LlmCall, TraceBlock } from './trace-blocks';

/** A message of a model call's prompt. */
export interface PromptMessage {
  role: string;
  content: string;
}

/**
 * The prompt messages of a call, when the trace recorded them. Today's `llm-call` events do not
 * (they hold the kind, token counts, time and reply); this reads them should a later trace add a
 * `messages` field, and checks their shape rather than trusting it.
 */
export function promptMessagesOf(call: LlmCall): PromptMessage[] | undefined {
  const messages = (call as { messages?: unknown }).messages;
  if (!Array.isArray(messages)) return undefined;
  const valid = messages.filter(
    (m): m is PromptMessage => typeof m === 'object' && m !== null && typeof (m as PromptMessage).role === 'string' && typeof (m as PromptMessage).content === 'string',
  );
  return valid.length > 0 ? valid : undefined;
}

/**
 * How many model calls one trace event stands for: a batch of n samples (EGB's m samples) is one
 * event but n calls, as in the run's tallies; its reply starts with `[sample 1/n]`.
 */
export function callsIn(call: LlmCall): number {
  if (call.kind === 'logits') return 0;
  const batch = /^\[sample 1\/(\d+)\]/.exec(call.response);
  return batch ? Number(batch[1]) : 1;
}

/**
 * How many logits-only forward passes one trace event stands for (EGB-Logits, Alg. 3): one event
 * per candidate list, its reply starting `(n logits passes)`. The run counts them apart from LLM
 * calls (EGB Table 4), and so does the trace.
 */
export function logitPassesIn(call: LlmCall): number {
  if (call.kind !== 'logits') return 0;
  const passes = /^\((\d+) logits? pass(?:es)?\)/.exec(call.response);
  return passes ? Number(passes[1]) : 1;
}

/** What the model calls behind a block cost. */
export interface CallCost {
  /** Generation calls (a batch of n samples counts n). */
  calls: number;
  /** Logits-only forward passes, not LLM calls (their tokens are in promptTokens). */
  logitPasses: number;
  promptTokens: number;
  completionTokens: number;
  ms: number;
  /** Some token counts were estimated with the tokenizer (the server sent no usage). */
  estimated: boolean;
}

export function callCost(calls: LlmCall[]): CallCost {
  const cost: CallCost = { calls: 0, logitPasses: 0, promptTokens: 0, completionTokens: 0, ms: 0, estimated: false };
  for (const call of calls) {
    cost.calls += callsIn(call);
    cost.logitPasses += logitPassesIn(call);
    cost.promptTokens += call.promptTokens;
    cost.completionTokens += call.completionTokens;
    cost.ms += call.ms;
    cost.estimated ||= call.estimated === true;
  }
  return cost;
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A token count with thousands separated. */
export function formatTokens(value: number): string {
  return integer.format(value);
}

/** A call's time: milliseconds below a second, else seconds with two decimals. */
export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/** The cost of a block's calls in a few words: "1 LLM call · 835 tokens", or "no LLM call". */
export function costText(cost: CallCost): string {
  if (cost.calls === 0 && cost.logitPasses === 0) return 'no LLM call';
  const tokens = cost.promptTokens + cost.completionTokens;
  const parts = [
    cost.calls > 0 || cost.logitPasses === 0 ? `${cost.calls} LLM ${cost.calls === 1 ? 'call' : 'calls'}` : '',
    cost.logitPasses > 0 ? `${cost.logitPasses} logit ${cost.logitPasses === 1 ? 'pass' : 'passes'}` : '',
  ].filter(Boolean);
  return `${parts.join(' + ')} · ${formatTokens(tokens)} tokens${cost.estimated ? ' (est.)' : ''}`;
}

/** The same cost in full, for a tooltip. */
export function costDetail(cost: CallCost): string {
  if (cost.calls === 0 && cost.logitPasses === 0) return 'No model call was made for this block';
  return `${formatTokens(cost.promptTokens)} prompt + ${formatTokens(cost.completionTokens)} completion tokens, ${formatMs(cost.ms)}${
    cost.estimated ? '; tokens counted with the Qwen2.5 tokenizer (the server sent no usage)' : ''
  }`;
}

/** Text on one line, at most `max` characters (an ellipsis marks the cut). */
export function oneLine(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

type StepBlock = Extract<TraceBlock, { kind: 'step' }>;
type ReflectionBlock = Extract<TraceBlock, { kind: 'reflection' }>;

/** A step's outcome: invalid (the reply could not be parsed), ok or failed. */
export function stepOutcome(event: StepBlock['event']): 'ok' | 'failed' | 'invalid' {
  if (event.invalid) return 'invalid';
  return event.ok ? 'ok' : 'failed';
}

/** A step or reflection folded to one line: its parts, and the whole as text (for screen readers and tests). */
export interface BlockLine {
  title: string;
  /** ok / failed / invalid for a step; absent for a reflection. */
  outcome?: 'ok' | 'failed' | 'invalid';
  /** The action of a step, the first words of a reflection, on one line. */
  gist: string;
  /** "progress 40%" for a step. */
  progress?: string;
  cost: CallCost;
  /** "inertial (no LLM call)", "recovery (no LLM call)", "registered x (3 of 24 tools)". */
  markers: string[];
  text: string;
}

function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

/** The one-line summary of a step or a reflection. */
export function blockLine(block: StepBlock | ReflectionBlock): BlockLine {
  // A plan step counts what choosing its substep's tool cost (EGB's act call, samples, logit passes).
  const cost = callCost(block.kind === 'step' && block.substep ? [...block.substep, ...block.calls] : block.calls);
  let line: Omit<BlockLine, 'text'>;
  if (block.kind === 'step') {
    const markers: string[] = [];
    if (block.inertia) markers.push(block.inertia.kind === 'inertial' ? `inertial (no LLM call) · CIPS ${block.inertia.score.toFixed(2)}` : 'recovery (no LLM call)');
    if (block.register) markers.push(`registered ${block.register.tool} (${block.register.registered} of ${block.register.available} tools)`);
    line = {
      title: `Step ${block.event.index}`,
      outcome: stepOutcome(block.event),
      gist: oneLine(block.event.action),
      progress: `progress ${percent(block.event.progress)}`,
      cost,
      markers,
    };
  } else {
    line = {
      title: `Reflection after a ${block.event.trigger === 'failed-call' ? 'failed call' : 'repeated observation'}`,
      gist: oneLine(block.event.text),
      cost,
      markers: [],
    };
  }
  const text = [line.title, line.outcome, line.gist, line.progress, costText(cost), ...line.markers].filter(Boolean).join(' · ');
  return { ...line, text };
}
