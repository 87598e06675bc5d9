import { describe, expect, it } from 'vitest';
import { chartElement, chartFileName, escapeXml, exportLabel, layoutLegend, slug, standaloneSvg, wrapText } from './chart-export';

const chart = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" class="recharts-surface" width="300" height="230"><circle cx="1" cy="2" r="3"/></svg>';

describe('escapeXml', () => {
  it('should escape the five XML specials and drop characters XML forbids', () => {
    expect(escapeXml(`Tom & "Jerry" <b>'s</b>\u0001`)).toBe('Tom &amp; &quot;Jerry&quot; &lt;b&gt;&apos;s&lt;/b&gt;');
  });

  it('should escape an ampersand once, not entities twice', () => {
    expect(escapeXml('&amp;')).toBe('&amp;amp;');
  });
});

describe('standaloneSvg', () => {
  it('should put the caption in <title> and on top, the chart below it and a white background', () => {
    const { svg, width, height } = standaloneSvg({ chart, width: 300, height: 230, caption: 'LLM calls per task', legend: [] });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="300"')).toBe(true);
    expect(svg).toContain('<title>LLM calls per task</title>');
    expect(svg).toContain('>LLM calls per task</tspan>');
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).not.toContain('<?xml');
    expect(svg).toMatch(/<g transform="translate\(0 \d+\)"><svg xmlns="http:\/\/www.w3.org\/2000\/svg" class="recharts-surface"/);
    expect(width).toBe(300);
    expect(height).toBeGreaterThan(230);
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('should escape the caption, strategy names, colours and notes', () => {
    const { svg } = standaloneSvg({
      chart,
      width: 300,
      height: 230,
      caption: 'Cost <per> task & "more"',
      legend: [{ label: 'A&B <script>', color: '#fff" onload="x' }],
      notes: ['bars: 95% <intervals>'],
      fontFamily: '"Segoe UI", sans-serif',
    });
    expect(svg).toContain('<title>Cost &lt;per&gt; task &amp; &quot;more&quot;</title>');
    expect(svg).toContain('>A&amp;B &lt;script&gt;</text>');
    expect(svg).toContain('fill="#fff&quot; onload=&quot;x"');
    expect(svg).toContain('bars: 95% &lt;intervals&gt;');
    expect(svg).toContain('font-family="&quot;Segoe UI&quot;, sans-serif"');
    expect(svg).not.toContain('<script>');
  });

  it('should draw one swatch per strategy and the marker kinds, and grow with more legend rows', () => {
    const legend = [
      { label: 'ReAct', color: '#0072b2' },
      { label: 'Reflexion', color: '#d55e00' },
      { label: 'success rate', color: '#666', marker: 'circle' as const },
      { label: 'progress rate', color: '#666', marker: 'diamond' as const },
    ];
    const one = standaloneSvg({ chart, width: 600, height: 230, caption: 'c', legend });
    const narrow = standaloneSvg({ chart, width: 160, height: 230, caption: 'c', legend });
    expect(one.svg.match(/<circle cx=/g)).toHaveLength(1 + 3); // the chart's own, two strategies and the success marker
    expect(one.svg).toContain('fill="#0072b2"');
    expect(one.svg).toContain('<path d="M');
    expect(one.svg).toContain('>Reflexion</text>');
    expect(narrow.height).toBeGreaterThan(one.height);
  });

  it('should refuse text without an <svg> element', () => {
    expect(() => chartElement('<div/>')).toThrow(/no <svg>/);
  });
});

describe('layout helpers', () => {
  it('should wrap words to the width and keep a long word whole', () => {
    expect(wrapText('Output (completion) tokens per task', 13, 160)).toEqual(['Output (completion)', 'tokens per task']);
    expect(wrapText('supercalifragilistic', 13, 20)).toEqual(['supercalifragilistic']);
  });

  it('should start a new legend row where an item does not fit', () => {
    const rows = layoutLegend([{ label: 'aaaaaaaaaa', color: '#000' }, { label: 'bbbbbbbbbb', color: '#000' }], 100).map((p) => p.row);
    expect(rows).toEqual([0, 1]);
  });
});

describe('file names and labels', () => {
  it('should name files after the environment and chart', () => {
    expect(chartFileName('household', 'llmCalls', 'png')).toBe('toolwise-household-llm-calls.png');
    expect(chartFileName('slate', 'completionTokens', 'svg')).toBe('toolwise-slate-completion-tokens.svg');
    expect(slug('My Env / v2')).toBe('my-env-v2');
    expect(slug('***')).toBe('chart');
  });

  it('should label the buttons for screen readers', () => {
    expect(exportLabel('LLM calls per task', 'png')).toBe('Download LLM calls per task chart as PNG');
    expect(exportLabel('LLM calls per task', 'svg')).toBe('Download LLM calls per task chart as SVG');
  });
});
