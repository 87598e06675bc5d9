import type { CostLine, Estimate, TokenCosts } from '../../../core/run/claims';
import { DEVICE_PROFILES } from '../../../core/run/device-profiles';
import { CACHE_MODEL_LABELS, type CacheModel } from '../../../core/llm/prompt-cache';
import { formatNumber, strategyLabel } from '../common/labels';

const tokens = (value: number) => Math.round(value).toLocaleString('en-US');
const seconds = (value: number) => `${value < 10 ? value.toFixed(2) : formatNumber(value)} s`;
const percent = (value: number) => `${value > 0 ? '+' : ''}${(value * 100).toFixed(1)}%`;

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

function Line({ what, line, format, title }: { what: string; line: CostLine; format(value: number): string; title?: string }) {
  return (
    <tr>
      <th scope="row" className="small" title={title}>
        {what}
      </th>
      <td className="num">
        <Value estimate={line.baseline} format={format} />
      </td>
      <td className="num">
        <Value estimate={line.strategy} format={format} />
      </td>
      <td className="num">
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
  return (
    <table className="claim-costs small" data-testid="claim-costs">
      <caption className="small">
        {title}; cache model <span className="mono">{costs.cache}</span>: {cache}
      </caption>
      <thead>
        <tr>
          <th>Per task [95% CI]</th>
          <th>{strategyLabel(costs.baseline)}</th>
          <th>{strategyLabel(costs.strategy)}</th>
          <th>Change, paired</th>
        </tr>
      </thead>
      <tbody>
        <Line what="Prompt tokens" line={costs.promptTokens} format={tokens} title="Every prompt token, as the paper counts them" />
        <Line what="Uncached prompt tokens" line={costs.uncachedPromptTokens} format={tokens} title="Prompt tokens the cache model did not find cached: what a local engine prefills" />
        {devices.map((id) => {
          const profile = Object.hasOwn(DEVICE_PROFILES, id) ? DEVICE_PROFILES[id] : undefined;
          return (
            <Line
              key={id}
              what={`Seconds: ${costs.seconds[id].label}`}
              line={costs.seconds[id]}
              format={seconds}
              title={profile ? `${profile.source}${profile.assumption ? `. Assumed: ${profile.assumption}` : ''}` : 'The rates this run was given'}
            />
          );
        })}
      </tbody>
    </table>
  );
}
