import type { RunResult } from '../../../core/run/results';
import { PAGE_DEFAULT_CONFIG, useStore } from '../../store';
import { setupDifferences } from '../../setup-differences';
import { dataDifferences, dataInUse, dataOfResult } from '../../data-in-use';
import { envLabel } from '../common/labels';

const short = (choice: string | null) => (choice ? `imported ${choice}` : 'bundled');

/**
 * Says when the results on screen came from another setup than the one in Setup (after a change,
 * a reload of an older link, or an opened run), and offers to put their setup back.
 */
export function StaleNotice({ result }: { result: RunResult }) {
  const config = useStore((state) => state.config);
  const setConfig = useStore((state) => state.setConfig);
  const imports = useStore((state) => state.imports);
  const ran = dataOfResult(result.data, config.envs);
  const now = dataInUse(imports, config.envs);
  const differences = [...setupDifferences(result.config, config), ...dataDifferences(ran, now).map((env) => `${envLabel(env)} data: ${short(ran[env])} → ${short(now[env])}`)];
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
