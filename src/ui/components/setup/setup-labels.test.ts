import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SetupPanel } from './setup-panel';
import { useStore } from '../../store';
import { STRATEGY_CATALOG } from '../../../core/strategies/catalog';
import { formLabel, settingNamed, type Setting } from '../../../core/run/settings';
import type { RunConfig } from '../../../core/run/run-config';

// Issue 27 item 3: the form's labels and bounds come from the one settings schema, so each setting
// reads the same on the page, in the link's messages, the CLI's --help and docs/settings.md.

/** The Setup panel's markup for a config (rendered in Node, no browser). */
function setupMarkup(config: Partial<RunConfig>): string {
  // A render outside a browser reads the store's initial state (React's server snapshot), so the setup goes there.
  const initial = useStore.getInitialState();
  initial.config = { ...initial.config, ...config };
  const none = {} as never;
  return renderToStaticMarkup(createElement(SetupPanel, { onRun() {}, onCancel() {}, data: none, probeEmbedder: none, webllm: none, wllama: none, server: none }));
}

/** Each label the form marks with a setting's name, and its text. */
function markedLabels(html: string): [string, string][] {
  return [...html.matchAll(/data-setting-label="([^"]+)">([^<]*)<\/span>/g)].map((m) => [m[1], m[2].replaceAll('&#x27;', "'").replaceAll('&amp;', '&')]);
}

/** The attributes of the input with this test id. */
function inputAttributes(html: string, testId: string): Record<string, string> {
  const tag = html.match(new RegExp(`<input[^>]*data-testid="${testId}"[^>]*>`))?.[0];
  expect(tag, testId).toBeDefined();
  return Object.fromEntries([...tag!.matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

const withParams = Object.values(STRATEGY_CATALOG).filter((s) => s.params.length > 0);
const simSetup: Partial<RunConfig> = { model: 'sim:small', embedder: 'toolwise-simcse', strategies: withParams.map((s) => s.id), overflow: 'fail', localDevice: 'own' };
const serverSetup: Partial<RunConfig> = { ...simSetup, model: 'openai:http://localhost:11434/v1#m' };

describe('the Setup form reads its labels and bounds from the settings schema', () => {
  const pages = [setupMarkup(simSetup), setupMarkup(serverSetup)];

  it('labels every setting it shows with the schema\'s label', () => {
    const marked = pages.flatMap(markedLabels);
    const names = new Set(marked.map(([name]) => name));
    const hyperparameters = withParams.flatMap((s) => s.params.map((p) => `${s.id}.${p.key}`));
    const shown = ['tasks', 'seeds', 'seed', 'split', 'model', 'embedder', 'device', 'cache', 'layout', 'overflow', 'window', 'constrained', 'local-device', 'concurrency', ...hyperparameters];
    expect([...names].sort()).toEqual(expect.arrayContaining(shown.sort()));
    expect(hyperparameters.length).toBeGreaterThan(10);
    for (const [name, text] of marked) {
      const setting = settingNamed(name);
      expect(setting, name).toBeDefined();
      const label = formLabel(setting!);
      // The label itself, or followed by a note in brackets ("Context window (tokens; 0: the model's own)").
      expect(text === label || text.startsWith(`${label} (`), `${name}: "${text}" is not the schema's "${label}"`).toBe(true);
    }
    expect(marked.find(([name]) => name === 'tasks')?.[1]).toBe('Tasks per environment');
  });

  it('bounds the number inputs by the schema\'s ranges', () => {
    const inputs: [string, Setting][] = [
      ['tasks-input', settingNamed('tasks')!],
      ['seeds-input', settingNamed('seeds')!],
      ['seed-input', settingNamed('seed')!],
      ...withParams.flatMap((s) => s.params.map((p) => [`param-${s.id}-${p.key}`, settingNamed(`${s.id}.${p.key}`)!] as [string, Setting])),
    ];
    for (const [testId, setting] of inputs) {
      const attributes = inputAttributes(pages[0], testId);
      expect(Number(attributes.min), testId).toBe(setting.range!.min);
      expect(Number(attributes.max), testId).toBe(setting.range!.max);
      if (setting.range!.step !== undefined) expect(Number(attributes.step), testId).toBe(setting.range!.step);
    }
    expect(Number(inputAttributes(pages[1], 'concurrency-input').max)).toBe(settingNamed('concurrency')!.range!.max);
  });
});
