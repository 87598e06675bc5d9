import { useState } from 'react';
import { formatNumber } from '../common/labels';
import type { EnvMeta } from '../../../core/envs/catalog';
import type { ImportOutcome } from '../../../worker/worker-api';
import { errorMessage } from '../../../core/errors';
import { depthProblem } from '../../../core/json-depth';
import { useStore } from '../../store';
import { importData, removeImport, setImportActive, type DataApi } from '../../imports';
import type { ImportInfo } from '../../data-in-use';

type Problem = { caseId: string; path: string; message: string };
type Outcome = (ImportOutcome & { stored?: boolean }) | { ok: false; message: string; problems: Problem[] };

/** The import kept in this browser: which files, whether runs use them, and how to set them aside or remove them. */
function StoredImportLine({ spec, info, api }: { spec: EnvMeta; info: ImportInfo; api: DataApi }) {
  const running = useStore((state) => state.status === 'running');
  const [busy, setBusy] = useState(false);
  const act = (op: () => Promise<void>) => {
    setBusy(true);
    void op().finally(() => setBusy(false));
  };
  return (
    <div className={`stored-import small ${info.active ? 'in-use' : 'set-aside'}`} data-testid={`${spec.id}-stored-import`} data-active={info.active}>
      <p>
        <strong>{info.active ? `Runs on ${spec.label} use your data:` : 'Stored, not in use:'}</strong> {Object.values(info.files).join(', ')} ({info.tasks} tasks: {info.test} test,{' '}
        {info.train} train{info.tools ? `; ${formatNumber(info.tools)} tools` : ''}), data <code>{info.fingerprint}</code>, imported {info.at.slice(0, 16).replace('T', ' ')} UTC. Kept in this browser until
        you remove {Object.keys(info.files).length === 1 ? 'it' : 'them'}.
      </p>
      <div className="buttons">
        <button type="button" className="small-button" disabled={busy || running} data-testid={`${spec.id}-import-toggle`} onClick={() => act(() => setImportActive(api, spec.id, !info.active))}>
          {info.active ? 'Use the bundled data instead' : 'Use these data'}
        </button>
        <button type="button" className="small-button" disabled={busy || running} data-testid={`${spec.id}-import-remove`} onClick={() => act(() => removeImport(api, spec.id))}>
          Remove from this browser
        </button>
      </div>
    </div>
  );
}

/** Reads a chosen JSON file; a parse error becomes a problem that names the file. */
async function readJson(file: File): Promise<{ json?: unknown; problem?: string }> {
  try {
    return { json: JSON.parse(await file.text()) };
  } catch (error) {
    return { problem: `${file.name} is not valid JSON: ${errorMessage(error)}` };
  }
}

/**
 * Import of a user's own data for an environment that allows it (its `importFiles`): one file
 * picker per file, the optional ones falling back to the bundled data. Problems are listed with the
 * item (case or query) and the path; the data loaded before stays.
 */
export function DatasetImport({ spec, api }: { spec: EnvMeta; api: DataApi }) {
  const stored = useStore((state) => state.imports[spec.id]);
  const files = Object.entries(spec.importFiles ?? {});
  const [chosen, setChosen] = useState<Record<string, File | undefined>>({});
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [busy, setBusy] = useState(false);
  const ready = files.every(([name, file]) => !file.required || chosen[name]);
  const problems = outcome?.ok === false ? (outcome.problems ?? [{ caseId: '', path: '', message: outcome.message }]) : undefined;

  async function load() {
    setBusy(true);
    try {
      const json: Record<string, unknown> = {};
      const names: Record<string, string> = {};
      const problems: Problem[] = [];
      for (const [name] of files) {
        const file = chosen[name];
        if (!file) continue;
        const read = await readJson(file);
        if (read.problem) problems.push({ caseId: '', path: '', message: read.problem });
        else {
          // Checked here too: a file nested thousands deep cannot even be sent to the worker.
          const deep = depthProblem(name, read.json);
          if (deep) problems.push({ ...deep, message: `${file.name}: ${deep.message}` });
          else {
            json[name] = read.json;
            names[name] = file.name;
          }
        }
      }
      setOutcome(problems.length > 0 ? { ok: false, message: problems[0].message, problems } : await importData(api, spec.id, json, names));
    } catch (error) {
      // Whatever fails, the button comes back and says why; the data loaded before stays.
      const message = `The import failed: ${errorMessage(error)}`;
      setOutcome({ ok: false, message, problems: [{ caseId: '', path: '', message }] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="dataset-import" id={`import-${spec.id}`} data-testid={`${spec.id}-import`} open={stored ? true : undefined}>
      <summary>Import your own {spec.label} data</summary>
      {stored && <StoredImportLine spec={spec} info={stored} api={api} />}
      {files.map(([name, file]) => (
        <label key={name}>
          {file.label}
          <input
            type="file"
            accept=".json,application/json"
            data-testid={`${spec.id}-${name}-file`}
            onChange={(e) => setChosen({ ...chosen, [name]: e.target.files?.[0] })}
          />
        </label>
      ))}
      <button type="button" disabled={!ready || busy} onClick={load} data-testid={`${spec.id}-import-button`}>
        {busy ? 'Checking…' : 'Check and load'}
      </button>
      {outcome?.ok === true && (
        <p className="import-ok" role="status">
          Loaded {formatNumber(outcome.tasks)} tasks ({formatNumber(outcome.test)} test, {formatNumber(outcome.train)} train){outcome.tools ? ` with ${formatNumber(outcome.tools)} tools` : ''}. Runs on {spec.label} use them now
          {outcome.stored === false ? ', while this page is open: this browser could not keep them (no room or no IndexedDB), so after a reload runs use the bundled data again.' : ', also after a reload, until you remove them.'}
          {outcome.skipped?.length ? ` ${outcome.skipped.length} left out (below).` : ''}
        </p>
      )}
      {outcome?.ok && (outcome.skipped?.length || outcome.notes?.length) ? (
        <div className="import-skipped small" data-testid="import-skipped">
          {outcome.skipped && outcome.skipped.length > 0 && (
            <>
              <p>Left out, each with its reason:</p>
              <ul>
                {outcome.skipped.slice(0, 50).map((item, i) => (
                  <li key={i}>
                    <strong>{item.id}</strong>: {item.reason}
                  </li>
                ))}
              </ul>
              {outcome.skipped.length > 50 && <p className="muted">… and {outcome.skipped.length - 50} more.</p>}
            </>
          )}
          {outcome.notes?.map((note, i) => (
            <p key={i} className="muted">
              {note}
            </p>
          ))}
        </div>
      ) : null}
      {problems && (
        <div className="import-problems" role="alert" data-testid="import-problems">
          <p>
            Nothing was loaded; the data you had stays. {problems.length} problem{problems.length === 1 ? '' : 's'}:
          </p>
          <ul>
            {problems.slice(0, 50).map((p, i) => (
              <li key={i}>
                {p.caseId && <strong>{/^\d+$|^#/.test(p.caseId) ? `item ${p.caseId}` : / /.test(p.caseId) ? `${p.caseId}:` : `case ${p.caseId}`}</strong>} {p.path && <code>{p.path}</code>} {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </details>
  );
}
