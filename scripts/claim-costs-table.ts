/**
 * The papers' "fewer input tokens" claims as a local engine meets them (issue 28 item 4), as
 * markdown: each token claim's raw prompt tokens, the prompt tokens the run's cache model did not
 * find cached, and seconds on each device, per task with 95% intervals, and the paired relative
 * change. `npm run bench -- --claims` prints it and docs/claims.md carries it (scripts/docs-claims.ts).
 */
import type { ClaimResult, CostLine, Estimate } from '../src/core/run/claims';
import { DEVICE_PROFILES } from '../src/core/run/device-profiles';

const cell = (text: string) => text.replace(/\|/g, '\\|');
const round = (v: number, digits: number) => v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const estimate = (e: Estimate, digits: number) => `${round(e.mean, digits)} [${round(e.low, digits)}, ${round(e.high, digits)}]`;
const percent = (e: Estimate) => `${round(e.mean * 100, 1)}% [${round(e.low * 100, 1)}, ${round(e.high * 100, 1)}]`;

/** The markdown table (header and rows) of every claim that carries token costs; empty where none does. */
export function claimCostsTable(claims: ClaimResult[]): string[] {
  const withTokens = claims.filter((c) => c.tokens);
  if (!withTokens.length) return [];
  const lines = ['| claim | measure per task | baseline [95% CI] | strategy [95% CI] | change [95% CI] |', '|---|---|---:|---:|---:|'];
  for (const c of withTokens) {
    const t = c.tokens!;
    const row = (what: string, line: CostLine, digits: number) => `| ${cell(`${c.paper}: ${c.claim} (${t.strategy} vs ${t.baseline}, ${c.model})`)} | ${cell(what)} | ${estimate(line.baseline, digits)} | ${estimate(line.strategy, digits)} | ${percent(line.change)} |`;
    lines.push(row('prompt tokens (what the paper counts)', t.promptTokens, 0));
    lines.push(row(`uncached prompt tokens (cache: ${t.cache})`, t.uncachedPromptTokens, 0));
    for (const [id, line] of Object.entries(t.seconds)) {
      const assumed = Object.hasOwn(DEVICE_PROFILES, id) && DEVICE_PROFILES[id].assumption ? ', prefill assumed' : '';
      lines.push(row(id === 'engine' ? 'seconds measured by the engine' : `seconds on ${id}${assumed}`, line, 1));
    }
  }
  return lines;
}
