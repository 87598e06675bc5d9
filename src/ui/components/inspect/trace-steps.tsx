import { useStore } from '../../store';
import { runLimits, windowSourceWords } from '../results/run-limits';
import { Fragment, memo, useCallback, useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import type { TraceEvent } from '../../../core/trace';
import { formatPercent } from '../common/labels';
import { traceBlocks, type LlmCall, type TraceBlock } from './trace-blocks';
import { blockSearchText, highlightSegments, matchBlocks, matchCountText, matchPlaces, normaliseQuery } from './trace-search';
import { blockLine, callCost, costDetail, costText, formatMs, formatTokens, promptMessagesOf } from './trace-summary';
import { isEcoActTrace, registrationsOf, tokensPerStep } from './trace-tokens';
import { TraceTokensChart } from '../charts/lazy-charts';
import type { TraceChartFile } from '../results/export-context';

/**
 * The window of the run on screen as a sentence of its own, "Window: 32,768 tokens, from …." (as the
 * notices in Results say it), where the page knows it: a source in parentheses inside "the model's
 * context window (…)" read as nested parentheses.
 */
function RunWindow() {
  const result = useStore((state) => state.result);
  const config = useStore((state) => state.config);
  const words = windowSourceWords(runLimits(result?.config ?? config, result?.model));
  return words ? (
    <span data-testid="trace-window">
      {' '}
      {words}
    </span>
  ) : null;
}

/** Text with the parts that match the search marked. Model text is always rendered as text. */
function Marked({ text, query }: { text: string; query: string }) {
  if (!query) return <>{text}</>;
  return (
    <>
      {highlightSegments(text, query).map((segment, i) => (segment.match ? <mark key={i}>{segment.text}</mark> : <Fragment key={i}>{segment.text}</Fragment>))}
    </>
  );
}

/** What the trace holds of a call's prompt: its messages when recorded, else its size and a note. */
function CallPrompt({ call, query }: { call: LlmCall; query: string }) {
  const messages = promptMessagesOf(call);
  return (
    <div className="call-prompt" data-testid="call-prompt">
      <div className="label">
        Prompt · {formatTokens(call.promptTokens)} tokens{call.estimated ? ' (estimated)' : ''}
      </div>
      {messages ? (
        messages.map((message, i) => (
          <div key={i} className="prompt-message">
            <span className="call-role">{message.role}</span>
            <pre className="text">
              <Marked text={message.content} query={query} />
            </pre>
          </div>
        ))
      ) : (
        <p
          className="muted small"
          title="An llm-call trace event holds the call's kind, token counts, time and reply, not its messages. The instruction the task started with is under “Instruction prompt” at the top of the trace; each step's observation is in its step."
        >
          Not recorded: the trace keeps the prompt's size, not its text (the task's instruction is under “Instruction prompt” at the top).
        </p>
      )}
    </div>
  );
}

/** Whether the search matched a call's reply (its prompt is not searched: it repeats the goal and tools in every call). */
function callMatches(call: LlmCall, query: string): boolean {
  const needle = normaliseQuery(query);
  return needle !== '' && call.response.toLowerCase().includes(needle);
}

/** One model call: kind, tokens and time on a line; the prompt and the full reply on demand. */

function Call({ call, query }: { call: LlmCall; query: string }) {
  const matches = callMatches(call, query);
  return (
    <li>
      <details className="call" data-testid="trace-call" open={matches || undefined}>
        <summary>
          <span className="call-kind">{call.kind}</span> {formatTokens(call.promptTokens)} prompt + {formatTokens(call.completionTokens)} completion tokens · {formatMs(call.ms)}
          {call.estimated ? <span className="muted"> · tokens estimated</span> : null}
        </summary>
        <CallPrompt call={call} query={query} />
        <div className="call-reply" data-testid="call-reply">
          <div className="label">Reply · {formatTokens(call.completionTokens)} tokens</div>
          <pre className="text">
            <Marked text={call.response} query={query} />
          </pre>
        </div>
      </details>
    </li>
  );
}

/**
 * The model calls behind a block. Many calls (EGB's m samples, logits passes) fold into one line
 * with their totals.
 */
