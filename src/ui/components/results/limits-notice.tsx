import type { CostRow } from '../charts/cost-charts';
import { envLabel, formatNumber, strategyLabel } from '../common/labels';
import { cacheWords, endedWords, overflowedRuns, overflowWords, windowSourceWords, windowWords, type RunLimits } from './run-limits';

/** The window's size and where the figure comes from (a server's report, a WebLLM record, a SimLM class, the run's setting), as text. */
function WindowSource({ limits }: { limits: RunLimits }) {
  const words = windowSourceWords(limits);
  return words ? (
    <span className="window-source" data-testid="window-source">
      {' '}
      {words}
    </span>
  ) : null;
}

/**
 * What a real model's limits did to the run on screen, above its charts and tables (issue 28 items
 * 1, 3, 4 and 6): which strategy on which environment did not fit the context window and in how
 * many task runs, which ones had prompts trimmed to fit, and what the dollars and seconds assume
 * (the cache model, the device). Nothing for a run that checks no window and models neither.
 */
export function LimitsNotice({ rows, limits }: { rows: CostRow[]; limits: RunLimits }) {
  const overflowed = rows.filter((row) => overflowedRuns(row) > 0);
  const trimmed = rows.filter((row) => (row.trimmedCalls ?? 0) > 0);
  const cached = limits.cache !== undefined && rows.some((row) => row.cachedPromptTokens !== undefined);
  const engine = rows.some((row) => row.secondsSource === 'engine');
  const device = limits.device !== undefined && rows.some((row) => row.localSeconds !== undefined && row.secondsSource !== 'engine');
  if (overflowed.length === 0 && trimmed.length === 0 && !cached && !device && !engine) return null;
  return (
    <div className="limits-notice" data-testid="limits-notice">
      {overflowed.length > 0 && (
        <div className="notice small" data-testid="overflow-notice">
          <strong>Context overflows.</strong> Where a prompt was longer than {windowWords(limits)}, {endedWords(limits)}: its calls, tokens, cost and seconds stop at that prompt, and it counts as not solved. This happened to:
          <ul>
            {overflowed.map((row) => (
              <li key={`${row.env}/${row.strategy}`} title={overflowWords(row, limits)}>
                {strategyLabel(row.strategy)} on {envLabel(row.env)}: {overflowedRuns(row)} of {row.tasks} task runs{row.shortlisted ? ', with the shortlist of tools' : ''}
              </li>
            ))}
          </ul>
          Where the tool listing is what does not fit, Setup&rsquo;s Tool listing <span className="mono">fit</span> lists a shortlist in its place; else a model with a longer window fits more. Inspect a task run to see the prompt&rsquo;s size.
          <WindowSource limits={limits} />
        </div>
      )}
      {trimmed.length > 0 && (
        <p className="notice small" data-testid="trim-notice">
          <strong>Trimmed prompts.</strong> Calls whose prompt was longer than {windowWords(limits)} had their oldest steps dropped (overflow: trim), so the model did not see the whole trajectory:{' '}
          {trimmed.map((row) => `${strategyLabel(row.strategy)} on ${envLabel(row.env)}, ${formatNumber(row.trimmedCalls!)} calls per task run`).join('; ')}.
          <WindowSource limits={limits} />
        </p>
      )}
      {(cached || device || engine) && (
        <p className="muted small" data-testid="cost-basis">
          {cached && (
            <>
              Dollars: Cost / task bills the prompt tokens the cache model {cacheWords(limits.cache!)} finds cached at the cached-input price below, and says under it what the task runs would cost with no prompt token cached.{' '}
            </>
          )}
          {engine && <span data-testid="seconds-engine">Seconds: measured by the engine, the time each call spent in llama.cpp (not the device formula). </span>}
          {device && <>Seconds: on {limits.device}, for the uncached prompt tokens, the completion tokens and each call.</>}
        </p>
      )}
    </div>
  );
}
