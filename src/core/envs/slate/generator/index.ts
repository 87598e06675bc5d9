import type { SlateCase, SlateTool } from '../slate-types';
import { generateCases } from './cases';
import { generateToolLibrary, goldWordings } from './tool-library';

/** The seed of the bundled `public/data/slate/` files. */
export const SLATE_SEED = 2025;

/** Number of bundled cases (the issue asks for at least 120). */
export const SLATE_CASE_COUNT = 150;

/** The bundled SLATE dataset for a seed: the 1,000-tool library and its cases. Pure and deterministic. */
export function generateSlateDataset(seed = SLATE_SEED, count = SLATE_CASE_COUNT): { tools: SlateTool[]; cases: SlateCase[] } {
  return { tools: generateToolLibrary(seed), cases: generateCases(count, goldWordings(seed), seed) };
}
