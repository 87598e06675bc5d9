import { useEffect, useMemo, useRef } from 'react';
import { metricEntries, settingEntries } from '../../../core/run/glossary';
import { TERM_WORDS } from '../../../core/run/glossary-terms';
import { reporterWords } from './glossary-reporters';

/** The link that opens the glossary; the page's other links are `name=value` pairs, so it cannot be mistaken for one. */
export const GLOSSARY_HASH = '#glossary';

/** Whether a hash is the glossary's link (exactly `#glossary`). */
export function isGlossaryHash(hash: string): boolean {
  return hash === GLOSSARY_HASH;
}

/**
 * The glossary: each metric any run, environment or strategy reports (what it counts, its unit, the
 * paper that defines it), each strategy hyperparameter (what it does, the paper's section, its range)
 * and each SimLM skill in plain words. The lists come from the specs (core/run/glossary.ts); all text is text.
 */
export function GlossaryPanel({ onClose }: { onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const metrics = useMemo(metricEntries, []);
  const settings = useMemo(settingEntries, []);
  const hyper = settings.filter((s) => !s.id.startsWith('sim.'));
  const dials = settings.filter((s) => s.id.startsWith('sim.'));
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'start' });
  }, []);
  // Esc closes it (issue 42 item 6), and the focus goes back to the button that opens it.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      onClose();
      document.querySelector<HTMLElement>('[data-testid="glossary-open"]')?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <section className="panel glossary" id="glossary" aria-labelledby="glossary-title" data-testid="glossary">
      <div className="glossary-head">
        <h2 id="glossary-title" tabIndex={-1} ref={heading}>
          Glossary
        </h2>
        <button type="button" onClick={onClose} data-testid="glossary-close">
          Close the glossary
        </button>
      </div>
      <h3>Metrics</h3>
      <div className="table-scroll">
        <table className="data-table glossary-table" data-testid="glossary-metrics">
          <thead>
            <tr>
              <th scope="col">Metric</th>
              <th scope="col">What it counts</th>
              <th scope="col">Unit</th>
              <th scope="col">Defined in</th>
              <th scope="col">Reported by</th>
            </tr>
          </thead>
          <tbody>
            {metrics.map((m) => (
              <tr key={m.id} data-metric={m.id} id={`glossary-${m.id}`}>
                <th scope="row">
                  {m.label} <span className="mono muted">{m.id}</span>
                </th>
                <td data-label="What it counts">{m.what}</td>
                <td data-label="Unit">{m.unit}</td>
                <td data-label="Defined in">{m.paper}</td>
                <td data-label="Reported by">{reporterWords(m.id, m.reportedBy)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>Strategy hyperparameters</h3>
      <div className="table-scroll">
        <table className="data-table glossary-table" data-testid="glossary-hyperparameters">
          <thead>
            <tr>
              <th scope="col">Setting</th>
              <th scope="col">What it does</th>
              <th scope="col">Paper section (default)</th>
              <th scope="col">Range</th>
            </tr>
          </thead>
          <tbody>
            {hyper.map((s) => (
              <tr key={s.id} data-setting={s.id}>
                <th scope="row">
                  {s.label} <span className="mono muted">{s.id}</span>
                </th>
                <td data-label="What it does">{s.what}</td>
                <td data-label="Paper section (default)">
                  {s.source} (default {s.defaultText})
                </td>
                <td data-label="Range">{s.range}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>SimLM skills (the simulated model&rsquo;s dials)</h3>
      <dl className="glossary-dials" data-testid="glossary-dials">
        {dials.map((s) => (
          <div key={s.id} data-setting={s.id}>
            <dt>
              {s.label} <span className="mono muted">{s.id}</span>
            </dt>
            <dd>
              {s.what} Range: {s.range}; default: {s.defaultText}.
            </dd>
          </div>
        ))}
      </dl>
      <h3>Reading results, and the page&rsquo;s own words</h3>
      <dl className="glossary-dials" data-testid="glossary-terms">
        {TERM_WORDS.map((t) => (
          <div key={t.id} data-term={t.id}>
            <dt>{t.term}</dt>
            <dd>{t.words}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
