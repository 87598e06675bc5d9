import { useState } from 'react';
import type { EnvMeta } from '../../core/envs/catalog';
import type { ImportOutcome } from '../../worker/worker-api';
import { errorMessage } from '../../core/errors';
import { depthProblem } from '../../core/json-depth';

type Problem = { caseId: string; path: string; message: string };
type Outcome = ImportOutcome | { ok: false; message: string; problems: Problem[] };

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
export function DatasetImport({ spec, importDataset }: { spec: EnvMeta; importDataset: (envId: string, json: unknown) => Promise<ImportOutcome> }) {
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
          else json[name] = read.json;
        }
      }
      setOutcome(problems.length > 0 ? { ok: false, message: problems[0].message, problems } : await importDataset(spec.id, json));
    } catch (error) {
      // Whatever fails, the button comes back and says why; the data loaded before stays.
      const message = `The import failed: ${errorMessage(error)}`;
      setOutcome({ ok: false, message, problems: [{ caseId: '', path: '', message }] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="dataset-import" data-testid={`${spec.id}-import`}>
      <summary>Import your own {spec.label} data</summary>
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
          Loaded {outcome.tasks} tasks ({outcome.test} test, {outcome.train} train){outcome.tools ? ` with ${outcome.tools} tools` : ''}. Runs on {spec.label} use them now.
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
