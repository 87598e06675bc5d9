import { useEffect, useState } from 'react';
import { WEBLLM_PREFIX, vramAtWindow, webllmModelOf, type CatalogModel, type CustomModelSpec } from '../../../core/llm/webllm';
import type { WebLlmCatalogOutcome, WebLlmLoadOutcome, WebLlmProgress, WebLlmSizeOutcome, WebLlmStatus, WorkerApi } from '../../../worker/worker-api';
import { useStore } from '../../store';
import { errorMessage } from '../../../core/errors';

/** What the picker asks of the strategy worker (`WorkerRunner` implements it). */
export type WebLlmApi = Pick<WorkerApi, 'webllmCatalog' | 'webllmAddCustom' | 'webllmStatus' | 'webllmSize' | 'webllmLoad' | 'webllmDelete'>;

const megabytes = (bytes: number) => `${Math.round(bytes / 1e6).toLocaleString('en-US')} MB`;

const gigabytes = (mb: number) => `${(mb / 1024).toFixed(1)} GB`;

/**
 * The window a model runs with and what it costs in GPU memory: the run's window (Setup's field,
 * passed to web-llm as chatOpts.context_window_size) or the record's; the memory moved by the
 * per-token figure web-llm's records give, where they give one.
 */
export function windowText(model: CatalogModel, window: number | undefined): { text: string; memory?: string } {
  const tokens = window ?? model.window.tokens;
  const source = window === undefined ? model.window.source : `set in Setup, passed to web-llm as chatOpts.context_window_size; the record's is ${model.window.tokens.toLocaleString('en-US')}`;
  const text = `Context window: ${tokens.toLocaleString('en-US')} tokens (${source}).`;
  if (window === undefined || window === model.window.tokens) return { text };
  const vram = vramAtWindow(model.vramMB, model.window.tokens, window, model.memory);
  if (vram !== undefined && model.memory)
    return { text, memory: `GPU memory at this window: about ${gigabytes(vram)} (${model.memory.mbPerToken.toFixed(3)} MB a token of window, from ${model.memory.source}).` };
  return {
    text,
    memory:
      window > model.window.tokens
        ? `A larger window takes more GPU memory than the figure above (the KV cache grows with every token of window); web-llm's records give no per-token figure for this model, so it is not estimated. Past the model's trained length its replies are not to be trusted.`
        : `A smaller window takes less GPU memory than the figure above (web-llm's records give no per-token figure for this model).`,
  };
}

function optionText(model: CatalogModel): string {
  const vram = model.vramMB === undefined ? 'VRAM unknown' : `about ${(model.vramMB / 1024).toFixed(1)} GB VRAM`;
  return `${model.label}: ${vram}${model.needsShaderF16 ? ', needs shader-f16' : ''}`;
}

/**
 * A local model through WebLLM (docs/models.md): the prebuilt small chat models with their
 * VRAM, a self-hosted model URL, the GPU check before any download, the download size on request,
 * load progress, cache status and delete. When the model cannot load, the message says why and
 * one click goes back to the simulated model.
 */
