import type { RunResult } from '../../core/run/results';
import { PAGE_DEFAULT_CONFIG, useStore } from '../store';
import { setupDifferences } from '../setup-differences';

/**
 * Says when the results on screen came from another setup than the one in Setup (after a change,
 * a reload of an older link, or an opened run), and offers to put their setup back.
 */
export function StaleNotice({ result }: { result: RunResult }) {
  const config = useStore((state) => state.config);
  const setConfig = useStore((state) => state.setConfig);
  const differences = setupDifferences(result.config, config);
  if (differences.length === 0) return null;
  return (
    <div className="notice small" data-testid="stale-notice">
      These results are from another setup than the one in Setup ({differences.join('; ')}). Press Run to get results for
      this setup, or{' '}
      <button type="button" className="link-button" data-testid="restore-setup" onClick={() => setConfig({ ...PAGE_DEFAULT_CONFIG, ...result.config })}>
        put their setup back
      </button>
      .
    </div>
  );
}
