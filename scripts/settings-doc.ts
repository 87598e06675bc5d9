/**
 * Writes docs/settings.md from the settings schema (every setting: spelling, range, default,
 * where it applies) and the metric kinds.
 *   npm run docs:settings
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { settingsDoc } from '../src/core/run/settings-doc';

const path = fileURLToPath(new URL('../docs/settings.md', import.meta.url));
await writeFile(path, settingsDoc());
console.log(`wrote ${path}`);