function Calls({ calls, query }: { calls: LlmCall[]; query: string }) {
  if (calls.length === 0) return null;
  const list = (
    <ul className="calls">
      {calls.map((call, index) => (
        <Call key={index} call={call} query={query} />
      ))}
    </ul>
  );
  if (calls.length <= 3) return list;
  const kinds = [...new Set(calls.map((call) => call.kind))].join(', ');
  const cost = callCost(calls);
  return (
    <details className="calls-folded" open={calls.some((call) => callMatches(call, query)) || undefined}>
      <summary>
        {calls.length} model calls ({kinds}): {formatTokens(cost.promptTokens)} prompt + {formatTokens(cost.completionTokens)} completion tokens · {formatMs(cost.ms)}
      </summary>
      {list}
    </details>
  );
}

type Collapsible = Extract<TraceBlock, { kind: 'step' | 'reflection' }>;

interface BlockProps {
  block: TraceBlock;
  index: number;
  open: boolean;
  /** The search, for blocks it matches; empty otherwise. */
  query: string;
  idBase: string;
  onToggle(index: number, open: boolean): void;
}

/** A step or a reflection: one line (a button) that opens the whole block. */
function CollapsibleBlock({ block, index, open, query, idBase, onToggle }: BlockProps & { block: Collapsible }) {
  const line = blockLine(block);
  const bodyId = `${idBase}-body-${index}`;
  const isStep = block.kind === 'step';
  const className = isStep ? `block step ${line.outcome}` : 'block reflection';
  return (
    <li className={`${className} collapsible${open ? ' open' : ''}`} data-testid={isStep ? 'trace-step' : 'trace-reflection'} id={`${idBase}-block-${index}`}>
      <button
        type="button"
        className="block-line"
        aria-expanded={open}
        aria-controls={open ? bodyId : undefined}
        data-testid="trace-toggle"
        onClick={() => onToggle(index, !open)}
      >
        <span className="chevron" aria-hidden="true" />
        <strong className="block-title">{isStep ? line.title : 'Reflection'}</strong>
        {line.outcome && <span className={`pill ${line.outcome}`}>{line.outcome}</span>}
        {block.kind === 'step' && block.inertia && (
          <span
            className={`pill ${block.inertia.kind}`}
            data-testid="trace-inertial"
            title={
              block.inertia.kind === 'inertial'
                ? `CIPS ${block.inertia.score.toFixed(2)} (frequency ${block.inertia.frequency.toFixed(2)}, context ${block.inertia.context.toFixed(2)}); parameters: ${block.inertia.params.map((p) => `${p.name} from ${p.source}`).join(', ') || 'none'}`
                : 'Recovery call after repeated failures, made without the model'
            }
          >
            {block.inertia.kind === 'inertial' ? `inertial · no LLM call · CIPS ${block.inertia.score.toFixed(2)}` : 'recovery · no LLM call'}
          </span>
        )}
        {block.kind === 'step' && block.register && (
          <span className="pill register" data-testid="trace-register" title={`${block.register.registered} of ${block.register.available} tools registered after this step`}>
            registered {block.register.tool} ({block.register.registered}/{block.register.available})
          </span>
        )}
        {isStep ? <span className="sr-only">Action</span> : <span className="muted small block-trigger">{line.title.replace(/^Reflection /, '')}</span>}
        {isStep ? (
          <code className="block-gist" data-testid="trace-step-action">
            <Marked text={line.gist} query={query} />
          </code>
        ) : (
          <span className="block-gist">
            <Marked text={line.gist} query={query} />
          </span>
        )}
        {line.progress && <span className="block-progress muted small">{line.progress}</span>}
        {query && (
          <span className="match-where small" data-testid="trace-match-where">
            matched in {matchPlaces(block, query).join(', ')}
          </span>
        )}
        <span className="block-cost small" title={costDetail(line.cost) + (block.kind === 'step' && block.substep ? "; counts the calls that chose this substep's tool (the substep line above lists them)" : '')} data-testid="trace-cost">
          {block.kind === 'step' && block.inertia && line.cost.calls === 0 ? '' : costText(line.cost)}
        </span>
      </button>
      {open && (
        <div className="block-body" id={bodyId} data-testid="trace-body">
          {block.kind === 'step' ? (
            <>
              {block.event.thought && (
                <p>
                  <span className="label">Think</span> <Marked text={block.event.thought} query={query} />
                </p>
              )}
              <p>
                <span className="label">Action</span>{' '}
                <code>
                  <Marked text={block.event.action} query={query} />
                </code>
              </p>
              <div>
                <span className="label">Observation</span>
                <pre className="text">
                  <Marked text={block.event.observation} query={query} />
                </pre>
              </div>
              {block.inertia && (
                <p className="muted small">
                  {block.inertia.kind === 'inertial' ? 'Inertial call' : 'Recovery call'} of <code>{block.inertia.tool}</code>, made without the model
                  {block.inertia.kind === 'inertial' &&
                    `: CIPS ${block.inertia.score.toFixed(2)} (frequency ${block.inertia.frequency.toFixed(2)}, context ${block.inertia.context.toFixed(2)}); parameters: ${block.inertia.params.map((p) => `${p.name} from ${p.source}`).join(', ') || 'none'}`}
                  .
                </p>
              )}
            </>
          ) : (
            <p>
              <Marked text={block.event.text} query={query} />
            </p>
          )}
          {block.kind === 'step' && block.substep && (
            <p className="muted small" data-testid="trace-substep-cost">
              Choosing this substep&rsquo;s tool: {costText(callCost(block.substep))} (listed under the substep above).
            </p>
          )}
          {block.calls.length > 0 && (
            <div className="label calls-head" title={costDetail(callCost(block.calls))}>
              Model calls · {costText(callCost(block.calls))}
            </div>
          )}
          <Calls calls={block.calls} query={query} />
        </div>
      )}
    </li>
  );
}

