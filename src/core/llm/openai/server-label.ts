import type { OpenAiTarget } from './openai-id';

/** How the page and the CLI name a server's model: its name and the host that serves it. */
export function serverLabel(target: OpenAiTarget): string {
  let host = target.baseUrl;
  try {
    host = new URL(target.baseUrl).host;
  } catch {
    // the id was checked when parsed; keep the text
  }
  return `Server: ${target.model} at ${host}`;
}
