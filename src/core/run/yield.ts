/** Milliseconds of work between yields: often enough for a cancel to get through, rare enough to cost nothing. */
const SLICE_MS = 8;

let lastYield = 0;

/** A macrotask tick without timer clamping: setImmediate in Node, a MessageChannel message in a browser or worker. */
function tick(): Promise<void> {
  if (typeof setImmediate === 'function') return new Promise((resolve) => setImmediate(resolve));
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(undefined);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Lets queued messages (a cancel request, the page's batches) through once a slice of work has
 * passed; strategies with SimLM never wait otherwise. `setTimeout(0)` is clamped to about 4 ms
 * after a few nested calls in browsers, which cost over a second per few hundred tasks.
 */
export async function yieldToEventLoop(): Promise<void> {
  const now = performance.now();
  if (now - lastYield < SLICE_MS) return;
  await tick();
  lastYield = performance.now();
}
