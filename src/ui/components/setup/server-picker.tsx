import { useEffect, useState } from 'react';
import type { ServerModelsOutcome } from '../../../worker/worker-api';
import { useStore } from '../../store';
import { OPENAI_PREFIX, openAiId, parseOpenAiId } from '../../../core/llm/openai/openai-id';
import { errorMessage } from '../../../core/errors';
import { SettingNumberField } from '../common/setting-field';
import { windowFigure } from '../results/run-limits';
import { parsePrice, priceText } from '../../../core/run/prices';

/** What the picker needs of the worker: the key store and the model list. */
export interface ServerApi {
  setApiKey(baseUrl: string, key: string | undefined): Promise<void>;
  serverModels(baseUrl: string): Promise<ServerModelsOutcome>;
}

/** The base URL Ollama serves its OpenAI-compatible API at. */
export const DEFAULT_SERVER_URL = 'http://localhost:11434/v1';

/** The base URL and model name of `openai:<base URL>#<model>`, as far as the id has them. */
function partsOf(model: string): { baseUrl: string; name: string } {
  const rest = model.slice(OPENAI_PREFIX.length);
  const hash = rest.lastIndexOf('#');
  return hash < 0 ? { baseUrl: rest || DEFAULT_SERVER_URL, name: '' } : { baseUrl: rest.slice(0, hash), name: rest.slice(hash + 1) };
}

/**
 * An OpenAI-compatible server (Ollama, llama.cpp's llama-server, vLLM, or `npm run serve:sim`):
 * its base URL, a model it serves, an optional API key and how many requests may be in flight.
 * The key goes to the worker's memory only: it is not part of the setup, the link or any export.
 */
export function ServerPicker({ api, disabled }: { api: ServerApi; disabled: boolean }) {
  const model = useStore((state) => state.config.model);
  const concurrency = useStore((state) => state.config.concurrency ?? 1);
  const setConfig = useStore((state) => state.setConfig);
  const confirmServer = useStore((state) => state.confirmServer);
  const { baseUrl, name } = partsOf(model);
  const [key, setKey] = useState('');
  const [listing, setListing] = useState<ServerModelsOutcome | 'checking' | undefined>(undefined);
  // The server's price (the same entry the Results price editor edits): text while typed, set once it reads.
  const prices = useStore((state) => state.prices);
  const setPrice = useStore((state) => state.setPrice);
  const [priceDraft, setPriceDraft] = useState<string | undefined>(undefined);
  const priceShown = priceDraft ?? (prices[model] ? priceText(prices[model]) : '');
  const priceProblem = priceDraft !== undefined && priceDraft.trim() !== '' && !parsePrice(priceDraft, '');
  const setParts = (next: { baseUrl?: string; name?: string }) => setConfig({ model: `${OPENAI_PREFIX}${next.baseUrl ?? baseUrl}#${next.name ?? name}` });

  // A new URL needs a new test; the key entered applies to the URL shown.
  useEffect(() => setListing(undefined), [baseUrl]);
  useEffect(() => {
    void api.setApiKey(baseUrl.replace(/\/+$/, ''), key || undefined);
  }, [api, baseUrl, key]);

  let problem: string | undefined;
  try {
    parseOpenAiId(model);
  } catch (error) {
    problem = errorMessage(error);
  }

  const test = async () => {
    setListing('checking');
    // Testing is the user's own request to this server: runs on it need no further confirmation.
    confirmServer(baseUrl);
    const outcome = await api.serverModels(baseUrl);
    setListing(outcome);
    // A server with one model (llama.cpp) or a name not served yet: take the first it lists.
    if (outcome.ok && outcome.models.length > 0 && !outcome.models.includes(name)) setParts({ name: outcome.models[0] });
  };

  return (
    <div className="server-picker" data-testid="server-picker">
      <label className="field">
        <span>Base URL</span>
        <input
          type="url"
          value={baseUrl}
          spellCheck={false}
          data-testid="server-url"
          disabled={disabled}
          onChange={(event) => {
            // A URL typed here is the user's choice: runs on it need no further confirmation.
            const typed = event.target.value.trim();
            confirmServer(typed);
            setParts({ baseUrl: typed });
          }}
        />
      </label>
      <label className="field">
        <span>Model</span>
        <input list="server-models" value={name} spellCheck={false} data-testid="server-model" disabled={disabled} placeholder="for example qwen2.5:7b-instruct" onChange={(event) => setParts({ name: event.target.value.trim() })} />
        <datalist id="server-models">{listing && listing !== 'checking' && listing.ok && listing.models.map((id) => <option key={id} value={id} />)}</datalist>
      </label>
      <label className="field">
        <span>API key (optional; kept in memory while this page is open, never in the link or stored)</span>
        <input type="password" value={key} autoComplete="off" data-testid="server-key" disabled={disabled} onChange={(event) => setKey(event.target.value)} />
      </label>
      <label className="field">
        <span>Price, $ per million tokens: input,output,cached (optional; without it the run costs $0)</span>
        <input
          value={priceShown}
          spellCheck={false}
          placeholder="for example 0.5,1.5,0.25"
          data-testid="server-price"
          disabled={disabled}
          onChange={(event) => {
            setPriceDraft(event.target.value);
            const price = parsePrice(event.target.value, 'set with the server');
            if (price) setPrice(model, price);
          }}
          onBlur={() => setPriceDraft(undefined)}
        />
      </label>
      {priceProblem && (
        <p className="error small" data-testid="server-price-problem">
          Give two or three prices in dollars per million tokens: input, output and cached input, for example 0.5,1.5,0.25.
        </p>
      )}
      <SettingNumberField name="concurrency" value={concurrency} testId="concurrency-input" onCommit={(value) => setConfig({ concurrency: value })} />
      <button type="button" data-testid="server-test" disabled={disabled || listing === 'checking'} onClick={() => void test()}>
        {listing === 'checking' ? 'Testing…' : 'Test connection'}
      </button>
      {listing && listing !== 'checking' && (
        <p className={listing.ok ? 'muted small' : 'error small'} role="status" data-testid="server-status">
          {listing.ok ? `Connected: ${listing.models.length} model${listing.models.length === 1 ? '' : 's'} (${listing.models.join(', ')}).` : listing.message}
        </p>
      )}
      {listing && listing !== 'checking' && listing.ok && name && listing.models.includes(name) && (
        // The model's context window as the server reports it (issue 28 items 1 and 6); else where to give it.
        <p className="muted small" data-testid="server-window">
          {listing.windows?.[name]
            ? `Context window of ${name}: ${windowFigure(listing.windows[name].tokens, listing.windows[name].source)}. A run that checks windows (Overflow) uses it.`
            : `The server reports no context window for ${name} (vLLM's max_model_len, llama.cpp's /props): a run that checks windows (Overflow) needs it in the context window field.`}
        </p>
      )}
      {problem && name && (
        <p className="error small" data-testid="server-problem">
          {problem}
        </p>
      )}
      <p className="muted small">
        Runs send each strategy&rsquo;s messages as they are built, with its temperature, a seed per request and, for EGB-Sampling,
        <code> n</code>. EGB-Logits needs logprobs (vLLM, llama.cpp, Ollama 0.12.11+). Results are the same at any number of requests
        in flight; only the wall time changes. For a demo without a server: <code>npm run serve:sim</code> serves the simulated model at{' '}
        <code>{openAiId({ baseUrl: 'http://127.0.0.1:8765/v1', model: 'sim-small' }).slice(OPENAI_PREFIX.length).split('#')[0]}</code> (model <code>sim-small</code>).
      </p>
    </div>
  );
}