const Block = memo(function Block(props: BlockProps) {
  const { block, query } = props;
  switch (block.kind) {
    case 'step':
    case 'reflection':
      return <CollapsibleBlock {...props} block={block} />;
    case 'start':
      return (
        <li className="block start">
          <div className="label">Goal</div>
          <p className="goal">
            <Marked text={block.event.goal} query={query} />
          </p>
          <div className="label">Initial observation</div>
          <pre className="text">
            <Marked text={block.event.initialObservation} query={query} />
          </pre>
          <details className="instruction" data-testid="instruction">
            <summary>Instruction prompt</summary>
            <pre className="text">{block.event.instruction}</pre>
          </details>
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
          <Calls calls={block.calls} query={query} />
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
          {block.event.outcome === 'context-overflow' && (
            // Why it ended here (issue 28 item 6): the prompt over the window, in the model's or the check's words (model output, shown as text).
            <p className="small overflow-reason" data-testid="trace-overflow">
              <span className="pill failed">context overflow</span> Its next prompt was longer than the model&rsquo;s context window, and the run&rsquo;s overflow setting ended the task run here.
              <RunWindow />
              {block.event.reason && <span className="mono"> {block.event.reason}</span>}
            </p>
          )}
          <Calls calls={block.calls} query={query} />
        </li>
      );
    case 'pending':
      return (
        <li className="block pending">
          <span className="label">Thinking…</span>
          <Calls calls={block.calls} query={query} />
        </li>
      );
  }
});

