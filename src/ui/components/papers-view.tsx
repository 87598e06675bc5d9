import { useEffect, useMemo, useState } from 'react';
import { CLAIMS, evaluateClaims, formatClaimValue, type ClaimResult, type ClaimRun, type ClaimSpec } from '../../core/run/claims';
import type { RunResult } from '../../core/run/results';
import { envLabel, strategyLabel } from './labels';

/** The claims table as `npm run bench -- --claims --json public/shipped/claims.json` wrote it. */
interface ShippedClaims {
  model: string;
  tasks: number;
  seeds: number;
  embedder?: string;
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

/** A claim evaluated on the run on screen, where that run has the claim's environment and strategies. */
function evaluateOnRun(spec: ClaimSpec, result: RunResult | undefined): ClaimResult | undefined {
  if (!result || !result.config.envs.includes(spec.run.env) || !spec.run.strategies.every((s) => result.config.strategies.includes(s))) return undefined;
  try {
    return evaluateClaims([spec], result.results)[0];
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

function VerdictBadge({ claim }: { claim: ClaimResult | undefined }) {
  if (!claim) return null;
  const kind = claim.verdict === 'reproduced' ? 'good' : claim.verdict === 'direction only' ? 'partial' : 'bad';
  return <span className={`verdict verdict-${kind}`} data-testid="claim-verdict">{claim.verdict}</span>;
}

/**
 * Papers: each paper's headline claims beside ours, with the 95% interval and the verdict the
 * interval gives (DESIGN 4b). The shipped column was computed by the bench at 60 tasks x 3 seeds;
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
  const papers = [...new Set(CLAIMS.map((spec) => spec.paper))];
  return (
    <div className="papers-view" data-testid="papers-view">
      <p className="small">
        Each paper&rsquo;s headline claims (figures from the papers in <span className="mono">shared/papers/</span>) beside ours. The verdict is what the
        95% interval of the paired difference says: <strong>reproduced</strong> when the whole interval lies on the claimed side, <strong>direction only</strong> when
        only the mean does, else <strong>not reproduced</strong>. Nothing was tuned toward them; the simulated model&rsquo;s presets were fitted on ReAct alone.
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
                  return (
                    <tr key={spec.claim} data-testid="claim-row">
                      <td>
                        {spec.claim}
                        <div className="muted small">{spec.metric}</div>
                        {(ours?.why ?? (live && live.why)) && <div className="small why">Why: {ours?.why ?? live?.why}</div>}
                      </td>
                      <td className="small">{spec.paperValue}</td>
                      <td className="num">
                        <Figure claim={ours} />
                      </td>
                      <td>
                        <VerdictBadge claim={ours} />
                      </td>
                      <td className="num">
                        {live ? (
                          <>
                            <Figure claim={live} /> <VerdictBadge claim={live} />
                          </>
                        ) : (
                          <span className="muted small">not in this run</span>
                        )}
                      </td>
                      <td>
                        <button
                          type="button"
                          className="small-button"
                          title={`${envLabel(spec.run.env)}: ${spec.run.strategies.map(strategyLabel).join(', ')}, 60 tasks x 3 seeds`}
                          onClick={() => onOpen(spec.run)}
                        >
                          Run it
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </div>
  );
}
