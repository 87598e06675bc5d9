/**
 * Pure string building for the chart downloads (SVG and PNG): a standalone SVG document from a
 * serialised chart, its caption and a legend. No DOM here, so it runs (and is tested) in node;
 * chart-export-buttons.tsx does the serialising, rasterising and downloading in the page.
 */

/** One legend entry: a strategy (coloured swatch) or a marker kind (grey circle, hollow diamond, error bar). */
export interface LegendItem {
  label: string;
  color: string;
  marker?: 'swatch' | 'circle' | 'diamond' | 'bar';
}

export interface StandaloneSvgInput {
  /** The chart's serialised `<svg>` element (XMLSerializer output; an XML prolog is dropped). */
  chart: string;
  /** The chart's size in CSS pixels. */
  width: number;
  height: number;
  /** The figure's caption: the document's <title> and a heading above the chart. */
  caption: string;
  /**
   * Lines under the caption that keep the figure's context once it leaves the page (issue 29): the
   * model (saying "simulated model" for SimLM), the encoder, tasks × seeds. Also in the <desc>.
   */
  subtitle?: string;
  /** Axis titles: x centred under the chart, y turned along its left side. */
  axes?: { x?: string; y?: string };
  /** Drawn in rows below the chart, wrapped to the chart's width. */
  legend: LegendItem[];
  /** Small grey lines under the legend (for example what the error bars show). */
  notes?: string[];
  /** CSS font-family for the caption, legend and notes. */
  fontFamily?: string;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const PAD = 10;
const CAPTION_SIZE = 13;
const CAPTION_LINE = 17;
const LEGEND_SIZE = 11;
const LEGEND_LINE = 16;
const NOTE_SIZE = 10;
const NOTE_LINE = 14;
const SUBTITLE_SIZE = 11;
const SUBTITLE_LINE = 15;
const AXIS_SIZE = 11;
const AXIS_LINE = 16;
const SWATCH = 10;
const ITEM_GAP = 14;
const DEFAULT_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** Characters XML 1.0 forbids anywhere (C0 controls but tab, line feed and carriage return). */
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text made safe for XML character data and attribute values (double or single quoted). */
export function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A rough text width (no font metrics in node): wide enough for typical sans-serif UI fonts. */
export function textWidth(text: string, fontSize: number): number {
  return text.length * fontSize * 0.58;
}

/** Words wrapped into lines no wider than `maxWidth` (a single over-long word keeps its own line). */
export function wrapText(text: string, fontSize: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, fontSize) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

/** Legend items placed left to right, starting a new row where the next one would not fit. */
export function layoutLegend(items: LegendItem[], maxWidth: number): { item: LegendItem; x: number; row: number }[] {
  const placed: { item: LegendItem; x: number; row: number }[] = [];
  let x = 0;
  let row = 0;
  for (const item of items) {
    const width = SWATCH + 4 + textWidth(item.label, LEGEND_SIZE);
    if (x > 0 && x + width > maxWidth) {
      row += 1;
      x = 0;
    }
    placed.push({ item, x, row });
    x += width + ITEM_GAP;
  }
  return placed;
}

function num(value: number): string {
  return String(Math.round(value * 100) / 100);
}

function marker(item: LegendItem, x: number, cy: number): string {
  const color = escapeXml(item.color);
  const c = x + SWATCH / 2;
  switch (item.marker ?? 'swatch') {
    case 'diamond':
      return `<path d="M${num(c)} ${num(cy - 5)}L${num(c + 5)} ${num(cy)}L${num(c)} ${num(cy + 5)}L${num(c - 5)} ${num(cy)}Z" fill="#ffffff" stroke="${color}" stroke-width="1.5"/>`;
    case 'bar':
      return `<path d="M${num(c - 3)} ${num(cy - 5)}H${num(c + 3)}M${num(c)} ${num(cy - 5)}V${num(cy + 5)}M${num(c - 3)} ${num(cy + 5)}H${num(c + 3)}" fill="none" stroke="${color}" stroke-width="1.5"/>`;
    default:
      return `<circle cx="${num(c)}" cy="${num(cy)}" r="${SWATCH / 2}" fill="${color}"/>`;
  }
}

/** The chart's `<svg>` element text without an XML prolog or doctype, so it can nest in another document. */
export function chartElement(serialized: string): string {
  const start = serialized.indexOf('<svg');
  if (start < 0) throw new Error('The chart has no <svg> element to export.');
  return serialized.slice(start).trim();
}

/**
 * A standalone SVG document: white background, the caption on top, the chart, then the legend
 * (strategy swatches and names, marker kinds) and notes, all text XML-escaped.
 */
export function standaloneSvg(input: StandaloneSvgInput): { svg: string; width: number; height: number } {
  const yTitle = input.axes?.y?.trim();
  const xTitle = input.axes?.x?.trim();
  // The y title takes a strip left of the chart.
  const chartLeft = yTitle ? AXIS_LINE : 0;
  const width = Math.max(1, Math.ceil(input.width) + chartLeft);
  const inner = width - 2 * PAD;
  const font = escapeXml(input.fontFamily || DEFAULT_FONT);
  const captionLines = wrapText(input.caption, CAPTION_SIZE, inner);
  const subtitleLines = input.subtitle ? wrapText(input.subtitle, SUBTITLE_SIZE, inner) : [];
  const subtitleTop = PAD + captionLines.length * CAPTION_LINE;
  const chartTop = subtitleTop + subtitleLines.length * SUBTITLE_LINE + 4;
  const chartHeight = Math.max(0, Math.ceil(input.height));
  const xTitleTop = chartTop + chartHeight + 2;
  const legend = layoutLegend(input.legend, inner);
  const legendRows = legend.length ? legend[legend.length - 1].row + 1 : 0;
  const legendTop = xTitleTop + (xTitle ? AXIS_LINE : 0) + 6;
  const notes = (input.notes ?? []).flatMap((note) => wrapText(note, NOTE_SIZE, inner));
  const notesTop = legendTop + legendRows * LEGEND_LINE + (notes.length ? 2 : 0);
  const height = notesTop + notes.length * NOTE_LINE + PAD;

  const parts: string[] = [
    `<svg xmlns="${SVG_NS}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${font}">`,
    `<title>${escapeXml(input.caption)}</title>`,
    ...(input.subtitle ? [`<desc>${escapeXml(input.subtitle)}</desc>`] : []),
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${PAD}" y="${PAD}" font-size="${CAPTION_SIZE}" font-weight="600" fill="#1d2329" dominant-baseline="hanging">${captionLines
      .map((line, i) => `<tspan x="${PAD}" dy="${i === 0 ? 0 : CAPTION_LINE}">${escapeXml(line)}</tspan>`)
      .join('')}</text>`,
  ];
  if (subtitleLines.length) {
    parts.push(
      `<text x="${PAD}" y="${subtitleTop}" font-size="${SUBTITLE_SIZE}" fill="#3d4750" dominant-baseline="hanging" data-role="context">${subtitleLines
        .map((line, i) => `<tspan x="${PAD}" dy="${i === 0 ? 0 : SUBTITLE_LINE}">${escapeXml(line)}</tspan>`)
        .join('')}</text>`,
    );
  }
  parts.push(`<g transform="translate(${chartLeft} ${chartTop})">${chartElement(input.chart)}</g>`);
  if (yTitle) {
    const cy = num(chartTop + chartHeight / 2);
    parts.push(`<text x="${AXIS_LINE / 2 + 2}" y="${cy}" transform="rotate(-90 ${AXIS_LINE / 2 + 2} ${cy})" font-size="${AXIS_SIZE}" fill="#333333" text-anchor="middle" dominant-baseline="central" data-role="y-title">${escapeXml(yTitle)}</text>`);
  }
  if (xTitle) {
    parts.push(`<text x="${num(chartLeft + input.width / 2)}" y="${num(xTitleTop + AXIS_LINE / 2)}" font-size="${AXIS_SIZE}" fill="#333333" text-anchor="middle" dominant-baseline="central" data-role="x-title">${escapeXml(xTitle)}</text>`);
  }
  if (legend.length) {
    parts.push(`<g font-size="${LEGEND_SIZE}" fill="#333333">`);
    for (const { item, x, row } of legend) {
      const cy = legendTop + row * LEGEND_LINE + LEGEND_LINE / 2;
      parts.push(marker(item, PAD + x, cy));
      parts.push(`<text x="${num(PAD + x + SWATCH + 4)}" y="${num(cy)}" dominant-baseline="central">${escapeXml(item.label)}</text>`);
    }
    parts.push('</g>');
  }
  if (notes.length) {
    parts.push(`<g font-size="${NOTE_SIZE}" fill="#5f6b76">`);
    notes.forEach((note, i) => parts.push(`<text x="${PAD}" y="${num(notesTop + i * NOTE_LINE + NOTE_LINE / 2)}" dominant-baseline="central">${escapeXml(note)}</text>`));
    parts.push('</g>');
  }
  parts.push('</svg>');
  return { svg: parts.join(''), width, height };
}

/** A file-name part: lower-case words joined by hyphens ('completionTokens' gives 'completion-tokens'). */
export function slug(text: string): string {
  return (
    text
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'chart'
  );
}

/** The download's file name, e.g. `toolwise-household-llm-calls.png`. */
export function chartFileName(env: string, chart: string, format: 'png' | 'svg'): string {
  return `toolwise-${slug(env)}-${slug(chart)}.${format}`;
}

/** The export button's accessible name, e.g. "Download LLM calls per task chart as PNG". */
export function exportLabel(title: string, format: 'png' | 'svg'): string {
  return `Download ${title} chart as ${format.toUpperCase()}`;
}
