import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { DataLoader } from '../src/core/run/runner';

/** The repository's `public/data/` folder. */
export const DATA_DIR = fileURLToPath(new URL('../public/data/', import.meta.url));

/** Reads a bundled data file in Node. */
export const loadNodeData: DataLoader = async (dataFile) => JSON.parse(await readFile(DATA_DIR + dataFile, 'utf8'));
