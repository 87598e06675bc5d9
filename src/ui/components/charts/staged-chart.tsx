import type { ReactNode } from 'react';
import { useStagedMount } from './staged-mount';

/**
 * A chart drawn in a turn of its own (useStagedMount), and let go in one when its view leaves; a
 * placeholder of the chart box's size stands in until then.
 */
export function StagedChart({ children }: { children: ReactNode }) {
  return useStagedMount() ? children : <div className="chart-pending" aria-hidden="true" />;
}
