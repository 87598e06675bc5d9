import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const UI = fileURLToPath(new URL('../..', import.meta.url));

/** Every .tsx file under src/ui. */
function sources(dir = UI): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

/** The JSX elements `<Name ... />` or `<Name ...>` of a source, as text (braces balanced, so props holding `>` are kept). */
function elements(source: string, name: string): string[] {
  const found: string[] = [];
  for (let at = source.indexOf(`<${name}`); at >= 0; at = source.indexOf(`<${name}`, at + 1)) {
    if (/\w/.test(source[at + name.length + 1] ?? '')) continue;
    let depth = 0;
    let end = at;
    for (; end < source.length; end++) {
      const c = source[end];
      if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (c === '>' && depth === 0) break;
    }
    found.push(source.slice(at, end + 1));
  }
  return found;
}

/**
 * The off-screen warm-up chart (chart-warmup.tsx) only runs recharts' code before the first result
 * chart mounts; it is hidden (aria-hidden, off-screen) and has no data to title.
 */
const NOT_A_FIGURE = new Set(['components/charts/warmup-chart.tsx']);

const CHART = /<(LineChart|BarChart|ScatterChart|AreaChart|ComposedChart)\b/;

const files = sources()
  .map((path) => ({ file: relative(UI, path).replaceAll('\\', '/'), source: readFileSync(path, 'utf8') }))
  .filter(({ file, source }) => CHART.test(source) && !NOT_A_FIGURE.has(file));

describe('every chart of the page has axis titles, on the page and in its files (issue 29 item 1)', () => {
  it('finds the charts: cost, sweep, breakdowns, trace tokens and the side-by-side tokens', () => {
    // The list is derived from the sources; this only guards the derivation itself.
    expect(files.map((f) => f.file)).toEqual(
      expect.arrayContaining(['components/charts/cost-charts.tsx', 'components/charts/sweep-view.tsx', 'components/charts/env-breakdowns.tsx', 'components/charts/trace-tokens-chart.tsx', 'components/inspect/trace-compare.tsx']),
    );
  });

  it('titles every x and y axis through xTitle / yTitle (the page\'s axis titles)', () => {
    for (const { file, source } of files) {
      for (const axis of elements(source, 'XAxis')) expect(axis, file).toMatch(/label=\{xTitle\(/);
      for (const axis of elements(source, 'YAxis')) expect(axis, file).toMatch(/label=\{yTitle\(/);
    }
  });

  it('gives every chart export buttons whose files carry both axis titles and the run\'s context line', () => {
    for (const { file, source } of files) {
      const charts = source.match(new RegExp(CHART.source, 'g'))!.length;
      const buttons = elements(source, 'ChartExportButtons');
      expect(buttons.length, `${file}: one ChartExportButtons per chart`).toBe(charts);
      for (const button of buttons) {
        expect(button, file).toMatch(/axes=\{\{ x: [^,}]+, y: [^}]+\}\}/);
        expect(button, file).toMatch(/subtitle=\{/);
      }
    }
  });
});
