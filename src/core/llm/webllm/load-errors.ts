/** Why a local model could not load or run, sorted into what the page can explain. */
export type LoadErrorKind =
  | 'no-webgpu'
  | 'no-shader-f16'
  | 'network'
  | 'storage'
  | 'out-of-memory'
  | 'context-too-long'
  | 'model-not-found'
  | 'integrity'
  | 'cancelled'
  | 'unknown';

export interface LoadErrorExplanation {
  kind: LoadErrorKind;
  /** Plain language: what happened, what to try, and that the simulated model still works. */
  message: string;
  /** The original error text, for a details view. */
  detail: string;
}

const FALLBACK = 'The simulated model still works: pick it to run the strategies without a download.';

/**
 * Rules on the error's name and text. Errors that cross a worker arrive as strings, and web-llm
 * exports few of its error classes, so the match is on text (web-llm 0.2.86 names and messages).
 */
const RULES: { kind: LoadErrorKind; test: RegExp; message: string }[] = [
  { kind: 'cancelled', test: /AbortError|aborted|cancell?ed/i, message: 'Loading the model was cancelled.' },
  { kind: 'no-shader-f16', test: /ShaderF16SupportError|shader-f16|FeatureSupportError/i, message: 'This model uses 16-bit float shaders (shader-f16), which this GPU or browser does not support. Pick a q4f32 model instead.' },
  { kind: 'no-webgpu', test: /WebGPUNotAvailableError|WebGPUNotFoundError|WebGPU is not supported|Cannot find WebGPU|navigator\.gpu|requestAdapter/i, message: 'This browser does not offer WebGPU, which the local model needs. Try a recent Chrome or Edge, or enable WebGPU in the browser settings.' },
  { kind: 'out-of-memory', test: /DeviceLostError|device (was )?lost|out of memory|\bOOM\b|allocation failed|Failed to allocate|exceeds the max buffer size/i, message: 'The GPU ran out of memory or reset while running the model. Close other GPU-heavy tabs, or pick a smaller model.' },
  { kind: 'storage', test: /QuotaExceededError|quota|storage is full|not enough (disk )?space/i, message: 'The browser has no room left to store the model files. Free some disk space, or delete cached models, then try again.' },
  { kind: 'integrity', test: /IntegrityError|Integrity verification failed/i, message: 'A downloaded model file did not match its checksum, so it was not used. Delete the cached model and download it again.' },
  { kind: 'model-not-found', test: /ModelNotFoundError|Cannot find model record|MissingModelError|Missing `model_lib`|SpecifiedModelNotFoundError|\b404\b|Not Found/i, message: 'The model or its library was not found at its address. Check the model id, or the URLs of a self-hosted model.' },
  // A static host's fallback page (or a login page) where a JSON model file should be.
  { kind: 'model-not-found', test: /Unexpected token '<'|<!doctype|<html|is not valid JSON/i, message: 'The model address answered with a web page, not the model files. Check the model folder URL (web-llm reads <folder>/resolve/main/mlc-chat-config.json) and the library URL.' },
  { kind: 'network', test: /Failed to fetch|NetworkError|network error|Load failed|ERR_INTERNET|ERR_NAME_NOT_RESOLVED|ERR_CONNECTION|CORS|TypeError: fetch/i, message: 'The model files could not be downloaded: the network is unreachable or the server refused the request. Check the connection (a model already in the cache loads offline).' },
  { kind: 'context-too-long', test: /ContextWindowSizeExceededError|exceed context window/i, message: 'The prompt is longer than the model\'s context length. Pick a model with a longer context, or a strategy with shorter prompts.' },
];

function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null) {
    const { name, message } = error as { name?: unknown; message?: unknown };
    if (typeof message === 'string') return typeof name === 'string' ? `${name}: ${message}` : message;
  }
  return String(error);
}

/** Explains an engine or loader error in plain language, with the simulated model as the fallback. */
export function explainLoadError(error: unknown): LoadErrorExplanation {
  const detail = errorText(error);
  const rule = RULES.find((r) => r.test.test(detail));
  if (!rule) return { kind: 'unknown', message: `The local model could not load or run (${detail.slice(0, 200)}). ${FALLBACK}`, detail };
  return { kind: rule.kind, message: `${rule.message} ${FALLBACK}`, detail };
}
