import type { ShownOption } from '../language-model';
import type { Embedder } from '../../embed/embedder';
import type { Advice } from '../advisor';
import type { SimPreset } from './presets';
import { cosine, cosines } from '../../embed/cosine';
import { hashSeed, Rng } from '../../rng';
import { descriptionPart, isBareName, nameWords, OptionCache, splitGuidance } from './read-context';
import { listingMemo } from './listing-memo';
import { boundedCache, moduleCache, weakCache } from '../../caches';

/** Options whose descriptions are this close read as the same tool to a reader (near-duplicates). */
const SAME_WORDING = 0.95;

/** A standard normal draw fixed by its key (Box-Muller on two hashes): a model's lasting preference. */
export function fixedGaussian(...key: (string | number)[]): number {
  // FNV alone mixes similar keys poorly; a generator seeded with it spreads them.
  const rng = new Rng(hashSeed(...key));
  rng.next();
  const u = 1 - rng.next();
  const v = rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * Embeds each text once: options repeat across a task's calls, and a listing and a task's first
 * context across tasks and strategies. One per embedder (`textVectorsOf`): an embedder gives a
 * text one vector (its own cache hands back the vector it made; the bundled encoder and the
 * lexical one are pure functions of the text), so keeping them here changes no value, and a new
 * task finds the listing's vectors without asking for 3,000 texts again.
 */
export class TextVectors {
  private readonly cache = new Map<string, Float32Array>();

  constructor(private readonly embedder: Embedder) {}

  async of(texts: string[]): Promise<Float32Array[]> {
    const missing = [...new Set(texts.filter((text) => !this.cache.has(text)))];
    if (missing.length > 0) {
      // Bounded for a long-lived model (serve:sim); a task's texts stay well under this.
      if (this.cache.size + missing.length > 50_000) this.cache.clear();
      const vectors = await this.embedder.embed(missing);
      missing.forEach((text, i) => this.cache.set(text, vectors[i]));
    }
    return texts.map((text) => this.cache.get(text)!);
  }
}

/** The text vectors of each embedder, shared by every SimLM that reads with it. */
const vectorsByEmbedder = moduleCache('llm/sim/option-logits: text vectors by embedder', weakCache<Embedder, TextVectors>());

/** The one `TextVectors` of an embedder. */
export function textVectorsOf(embedder: Embedder): TextVectors {
  let found = vectorsByEmbedder.get(embedder);
  if (!found) vectorsByEmbedder.set(embedder, (found = new TextVectors(embedder)));
  return found;
}

/** Context vectors whose relevance a listing keeps (the latest ones; a 1,000-tool listing's relevance is 8 KB a context). */
const RELEVANCE_KEPT = 1_024;
/** Tasks whose preferences a listing keeps (a task's calls come together; the strategies of a task follow one another). */
const PREFERENCES_KEPT = 64;

interface OptionParts {
  /** The name as words and the sentences that do not warn against the option. */
  words: string;
  negative: string;
  description: string;
}

/** Pure functions of an option's text, kept per text: a tool listing repeats over a task's calls. */
const partsCache = moduleCache('llm/sim/option-logits: option parts by text', new OptionCache<OptionParts>(50_000));

function optionParts(option: ShownOption): OptionParts {
  return partsCache.get(option, () => {
    const description = descriptionPart(option);
    const { positive, negative } = splitGuidance(description);
    return { words: `${nameWords(option.name)}. ${positive}`.trim(), negative, description };
  });
}

/** What `optionScores` reads of a whole listing, once per listing (see `listingMemo`). */
class ListingReading {
  readonly names: string[];
  readonly parts: OptionParts[];
  readonly bare: boolean[];
  private readonly vectorsBy = new WeakMap<TextVectors, Float32Array[]>();
  private readonly preferencesBy = boundedCache<string, number[]>(PREFERENCES_KEPT);
  private readonly relevanceBy = boundedCache<Float32Array, number[]>(RELEVANCE_KEPT);

  constructor(options: ShownOption[]) {
    this.names = options.map((option) => option.name);
    this.parts = options.map(optionParts);
    this.bare = options.map(isBareName);
  }

  /** The vectors of each option's words, then negatives, then descriptions (as `optionScores` lays them out). */
  async vectors(vectors: TextVectors): Promise<Float32Array[]> {
    let found = this.vectorsBy.get(vectors);
    if (!found) {
      const { parts } = this;
      found = await vectors.of([...parts.map((p) => p.words), ...parts.map((p) => p.negative || ' '), ...parts.map((p) => p.description || ' ')]);
      this.vectorsBy.set(vectors, found);
    }
    return found;
  }

  /**
   * Each option's relevance to a context vector (see `optionScores`), kept for the latest context
   * vectors: a context seldom repeats over a ReAct run, but samples and branches of one prompt share
   * it, and a task's first context repeats over the strategies run on it one after another. The
   * cosines are computed here rather than kept per pair, which held 2,000 pairs per call on SLATE.
   */
  relevance(contextVector: Float32Array, optionVectors: Float32Array[]): number[] {
    let found = this.relevanceBy.get(contextVector);
    if (!found) {
      const { parts } = this;
      const n = parts.length;
      // The words' cosines, less half of the warnings' (positive part) where an option has any.
      const relevance = cosines(contextVector, optionVectors.slice(0, n));
      const warned = parts.flatMap((part, i) => (part.negative ? [i] : []));
      const warnings = cosines(
        contextVector,
        warned.map((i) => optionVectors[n + i]),
      );
      warned.forEach((i, k) => (relevance[i] -= 0.5 * Math.max(0, warnings[k])));
      this.relevanceBy.set(contextVector, (found = relevance));
    }
    return found;
  }

  /** Each option's fixed preference (see `preference`) for one model and one task, kept for the latest tasks. */
  preferences(modelSeed: number, task: string): number[] {
    const key = `${modelSeed}\u0000${task}`;
    let found = this.preferencesBy.get(key);
    if (!found) this.preferencesBy.set(key, (found = this.names.map((name) => preference(modelSeed, task, name))));
    return found;
  }
}

const listingOf = moduleCache('llm/sim/option-logits: listing readings', listingMemo((options) => new ListingReading(options), { byContent: 2_000 }));

/**
 * Cosine of two vectors, kept per pair: the same candidates are compared with the same advised one,
 * and with the same context, call after call (vectors are the cached ones of `TextVectors`, so
 * identity is text; the value is `cosine` of the pair either way).
 */
const pairCosines = moduleCache('llm/sim/option-logits: cosines by vector pair', weakCache<Float32Array, Map<Float32Array, number>>());

function pairCosine(a: Float32Array, b: Float32Array): number {
  let row = pairCosines.get(a);
  if (!row) pairCosines.set(a, (row = new Map()));
  let value = row.get(b);
  if (value === undefined) {
    value = cosine(a, b);
    row.set(b, value);
  }
  return value;
}

/**
 * A model's fixed preference for an option in a task: `fixedGaussian` of the model seed, the task's
 * goal as the prompt states it without its label (`goalText`) and the option's name as words. Keyed
 * by the task as well as the seed (docs/simulated-model.md, "Fixed preferences"): a listing whose few
 * options recur in every task (a text world's dozen command templates) otherwise gives one model seed
 * the same overwhelming habit in every task, so at temperature 0 a seed solved all household tasks or
 * none (ReAct progress per seed 0.13, 0.22, 0.84, 1.00, 0.00, 0.89 on the training split). The
 * mistake still repeats wherever the task does: over a task's steps and attempts, and across the
 * strategies run on it, whatever label each puts before the goal.
 */
function preference(modelSeed: number, task: string, name: string): number {
  return fixedGaussian(modelSeed, task, nameWords(name));
}

/** The parts of an option's logit, kept apart so a trace or a test can say why it was chosen. */
export interface OptionScore {
  relevance: number;
  bias: number;
  knowledge: number;
  logit: number;
}

/**
 * logit_i = beta * relevance_i + bias_i + kappa * clarity_i * confidence * [i is advised] (docs/simulated-model.md).
 * - relevance: cosine between the context (goal line and latest observation) and what the option
 *   shows, its name read as words; sentences that warn against the option count against it.
 * - bias: a fixed preference per model seed, task and tool name, so mistakes are confident and repeat.
 * - knowledge: the advisor's pick earns kappa only as far as the shown text tells it apart: an
 *   option worded like an advised one earns the same (the reader cannot tell them apart), and a
 *   bare name earns in proportion to how much its words say of the context, next to the other names;
 *   times the advice's confidence where the reader gives one (how clearly the prompt answers).
 */
export async function optionScores(
  options: ShownOption[],
  context: string,
  advice: Advice,
  preset: SimPreset,
  modelSeed: number,
  task: string,
  vectors: TextVectors,
  promptTokens = 0,
): Promise<OptionScore[]> {
  const listing = listingOf(options);
  const { parts, bare } = listing;
  const [contextVector] = await vectors.of([context]);
  // The options' words, negatives and descriptions, n each, in that order.
  const optionVectors = await listing.vectors(vectors);
  const n = options.length;
  const relevance = listing.relevance(contextVector, optionVectors);
  const advised = new Set(advice.calls.map((call) => call.tool));
  const advisedIndices = options.flatMap((option, i) => (advised.has(option.name) ? [i] : []));
  // A name-only option is judged against the other names (a documented option says more by its length alone).
  const maxNameRelevance = Math.max(1e-6, ...options.map((_, i) => (bare[i] ? relevance[i] : 0)));
  const clarity = options.map((option, i) => {
    const sameAsAdvised =
      advised.has(option.name) ||
      (parts[i].description !== '' && advisedIndices.some((j) => parts[j].description !== '' && pairCosine(optionVectors[2 * n + i], optionVectors[2 * n + j]) >= SAME_WORDING));
    if (!sameAsAdvised) return 0;
    return bare[i] ? Math.min(1, Math.max(0, relevance[i] / maxNameRelevance)) : 1;
  });
  // How clearly the prompt answers, where the reader says (plan prompts): the same competence makes more of a clearer answer.
  const confidence = advice.confidence ?? 1;
  const preferences = listing.preferences(modelSeed, task);
  const recall = competenceShare(preset, n, promptTokens);
  return options.map((_, i) => {
    const bias = preset.bias * preferences[i];
    const knowledge = preset.kappa * clarity[i] * confidence * recall * positionShare(preset, i, n);
    return { relevance: relevance[i], bias, knowledge, logit: preset.beta * relevance[i] + bias + knowledge };
  });
}

/**
 * The share of its competence a model keeps with a long listing and a long prompt (docs/simulated-model.md's
 * degradations; sources in docs/sources.md): selection accuracy falls as the number of tools
 * offered grows (RAG-MCP) and as the context lengthens (Lost in the Middle, NoLiMa). Each halves
 * competence's weight once its dial times the log2 of the size over its reference reaches 1:
 * 10 options, 2,000 prompt tokens.
 */
export function competenceShare(preset: Pick<SimPreset, 'listingDecay' | 'lengthDecay'>, options: number, promptTokens: number): number {
  const listing = preset.listingDecay * Math.log2(Math.max(1, options / 10));
  const length = preset.lengthDecay * Math.log2(Math.max(1, promptTokens / 2_000));
  return 1 / ((1 + listing) * (1 + length));
}

/**
 * The share of its competence a model keeps for an option by where it stands in a long listing:
 * accuracy is U-shaped over position, highest at the ends and lowest in the middle (Lost in the
 * Middle). Full at either end, `1 - positionDecay` in the middle; listings of 10 or fewer keep it all.
 */
export function positionShare(preset: Pick<SimPreset, 'positionDecay'>, index: number, options: number): number {
  if (options <= 10) return 1;
  const at = index / (options - 1);
  return 1 - preset.positionDecay * 4 * at * (1 - at);
}

/** Softmax of logits at a temperature (> 0). */
export function softmax(logits: number[], temperature = 1): number[] {
  const max = Math.max(...logits);
  const weights = logits.map((logit) => Math.exp((logit - max) / temperature));
  const total = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((w) => w / total);
}
