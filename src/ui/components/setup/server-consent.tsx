import { useStore } from '../../store';
import { BUILD_ORIGINS, connectionRefusal } from '../../../core/net/connect-policy';
import { DEFAULT_RUN_CONFIG } from '../../../core/run/run-config';

/**
 * The confirmation a run on a model server waits for when the user did not type or pick that
 * server in this page (a link named it): nothing is sent to it before "Connect and run". A server
 * outside the page's allow-list is named with the reason, and cannot be confirmed.
 */
export function ServerConsent({ onConfirmed }: { onConfirmed(): void }) {
  const server = useStore((state) => state.serverPrompt);
  const model = useStore((state) => state.config.model);
  const confirmServer = useStore((state) => state.confirmServer);
  const setConfig = useStore((state) => state.setConfig);
  if (!server) return null;
  const name = model.slice(model.lastIndexOf('#') + 1);
  const refused = connectionRefusal(`${server}/models`, location.href, BUILD_ORIGINS);
  return (
    <div className="notice server-consent" role="alertdialog" aria-labelledby="server-consent-title" data-testid="server-consent">
      <p id="server-consent-title">
        <strong>This setup runs on a model server: </strong>
        <code>{server}</code>
        {name ? (
          <>
            {' '}
            (model <code>{name}</code>)
          </>
        ) : null}
        . A run sends every task&rsquo;s prompts there from your browser. Nothing has been sent to it yet.
      </p>
      {refused ? (
        <p className="error small" data-testid="server-refused">
          {refused}
        </p>
      ) : (
        <p className="small muted">Connect only if you know this server: the link you opened named it, not you.</p>
      )}
      <div className="buttons">
        {!refused && (
          <button
            type="button"
            className="primary"
            data-testid="server-confirm"
            onClick={() => {
              confirmServer(server);
              onConfirmed();
            }}
          >
            Connect and run
          </button>
        )}
        <button type="button" data-testid="server-decline" onClick={() => useStore.setState({ serverPrompt: undefined })}>
          Not now
        </button>
        <button
          type="button"
          data-testid="server-use-sim"
          onClick={() => {
            useStore.setState({ serverPrompt: undefined });
            setConfig({ model: DEFAULT_RUN_CONFIG.model });
          }}
        >
          Use the simulated model instead
        </button>
      </div>
    </div>
  );
}
