/**
 * The page's import operations (restore after a reload, import, set aside, remove) run one after
 * another, and a run waits for the ones under way: a Run pressed while the stored imports load
 * again must not start on the bundled data (issue 25 item 6: a run never switches data silently).
 */
let chain: Promise<unknown> = Promise.resolve();

/** Queues an import operation after those before it. */
export function queueImportOp<T>(op: () => Promise<T>): Promise<T> {
  const next = chain.then(op, op);
  chain = next.catch(() => undefined);
  return next;
}

/** Settles when every import operation started so far has reached the worker. */
export function importsSettled(): Promise<void> {
  return chain.then(
    () => undefined,
    () => undefined,
  );
}
