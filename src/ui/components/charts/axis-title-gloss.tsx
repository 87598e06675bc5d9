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
  const [shownAt, setShownAt] = useState<{ left: number; top: number } | undefined>(undefined);
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
        setShownAt({ left: Math.max(4, Math.min(box.left, window.innerWidth - 340)), top: box.bottom + 4 });
      }}
      onBlur={() => setShownAt(undefined)}
    >
      <title>{gloss}</title>
      <Text x={x} y={y} angle={angle} textAnchor={bottom ? 'middle' : 'start'} verticalAnchor={bottom ? 'end' : 'middle'} className={`recharts-label ${className ?? ''}`} fontSize={fontSize} style={style}>
        {value}
      </Text>
      {shownAt &&
        createPortal(
          <div className="gloss-tip" role="tooltip" data-testid="axis-gloss-tip" style={{ left: shownAt.left, top: shownAt.top }}>
            {gloss}
          </div>,
          document.body,
        )}
    </g>
  );
}
