import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { METRIC_KINDS, settingsDoc } from './settings-doc';
import { SETTINGS } from './settings';

describe('docs/settings.md', () => {
  const doc = readFileSync(fileURLToPath(new URL('../../../docs/settings.md', import.meta.url)), 'utf8');

  it('is what the schema writes (npm run docs:settings), so it lists every setting as it is', () => {
    expect(doc).toBe(settingsDoc());
  });

  it('names every setting and every metric kind', () => {
    for (const setting of SETTINGS) expect(doc, setting.name).toContain(`| \`${setting.name}\` |`);
    for (const kind of METRIC_KINDS) expect(doc, kind).toContain(`| ${kind} |`);
  });
});
