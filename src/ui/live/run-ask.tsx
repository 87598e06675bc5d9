import { useEffect, useRef } from 'react';
import { useStore } from '../store';
import { durationText } from './run-estimate';

/**
 * The page asking before a long run goes on (issue 42 item 2): its time here, from earlier runs'
 * rates (nothing has started) or from its own first seconds (it keeps running meanwhile). Cancel
 * leaves the page as it was before the click.
 */
export function RunAskPrompt() {
  const ask = useStore((state) => state.runAsk);
  const go = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (ask) go.current?.focus({ preventScroll: true });
  }, [ask]);
  if (!ask) return null;
  const time = durationText(ask.ms);
  return (
    <section className="run-ask notice" role="alertdialog" aria-labelledby="run-ask-text" data-testid="run-ask" data-when={ask.when}>
      <p id="run-ask-text">
        {ask.when === 'before' ? (
          <>
            This run is {ask.taskRuns.toLocaleString('en-US')} task runs: <strong>about {time}</strong> here, from the rates earlier runs measured in this browser. Run it?
          </>
        ) : (
          <>
            This run is {ask.taskRuns.toLocaleString('en-US')} task runs: <strong>about {time}</strong> here, measured over its first seconds. Keep it running?
          </>
        )}
      </p>
      <div className="run-ask-actions">
        <button type="button" className="primary" ref={go} data-testid="run-ask-go" onClick={ask.go}>
          {ask.when === 'before' ? `Run it (about ${time})` : 'Keep running'}
        </button>
        <button type="button" data-testid="run-ask-cancel" onClick={ask.cancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
