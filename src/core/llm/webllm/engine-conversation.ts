import type { EngineChatMessage, EngineChoice, WebLlmEngine } from './engine-subset';

/**
 * The conversation web-llm's engine holds in its KV cache, as the backend tracks it (docs/models.md,
 * "KV cache"). web-llm keeps its KV cache for a request whose messages before the last are the
 * conversation it holds (the previous request's messages and the reply it generated, ended on a
 * stop: `preparePrefillInput`, `compareConversationObject`) and prefills only the last round; then
 * `usage.prompt_tokens` counts that round alone. Any other request makes it reset.
 *
 * So the backend resets the chat itself only where the engine would, and knows how many tokens the
 * engine reused: the held prompt and every generated token but the last (the stop token is sampled,
 * never fed back through the model). A call's prompt tokens are those reused plus those prefilled,
 * and the reused ones are its cached prompt tokens: exactly what the engine did not compute again.
 * One per engine, used inside its `EngineLock`: the tasks of a run share the engine, so a task's
 * next call continues its own conversation only when no other task's call came between.
 */
export class EngineConversation {
  private held: { messages: EngineChatMessage[]; tokens: number } | undefined;

  /**
   * Before a request: resets the engine unless the request continues the held conversation, and
   * gives the KV-cache tokens the engine will reuse (0 after a reset).
   */
  async begin(engine: WebLlmEngine, modelId: string, messages: readonly EngineChatMessage[]): Promise<number> {
    const held = this.held;
    this.held = undefined; // until `end` says what the engine holds after this request
    if (held && continues(held.messages, messages)) return held.tokens;
    await engine.resetChat(false, modelId);
    return 0;
  }

  /**
   * After a one-choice request: the conversation the engine now holds, when it can be continued.
   * `promptTokens` is the whole prompt as the engine holds it (reused plus prefilled). A reply cut
   * at max_tokens (or any finish but a stop) cannot be continued: web-llm resets on the next request.
   */
  end(messages: readonly EngineChatMessage[], choice: EngineChoice | undefined, promptTokens: number, completionTokens: number): void {
    if (!choice || choice.finish_reason !== 'stop' || completionTokens < 1) return;
    this.held = { messages: [...messages, { role: 'assistant', content: choice.message.content ?? '' }], tokens: promptTokens + completionTokens - 1 };
  }
}

/** web-llm's test: the request's messages before its last are the held ones, and the last is the user's. */
function continues(held: readonly EngineChatMessage[], messages: readonly EngineChatMessage[]): boolean {
  if (messages.length !== held.length + 1 || messages[messages.length - 1].role !== 'user') return false;
  return held.every((m, i) => m.role === messages[i].role && m.content === messages[i].content);
}
