/**
 * Axis titles on the page (issue 29 item 1: "charts have axis titles"): every recharts `XAxis` and
 * `YAxis` of the page takes its `label` from these, so the titles look alike and carry the class the
 * chart files leave out (they draw their own titles, placed for the file: chart-export.ts `axes`).
 * axis-titles.test.ts checks that every axis of src/ui uses them and that every chart's file gets both.
 */
export const PAGE_AXIS_TITLE = 'page-axis-title';

/** The x axis's title, under the ticks (the axis needs `height` room for it, about 36 px). */
export function xTitle(value: string, offset = 0) {
  return { value, position: 'insideBottom' as const, offset, className: PAGE_AXIS_TITLE, fontSize: 11 };
}

/** The y axis's title, turned along the left edge (the axis needs `width` room for ticks and title). */
export function yTitle(value: string, offset = 4) {
  return { value, angle: -90, position: 'insideLeft' as const, offset, className: PAGE_AXIS_TITLE, fontSize: 11, style: { textAnchor: 'middle' as const } };
}
