import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { renderClaimsDoc, withReadmeClaims, type ClaimsFile } from './docs-claims';
import shipped from '../public/shipped/claims.json';

describe('docs/claims.md', () => {
  it('is what scripts/docs-claims.ts writes from the shipped claims table (npm run docs:claims)', () => {
    expect(readFileSync(new URL('../docs/claims.md', import.meta.url), 'utf8')).toBe(renderClaimsDoc(shipped as ClaimsFile));
  });

  it('the README\'s claims block is what the script writes from the same table', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(readme).toBe(withReadmeClaims(readme, shipped as ClaimsFile));
    expect(() => withReadmeClaims('# no block', shipped as ClaimsFile)).toThrow(/claims:start/);
  });

  it('prints each claim with its verdict, the paper\'s size and the model compared', () => {
    const text = renderClaimsDoc(shipped as ClaimsFile);
    for (const claim of (shipped as ClaimsFile).claims) expect(text).toContain(`**${claim.verdict}**`);
    expect(text).toContain('compared with sim:');
    expect(text).toContain('±');
  });

  it('lists the token claims\' costs as a local engine meets them: uncached prompt tokens and seconds on every profile', () => {
    const file = shipped as ClaimsFile;
    const text = renderClaimsDoc(file);
    const withTokens = file.claims.filter((c) => c.tokens);
    expect(withTokens.map((c) => c.paper)).toEqual(['AutoTool', 'EcoAct']);
    expect(text).toContain('## Fewer input tokens, as a local engine meets them');
    expect(text).toContain(`uncached prompt tokens (cache: ${file.cache})`);
    for (const id of Object.keys(withTokens[0].tokens!.seconds)) expect(text).toContain(`seconds on ${id}`);
    // A file without token costs prints no such section.
    expect(renderClaimsDoc({ ...file, claims: file.claims.map(({ tokens: _, ...c }) => c) })).not.toContain('Fewer input tokens');
  });
});