export function WebLlmPicker({ api, disabled, onFallback }: { api: WebLlmApi; disabled: boolean; onFallback(): void }) {
  const model = useStore((state) => state.config.model);
  const setConfig = useStore((state) => state.setConfig);
  const modelId = webllmModelOf(model) ?? '';
  // The run's window (Setup's field): the engine loads with it, so the picker shows and loads it too.
  const window = useStore((state) => state.config.window);
  const [catalog, setCatalog] = useState<WebLlmCatalogOutcome | undefined>(undefined);
  const [status, setStatus] = useState<WebLlmStatus | undefined>(undefined);
  const [size, setSize] = useState<WebLlmSizeOutcome | 'checking' | undefined>(undefined);
  const [progress, setProgress] = useState<WebLlmProgress | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [outcome, setOutcome] = useState<WebLlmLoadOutcome | { ok: false; message: string; detail?: string } | undefined>(undefined);
  const [refresh, setRefresh] = useState(0);

  useEffect(() => {
    let live = true;
    void api.webllmCatalog().then((result) => {
      if (!live) return;
      setCatalog(result);
      if (result.ok && !modelId) setConfig({ model: `${WEBLLM_PREFIX}${result.defaultId}` });
    });
    return () => {
      live = false;
    };
    // The catalog is read once, and again after a self-hosted model is added.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, refresh]);

  useEffect(() => {
    if (!modelId) return;
    let live = true;
    setStatus(undefined);
    setSize(undefined);
    void api.webllmStatus(modelId, window).then((result) => live && setStatus(result));
    return () => {
      live = false;
    };
  }, [api, modelId, window, refresh]);

  async function load() {
    setLoading(true);
    setOutcome(undefined);
    setProgress(undefined);
    try {
      setOutcome(await api.webllmLoad(modelId, (p) => setProgress(p), window));
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error) });
    } finally {
      setLoading(false);
      setRefresh((n) => n + 1);
    }
  }

  async function remove() {
    const result = await api.webllmDelete(modelId);
    if (!result.ok) setOutcome({ ok: false, message: result.message });
    else setOutcome(undefined);
    setRefresh((n) => n + 1);
  }

  async function checkSize() {
    setSize('checking');
    setSize(await api.webllmSize(modelId));
  }

  const models = catalog?.ok ? catalog.models : [];
  const selected = models.find((m) => m.id === modelId);
  const shown = selected ? windowText(selected, window) : undefined;
  const gpu = status?.gpu;
  // Without WebGPU no WebLLM model can run: Run is off and says why, until another model is chosen.
  const setRunBlocked = useStore((state) => state.setRunBlocked);
  const gpuProblem = gpu && !gpu.ok ? gpu.message : undefined;
  useEffect(() => {
    setRunBlocked(gpuProblem === undefined ? undefined : `this browser failed the WebGPU check that a WebLLM model needs (${gpuProblem.replace(/\.$/, '')}).`);
    return () => setRunBlocked(undefined);
  }, [gpuProblem, setRunBlocked]);
  const failed = outcome && !outcome.ok ? outcome : undefined;
  return (
    <div className="webllm-picker">
      {catalog && !catalog.ok && (
        <p className="error small" role="alert" data-testid="webllm-error">
          {catalog.message}
        </p>
      )}
      <label className="field">
        <span>Local model</span>
        <select value={modelId} data-testid="webllm-select" disabled={disabled || loading} onChange={(event) => setConfig({ model: `${WEBLLM_PREFIX}${event.target.value}` })}>
          {modelId && !models.some((m) => m.id === modelId) && <option value={modelId}>{modelId} (not in the list{catalog ? '' : ' yet'})</option>}
          {models.map((m) => (
            <option key={m.id} value={m.id}>
              {optionText(m)}
            </option>
          ))}
        </select>
      </label>
      {selected && shown && (
        <p className="muted small" data-testid="webllm-model-info">
          {selected.vramMB === undefined ? 'GPU memory needed: unknown.' : `Needs about ${gigabytes(selected.vramMB)} of GPU memory at ${selected.window.tokens.toLocaleString('en-US')} tokens of window`}
          {selected.needsShaderF16 ? ' and the shader-f16 feature.' : selected.vramMB === undefined ? '' : '; runs without shader-f16.'}{' '}
          <span data-testid="webllm-window" title="Set it with the context window field below; a larger window takes more GPU memory">
            {shown.text}
          </span>
          {shown.memory && (
            <>
              {' '}
              <span data-testid="webllm-window-memory">{shown.memory}</span>
            </>
          )}
        </p>
      )}
      <CustomModelForm
        disabled={disabled || loading}
        onAdd={async (spec) => {
          const result = await api.webllmAddCustom(spec);
          if (result.ok) {
            setConfig({ model: `${WEBLLM_PREFIX}${result.id}` });
            setRefresh((n) => n + 1);
          }
          return result;
        }}
      />
      {gpu && !gpu.ok && (
        <p className="error small" role="alert" data-testid="webllm-gpu">
          {gpu.message}
        </p>
      )}
      {gpu?.ok && (
        <p className="muted small" data-testid="webllm-gpu">
          WebGPU is available{gpu.shaderF16 ? ', with shader-f16' : ', without shader-f16 (q4f32 models only)'}.
        </p>
      )}
      {status && (
        <p className="muted small" data-testid="webllm-cache">
          {status.loaded ? 'Loaded: runs use this model.' : status.cached ? 'In the browser cache: loads without a download.' : status.cached === false ? 'Not downloaded yet.' : 'Cache status unknown.'}
        </p>
      )}
      <div className="button-row">
        <button type="button" data-testid="webllm-load" disabled={disabled || loading || !modelId || (gpu !== undefined && !gpu.ok)} onClick={() => void load()}>
          {loading ? 'Loading…' : status?.cached ? 'Load' : 'Download and load'}
        </button>
        <button type="button" data-testid="webllm-size-button" disabled={disabled || !modelId || size === 'checking'} onClick={() => void checkSize()}>
          Check download size
        </button>
        {status?.cached && (
          <button type="button" data-testid="webllm-delete" disabled={disabled || loading} onClick={() => void remove()}>
            Delete from cache
          </button>
        )}
      </div>
      {size && size !== 'checking' && (
        <p className={size.ok ? 'muted small' : 'small'} data-testid="webllm-size">
          {size.ok ? `Weights: ${megabytes(size.bytes)} in ${size.files} files, plus the model library.` : size.message}
        </p>
      )}
      {loading && (
        <div className="progress" data-testid="webllm-progress">
          <progress value={progress?.progress ?? 0} max={1} aria-label="Model download" />
          <span className="small">{progress?.text ?? 'Starting…'}</span>
        </div>
      )}
      {outcome?.ok && (
        <p className="small" data-testid="webllm-loaded">
          {outcome.label} loaded in {(outcome.loadMs / 1000).toFixed(1)} s. {outcome.logits ? 'EGB-Logits can read its logits.' : outcome.logitsNote}
        </p>
      )}
      {failed && (
        <div className="error small" role="alert" data-testid="webllm-error">
          <p>{failed.message}</p>
          {failed.detail && <p className="small">Details: {failed.detail}</p>}
        </div>
      )}
      {(failed || (gpu && !gpu.ok)) && (
        <button type="button" data-testid="webllm-fallback" onClick={onFallback}>
          Use the simulated model
        </button>
      )}
    </div>
  );
}

