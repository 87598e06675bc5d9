import type { NetworkToolFacts, RoundTally } from '../../graphs/network-model';
import { GRAPH_COLORS } from '../../graphs/graph-colors';

const RELATION: Record<string, string> = { similar: 'similar to', feeds: 'feeds', 'fed by': 'fed by' };
const pct = (part: number, whole: number) => (whole > 0 ? `${Math.round((100 * part) / whole)}%` : '–');
/** "2/5" failed of tried in a round, or a dash where the round did not try it. */
const cell = (rounds: RoundTally[] | undefined, round: number) => {
  const tally = rounds?.find((r) => r.round === round);
  return tally ? `${tally.errors}/${tally.attempts}` : '–';
};

/** Its edges' trials per learning round (section 3.1: each round's error rates set the next round's sampling weights). */
function RoundTable({ rounds }: { rounds: RoundTally[] }) {
  return (
    <table className="graph-detail-table" data-testid="network-rounds">
      <caption>Error rate per learning round (trials over its edges)</caption>
      <thead>
        <tr>
          <th scope="col">Round</th>
          <th scope="col">Trials</th>
          <th scope="col">Failed</th>
          <th scope="col">Error rate</th>
        </tr>
      </thead>
      <tbody>
        {rounds.map((r) => (
          <tr key={r.round}>
            <td>{r.round + 1}</td>
            <td>{r.attempts}</td>
            <td>{r.errors}</td>
            <td>{r.attempts > 0 ? pct(r.errors, r.attempts) : 'untried'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The trials behind its guidance (section 3.2 reflects on them): the latest few, with how each went. */
function TrialList({ trials, count }: { trials: NonNullable<NetworkToolFacts['trials']>; count: number }) {
  return (
    <div className="small" data-testid="network-trials">
      <strong>Trials that called it</strong>: {count} in all{count > trials.length ? `, the latest ${trials.length}` : ''}.
      <ol>
        {trials.map((t, i) => (
          <li key={`${t.round}:${i}`}>
            <span className="muted">round {t.round + 1}</span> “{t.goal}” <span style={{ color: t.success ? GRAPH_COLORS.worked : GRAPH_COLORS.failed }}>{t.success ? 'succeeded' : 'failed'}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * What ToolExpNet learned about one tool: its guidance (section 3.2), its error rate per learning
 * round and the trials that called it, and the learning trials over each of its edges, whose error
 * rates became the edges' sampling weights (section 3.1). Older runs lack the per-round records and
 * the trial lists; the view says so.
 */
export function NetworkToolDetail({ facts }: { facts: NetworkToolFacts }) {
  const tried = facts.edges.filter((e) => (e.attempts ?? 0) > 0);
  const rounds = facts.rounds ?? [];
  return (
    <div className="network-detail" data-testid="network-detail" data-tool={facts.id}>
      <h4 className="graph-detail-title mono">{facts.id}</h4>
      <p className="small">
        <strong>Guidance</strong>
      </p>
      <p className="pre-wrap guidance" style={{ background: GRAPH_COLORS.guidanceBackground }}>
        {facts.guidance || 'No guidance learned: the prompt shows its documentation only.'}
      </p>
      <p className="small" data-testid="network-error-rate">
        <strong>Learning trials</strong>:{' '}
        {facts.attempts > 0
          ? `${facts.errors} of ${facts.attempts} trials over its edges failed (error rate ${pct(facts.errors, facts.attempts)}; a trial that used two of its edges counts twice).`
          : facts.edges.length > 0
            ? 'no trial used its edges.'
            : 'it has no edge in the network.'}
      </p>
      {rounds.length > 0 && facts.edges.length > 0 && <RoundTable rounds={rounds} />}
      {facts.trials && facts.trials.length > 0 && <TrialList trials={facts.trials} count={facts.trialCount ?? facts.trials.length} />}
      {facts.edges.length > 0 && (
        // Nine columns: on a phone the table scrolls sideways in its own box instead of being cut at the panel's edge.
        <div className="table-scroll graph-detail-scroll">
          <table className="graph-detail-table">
            <caption>Its edges</caption>
            <thead>
              <tr>
                <th scope="col">Edge</th>
                <th scope="col">Tool</th>
                <th scope="col">Trials</th>
                <th scope="col">Failed</th>
                <th scope="col">Error rate</th>
                <th scope="col">Sampling weight</th>
                {rounds.map((r) => (
                  <th scope="col" key={r.round} title="failed / tried in that round">
                    R{r.round + 1}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {facts.edges.map((e) => (
                <tr key={`${e.relation}${e.other}`}>
                  <td>
                    {RELATION[e.relation]}
                    {e.relation !== 'similar' && e.confirmed ? ' (seen)' : ''}
                  </td>
                  <td className="mono">{e.other}</td>
                  <td>{e.attempts ?? '–'}</td>
                  <td>{e.errors ?? '–'}</td>
                  <td>{e.attempts ? pct(e.errors ?? 0, e.attempts) : 'untried'}</td>
                  <td>{e.weight ?? '–'}</td>
                  {rounds.map((r) => (
                    <td key={r.round}>{cell(e.rounds, r.round)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="muted small">
        {tried.length} of {facts.edges.length} edges were tried.{' '}
        {rounds.length > 0
          ? `R1 to R${rounds.length}: failed of tried in each learning round; after each round an edge’s weight becomes its error rate so far.`
          : 'The snapshot records no learning rounds (a run stored before they were recorded, or learning without trials): trials are summed over the rounds.'}
      </p>
    </div>
  );
}
