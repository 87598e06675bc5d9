/** Lets queued messages (a cancel request) through; strategies with SimLM never wait otherwise. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
