import { useState } from 'react';
import type { RunResult } from '../../../core/run/results';
import { summaryCsv, tasksCsv } from './tasks-csv';
import { loadFullResult } from '../../../backends/run-store';
import { exportedRun } from './export-json';
import { download } from '../common/download';
import { priceOf, pricesUsed } from '../../../core/run/prices';
import { useStore } from '../../store';


/** Downloads the run as JSON (the whole RunResult, traces included), its task runs as CSV, or its means with intervals as CSV. */
export function ExportButtons({ result }: { result: RunResult }) {
  const [exported, setExported] = useState<string | undefined>(undefined);
  // The prices on screen (the defaults, a link's, or the reader's edits): every file says which.
  const prices = useStore((state) => state.prices);
  const price = priceOf(result.config.model, prices);
  return (
    <div className="export-buttons">
      <button
        type="button"
        data-testid="export-json"
        onClick={() =>
          void loadFullResult(result).then((full) => {
            const listed = result.traceKeys?.length ?? Object.keys(result.traces).length;
            download(`toolwise-${full.id}.json`, JSON.stringify(exportedRun(full, listed, pricesUsed(result.config.model, price)), null, 2), 'application/json');
            const held = Object.keys(full.traces).length;
            setExported(held < listed ? `The file holds ${held} of the run\u2019s ${listed} traces: the others are no longer stored in this browser.` : undefined);
          })
        }
      >
        Export JSON
      </button>
      <button type="button" data-testid="export-csv" onClick={() => download(`toolwise-${result.id}.csv`, tasksCsv(result.results, result, price), 'text/csv')}>
        Export CSV
      </button>
      <button type="button" data-testid="export-summary-csv" title="Means per strategy and environment with 95% intervals" onClick={() => download(`toolwise-${result.id}-summary.csv`, summaryCsv(result.rows, result, price), 'text/csv')}>
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
