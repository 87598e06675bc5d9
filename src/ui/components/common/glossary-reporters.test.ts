import { describe, expect, it } from 'vitest';
import { metricEntries } from '../../../core/run/glossary';
import { reporterWords } from './glossary-reporters';

describe("the glossary's Reported by, in the page's words", () => {
  const words = Object.fromEntries(metricEntries().map((m) => [m.id, reporterWords(m.id, m.reportedBy)]));

  it('names environments and strategies, not their ids', () => {
    expect(words.toolMatch).toBe('SLATE e-commerce (plan-guided)');
    expect(words.inertialCalls).toMatch(/^AutoTool \(ReAct\), /);
    expect(words.registeredTools).toBe('EcoAct (ReAct)');
    // No id left: every environment and strategy that reports a metric has a name.
    for (const text of Object.values(words)) expect(text).not.toMatch(/\b(slate|toolbench|restapi|autotool-react|ecoact-react|ngram-react)\b/);
  });

  it('says which runs carry the measures only some runs have, and every run of the rest', () => {
    expect(words.success).toBe('every run');
    expect(words.llmCalls).toBe('every run');
    expect(words.contextOverflows).toBe('runs that check the context window (overflow)');
    expect(words.localSeconds).toBe('runs that name a local device (local-device)');
    expect(words.cachedPromptTokens).toMatch(/^runs with a cache model \(cache\)/);
    expect(words.shortlisted).toMatch(/\(listing shortlist or fit\)$/);
  });
});
