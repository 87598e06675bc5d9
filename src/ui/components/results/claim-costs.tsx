import type { CostLine, Estimate, TokenCosts } from '../../../core/run/claims';
import { DEVICE_PROFILES } from '../../../core/run/device-profiles';
import { CACHE_MODEL_LABELS, type CacheModel } from '../../../core/llm/prompt-cache';
import { formatNumber, strategyLabel } from '../common/labels';

const tokens = (value: number) => Math.round(value).toLocaleString('en-US');
const seconds = (value: number) => `${value < 10 ? value.toFixed(2) : formatNumber(value)} s`;
const percent = (value: number) => `${value > 0 ? '+' : ''}${(value * 100).toFixed(1)}%`;
const CHANGE = 'Change, paired';

function Value({ estimate, format }: { estimate: Estimate; format(value: number): string }) {
  return (
    <>
      {format(estimate.mean)}{' '}
      <span className="ci">
        [{format(estimate.low)}, {format(estimate.high)}]
      </span>
    </>
  );
}

/** The columns' names, also beside each figure where a narrow screen stacks a line's cells (styles.css). */
interface Columns {
  baseline: string;
  strategy: string;
}

function Line({ what, line, format, title, columns }: { what: string; line: CostLine; format(value: number): string; title?: string; columns: Columns }) {
  return (
    <tr>
      <th scope="row" className="small" title={title}>
        {what}
      </th>
      <td className="num" data-label={columns.baseline}>
        <Value estimate={line.baseline} format={format} />
      </td>
      <td className="num" data-label={columns.strategy}>
        <Value estimate={line.strategy} format={format} />
      </td>
      <td className="num" data-label={CHANGE}>
        <Value estimate={line.change} format={percent} />
      </td>
    </tr>
  );
}

/**
 * A "fewer input tokens" claim as a local engine meets it: per task, the raw prompt tokens the
 * paper counts, the prompt tokens the run's cache model did not find cached, and seconds on the
 * device picked in Setup (every profile where none is picked, or where the one picked is not in
 * these figures), each with its 95% interval and the paired relative change.
 */
export function ClaimCosts({ costs, title, device }: { costs: TokenCosts; title: string; device: string | undefined }) {
  const devices = device !== undefined && Object.hasOwn(costs.seconds, device) ? [device] : Object.keys(costs.seconds);
  const cache = Object.hasOwn(CACHE_MODEL_LABELS, costs.cache) ? CACHE_MODEL_LABELS[costs.cache as CacheModel] : costs.cache;
  const columns: Columns = { baseline: strategyLabel(costs.baseline), strategy: strategyLabel(costs.strategy) };
  return (
    <table className="claim-costs small" data-testid="claim-costs">
      <caption className="small">
        {title}; cache model <span className="mono">{costs.cache}</span>: {cache}
      </caption>
      <thead>
        <tr>
          <th>Per task [95% CI]</th>
          <th>{columns.baseline}</th>
          <th>{columns.strategy}</th>
          <th>{CHANGE}</th>
        </tr>
      </thead>
      <tbody>
        <Line what="Prompt tokens" line={costs.promptTokens} format={tokens} title="Every prompt token, as the paper counts them" columns={columns} />
        <Line what="Uncached prompt tokens" line={costs.uncachedPromptTokens} format={tokens} title="Prompt tokens the cache model did not find cached: what a local engine prefills" columns={columns} />
        {devices.map((id) => {
          const profile = Object.hasOwn(DEVICE_PROFILES, id) ? DEVICE_PROFILES[id] : undefined;
          return (
            <Line
              key={id}
              what={`Seconds: ${costs.seconds[id].label}`}
              line={costs.seconds[id]}
              format={seconds}
              columns={columns}
              title={profile ? `${profile.source}${profile.assumption ? `. Assumed: ${profile.assumption}` : ''}` : id === 'engine' ? 'The seconds the engine measured for each call (a llama: model), not a formula' : 'The rates this run was given'}
            />
          );
        })}
      </tbody>
    </table>
  );
}
