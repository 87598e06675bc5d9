import { useState, type RefObject } from 'react';
import { withLightTheme } from '../common/theme-toggle';
import { chartFileName, exportLabel, standaloneSvg, type LegendItem } from './chart-export';

/** Computed styles copied onto each element of the exported copy, so it renders without the page's CSS. */
const STYLE_PROPS = [
  'font-family', 'font-size', 'font-weight', 'font-style', 'fill', 'fill-opacity', 'stroke', 'stroke-width',
  'stroke-opacity', 'stroke-dasharray', 'opacity', 'visibility', 'text-anchor', 'dominant-baseline',
] as const;

/** A copy of the chart's `<svg>` with the computed styles inlined, serialised, and its size. */
function serializeChart(svg: SVGSVGElement): { text: string; width: number; height: number } {
  const { width, height } = svg.getBoundingClientRect();
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...svg.querySelectorAll('*')];
  const copies = [copy, ...copy.querySelectorAll('*')];
  originals.forEach((original, i) => {
    const target = copies[i] as SVGElement | undefined;
    if (!target?.style) return;
    const computed = getComputedStyle(original);
    for (const prop of STYLE_PROPS) {
      const value = computed.getPropertyValue(prop);
      if (value) target.style.setProperty(prop, value);
    }
  });
  // Tooltip cursors and hover markers are no part of the figure; the page's axis titles are drawn again, placed for the file.
  copy.querySelectorAll('.recharts-tooltip-cursor, .recharts-active-dot, .page-axis-title, .axis-gloss').forEach((node) => node.remove());
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(Math.round(width)));
  copy.setAttribute('height', String(Math.round(height)));
  copy.style.removeProperty('width');
  copy.style.removeProperty('height');
  return { text: new XMLSerializer().serializeToString(copy), width, height };
}

/** Saves a blob as a file through a temporary object URL. */
function download(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The SVG drawn onto a canvas at `scale` times its size, as a PNG blob. */
async function rasterize(svg: string, width: number, height: number, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = new Image();
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('The chart could not be drawn as an image.'));
      image.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(width * scale);
    canvas.height = Math.ceil(height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas to draw the chart on.');
    context.scale(scale, scale);
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(image, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The PNG could not be encoded.'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Small "PNG" and "SVG" buttons that download one chart: its recharts `<svg>` (found under
 * `figure`) made standalone, with the caption and the run's context (model, encoder, tasks × seeds)
 * on top, axis titles, and the legend below.
 */
export function ChartExportButtons({ figure, env, chart, title, legend, notes, subtitle, axes }: { figure: RefObject<HTMLElement | null>; env: string; chart: string; title: string; legend: LegendItem[]; notes?: string[]; subtitle?: string; axes?: { x?: string; y?: string } }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function save(format: 'png' | 'svg') {
    const svg = figure.current?.querySelector<SVGSVGElement>('svg.recharts-surface');
    if (!svg || !figure.current) return;
    setBusy(true);
    setError(undefined);
    try {
      const chartSvg = withLightTheme(() => serializeChart(svg));
      const doc = standaloneSvg({ chart: chartSvg.text, width: chartSvg.width, height: chartSvg.height, caption: title, subtitle, axes, legend, notes, fontFamily: getComputedStyle(figure.current).fontFamily });
      const text = `<?xml version="1.0" encoding="UTF-8"?>\n${doc.svg}`;
      const blob = format === 'svg' ? new Blob([text], { type: 'image/svg+xml;charset=utf-8' }) : await rasterize(text, doc.width, doc.height);
      download(chartFileName(env, chart, format), blob);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="chart-export" title={error}>
      {(['png', 'svg'] as const).map((format) => (
        <button key={format} type="button" className="chart-export-button" data-testid={`chart-export-${format}`} aria-label={exportLabel(title, format)} disabled={busy} onClick={() => void save(format)}>
          {format.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
