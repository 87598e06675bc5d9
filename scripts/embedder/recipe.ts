import type { SimcseOptions } from './simcse-train';
import type { VocabOptions } from './wordpiece-vocab';

/** The bundled embedder's id: its folder under `public/models/`. */
export const EMBEDDER_ID = 'toolwise-simcse';

/** Everything that decides the bundled model; `npm run train:embedder` reproduces it from these. */
export const RECIPE: { vocab: VocabOptions; maxDocumentShare: number; initSeed: number; simcse: SimcseOptions } = {
  vocab: { maxSize: 8000, minCount: 1, minPieceCount: 3 },
  // Tokens in more than a fifth of the sentences stay at zero (a TF-IDF maximum document frequency).
  maxDocumentShare: 0.2,
  initSeed: 7,
  // Temperature 0.05 and dropout 0.1 as in SimCSE (Gao et al. 2021, section 3); a small learning
  // rate, one epoch and word dropout 0.3, chosen on the training split's retrieval recall (more
  // training lowered it on this small corpus).
  simcse: { dimension: 1024, epochs: 1, batchSize: 64, learningRate: 0.0001, dropout: 0.1, tokenDropout: 0.3, temperature: 0.05, seed: 11 },
};
