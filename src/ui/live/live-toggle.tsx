import './live.css';
import { useStore } from '../store';
import { useLive } from './live-run';
import { useTimings } from './timings';
import { LIVE_BUDGET_MS, LIVE_UNTIMED_TASK_RUNS, liveSize } from './live-size';

/** The Live switch in Setup, and what it does with the setup on screen. */
export function LiveToggle() {
  const on = useLive((live) => live.on);
  const timings = useTimings();
  const runs = useLive((live) => live.runs);
  const config = useStore((state) => state.config);
  const size = liveSize(config, timings);
  return (
    <div className="live-toggle" data-testid="live">
      <label title={`Re-runs the setup a moment after each change, when it is a quick run: the simulated model, about ${LIVE_BUDGET_MS / 1000} s here as timed by earlier runs (${LIVE_UNTIMED_TASK_RUNS} task runs at most before a run has timed its strategies).`}>
        <input type="checkbox" checked={on} onChange={(event) => useLive.setState({ on: event.target.checked })} data-testid="live-toggle" /> Live
      </label>{' '}
      {on && (
        <span className={`small ${size.small ? 'muted' : 'live-waits'}`} data-testid="live-note" data-small={size.small} data-runs={runs}>
          {size.small
            ? `re-runs on each change (${size.taskRuns} task runs${size.estimateMs !== undefined ? `, about ${(size.estimateMs / 1000).toFixed(1)} s here` : ''}).`
            : `waits: ${size.reason} Press Run.`}
        </span>
      )}
    </div>
  );
}
