import { useState } from 'react';
import type { RunResult } from '../../../core/run/results';
import { summaryCsv, tasksCsv } from './tasks-csv';
import { loadFullResult } from '../../../backends/run-store';
import { exportedRun } from './export-json';
import { download } from '../common/download';


/** Downloads the run as JSON (the whole RunResult, traces included), its task runs as CSV, or its means with intervals as CSV. */
export function ExportButtons({ result }: { result: RunResult }) {
  const [exported, setExported] = useState<string | undefined>(undefined);
  return (
    <div className="export-buttons">
      <button
        type="button"
        data-testid="export-json"
        onClick={() =>
          void loadFullResult(result).then((full) => {
            const listed = result.traceKeys?.length ?? Object.keys(result.traces).length;
            download(`toolwise-${full.id}.json`, JSON.stringify(exportedRun(full, listed), null, 2), 'application/json');
            const held = Object.keys(full.traces).length;
            setExported(held < listed ? `The file holds ${held} of the run\u2019s ${listed} traces: the others are no longer stored in this browser.` : undefined);
          })
        }
      >
        Export JSON
      </button>
      <button type="button" data-testid="export-csv" onClick={() => download(`toolwise-${result.id}.csv`, tasksCsv(result.results, result), 'text/csv')}>
        Export CSV
      </button>
      <button type="button" data-testid="export-summary-csv" title="Means per strategy and environment with 95% intervals" onClick={() => download(`toolwise-${result.id}-summary.csv`, summaryCsv(result.rows, result), 'text/csv')}>
        Summary CSV
      </button>
      {exported && (
        <p className="notice small" role="status" data-testid="export-note">
          {exported}
        </p>
      )}
    </div>
  );
}
