import { ConfigError } from '../../errors';

/** The model family prefix of an OpenAI-compatible server: `openai:<base URL>#<model>`. */
export const OPENAI_PREFIX = 'openai:';

export interface OpenAiTarget {
  /** The API's base URL without a trailing slash, for example `http://localhost:11434/v1`. */
  baseUrl: string;
  /** The server's model name, for example `qwen2.5:7b-instruct`. */
  model: string;
}

/** Reads `openai:<base URL>#<model>`; the error says what a valid id looks like. */
export function parseOpenAiId(id: string): OpenAiTarget {
  const example = 'openai:http://localhost:11434/v1#qwen2.5:7b-instruct';
  if (!id.startsWith(OPENAI_PREFIX)) throw new ConfigError(`"${id}" is not an OpenAI-compatible model id; write it as ${example}.`);
  const rest = id.slice(OPENAI_PREFIX.length);
  const hash = rest.lastIndexOf('#');
  const base = hash < 0 ? rest : rest.slice(0, hash);
  const model = hash < 0 ? '' : rest.slice(hash + 1).trim();
  if (!model) throw new ConfigError(`The model id "${id}" names no model after "#"; write it as ${example}.`);
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new ConfigError(`"${base}" is not a URL; the base URL of an OpenAI-compatible server looks like http://localhost:11434/v1.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`The server URL must start with http:// or https://, not ${url.protocol}.`);
  if (url.username || url.password) throw new ConfigError('Put the API key in the key field (or --api-key-env), not in the URL.');
  return { baseUrl: url.href.replace(/\/+$/, ''), model };
}

export function openAiId(target: OpenAiTarget): string {
  return `${OPENAI_PREFIX}${target.baseUrl}#${target.model}`;
}
