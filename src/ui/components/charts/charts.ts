/**
 * The views drawn with recharts, the entry of a chunk of their own: recharts and its helpers are
 * about half of the page's code, and evaluating them held the page's first frame (issue 13). The
 * page loads this chunk after its first paint (lazy-charts.tsx).
 */
export { CostCharts } from './cost-charts';
export { EnvBreakdowns } from './env-breakdowns';
export { SweepView } from './sweep-view';
export { TraceCompare } from '../inspect/trace-compare';
export { TraceTokensChart } from './trace-tokens-chart';
export { WarmupChart } from './warmup-chart';
