/**
 * A visible marker that the numbers come from SimLM, a simulated model that reads only the prompt
 * (docs/simulated-model.md), not a real language model.
 */
export function SimulatedBadge() {
  return (
    <span className="badge badge-simulated" data-testid="simulated-badge" title="SimLM reads only the prompt and errs at the preset's skill levels; it is not a real LLM.">
      Simulated model
    </span>
  );
}
