import type { TraceEvent } from '../../core/trace';
import { formatPercent } from './labels';
import { traceBlocks, type LlmCall, type TraceBlock } from './trace-blocks';

function CallList({ calls }: { calls: LlmCall[] }) {
  return (
    <ul className="calls">
      {calls.map((call, index) => (
        <li key={index}>
          <details>
            <summary>
              <span className="call-kind">{call.kind}</span> {call.promptTokens} prompt + {call.completionTokens} completion tokens
            </summary>
            <pre className="text">{call.response}</pre>
          </details>
        </li>
      ))}
    </ul>
  );
}

/**
 * The model calls behind a block: kind and tokens, with the reply on demand. Many calls (EGB's m
 * samples, logits passes) fold into one line with their totals.
 */
function Calls({ calls }: { calls: LlmCall[] }) {
  if (calls.length === 0) return null;
  if (calls.length <= 3) return <CallList calls={calls} />;
  const kinds = [...new Set(calls.map((call) => call.kind))].join(', ');
  const prompt = calls.reduce((sum, call) => sum + call.promptTokens, 0);
  const completion = calls.reduce((sum, call) => sum + call.completionTokens, 0);
  return (
    <details className="calls-folded">
      <summary>
        {calls.length} model calls ({kinds}): {prompt} prompt + {completion} completion tokens
      </summary>
      <CallList calls={calls} />
    </details>
  );
}

function stepMark(event: Extract<TraceEvent, { type: 'step' }>): { text: string; className: string } {
  if (event.invalid) return { text: 'invalid', className: 'invalid' };
  return event.ok ? { text: 'ok', className: 'ok' } : { text: 'failed', className: 'failed' };
}

function Block({ block }: { block: TraceBlock }) {
  switch (block.kind) {
    case 'start':
      return (
        <li className="block start">
          <div className="label">Goal</div>
          <p className="goal">{block.event.goal}</p>
          <div className="label">Initial observation</div>
          <pre className="text">{block.event.initialObservation}</pre>
          <details className="instruction" data-testid="instruction">
            <summary>Instruction prompt</summary>
            <pre className="text">{block.event.instruction}</pre>
          </details>
        </li>
      );
    case 'step': {
      const mark = stepMark(block.event);
      return (
        <li className={`block step ${mark.className}`} data-testid="trace-step">
          <div className="step-head">
            <strong>Step {block.event.index}</strong>
            <span className={`pill ${mark.className}`}>{mark.text}</span>
            <span className="muted small">progress {formatPercent(block.event.progress)}</span>
            {block.inertia && (
              <span
                className={`pill ${block.inertia.kind}`}
                data-testid="trace-inertial"
                title={
                  block.inertia.kind === 'inertial'
                    ? `CIPS ${block.inertia.score.toFixed(2)} (frequency ${block.inertia.frequency.toFixed(2)}, context ${block.inertia.context.toFixed(2)}); parameters: ${block.inertia.params.map((p) => `${p.name} from ${p.source}`).join(', ') || 'none'}`
                    : 'Recovery call after repeated failures, made without the model'
                }
              >
                {block.inertia.kind === 'inertial' ? `inertial (no LLM call) · CIPS ${block.inertia.score.toFixed(2)}` : 'recovery (no LLM call)'}
              </span>
            )}
            {block.register && (
              <span className="pill register" data-testid="trace-register">
                registered {block.register.tool} ({block.register.registered} of {block.register.available} tools)
              </span>
            )}
          </div>
          {block.event.thought && (
            <p>
              <span className="label">Think</span> {block.event.thought}
            </p>
          )}
          <p>
            <span className="label">Action</span> <code>{block.event.action}</code>
          </p>
          <div>
            <span className="label">Observation</span>
            <pre className="text">{block.event.observation}</pre>
          </div>
          <Calls calls={block.calls} />
        </li>
      );
    }
    case 'reflection':
      return (
        <li className="block reflection" data-testid="trace-reflection">
          <div className="label">Reflection (after a {block.event.trigger === 'failed-call' ? 'failed call' : 'repeated observation'})</div>
          <p>{block.event.text}</p>
          <Calls calls={block.calls} />
        </li>
      );
    case 'trial':
      return (
        <li className={`block trial ${block.event.success ? 'ok' : 'failed'}`}>
          Trial {block.event.trial} {block.event.success ? 'succeeded' : 'failed'}
        </li>
      );
    case 'entropy':
      return (
        <li className="block entropy">
          <span className="label">Substep {block.event.step}</span> entropy {block.event.entropy.toFixed(2)}, chose <code>{block.event.chosen}</code>
          <span className="muted small"> ({block.event.distribution.slice(0, 3).map((d) => `${d.tool} ${formatPercent(d.p)}`).join(', ')})</span>
          <Calls calls={block.calls} />
        </li>
      );
    case 'branch':
      return (
        <li className={`block branch ${block.event.success ? 'ok' : 'failed'}`}>
          <span className="label">Branch {block.event.branch}</span> from substep {block.event.step}: tried <code>{block.event.tool}</code> (p {formatPercent(block.event.p)}),{' '}
          {block.event.success ? 'solved the case' : 'did not solve it'}
        </li>
      );
    case 'end':
      return (
        <li className={`block end ${block.event.success ? 'ok' : 'failed'}`} data-testid="trace-end">
          <strong>{block.event.success ? 'Task solved' : 'Task not solved'}</strong> after {block.event.steps} steps, progress {formatPercent(block.event.progress)}
          <Calls calls={block.calls} />
        </li>
      );
    case 'pending':
      return (
        <li className="block pending">
          <span className="label">Thinking…</span>
          <Calls calls={block.calls} />
        </li>
      );
  }
}

/** EcoAct's registrations in order: at which step which tool joined the prompt, out of how many. */
function RegistrationTimeline({ events }: { events: TraceEvent[] }) {
  const registrations = events.filter((event): event is Extract<TraceEvent, { type: 'register' }> => event.type === 'register');
  if (registrations.length === 0) return null;
  const available = registrations[0].available;
  return (
    <div className="registration-timeline" data-testid="registration-timeline">
      <span className="label">Registered tools</span> {registrations.length} of {available}:
      <ol>
        {registrations.map((event) => (
          <li key={event.index}>
            <span className="muted small">step {event.index}</span> <code>{event.tool}</code>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** A task's trace step by step: goal, observations, thoughts, actions, reflections and model calls. */
export function TraceSteps({ events }: { events: TraceEvent[] }) {
  return (
    <>
      <RegistrationTimeline events={events} />
      <ol className="trace" data-testid="trace">
        {traceBlocks(events).map((block, index) => (
          <Block key={index} block={block} />
        ))}
      </ol>
    </>
  );
}
