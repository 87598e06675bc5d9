import type { NetworkToolFacts } from '../graphs/network-model';

const RELATION: Record<string, string> = { similar: 'similar to', feeds: 'feeds', 'fed by': 'fed by' };
const pct = (part: number, whole: number) => (whole > 0 ? `${Math.round((100 * part) / whole)}%` : '–');

/**
 * What ToolExpNet learned about one tool: its guidance (section 3.2) and the learning trials over
 * its edges, whose error rates became the edges' sampling weights (section 3.1).
 */
export function NetworkToolDetail({ facts }: { facts: NetworkToolFacts }) {
  const tried = facts.edges.filter((e) => (e.attempts ?? 0) > 0);
  return (
    <div className="network-detail" data-testid="network-detail" data-tool={facts.id}>
      <h4 className="graph-detail-title mono">{facts.id}</h4>
      <p className="small">
        <strong>Guidance</strong>
      </p>
      <p className="pre-wrap guidance">{facts.guidance || 'No guidance learned: the prompt shows its documentation only.'}</p>
      <p className="small" data-testid="network-error-rate">
        <strong>Learning trials</strong>:{' '}
        {facts.attempts > 0
          ? `${facts.errors} of ${facts.attempts} trials over its edges failed (error rate ${pct(facts.errors, facts.attempts)}; a trial that used two of its edges counts twice).`
          : facts.edges.length > 0
            ? 'no trial used its edges.'
            : 'it has no edge in the network.'}
      </p>
      {facts.edges.length > 0 && (
        <table className="graph-detail-table">
          <thead>
            <tr>
              <th scope="col">Edge</th>
              <th scope="col">Tool</th>
              <th scope="col">Trials</th>
              <th scope="col">Failed</th>
              <th scope="col">Error rate</th>
              <th scope="col">Sampling weight</th>
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
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="muted small">
        {tried.length} of {facts.edges.length} edges were tried. The network keeps each edge’s trials summed over the learning rounds, so the error rate is the one after the last round; it records no per-round rates and no individual trials.
      </p>
    </div>
  );
}
