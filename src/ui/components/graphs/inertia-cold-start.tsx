import { GRAPH_COLORS } from '../../graphs/graph-colors';

/**
 * AutoTool's cold start (section 5.1: the graph is built online from scratch): the calls made
 * without the model in each task, in the order the run took them, from the results. The first
 * tasks make none; calls come once the graph holds paths. `at` outlines the task the graph's
 * replay slider stands at.
 */
export function InertiaColdStart({ tasks, color, at }: { tasks: { taskId: string; calls: number; ok: number }[]; color: string; at?: number }) {
  if (tasks.length === 0) return null;
  const max = Math.max(1, ...tasks.map((t) => t.calls));
  const first = tasks.findIndex((t) => t.calls > 0);
  const half = Math.ceil(tasks.length / 2);
  const sum = (list: typeof tasks) => list.reduce((s, t) => s + t.calls, 0);
  const barWidth = Math.max(3, Math.min(16, Math.floor(640 / tasks.length) - 2));
  const width = tasks.length * (barWidth + 2);
  const height = 64;
  return (
    <figure className="inertia-cold-start" data-testid="inertia-cold-start">
      {/* As wide as its bars, or the box where that is narrower (a phone: 60 tasks ran past it, issue 42): the bars narrow, their height and the words below stay. */}
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        style={{ width: '100%', maxWidth: width, height, display: 'block' }}
        role="img"
        aria-label={`Inertial calls per task over ${tasks.length} tasks`}
      >
        {tasks.map((t, i) => {
          const h = (t.calls / max) * height;
          const hOk = (t.ok / max) * height;
          return (
            <g key={`${t.taskId}-${i}`}>
              <title>{`task ${i + 1} (${t.taskId}): ${t.calls} inertial call${t.calls === 1 ? '' : 's'}, ${t.ok} worked`}</title>
              <rect x={i * (barWidth + 2)} y={height - h} width={barWidth} height={Math.max(h, 0.5)} style={{ fill: GRAPH_COLORS.failed, fillOpacity: 0.35 }} />
              <rect x={i * (barWidth + 2)} y={height - hOk} width={barWidth} height={hOk} fill={color} />
            </g>
          );
        })}
        {at !== undefined && at >= 0 && at < tasks.length && (
          <rect x={at * (barWidth + 2) - 1} y={0.5} width={barWidth + 2} height={height - 1} fill="none" style={{ stroke: 'currentColor' }} strokeDasharray="2 2" vectorEffect="non-scaling-stroke" data-testid="cold-start-at">
            <title>{`the graph replay stands after task ${at + 1}`}</title>
          </rect>
        )}
      </svg>
      <div className="inertia-cold-start-axis small" style={{ maxWidth: width }}>
        <span>task 1</span>
        <span>task {tasks.length}</span>
      </div>
      <figcaption className="small">
        Inertial calls per task, in the order the run took them (coloured: the call worked; pale: it failed{at !== undefined ? '; dashed: the task the replay shows' : ''}).{' '}
        {first < 0
          ? 'No task made one.'
          : `The graph starts empty, so the first call comes in task ${first + 1}; ${sum(tasks.slice(0, half))} calls in the first ${half} tasks, ${sum(tasks.slice(half))} in the rest.`}
      </figcaption>
    </figure>
  );
}
