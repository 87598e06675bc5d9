/**
 * A visible marker that the numbers come from SimLM, a simulated model: a noisy expert that knows
 * the gold action and errs at a preset's rates, not a real language model.
 */
export function SimulatedBadge() {
  return (
    <span className="badge badge-simulated" data-testid="simulated-badge" title="SimLM knows the gold action and errs at the preset's rates; it is not a real LLM.">
      Simulated model
    </span>
  );
}
