/**
 * Runs engine work one job at a time. The backend follows the conversation the engine holds
 * (`EngineConversation`) and the logits passes arm a shared logit processor, so two jobs must never interleave.
 */
export class EngineLock {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(job: () => Promise<T>): Promise<T> {
    const result = this.tail.then(job, job);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
