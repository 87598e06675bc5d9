import type { TraceModel } from './trace-model';

/**
 * Which model wrote the traces shown (issue 42 item 3): the SimLM badge with its preset, or the real
 * model's name. Inspect shows it above a trace, over a comparison and beside the live trace, so a
 * reader arriving by a trace link sees it before the first "THINK:".
 */
export function TraceModelBadge({ model, testId = 'inspect-model', prefix = 'Written by' }: { model: TraceModel; testId?: string; prefix?: string }) {
  return (
    <p className="trace-model small" data-testid={testId}>
      <span className="muted">{prefix} </span>
      {model.simulated ? (
        <>
          <span className="badge badge-simulated" title="SimLM reads only the prompt and errs at the preset's skill levels; it is not a real LLM.">
            {model.badge}
          </span>{' '}
          <span className="muted">{model.detail}</span>
        </>
      ) : (
        <strong className="trace-model-name">{model.badge}</strong>
      )}
    </p>
  );
}
