import type { GenerateRequest, GenerateResult, LanguageModel } from '../llm/language-model';

/**
 * A model that replies from a script, for unit tests of strategies. It records every request.
 * A reply may be a function of the request. When the script runs out, the last reply repeats.
 */
export class ScriptedModel implements LanguageModel {
  readonly id = 'scripted';
  readonly label = 'Scripted test model';
  readonly simulated = true;
  readonly requests: GenerateRequest[] = [];

  constructor(private readonly script: (string | ((request: GenerateRequest) => string))[]) {}

  async generate(request: GenerateRequest): Promise<GenerateResult> {
    this.requests.push(request);
    const entry = this.script[Math.min(this.requests.length - 1, this.script.length - 1)];
    const text = typeof entry === 'function' ? entry(request) : entry;
    const promptTokens = request.messages.reduce((sum, m) => sum + m.content.split(/\s+/).length, 0);
    return { text, usage: { promptTokens, completionTokens: text.split(/\s+/).length }, ms: 0 };
  }
}
