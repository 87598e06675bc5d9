/**
 * The graph views' colours as the page's CSS variables (styles.css defines each for the light and
 * the dark theme), so edges, markers and bars follow the theme. Values go into inline styles
 * (`style.stroke`, `style.fill`), where `var()` resolves; React Flow's arrow markers take them too.
 */
export const GRAPH_COLORS = {
  /** AutoTool: a tool-to-tool transition. */
  transition: 'var(--axis)',
  /** AutoTool: a transition also taken as an inertial call. */
  inertial: 'var(--warn)',
  /** AutoTool: a parameter filled from an earlier tool (dotted). */
  parameter: 'var(--muted)',
  /** ToolExpNet: a similarity edge (dashed). */
  similarity: 'var(--accent)',
  /** ToolExpNet: a dependency edge. */
  dependency: 'var(--ok)',
  /** A hovered or picked tool's edges: those leaving it, those arriving. */
  leaves: 'var(--ok)',
  arrives: 'var(--reflect)',
  /** Edges and bars that carry no meaning by colour (EGB's tree, unchosen candidates). */
  neutral: 'var(--muted)',
  /** A bar's empty track. */
  track: 'var(--grid)',
  /** Something that worked or failed (ToolExpNet's trials); AutoTool's cold start draws failed calls pale. */
  worked: 'var(--ok)',
  failed: 'var(--bad)',
  /** ToolExpNet's guidance box. */
  guidanceBackground: 'var(--code-bg)',
} as const;

const EDGE_KINDS: Record<string, string> = {
  transition: GRAPH_COLORS.transition,
  inertial: GRAPH_COLORS.inertial,
  parameter: GRAPH_COLORS.parameter,
  similarity: GRAPH_COLORS.similarity,
  dependency: GRAPH_COLORS.dependency,
};

/** The colour of an edge kind of a strategy graph (`SnapshotEdge.kind`); an unknown kind is drawn as a transition. */
export function edgeColor(kind: string): string {
  return EDGE_KINDS[kind] ?? GRAPH_COLORS.transition;
}
