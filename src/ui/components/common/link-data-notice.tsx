import { useStore } from '../../store';
import { dataInUse } from '../../data-in-use';
import { setImportActive, type DataApi } from '../../imports';
import { envLabel } from './labels';

/** Opens an environment's importer in Setup and puts the focus on its first file picker. */
function openImporter(envId: string) {
  const details = document.getElementById(`import-${envId}`);
  if (!(details instanceof HTMLDetailsElement)) return;
  details.open = true;
  details.scrollIntoView({ behavior: 'smooth', block: 'center' });
  details.querySelector('input')?.focus();
}

/**
 * Says when the opened link's run used other data than this browser uses (issue 25 item 6): its
 * imported files are not here (they never travel in a link), another import is in use, or the link
 * ran on the bundled data while an import is in use. It cannot replay without them, so nothing runs
 * on its own; the notice offers to load the files (or use the stored ones, or the bundled data).
 */
export function LinkDataNotice({ api, onRun }: { api: DataApi; onRun(): void }) {
  const linkData = useStore((state) => state.linkData);
  const imports = useStore((state) => state.imports);
  const envs = useStore((state) => state.config.envs);
  const running = useStore((state) => state.status === 'running');
  if (!linkData || running) return null;
  const inUse = dataInUse(imports, envs);
  const open = Object.entries(linkData).filter(([env, wanted]) => envs.includes(env) && (inUse[env] ?? null) !== wanted);
  if (open.length === 0) {
    return (
      <div className="notice small" role="status" data-testid="link-data-ready">
        The data this link&rsquo;s run used are in place now.{' '}
        <button type="button" className="small-button" data-testid="link-data-run" onClick={onRun}>
          Run it
        </button>
      </div>
    );
  }
  return (
    <div className="notice link-data" role="status" data-testid="link-data">
      {open.map(([env, wanted]) => {
        const mine = imports[env];
        const label = envLabel(env);
        if (wanted === null) {
          return (
            <p key={env}>
              This link&rsquo;s run used the bundled {label} data; here, runs on {label} use your imported data ({Object.values(mine?.files ?? {}).join(', ')}). Nothing runs until you choose.{' '}
              <button type="button" className="small-button" data-testid={`link-data-bundled-${env}`} onClick={() => void setImportActive(api, env, false)}>
                Use the bundled data (your import stays stored)
              </button>
            </p>
          );
        }
        const storedMatch = mine && mine.fingerprint === wanted;
        return (
          <p key={env}>
            This link&rsquo;s run used imported {label} data (data <code>{wanted}</code>), which{' '}
            {storedMatch ? 'this browser keeps but has set aside' : mine ? `this browser does not hold (yours are data ${mine.fingerprint})` : 'this browser does not hold'}. Imported files never travel in a link, so it cannot be
            replayed without them, and nothing runs until they are loaded.{' '}
            {storedMatch ? (
              <button type="button" className="small-button" data-testid={`link-data-use-${env}`} onClick={() => void setImportActive(api, env, true)}>
                Use the stored data
              </button>
            ) : (
              <button type="button" className="small-button" data-testid={`link-data-load-${env}`} onClick={() => openImporter(env)}>
                Load the files…
              </button>
            )}
          </p>
        );
      })}
      <p className="small muted">
        Or{' '}
        <button type="button" className="link-button" data-testid="link-data-keep" onClick={() => useStore.setState({ linkData: undefined })}>
          keep this browser&rsquo;s data
        </button>{' '}
        and run on them: the results will say which data they used.
      </p>
    </div>
  );
}
