import { useState } from 'react';
import { EMBEDDERS, type EmbedDevice } from '../../../core/embed/embedder-catalog';
import type { LoadProgress } from '../../../core/embed/transformers-extractor';
import type { ProbeOutcome } from '../../../worker/worker-api';
import { useStore } from '../../store';
import { sampleQuery } from '../../catalog';
import { errorMessage } from '../../../core/errors';
import { settingTitle } from '../../../core/run/settings';
import { SettingLabel, setting } from '../common/setting-field';

export type ProbeEmbedder = (embedder: string, device: EmbedDevice, envId: string, query: string, onProgress?: (progress: LoadProgress) => void) => Promise<ProbeOutcome>;

/** A request per environment to try an embedder on, editable. */

const hasWebGpu = typeof navigator !== 'undefined' && 'gpu' in navigator;

/**
 * The bar's state from one transformers.js event: `progress_total` (v4) gives the percent over all
 * files, the per-file events the file in flight. A load without downloads (files served by the
 * page or cached) still shows the bar for as long as it reads files.
 */
function downloadState(before: { file: string; percent: number } | undefined, event: LoadProgress): { file: string; percent: number } | undefined {
  if (event.status === 'ready') return before;
  const percent = event.status === 'progress_total' ? (event.progress ?? 0) : (before?.percent ?? 0);
  return { file: event.file ?? before?.file ?? '', percent };
}

function sourceNote(id: string): string {
  const entry = EMBEDDERS[id];
  if (entry.source === 'hub') return `hub model, ${entry.downloadMB} MB download, needs a connection`;
  if (entry.source === 'bundled') return 'ships with the page, offline';
  return 'built in, no model';
}

/**
 * The embedder the strategies use (AutoTool's context score, ToolExpNet's query similarity, EGB
 * memory retrieval), where it runs, and a probe that loads it in the worker and ranks the first
 * environment's tools for a request, with load progress and a clear error when it cannot load.
 */
export function EmbedderPicker({ disabled, probe }: { disabled: boolean; probe: ProbeEmbedder }) {
  const config = useStore((state) => state.config);
  const setConfig = useStore((state) => state.setConfig);
  const envId = config.envs[0] ?? 'household';
  const entry = EMBEDDERS[config.embedder];
  const [query, setQuery] = useState<string | undefined>(undefined);
  /** The download as transformers.js reports it: the file in flight, and the percent of all files. */
  const [loading, setLoading] = useState<{ file: string; percent: number } | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ProbeOutcome | undefined>(undefined);
  const text = query ?? sampleQuery(envId) ?? 'Find the right tool for this request.';

  async function runProbe() {
    setBusy(true);
    setOutcome(undefined);
    setLoading(undefined);
    try {
      setOutcome(await probe(config.embedder, config.embedDevice, envId, text, (progress) => setLoading((before) => downloadState(before, progress))));
    } catch (error) {
      setOutcome({ ok: false, message: errorMessage(error) });
    } finally {
      setBusy(false);
      setLoading(undefined);
    }
  }

  return (
    <fieldset className="embedder-picker" disabled={disabled}>
      <legend>Embedder</legend>
      <label className="field" title={settingTitle(setting('embedder'))}>
        <SettingLabel name="embedder" />
        <select
          value={config.embedder}
          data-testid="embedder-select"
          onChange={(event) => {
            setConfig({ embedder: event.target.value });
            setOutcome(undefined);
          }}
        >
          {!entry && <option value={config.embedder}>{config.embedder} (unknown)</option>}
          {Object.values(EMBEDDERS).map((option) => (
            <option key={option.id} value={option.id}>
              {option.label} ({sourceNote(option.id)})
            </option>
          ))}
        </select>
      </label>
      {entry && entry.source !== 'built-in' && (
        <label className="field" title={settingTitle(setting('device'))}>
          <SettingLabel name="device" />
          <select
            value={config.embedDevice}
            data-testid="embed-device-select"
            onChange={(event) => {
              setConfig({ embedDevice: event.target.value === 'webgpu' ? 'webgpu' : 'wasm' });
              setOutcome(undefined);
            }}
          >
            <option value="wasm">CPU, everywhere (wasm; the bundled model needs no runtime)</option>
            <option value="webgpu" disabled={!hasWebGpu}>
              webgpu{hasWebGpu ? '' : ' (not available in this browser)'}
            </option>
          </select>
        </label>
      )}
      {entry && <p className="muted small">{entry.description}</p>}
      <details className="embed-probe">
        <summary>Try it: rank the tools of {envId} for a request</summary>
        <label className="field">
          <span>Request</span>
          <input type="text" value={text} data-testid="probe-query" onChange={(event) => setQuery(event.target.value)} />
        </label>
        <button type="button" data-testid="probe-button" disabled={busy} onClick={() => void runProbe()}>
          {busy ? 'Loading…' : 'Load and rank tools'}
        </button>
        {busy && loading && (
          <div className="progress" data-testid="embed-progress">
            <progress value={loading.percent} max={100} aria-label="Embedder download" />
            <span className="small">
              {loading.file} ({Math.round(loading.percent)}% of the download)
            </span>
          </div>
        )}
        {outcome && !outcome.ok && (
          <p className="error small" role="alert" data-testid="probe-error">
            {outcome.message}
          </p>
        )}
        {outcome?.ok && (
          <div data-testid="probe-result">
            <p className="small muted" data-testid="probe-summary">
              {outcome.embedder}: ready in {Math.round(outcome.loadMs)} ms, {outcome.ranking.length + 1} texts embedded in {Math.round(outcome.embedMs)} ms.
            </p>
            <ol className="probe-ranking small" data-testid="probe-ranking">
              {outcome.ranking.slice(0, 5).map((item) => (
                <li key={item.tool}>
                  <code>{item.tool}</code> {item.score.toFixed(3)}
                </li>
              ))}
            </ol>
          </div>
        )}
      </details>
    </fieldset>
  );
}
