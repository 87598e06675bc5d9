import { useEffect, useState } from 'react';
import { WLLAMA_PREFIX, wllamaSourceOf } from '../../../core/llm/wllama/wllama-id';
import type { Outcome, WllamaDownloadProgress, WllamaLoadOutcome, WllamaSizeOutcome, WllamaStatus, WorkerApi } from '../../../worker/worker-api';
import { useStore } from '../../store';
import { errorMessage } from '../../../core/errors';

/** What the picker asks of the strategy worker (`WorkerRunner` implements it). */
export type WllamaApi = Pick<WorkerApi, 'wllamaPickFile' | 'wllamaStatus' | 'wllamaSize' | 'wllamaDownload' | 'wllamaDelete' | 'wllamaLoad'>;

const megabytes = (bytes: number) => `${(bytes / 1e6).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

/**
 * A GGUF model run by llama.cpp in WebAssembly (wllama) in the strategy worker, on the CPU
 * (docs/models.md): a file picked from disk (offline), or a URL typed here, whose size is shown
 * before it is downloaded into the browser's storage (online, optional; deletable). Threads: one
 * where the page is not cross-origin isolated, as on a static host.
 */
export function WllamaPicker({ api, disabled, onFallback }: { api: WllamaApi; disabled: boolean; onFallback(): void }) {
  const model = useStore((state) => state.config.model);
  const setConfig = useStore((state) => state.setConfig);
  const window = useStore((state) => state.config.window);
  const source = wllamaSourceOf(model);
  const [status, setStatus] = useState<WllamaStatus | undefined>(undefined);
  const [refresh, setRefresh] = useState(0);
  const [url, setUrl] = useState(source?.kind === 'url' ? source.url : '');
  const [size, setSize] = useState<WllamaSizeOutcome | 'checking' | undefined>(undefined);
  const [download, setDownload] = useState<WllamaDownloadProgress | 'starting' | undefined>(undefined);
  const [busy, setBusy] = useState<string | undefined>(undefined);
  const [outcome, setOutcome] = useState<WllamaLoadOutcome | Outcome | undefined>(undefined);

  useEffect(() => {
    let live = true;
    void api.wllamaStatus().then((result) => live && setStatus(result));
    return () => {
      live = false;
    };
  }, [api, refresh]);

  const again = () => setRefresh((n) => n + 1);
  const fail = (error: unknown) => setOutcome({ ok: false, message: errorMessage(error) });

  async function pick(file: File | undefined) {
    if (!file) return;
    setOutcome(undefined);
    try {
      const result = await api.wllamaPickFile(file);
      if (result.ok) setConfig({ model: `${WLLAMA_PREFIX}${result.name}` });
      else setOutcome(result);
    } catch (error) {
      fail(error);
    }
    again();
  }

  async function checkSize() {
    setSize('checking');
    setSize(await api.wllamaSize(url.trim()).catch((error) => ({ ok: false as const, message: errorMessage(error) })));
  }

  async function fetchModel() {
    setDownload('starting');
    setOutcome(undefined);
    try {
      const result = await api.wllamaDownload(url.trim(), (p) => setDownload(p));
      if (result.ok) setConfig({ model: `${WLLAMA_PREFIX}${result.url}` });
      else setOutcome(result);
    } catch (error) {
      fail(error);
    } finally {
      setDownload(undefined);
      again();
    }
  }

  async function remove(target: string) {
    const result = await api.wllamaDelete(target).catch((error) => ({ ok: false as const, message: errorMessage(error) }));
    setOutcome(result.ok ? undefined : result);
    again();
  }

  async function load() {
    setBusy('Loading…');
    setOutcome(undefined);
    try {
      setOutcome(await api.wllamaLoad(model, window, (text) => setBusy(text)));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(undefined);
      again();
    }
  }

  const picked = source?.kind === 'file' ? status?.files.find((f) => f.name === source.name) : undefined;
  const cached = source?.kind === 'url' ? status?.cached?.find((c) => c.url === source.url) : undefined;
  const loaded = status?.loaded?.modelId === model ? status.loaded : undefined;
  const failed = outcome && !outcome.ok ? outcome : undefined;
  const loadedNow = outcome?.ok && 'label' in outcome ? outcome : undefined;
  return (
    <div className="wllama-picker" data-testid="wllama-picker">
      <p className="muted small" data-testid="wllama-threads">
        {status
          ? status.isolated
            ? `This page is cross-origin isolated: llama.cpp runs on ${status.threads} threads.`
            : 'This page is not cross-origin isolated (static hosts send no COOP/COEP headers): llama.cpp runs on 1 thread.'
          : 'Checking threads…'}{' '}
        CPU only; the engine files are served by this page.
      </p>
      <label className="field">
        <span>GGUF file from this computer (offline)</span>
        <input type="file" accept=".gguf" data-testid="wllama-file" disabled={disabled || busy !== undefined} onChange={(event) => void pick(event.target.files?.[0])} />
      </label>
      {source?.kind === 'file' && (
        <p className={picked ? 'muted small' : 'error small'} role={picked ? undefined : 'alert'} data-testid="wllama-file-status">
          {picked
            ? `Picked: ${picked.name}, ${megabytes(picked.bytes)}${picked.architecture ? `, ${picked.architecture}` : ''}${picked.contextLength ? `, trained context ${picked.contextLength.toLocaleString('en-US')} tokens` : ''}.`
            : `No file is picked for ${source.name}: pick it above (a link names the file but cannot carry it).`}
        </p>
      )}
      {!source && (
        <p className="error small" role="alert" data-testid="wllama-file-status">
          No GGUF model chosen yet: pick a file above, or download one from a URL below.
        </p>
      )}
      <details className="custom-model" open={source?.kind === 'url'}>
        <summary>Or download from a URL (online, optional)</summary>
        <label className="field">
          <span>URL of a .gguf file</span>
          <input type="text" value={url} data-testid="wllama-url" placeholder="https://huggingface.co/…/resolve/main/model-q4_k_m.gguf" onChange={(event) => setUrl(event.target.value)} />
        </label>
        <div className="button-row">
          <button type="button" data-testid="wllama-size-button" disabled={disabled || !url.trim() || size === 'checking'} onClick={() => void checkSize()}>
            Check size
          </button>
          <button type="button" data-testid="wllama-download" disabled={disabled || !url.trim() || download !== undefined || !(size && size !== 'checking' && size.ok)} onClick={() => void fetchModel()}>
            Download into this browser
          </button>
        </div>
        {size && size !== 'checking' && (
          <p className={size.ok ? 'muted small' : 'error small'} data-testid="wllama-size">
            {size.ok ? (size.bytes === undefined ? 'The server does not say the size (no Content-Length).' : `Size: ${megabytes(size.bytes)}.`) : size.message}
          </p>
        )}
        {download !== undefined && (
          <div className="progress" data-testid="wllama-download-progress">
            <progress value={download === 'starting' ? 0 : download.loaded} max={download === 'starting' || !download.total ? 1 : download.total} aria-label="Model download" />
            <span className="small">{download === 'starting' ? 'Starting…' : `${megabytes(download.loaded)} of ${download.total ? megabytes(download.total) : 'unknown'}`}</span>
          </div>
        )}
        {status?.cached && status.cached.length > 0 && (
          <ul className="small" data-testid="wllama-cached">
            {status.cached.map((entry) => (
              <li key={entry.url}>
                <button type="button" className="link" disabled={disabled} onClick={() => setConfig({ model: `${WLLAMA_PREFIX}${entry.url}` })}>
                  {entry.url}
                </button>{' '}
                ({megabytes(entry.bytes)}){' '}
                <button type="button" data-testid="wllama-delete" disabled={disabled || busy !== undefined} onClick={() => void remove(entry.url)}>
                  Delete
                </button>
              </li>
            ))}
          </ul>
        )}
        {source?.kind === 'url' && !cached && status && (
          <p className="error small" role="alert" data-testid="wllama-url-status">
            {source.url} is not downloaded yet: check its size, then download it.
          </p>
        )}
      </details>
      <div className="button-row">
        <button type="button" data-testid="wllama-load" disabled={disabled || busy !== undefined || !(picked || cached)} onClick={() => void load()}>
          {busy ?? (loaded ? 'Loaded' : 'Load now')}
        </button>
      </div>
      {(loadedNow ?? loaded) && (
        <p className="small" data-testid="wllama-loaded">
          {(loadedNow ?? loaded)!.label}: context window {(loadedNow ?? loaded)!.window.toLocaleString('en-US')} tokens ({(loadedNow ?? loaded)!.windowSource}), loaded in{' '}
          {((loadedNow ?? loaded)!.loadMs / 1000).toFixed(1)} s.
        </p>
      )}
      {failed && (
        <div className="error small" role="alert" data-testid="wllama-error">
          <p>{failed.message}</p>
          <button type="button" data-testid="wllama-fallback" onClick={onFallback}>
            Use the simulated model
          </button>
        </div>
      )}
    </div>
  );
}
