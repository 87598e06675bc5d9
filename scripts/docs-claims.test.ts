import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { claimLabelProblems, renderClaimsDoc, renderReadmeClaims, withReadmeClaims, type ClaimsFile } from './docs-claims';
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

describe('each claim is labelled with the sample its run read (issue 41)', () => {
  it('the README block and docs/claims.md label every shipped claim with its own tasks x seeds and subset', () => {
    const file = shipped as ClaimsFile;
    expect(claimLabelProblems(file, readFileSync(new URL('../README.md', import.meta.url), 'utf8'))).toEqual([]);
    expect(claimLabelProblems(file, readFileSync(new URL('../docs/claims.md', import.meta.url), 'utf8'))).toEqual([]);
  });

  it('fails a claim whose row states a sample other than the one it ran', () => {
    const file = shipped as ClaimsFile;
    const claim = { ...file.claims[0], sample: { tasks: 38, seeds: 3, taskRuns: 114 } };
    const labelled = { ...file, claims: [claim] };
    expect(claimLabelProblems(labelled, renderReadmeClaims(labelled))).toEqual([]);
    const wrong = renderReadmeClaims(labelled).replace('38 tasks x 3 seeds', '60 tasks x 3 seeds');
    expect(claimLabelProblems(labelled, wrong)).toEqual([`${claim.paper}, ${claim.claim}: labelled 60 tasks x 3 seeds, ran 38 x 3`]);
  });
});
