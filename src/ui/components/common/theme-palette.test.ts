import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STRATEGIES } from '../../../core/strategies';
import { SPARE_COLORS, STRATEGY_COLORS, assignColours, strategyColor } from './labels';
import { colourDistance, contrastRatio, deltaE2000, type Vision } from './theme-color';

/** Strategies the page shows side by side: the stories, the Papers view's runs and the papers' tables. */
const SHOWN_TOGETHER: Record<string, string[]> = {
  'AutoTool (household, Table 3 and 8)': ['react', 'reflexion', 'autotool-react', 'autotool-reflexion', 'ngram-react', 'ecoact-react'],
  'EcoAct (ToolBench)': ['react', 'ecoact-react'],
  'ToolExpNet and its ablations (RestBench)': ['react', 'toolexpnet', 'toolexpnet-no-es', 'toolexpnet-no-ed', 'toolexpnet-no-trial'],
  'EGB Table 4 (SLATE)': ['react', 'reflexion', 'baseline-llm', 'egb-sampling', 'egb-logits'],
  'EGB Table 5 (SLATE, with memory)': [
    'react',
    'reflexion',
    'baseline-llm',
    'egb-sampling',
    'egb-logits',
    'react-memory',
    'reflexion-memory',
    'baseline-llm-memory',
    'egb-sampling-memory',
    'egb-logits-memory',
  ],
};

/** Minimum CIEDE2000 difference between two strategies shown together, in each kind of colour vision. */
const TOGETHER_MIN = 10;
/** Minimum CIEDE2000 difference between any two strategies in normal vision. */
const ANY_MIN = 7;
/** Minimum contrast of a strategy colour against the panel, in light and dark mode. */
const CONTRAST_MIN = 1.9;
const VISIONS: Vision[] = ['normal', 'deuteranopia', 'protanopia'];

/** The panel colour of a theme block in styles.css (`:root {` or `:root[data-theme='dark'] {`). */
function panelColour(selector: string): string {
  const css = readFileSync(new URL('../../styles.css', import.meta.url), 'utf8');
  const start = css.indexOf(`${selector} {`);
  expect(start, `${selector} in styles.css`).toBeGreaterThanOrEqual(0);
  const block = css.slice(start, css.indexOf('}', start));
  const panel = /--panel:\s*(#[0-9a-f]{6})/i.exec(block)?.[1];
  expect(panel, `--panel in ${selector}`).toBeTruthy();
  return panel!;
}

function pairs(ids: string[]): [string, string][] {
  return ids.flatMap((a, i) => ids.slice(i + 1).map((b) => [a, b] as [string, string]));
}

describe('colour arithmetic', () => {
  it('computes CIEDE2000 as in Sharma, Wu and Dalal (2005)', () => {
    expect(deltaE2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 3);
    expect(deltaE2000([50, 0, 0], [50, -1, 2])).toBeCloseTo(2.3669, 3);
    expect(deltaE2000([50, 2.5, 0], [73, 25, -18])).toBeCloseTo(27.1492, 3);
    expect(deltaE2000([60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387])).toBeCloseTo(1.2644, 3);
  });

  it('simulates red-green colour blindness: red and green come close, blue and yellow stay apart', () => {
    expect(colourDistance('#d62728', '#2ca02c', 'deuteranopia')).toBeLessThan(colourDistance('#d62728', '#2ca02c') / 2);
    expect(colourDistance('#0072b2', '#f0e442', 'deuteranopia')).toBeGreaterThan(40);
  });

  it('computes WCAG contrast', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});

describe('strategy palette', () => {
  const ids = Object.keys(STRATEGIES);

  it('gives every strategy its own fixed colour, the same as strategyColor', () => {
    expect(Object.keys(STRATEGY_COLORS).sort()).toEqual([...ids].sort());
    const colours = ids.map((id) => strategyColor(id).toLowerCase());
    expect(new Set(colours).size).toBe(ids.length);
    for (const id of ids) expect(strategyColor(id)).toBe(STRATEGY_COLORS[id]);
    expect(strategyColor('some-old-strategy')).toMatch(/^#[0-9a-f]{6}$/);
    expect(strategyColor('some-old-strategy')).toBe(strategyColor('some-old-strategy'));
  });

  it('keeps any two strategies apart in normal vision', () => {
    for (const [a, b] of pairs(ids)) expect(colourDistance(STRATEGY_COLORS[a], STRATEGY_COLORS[b]), `${a} / ${b}`).toBeGreaterThanOrEqual(ANY_MIN);
  });

  for (const [group, members] of Object.entries(SHOWN_TOGETHER)) {
    it(`keeps ${group} apart in normal vision, deuteranopia and protanopia`, () => {
      for (const id of members) expect(STRATEGIES[id], id).toBeDefined();
      for (const [a, b] of pairs(members)) {
        for (const vision of VISIONS) {
          expect(colourDistance(STRATEGY_COLORS[a], STRATEGY_COLORS[b], vision), `${a} / ${b} (${vision})`).toBeGreaterThanOrEqual(TOGETHER_MIN);
        }
      }
    });
  }

  it('tells ReAct and EcoAct apart clearly (no longer two blues)', () => {
    for (const vision of VISIONS) expect(colourDistance(strategyColor('react'), strategyColor('ecoact-react'), vision)).toBeGreaterThan(TOGETHER_MIN);
  });

  it('gives a strategy added to the registry a spare colour of its own, apart from every other and visible on both panels', () => {
    const added = ['added-one', 'added-two', 'added-three'];
    const colours = assignColours([...ids, ...added]);
    for (const id of ids) expect(colours[id], id).toBe(STRATEGY_COLORS[id]);
    for (const id of added) {
      expect(SPARE_COLORS, id).toContain(colours[id]);
      for (const other of [...ids, ...added].filter((o) => o !== id)) expect(colourDistance(colours[id], colours[other]), `${id} / ${other}`).toBeGreaterThanOrEqual(ANY_MIN);
      for (const vision of VISIONS) expect(colourDistance(colours[id], STRATEGY_COLORS.react, vision), `${id} / react (${vision})`).toBeGreaterThanOrEqual(TOGETHER_MIN);
    }
  });

  it('draws spare colours that stay visible on the light and the dark panel', () => {
    const light = panelColour(':root');
    const dark = panelColour(":root[data-theme='dark']");
    for (const colour of SPARE_COLORS) {
      expect(contrastRatio(colour, light), `${colour} on ${light}`).toBeGreaterThanOrEqual(CONTRAST_MIN);
      expect(contrastRatio(colour, dark), `${colour} on ${dark}`).toBeGreaterThanOrEqual(CONTRAST_MIN);
    }
  });

  it('stays visible on the light and the dark panel', () => {
    const light = panelColour(':root');
    const dark = panelColour(":root[data-theme='dark']");
    for (const id of ids) {
      expect(contrastRatio(STRATEGY_COLORS[id], light), `${id} on ${light}`).toBeGreaterThanOrEqual(CONTRAST_MIN);
      expect(contrastRatio(STRATEGY_COLORS[id], dark), `${id} on ${dark}`).toBeGreaterThanOrEqual(CONTRAST_MIN);
    }
  });
});
