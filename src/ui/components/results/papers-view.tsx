import { useEffect, useMemo, useState } from 'react';
import { CLAIMS, evaluateClaims, formatClaimValue, formatPaperSize, modelRowText, sampleText, type ClaimResult, type ClaimRun, type ClaimSpec, type Verdict } from '../../../core/run/claims';
import type { RunResult } from '../../../core/run/results';
import { envLabel, strategyLabel } from '../common/labels';
import { useStore } from '../../store';
import { ClaimCosts } from './claim-costs';

/** The claims table as `npm run bench -- --claims --json public/shipped/claims.json` wrote it. */
interface ShippedClaims {
  model: string;
  tasks: number;
  seeds: number;
  embedder?: string;
  /** The cache model and device the token claims' costs were computed with. */
  cache?: string;
  localDevice?: string;
  claims: ClaimResult[];
}

async function loadShippedClaims(): Promise<ShippedClaims | undefined> {
  try {
    const response = await fetch(`${import.meta.env.BASE_URL}shipped/claims.json`);
    return response.ok ? ((await response.json()) as ShippedClaims) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A claim evaluated on the run on screen, where that run has the claim's environment and strategies
 * (on whatever model it ran: the row says so where that is not the claim's preset).
 */
function evaluateOnRun(spec: ClaimSpec, result: RunResult | undefined): ClaimResult | undefined {
  if (!result || !result.config.envs.includes(spec.run.env) || !spec.run.strategies.every((s) => result.config.strategies.includes(s))) return undefined;
  try {
    return evaluateClaims([spec], result.results, result.config.model, { cache: result.config.cache, localDevice: result.config.localDevice })[0];
  } catch {
    return undefined;
  }
}

function Figure({ claim }: { claim: ClaimResult | undefined }) {
  if (!claim) return <span className="muted">—</span>;
  return (
    <span title="95% interval of the paired difference: a bootstrap over tasks (a task's seeds resampled together)">
      {formatClaimValue(claim.ours, claim.metric)}{' '}
      <span className="ci">
        [{formatClaimValue(claim.low, claim.metric)}, {formatClaimValue(claim.high, claim.metric)}]
      </span>
    </span>
  );
}

/** good: the paper's size; partial: its direction, another size or no clear sign; bad: no or the other direction. */
const VERDICT_KIND: Record<Verdict, 'good' | 'partial' | 'bad'> = {
  reproduced: 'good',
  'smaller effect': 'partial',
  'larger effect': 'partial',
  'direction only': 'partial',
  'not reproduced': 'bad',
  opposite: 'bad',
};

function VerdictBadge({ claim }: { claim: ClaimResult | undefined }) {
  if (!claim) return null;
  return (
    <span className={`verdict verdict-${VERDICT_KIND[claim.verdict]}`} data-testid="claim-verdict">
      {claim.verdict}
    </span>
  );
}

/**
 * Papers: each paper's headline claims beside ours, with the 95% interval and the verdict the
 * interval gives on the paper's figure and size (docs/claims.md). The shipped column was computed
 * by the bench at 60 tasks x 3 seeds, each claim on the SimLM preset of its paper's model class;
 * where the run on screen has a claim's environment and strategies, its own figure stands beside it.
 */
export function PapersView({ result, onOpen }: { result: RunResult | undefined; onOpen(run: ClaimRun): void }) {
  const [shipped, setShipped] = useState<ShippedClaims | undefined | null>(undefined);
  useEffect(() => {
    let current = true;
    void loadShippedClaims().then((claims) => current && setShipped(claims ?? null));
    return () => {
      current = false;
    };
  }, []);
  const onRun = useMemo(() => CLAIMS.map((spec) => evaluateOnRun(spec, result)), [result]);
  const device = useStore((state) => state.config.localDevice);
  const papers = [...new Set(CLAIMS.map((spec) => spec.paper))];
  return (
    <div className="papers-view" data-testid="papers-view">
      <p className="small">
        Each paper&rsquo;s headline claims beside ours, each run on the simulated model of the class of the paper&rsquo;s model (a 7B open model on
        the small preset, a 17B-70B one on medium, a frontier API model on strong). The verdict compares the 95% interval of our paired
        difference with the paper&rsquo;s figure, allowing the tolerance written beside it: <strong>reproduced</strong> when our effect has the paper&rsquo;s
        sign and its figure lies within the tolerance of our interval; <strong>smaller effect</strong> or <strong>larger effect</strong> when the sign holds
        but the size does not; <strong>direction only</strong> when the interval includes no effect and the mean is on the paper&rsquo;s side;{' '}
        <strong>not reproduced</strong> when the mean is not; <strong>opposite</strong> when the whole interval is on the other side. Nothing was tuned
        toward them; the simulated model&rsquo;s presets were fitted on ReAct alone. Under each claim of fewer input tokens, the same tokens as a
        local engine meets them: the prompt tokens its prompt cache did not hold (which it must prefill), and seconds on the device picked in Setup
        (every device profile where none is picked).
        {shipped && (
          <>
            {' '}
            The &ldquo;shipped&rdquo; column was computed by <span className="mono">npm run bench -- --claims</span> ({shipped.tasks} tasks &times; {shipped.seeds} seeds, {shipped.model}
            {shipped.embedder ? `, ${shipped.embedder}` : ''}).
          </>
        )}
        {shipped === null && ' The shipped claims table could not be read; run a claim to see ours.'}
      </p>
      {papers.map((paper) => (
        <section key={paper} className="paper-claims">
          <h3>{paper}</h3>
          <div className="table-scroll">
            <table className="claims-table" data-testid={`claims-${paper}`}>
              <thead>
                <tr>
                  <th>Claim</th>
                  <th>Paper</th>
                  <th>Size &plusmn; tolerance</th>
                  <th>Ours, shipped [95% CI]</th>
                  <th>Verdict</th>
                  <th>This run</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {CLAIMS.map((spec, i) => {
                  if (spec.paper !== paper) return null;
                  const ours = shipped?.claims.find((c) => c.paper === spec.paper && c.claim === spec.claim);
                  const live = onRun[i];
                  const costs = (ours?.tokens || live?.tokens) && (
                    <tr key={`${spec.claim}:costs`} className="claim-costs-row">
                      <td colSpan={7}>
                        {ours?.tokens && <ClaimCosts costs={ours.tokens} title={`Shipped, ${shipped!.tasks} tasks × ${shipped!.seeds} seeds`} device={device} />}
                        {live?.tokens && <ClaimCosts costs={live.tokens} title="This run" device={device} />}
                      </td>
                    </tr>
                  );
                  return [
                    <tr key={spec.claim} data-testid="claim-row">
                      <td>
                        {spec.claim}
                        <div className="muted small">{spec.metric}</div>
                        {(ours?.why ?? (live && live.why)) && <div className="small why">Why: {ours?.why ?? live?.why}</div>}
                        {ours?.control && (
                          <div className="small control" data-testid="claim-control" title={ours.control.why}>
                            Control, {ours.control.label}: {formatClaimValue(ours.control.ours, ours.metric)} [{formatClaimValue(ours.control.low, ours.metric)},{' '}
                            {formatClaimValue(ours.control.high, ours.metric)}]; the mechanism&rsquo;s part (claim less control): {formatClaimValue(ours.control.mechanism, ours.metric)}, the rest is the
                            control&rsquo;s ({ours.control.why})
                          </div>
                        )}
                        {ours?.sample && (
                          <div className="muted small" data-testid="claim-sample">
                            on {sampleText(ours.sample)}
                            {ours.temperature !== undefined ? `, temperature ${ours.temperature}` : ''}
                            {ours.beside ? `; ${ours.beside.label}: ${formatClaimValue(ours.beside.ours, ours.metric)} [${formatClaimValue(ours.beside.low, ours.metric)}, ${formatClaimValue(ours.beside.high, ours.metric)}]` : ''}
                          </div>
                        )}
                      </td>
                      <td className="small" data-label="Paper">
                        {spec.paperValue}
                        <div className="muted">{modelRowText(spec.modelRow)}</div>
                      </td>
                      <td className="num small" data-label="Size ± tolerance" title={`Tolerance: ${spec.toleranceWhy}`}>
                        {formatPaperSize(spec)}
                      </td>
                      <td className="num" data-label="Ours, shipped [95% CI]">
                        <Figure claim={ours} />
                      </td>
                      <td data-label="Verdict">
                        <VerdictBadge claim={ours} />
                      </td>
                      <td className="num" data-label="This run">
                        {live ? (
                          <>
                            <Figure claim={live} /> <VerdictBadge claim={live} />
                            {live.model !== spec.run.model && <div className="muted small">on {live.model}, not {spec.run.model}</div>}
                          </>
                        ) : (
                          <span className="muted small">not in this run</span>
                        )}
                      </td>
                      <td>
                        <button
                          type="button"
                          className="small-button"
                          title={`${envLabel(spec.run.env)}: ${spec.run.strategies.map(strategyLabel).join(', ')} on ${spec.run.model}, 60 tasks x 3 seeds asked for`}
                          onClick={() => onOpen(spec.run)}
                        >
                          Run it
                        </button>
                      </td>
                    </tr>,
                    costs,
                  ];
                })}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}