/** A self-hosted model: its id, the folder web-llm reads (`resolve/main/...`) and the .wasm library. */
function CustomModelForm({ disabled, onAdd }: { disabled: boolean; onAdd(spec: CustomModelSpec): Promise<{ ok: true; id: string } | { ok: false; message: string }> }) {
  const [id, setId] = useState('');
  const [modelUrl, setModelUrl] = useState('');
  const [libUrl, setLibUrl] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  return (
    <details className="custom-model">
      <summary>Add a self-hosted model</summary>
      <label className="field">
        <span>Model id</span>
        <input type="text" value={id} data-testid="custom-id" placeholder="MyModel-q4f32_1-MLC" onChange={(event) => setId(event.target.value)} />
      </label>
      <label className="field">
        <span>Model folder URL</span>
        <input type="text" value={modelUrl} data-testid="custom-model-url" placeholder="https://example.org/models/MyModel-q4f32_1-MLC" onChange={(event) => setModelUrl(event.target.value)} />
      </label>
      <label className="field">
        <span>Model library (.wasm) URL</span>
        <input type="text" value={libUrl} data-testid="custom-lib-url" placeholder="https://example.org/libs/MyModel-q4f32_1-webgpu.wasm" onChange={(event) => setLibUrl(event.target.value)} />
      </label>
      <button
        type="button"
        data-testid="custom-add"
        disabled={disabled}
        onClick={() =>
          void onAdd({ id, modelUrl, modelLibUrl: libUrl, base: document.baseURI }).then((result) => setError(result.ok ? undefined : result.message))
        }
      >
        Add and select
      </button>
      {error && (
        <p className="error small" role="alert" data-testid="custom-error">
          {error}
        </p>
      )}
    </details>
  );
}
