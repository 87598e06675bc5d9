import { useRef, useState } from 'react';
import { parseRunFile } from '../../../core/run/run-file';
import { errorMessage } from '../../../core/errors';
import { storeRun } from '../../../backends/run-store';
import { useStore } from '../../store';
import type { RunResult } from '../../../core/run/results';

/**
 * Results → Open a run: a run exported as JSON shown again, checked first. A file that is not a run
 * says what it lacks and the results on screen stay. The opened run is stored as the one this tab
 * shows, and the page says it is an opened file, not a run made here.
 */
/** What the page says about an opened run: where it came from, and that its numbers were not computed here. */
export function openedNotice(fileName: string, run: RunResult): string {
  const when = Number.isNaN(Date.parse(run.startedAt)) ? '' : ` of ${new Date(run.startedAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `Opened ${fileName}: a run${when} read from the file, not run in this page. Press Run to run its setup here.`;
}

export function OpenRun({ disabled }: { disabled: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const setResult = useStore((state) => state.setResult);

  async function open(file: File) {
    setProblem(undefined);
    try {
      let json: unknown;
      try {
        json = JSON.parse(await file.text());
      } catch (error) {
        throw new Error(`${file.name} is not valid JSON: ${errorMessage(error)}`);
      }
      const run = parseRunFile(json);
      setResult(run, { kind: 'opened', file: file.name });
      useStore.setState({ notice: openedNotice(file.name, run) });
      void storeRun(run).catch(() => {});
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <>
      <button type="button" data-testid="open-run" disabled={disabled} onClick={() => input.current?.click()}>
        Open a run
      </button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        hidden
        data-testid="open-run-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void open(file);
        }}
      />
      {problem && (
        <p className="error small open-run-error" role="alert" data-testid="open-run-error">
          {problem}
        </p>
      )}
    </>
  );
}
