import { describe, expect, it } from 'vitest';
import { declaredMetrics, explainedSettings, metricEntries, metricHoverText, settingEntries, settingWords } from './glossary';
import { STRATEGY_CATALOG } from '../strategies/catalog';
import { SKILL_WORDS } from '../llm/sim/presets';

describe('glossary', () => {
  it('has words and a paper for every metric a run, an environment or a strategy declares', () => {
    const missing = declaredMetrics().filter((m) => !m.spec.what?.trim() || !m.spec.definedIn?.trim()).map((m) => m.id);
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

  it('takes a hyperparameter\'s words, source and range from its strategy\'s meta, and a dial\'s from SimLM\'s skills', () => {
    // Adding a strategy is its folder and a registry line: its meta carries what the glossary says.
    const entries = new Map(settingEntries().map((e) => [e.id, e]));
    for (const strategy of Object.values(STRATEGY_CATALOG)) {
      for (const param of strategy.params) {
        const entry = entries.get(`${strategy.id}.${param.key}`);
        expect(entry?.what, `${strategy.id}.${param.key}`).toBe(param.what);
        expect(entry?.source).toBe(param.source);
      }
    }
    for (const [skill, words] of Object.entries(SKILL_WORDS)) expect(entries.get(`sim.${skill}`)?.what).toBe(words);
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
