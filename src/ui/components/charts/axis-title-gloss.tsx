import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Text } from 'recharts';

/** The class of an axis title that carries a glossary entry (left out of the chart files, as the title is). */
export const AXIS_GLOSS = 'axis-gloss';

interface AxisTitleProps {
  x?: number;
  y?: number;
  value?: string | number;
  position?: string;
  angle?: number;
  className?: string;
  fontSize?: number;
  style?: React.CSSProperties;
  gloss: string;
}

/**
 * An axis title with its glossary entry, as Setup's labels and the tables' column headers have
 * theirs: the entry shows on hover (the SVG `<title>`) and on keyboard focus (Tab reaches the
 * title; the entry opens beside it), and a screen reader reads it as the title's description.
 * Drawn where recharts' own label would be: recharts gives `content` the x and y it computed; the
 * anchors are those of its `insideBottom` (x title) and `insideLeft` (y title) positions.
 */
export function GlossAxisTitle({ x, y, value, position, angle, className, fontSize, style, gloss }: AxisTitleProps) {
  const [shownAt, setShownAt] = useState<{ left: number; top: number; above: number } | undefined>(undefined);
  // Inside the viewport (issue 42 item 6): measured once drawn, moved left and above the title where it would cross an edge.
  const keepInside = (tip: HTMLDivElement | null) => {
    if (!tip) return;
    const rect = tip.getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    if (rect.right > width - 4) tip.style.left = `${Math.max(4, width - 4 - rect.width)}px`;
    if (rect.bottom > window.innerHeight - 4 && shownAt && shownAt.above - 4 - rect.height >= 4) tip.style.top = `${shownAt.above - 4 - rect.height}px`;
  };
  if (x === undefined || y === undefined) return null;
  const bottom = position === 'insideBottom';
  return (
    <g
      className={AXIS_GLOSS}
      tabIndex={0}
      data-gloss={gloss}
      aria-description={gloss}
      onFocus={(event) => {
        // On keyboard focus only, as the labels' entries (:focus-visible).
        if (!event.currentTarget.matches(':focus-visible')) return;
        const box = event.currentTarget.getBoundingClientRect();
        setShownAt({ left: Math.max(4, Math.min(box.left, window.innerWidth - 340)), top: box.bottom + 4, above: box.top });
      }}
      onBlur={() => setShownAt(undefined)}
    >
      <title>{gloss}</title>
      <Text x={x} y={y} angle={angle} textAnchor={bottom ? 'middle' : 'start'} verticalAnchor={bottom ? 'end' : 'middle'} className={`recharts-label ${className ?? ''}`} fontSize={fontSize} style={style}>
        {value}
      </Text>
      {shownAt &&
        createPortal(
          <div className="gloss-tip" role="tooltip" data-testid="axis-gloss-tip" ref={keepInside} style={{ left: shownAt.left, top: shownAt.top }}>
            {gloss}
          </div>,
          document.body,
        )}
    </g>
  );
}
