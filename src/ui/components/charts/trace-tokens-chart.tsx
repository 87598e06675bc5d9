import { useRef } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartExportButtons } from './chart-export-buttons';
import { STEP_TOKENS_GLOSS, xTitle, yTitle } from './axis-titles';
import type { TraceChartFile } from '../results/export-context';
import { StagedChart } from './staged-chart';
import type { StepTokens } from '../inspect/trace-tokens';
import { formatTokens } from '../inspect/trace-summary';

const LINE = '#0072b2';
const Y_TITLE = 'Input tokens per step';
const REGISTER = '#d55e00';

interface DotProps {
  cx?: number;
  cy?: number;
  index?: number;
  payload?: StepTokens;
}

/** A point of the line; EcoAct's registration steps drawn larger, in another colour. */
function StepDot({ cx, cy, index, payload }: DotProps) {
  if (cx === undefined || cy === undefined || !Number.isFinite(cx) || !Number.isFinite(cy)) return <g key={index} />;
  return payload?.registered ? (
    <circle key={index} cx={cx} cy={cy} r={4.5} fill={REGISTER} stroke="#fff" strokeWidth={1} />
  ) : (
    <circle key={index} cx={cx} cy={cy} r={2.5} fill={LINE} />
  );
}

function TooltipBody({ active, payload, attempts }: { active?: boolean; payload?: readonly { payload?: StepTokens }[]; attempts: boolean }) {
  const point = active ? payload?.[0]?.payload : undefined;
  if (!point) return null;
  return (
    <div className="chart-tooltip">
      <strong>
        Step {point.step}
        {attempts ? ` (attempt ${point.attempt})` : ''}
      </strong>
      <div>
        {point.calls === 0 ? 'no model call' : `${formatTokens(point.input)} input tokens${point.calls > 1 ? ` over ${point.calls} calls` : ''}${point.estimated ? ' (estimated)' : ''}`}
      </div>
      {point.registered && <div>registered {point.registered}</div>}
    </div>
  );
}

/**
 * The input (prompt) tokens of each step of the trace being inspected, as measured by its model
 * calls. For an EcoAct trace it says that the prompt lists the tools by name only and marks the
 * steps that registered a tool; it draws the measured line alone.
 */
export function TraceTokensChart({ points, ecoAct, file }: { points: StepTokens[]; ecoAct: boolean; file?: TraceChartFile }) {
  const figure = useRef<HTMLElement>(null);
  if (points.length === 0 || points.every((point) => point.calls === 0)) return null;
  const attempts = points.some((point) => point.attempt > 1);
  const registrations = points.filter((point) => point.registered).length;
  const estimated = points.some((point) => point.estimated);
  const max = Math.max(...points.map((point) => point.input));
  const mean = Math.round(points.reduce((sum, point) => sum + point.input, 0) / points.length);
  const xAxisTitle = attempts ? 'Step, in order (all attempts)' : 'Step, in order';
  return (
    <figure className="chart trace-tokens-chart" data-testid="trace-tokens-chart" ref={figure}>
      <figcaption>
        Input tokens per step{ecoAct ? ' · EcoAct, names-only listing' : ''}
        <span className="muted small trace-tokens-note">
          {ecoAct
            ? ` The prompt names every candidate tool and carries the full documentation of registered tools only${registrations ? `; orange dots: the ${registrations} ${registrations === 1 ? 'step' : 'steps'} that registered a tool` : ''}.`
            : ' The prompt tokens of the model calls behind each step (0: a step taken without the model).'}{' '}
          Mean {formatTokens(mean)}, highest {formatTokens(max)}
          {estimated ? '; counted with the Qwen2.5 tokenizer' : ''}.
        </span>
      </figcaption>
      <div className="trace-tokens-box">
        <StagedChart>
          <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 360, height: 150 }}>
            <LineChart data={points} margin={{ top: 8, right: 16, bottom: 4, left: 4 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e3e6ea" />
              <XAxis
                type="number"
                dataKey="n"
                domain={[1, Math.max(2, points.length)]}
                allowDecimals={false}
                fontSize={11}
                height={36}
                label={xTitle(xAxisTitle)}
              />
              <YAxis type="number" domain={[0, 'auto']} tickFormatter={(v: number) => formatTokens(v)} width={64} fontSize={11} label={yTitle(Y_TITLE, undefined, STEP_TOKENS_GLOSS)} />
              <Tooltip content={(props) => <TooltipBody active={props.active} payload={props.payload as readonly { payload?: StepTokens }[] | undefined} attempts={attempts} />} />
              <Line dataKey="input" name="input tokens" stroke={LINE} strokeWidth={1.5} dot={(props: DotProps) => <StepDot key={props.index} {...props} />} isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        </StagedChart>
      </div>
      {file && (
        <ChartExportButtons
          figure={figure}
          env={file.env}
          chart="trace-tokens"
          title={`Input tokens per step: ${file.about}`}
          subtitle={file.subtitle}
          axes={{ x: xAxisTitle, y: Y_TITLE }}
          legend={[{ label: 'input tokens of the step\u2019s model calls', color: LINE }, ...(registrations ? [{ label: 'a step that registered a tool', color: REGISTER, marker: 'circle' as const }] : [])]}
        />
      )}
    </figure>
  );
}
