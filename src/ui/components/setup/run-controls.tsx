import { useStore } from '../../store';
import { selectProgress, useThrottledStore } from '../common/use-throttled-store';
import { formatSeconds } from '../common/labels';
import { LiveToggle } from '../../live/live-toggle';

const STATUS_TEXT = { idle: 'Ready', running: 'Running', done: 'Done', cancelled: 'Cancelled', error: 'Error' } as const;

/**
 * Run and Cancel, the run's status, a progress bar with "done / total", elapsed time and the
 * runner's progress text, the model and embedder of the last run, and the error of a failed run
 * (role="alert").
 */
export function RunControls({ onRun, onCancel }: { onRun(): void; onCancel(): void }) {
  const status = useStore((state) => state.status);
  const running = status === 'running';
  const progress = useThrottledStore(selectProgress);
  const error = useStore((state) => state.error);
  const last = useStore((state) => state.result);
  const sweeping = useStore((state) => state.sweep.status === 'running');
  const serverPrompt = useStore((state) => state.serverPrompt);
  const blocked = useStore((state) => state.runBlocked);
  return (
    <div className="run-controls">
      <div className="buttons">
        <button type="button" className="primary" disabled={running || sweeping || blocked !== undefined} title={sweeping ? 'A sweep is running (Results › Sweep)' : blocked} onClick={onRun} data-testid="run-button">
          Run
        </button>
        <button type="button" disabled={!running} onClick={onCancel} data-testid="cancel-button">
          Cancel
        </button>
        <span className={`status status-${status}`} data-testid="status" data-status={status} role="status">
          {STATUS_TEXT[status]}
        </span>
      </div>
      <LiveToggle />
      {!running && blocked && (
        <p className="error small" data-testid="run-blocked">
          Run is off: {blocked}
        </p>
      )}
      {!running && last && (
        <p className="muted small" data-testid="last-run-models">
          Last run: {last.model.simulated && !/simulated/i.test(last.model.label) ? 'Simulated model: ' : ''}
          {last.model.label}; embedder {last.embedder?.label ?? 'not recorded'}.
        </p>
      )}
      {(running || progress) && (
        <div className="progress" data-testid="progress">
          <progress value={progress?.done ?? 0} max={Math.max(progress?.total ?? 1, 1)} aria-label="Run progress" />
          <div className="progress-line">
            <span data-testid="progress-count">
              {progress ? `${progress.done} / ${progress.total}` : 'starting…'}
            </span>
            <span>{progress ? formatSeconds(progress.elapsedMs) : ''}</span>
          </div>
          {progress?.text && <div className="progress-text muted small" data-testid="progress-text">{progress.text}</div>}
        </div>
      )}
      {serverPrompt && (
        <p className="notice small" data-testid="server-waiting">
          The run waits for you to confirm the server {serverPrompt} (in Results).
        </p>
      )}
      {status === 'error' && (
        <div className="error" role="alert" data-testid="error">
          <strong>The run failed.</strong> {error}
          <div className="small">Change the setup if the message asks for it, then press Run again.</div>
        </div>
      )}
    </div>
  );
}
