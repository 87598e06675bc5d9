import { createElement } from 'react';
import { GlossAxisTitle } from './axis-title-gloss';
import { metricHoverText } from '../../../core/run/glossary';

/**
 * Axis titles on the page (issue 29 item 1: "charts have axis titles"): every recharts `XAxis` and
 * `YAxis` of the page takes its `label` from these, so the titles look alike and carry the class the
 * chart files leave out (they draw their own titles, placed for the file: chart-export.ts `axes`).
 * axis-titles.test.ts checks that every axis of src/ui uses them and that every chart's file gets both.
 */
export const PAGE_AXIS_TITLE = 'page-axis-title';

/**
 * A title's glossary entry, where it names a metric or a setting: drawn by GlossAxisTitle (shown
 * on hover and keyboard focus); without one recharts draws the title itself.
 */
function withGloss<T extends object>(label: T, gloss: string | undefined) {
  if (!gloss) return label;
  return { ...label, content: (props: Record<string, unknown>) => createElement(GlossAxisTitle, { ...props, gloss }) };
}

/** The x axis's title, under the ticks (the axis needs `height` room for it, about 36 px); `gloss`: its glossary entry. */
export function xTitle(value: string, offset = 0, gloss?: string) {
  return withGloss({ value, position: 'insideBottom' as const, offset, className: PAGE_AXIS_TITLE, fontSize: 11 }, gloss);
}

/** The y axis's title, turned along the left edge (the axis needs `width` room for ticks and title); `gloss`: its glossary entry. */
export function yTitle(value: string, offset = 4, gloss?: string) {
  return withGloss({ value, angle: -90, position: 'insideLeft' as const, offset, className: PAGE_AXIS_TITLE, fontSize: 11, style: { textAnchor: 'middle' as const } }, gloss);
}

/** The glossary words of a per-step token axis (Inspect's charts): one call's share of the glossary's prompt tokens. */
export const STEP_TOKENS_GLOSS = `Input tokens per step: the prompt tokens of one step's model call. ${metricHoverText('promptTokens')}`;