/** EcoAct's registrations for this query, one line each: at which step which tool joined the prompt, and how many were registered of those available. */
function RegistrationTimeline({ events, onJump }: { events: TraceEvent[]; onJump(event: Extract<TraceEvent, { type: 'register' }>): void }) {
  const registrations = registrationsOf(events);
  if (registrations.length === 0) return null;
  const available = registrations[0].available;
  return (
    <section className="registration-timeline" data-testid="registration-timeline" aria-label="Tools EcoAct registered for this query">
      <div className="registration-head">
        <span className="label">Registered tools</span> {registrations.length} of the {available} this query offers, in order
      </div>
      <ol className="registration-list">
        {registrations.map((event, i) => (
          <li key={`${event.index}-${i}`} data-testid="registration-row">
            <button type="button" className="link-button registration-step" onClick={() => onJump(event)} title="Show this step in the trace">
              step {event.index}
            </button>
            <code className="registration-tool">{event.tool}</code>
            <span className="muted small registration-count">
              {event.registered} of {event.available} registered
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Which blocks are open: each block's own choice, else Expand/Collapse all, else (while searching) the matches. */
interface OpenState {
  all?: boolean;
  own: Map<number, boolean>;
}

const NONE: OpenState = { own: new Map() };

const isCollapsible = (block: TraceBlock) => block.kind === 'step' || block.kind === 'reflection';

/**
 * A task's trace step by step: goal, then each step and reflection folded to one line (action,
 * outcome, progress, cost) that opens to its thought, observation and model calls; a search over
 * the whole trace; EcoAct's registrations; the input tokens of each step.
 */
export function TraceSteps({ events, file }: { events: TraceEvent[]; file?: TraceChartFile }) {
  const idBase = useId().replace(/:/g, '');
  const blocks = useMemo(() => traceBlocks(events), [events]);
  const points = useMemo(() => tokensPerStep(blocks), [blocks]);
  const ecoAct = useMemo(() => isEcoActTrace(events), [events]);
  const [query, setQuery] = useState('');
  const searched = useDeferredValue(query);
  const searching = normaliseQuery(searched) !== '';
  const found = useMemo(() => matchBlocks(blocks, searched), [blocks, searched]);
  const [openState, setOpenState] = useState<OpenState>(NONE);
  const [jumpTo, setJumpTo] = useState<number | undefined>(undefined);
  // Another task's trace (its first event differs) starts folded; the search stays, to look for the same thing there.
  const [head, setHead] = useState<TraceEvent | undefined>(events[0]);
  if (head !== events[0]) {
    setHead(events[0]);
    setOpenState(NONE);
  }

  const onToggle = useCallback((index: number, open: boolean) => setOpenState((state) => ({ ...state, own: new Map(state.own).set(index, open) })), []);
  const isOpen = (index: number) => openState.own.get(index) ?? openState.all ?? (searching && found.matches[index]);
  const anyCollapsible = blocks.some(isCollapsible);

  const onJump = useCallback(
    (event: Extract<TraceEvent, { type: 'register' }>) => {
      const index = blocks.findIndex((block) => block.kind === 'step' && block.register === event);
      if (index < 0) return;
      setQuery('');
      setOpenState((state) => ({ ...state, own: new Map(state.own).set(index, true) }));
      setJumpTo(index);
    },
    [blocks],
  );
  useEffect(() => {
    if (jumpTo === undefined) return;
    const element = document.getElementById(`${idBase}-block-${jumpTo}`);
    element?.scrollIntoView({ block: 'center' });
    element?.querySelector<HTMLButtonElement>('.block-line')?.focus({ preventScroll: true });
    setJumpTo(undefined);
  }, [jumpTo, idBase]);

  // Search text is built once per block (cached by event); warm it while the page is idle.
  useEffect(() => {
    const id = window.setTimeout(() => blocks.forEach(blockSearchText), 200);
    return () => window.clearTimeout(id);
  }, [blocks]);

  const registrations = ecoAct && events.some((event) => event.type === 'register');
  const hasChart = points.some((point) => point.calls > 0);

  return (
    <>
      {(registrations || hasChart) && (
        <div className={`trace-overview${registrations && hasChart ? ' two' : ''}`}>
          <RegistrationTimeline events={events} onJump={onJump} />
          <TraceTokensChart points={points} ecoAct={ecoAct} file={file} />
        </div>
      )}
      <div className="trace-tools" role="search">
        <input
          type="search"
          className="trace-search"
          data-testid="trace-search"
          aria-label="Search the trace"
          placeholder="Search actions, observations, reflections, replies"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            // A new search opens its matches afresh.
            setOpenState(NONE);
          }}
        />
        <span className="trace-search-count muted small" role="status" data-testid="trace-search-count">
          {searching ? matchCountText(found) : `${found.steps} ${found.steps === 1 ? 'step' : 'steps'}`}
        </span>
        {anyCollapsible && (
          <span className="trace-expand">
            <button type="button" className="small-button" data-testid="trace-expand-all" onClick={() => setOpenState({ all: true, own: new Map() })}>
              Expand all
            </button>
            <button type="button" className="small-button" data-testid="trace-collapse-all" onClick={() => setOpenState({ all: false, own: new Map() })}>
              Collapse all
            </button>
          </span>
        )}
      </div>
      <ol className="trace" data-testid="trace">
        {blocks.map((block, index) => {
          const shown = !searching || found.matches[index] || block.kind === 'start' || block.kind === 'end';
          if (!shown) return null;
          return (
            <Block
              key={index}
              block={block}
              index={index}
              open={isCollapsible(block) && isOpen(index)}
              query={searching && found.matches[index] ? searched : ''}
              idBase={idBase}
              onToggle={onToggle}
            />
          );
        })}
      </ol>
    </>
  );
}
