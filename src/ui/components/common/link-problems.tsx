import { useStore } from '../../store';

/**
 * What the opened link held that the page refused or did not know (issue 42 item 4), shown at load,
 * one line each: the name, what was wrong, and what the page used instead. The run does not start
 * by itself; the reader checks Setup and presses Run.
 */
export function LinkProblems() {
  const problems = useStore((state) => state.linkProblems);
  if (problems.length === 0) return null;
  return (
    <section className="notice link-problems" role="alert" aria-label="Problems with this link" data-testid="link-problems">
      <p>
        This link was not read in full, so its run does not start by itself. {problems.length === 1 ? 'One thing' : `${problems.length} things`} in it{' '}
        {problems.length === 1 ? 'was' : 'were'} not used:
      </p>
      <ul>
        {problems.map((problem, index) => (
          <li key={index} data-testid="link-problem">
            {problem}
          </li>
        ))}
      </ul>
      <p>
        Check Setup and press Run.{' '}
        <button type="button" className="small-button" data-testid="link-problems-close" onClick={() => useStore.setState({ linkProblems: [] })}>
          Dismiss
        </button>
      </p>
    </section>
  );
}
