import { useState } from 'react';
import type { ImportOutcome } from '../../worker/worker-api';

/** Reads a chosen JSON file; a parse error becomes a problem that names the file. */
async function readJson(file: File): Promise<{ json?: unknown; problem?: string }> {
  try {
    return { json: JSON.parse(await file.text()) };
  } catch (error) {
    return { problem: `${file.name} is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * Import of a user's SLATE-format cases (and, optionally, a tool library; the bundled one is used
 * otherwise). Problems are listed with the case id and the path; the data loaded before stays.
 */
export function DatasetImport({ importDataset }: { importDataset: (envId: string, json: unknown) => Promise<ImportOutcome> }) {
  const [cases, setCases] = useState<File | undefined>();
  const [tools, setTools] = useState<File | undefined>();
  const [outcome, setOutcome] = useState<ImportOutcome | { ok: false; problems: { caseId: string; path: string; message: string }[] } | undefined>();
  const [busy, setBusy] = useState(false);

  async function load() {
    if (!cases) return;
    setBusy(true);
    const read = await readJson(cases);
    const library = tools ? await readJson(tools) : { json: undefined };
    const problem = read.problem ?? library.problem;
    if (problem) setOutcome({ ok: false, problems: [{ caseId: '', path: '', message: problem }] });
    else setOutcome(await importDataset('slate', { cases: read.json, ...(tools ? { tools: library.json } : {}) }));
    setBusy(false);
  }

  return (
    <details className="dataset-import" data-testid="slate-import">
      <summary>Import your own SLATE cases</summary>
      <label>
        Cases (JSON array in the SLATE case format)
        <input type="file" accept=".json,application/json" data-testid="slate-cases-file" onChange={(e) => setCases(e.target.files?.[0])} />
      </label>
      <label>
        Tool library (optional; the bundled 1,000 tools otherwise)
        <input type="file" accept=".json,application/json" data-testid="slate-tools-file" onChange={(e) => setTools(e.target.files?.[0])} />
      </label>
      <button type="button" disabled={!cases || busy} onClick={load} data-testid="slate-import-button">
        {busy ? 'Checking…' : 'Check and load'}
      </button>
      {outcome?.ok === true && (
        <p className="import-ok" role="status">
          Loaded {outcome.tasks} cases ({outcome.test} test, {outcome.train} train) with {outcome.tools} tools. Runs on SLATE use them now.
        </p>
      )}
      {outcome?.ok === false && (
        <div className="import-problems" role="alert" data-testid="import-problems">
          <p>Nothing was loaded; the data you had stays. {outcome.problems.length} problem{outcome.problems.length === 1 ? '' : 's'}:</p>
          <ul>
            {outcome.problems.slice(0, 50).map((p, i) => (
              <li key={i}>
                {p.caseId && <strong>case {p.caseId}</strong>} {p.path && <code>{p.path}</code>} {p.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </details>
  );
}
