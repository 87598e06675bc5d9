import { describe, expect, it } from 'vitest';
import { declaredMetrics, explainedSettings, METRIC_WORDS, metricEntries, metricHoverText, settingEntries, settingWords } from './glossary';

describe('glossary', () => {
  it('has words and a paper for every metric a run, an environment or a strategy declares', () => {
    const missing = declaredMetrics().filter((m) => !Object.hasOwn(METRIC_WORDS, m.id)).map((m) => m.id);
    expect(missing).toEqual([]);
    // The specs name the metrics the issue asks about.
    const ids = declaredMetrics().map((m) => m.id);
    for (const id of ['progress', 'toolMatch', 'actionIdAcc', 'correctPath', 'deltaSL', 'inertialCalls']) expect(ids).toContain(id);
  });

  it('has words for every hyperparameter and SimLM dial of the settings schema', () => {
    const settings = explainedSettings();
    expect(settings.some((s) => s.name === 'egb-logits.tau')).toBe(true);
    expect(settings.some((s) => s.name === 'sim.kappa')).toBe(true);
    expect(settings.filter((s) => settingWords(s) === undefined).map((s) => s.name)).toEqual([]);
  });

  it('keeps one strategy\'s meaning of a shared key apart (AutoTool\'s inertia window, Reflexion\'s steps shown)', () => {
    const words = (name: string) => settingEntries().find((e) => e.id === name)?.what;
    expect(words('autotool-react.window')).toMatch(/inertia graph/);
    expect(words('reflexion.window')).toMatch(/reflection/);
    expect(words('egb-logits.tau')).toMatch(/entropy/);
    expect(words('sim.tau')).toMatch(/random/);
  });

  it('gives each entry a unit, a source and a range from the spec', () => {
    for (const entry of metricEntries()) expect(entry.unit.length).toBeGreaterThan(0);
    const tau = settingEntries().find((e) => e.id === 'egb-logits.tau')!;
    expect(tau.source).toMatch(/EGB Alg\. 3/);
    expect(tau.range).toBe('a number from 0 to 0.5');
    expect(metricHoverText('llmCalls')).toMatch(/Unit: count per task run/);
    expect(metricHoverText('notAMetric')).toBeUndefined();
  });
});
