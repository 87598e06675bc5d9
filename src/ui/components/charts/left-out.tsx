import { envLabel, strategyLabel } from '../common/labels';

/** A strategy a chart leaves out: how many of its task runs a prompt over the window ended. */
export interface LeftOut {
  strategy: string;
  runs: number;
  tasks: number;
}

/**
 * What an environment's charts leave out, in words (issue 28 item 6): a strategy whose task runs a
 * prompt over the context window ended has calls, tokens and dollars that stop at that prompt, so
 * a point would put it at the cheap end (0 calls, $0 where every run ended at the first prompt)
 * as if it were the cheapest. Undefined where nothing is left out.
 */
export function leftOutWords(env: string, leftOut: readonly LeftOut[], window: string): string | undefined {
  if (leftOut.length === 0) return undefined;
  const which = leftOut.map((item) => `${strategyLabel(item.strategy)}, ${item.runs} of ${item.tasks} task runs`).join('; ');
  return (
    `Left out of the charts of ${envLabel(env)}, because a prompt over ${window} ended task runs: ${which}. ` +
    'Those runs stop at that prompt, so their calls, tokens and dollars would read as cheaper than the strategy is. The table of means and the notice above give the figures.'
  );
}

/** The words above an environment's charts, as text. */
export function LeftOutNote({ words, testId = 'chart-left-out' }: { words: string | undefined; testId?: string }) {
  if (!words) return null;
  return (
    <p className="notice small chart-left-out" data-testid={testId}>
      {words}
    </p>
  );
}
