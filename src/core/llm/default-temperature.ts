import type { GenerateRequest, LanguageModel } from './language-model';

/**
 * A model whose generation requests sample at `temperature` unless the request sets its own (EGB's
 * Alg. 2 samples at 1 whatever the run's setting). Logit reads (choiceDistribution) are unchanged:
 * they read the model's probabilities, not a sample.
 */
export function withTemperature(model: LanguageModel, temperature: number): LanguageModel {
  const at = (request: GenerateRequest): GenerateRequest => (request.temperature === undefined ? { ...request, temperature } : request);
  return {
    id: model.id,
    label: model.label,
    simulated: model.simulated,
    generate: (request) => model.generate(at(request)),
    ...(model.generateSamples ? { generateSamples: (request: GenerateRequest, n: number) => model.generateSamples!(at(request), n) } : {}),
    ...(model.choiceDistribution ? { choiceDistribution: model.choiceDistribution.bind(model) } : {}),
  };
}
