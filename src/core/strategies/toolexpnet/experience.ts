import type { LoopStep } from '../shared/react-loop';
import type { NetworkEdge, ToolNetwork } from './tool-network';

/** What the trials taught about one tool: the lines an insight prompt lists (section 3.1, experience pools). */
export interface ToolExperience {
  worked: Set<string>;
  failed: Set<string>;
  confused: Set<string>;
  getsIdsFrom: Set<string>;
}

export const emptyExperience = (): ToolExperience => ({ worked: new Set(), failed: new Set(), confused: new Set(), getsIdsFrom: new Set() });

/**
 * Reads one trial (a training query the actor attempted) into the network and the experience
 * pools (ToolExpNet section 3.1): edge attempts and errors; a failed call followed by a call of
 * another tool that made progress is a confusion, which adds a similarity edge if none links them; a call whose
 * arguments carry a value the previous call returned confirms (or adds) a dependency edge. Attempts
 * and errors are counted in the network's current round, and the trial is listed under each tool it called.
 */
export function recordTrial(
  network: ToolNetwork,
  pools: Map<string, ToolExperience>,
  goal: string,
  history: LoopStep[],
  success: boolean,
  kinds: { similarity: boolean; dependency: boolean },
): void {
  const pool = (tool: string) => pools.get(tool) ?? (pools.set(tool, emptyExperience()), pools.get(tool)!);
  const calls = history.filter((step) => step.parsed && step.parsed.tool !== 'finish');
  const used = new Set(calls.map((step) => step.parsed!.tool));
  const failedTools = new Set(calls.filter((step) => !step.ok).map((step) => step.parsed!.tool));
  // Every edge between two tools the trial used: looked up by its ends, not by scanning all edges.
  const bump = (edge: NetworkEdge | undefined) => {
    if (edge) network.tally(edge, !success || failedTools.has(edge.a) || failedTools.has(edge.b));
  };
  // The trial's record under each tool it called, in the round under way (for the page).
  for (const tool of used) network.recordToolTrial(tool, goal, success);
  const usedList = [...used];
  usedList.forEach((a, i) =>
    usedList.forEach((b, j) => {
      if (i < j) bump(network.find(a, b, 'similarity'));
      if (i !== j) bump(network.find(a, b, 'dependency'));
    }),
  );
  calls.forEach((step, i) => {
    const tool = step.parsed!.tool;
    // Environmental feedback judges a call (section 3.1 uses the trial's labels; we use progress).
    if (step.ok && step.advanced) pool(tool).worked.add(`"${goal}"`);
    if (!step.ok) pool(tool).failed.add(`"${goal}"`);
    const next = calls.slice(i + 1).find((later) => later.ok && later.advanced);
    if (!step.ok && next && next.parsed!.tool !== tool && kinds.similarity) {
      const other = next.parsed!.tool;
      network.tally(network.add(tool, other, 'similarity'), true);
      pool(tool).confused.add(other);
      pool(other).confused.add(tool);
    }
    const previous = calls[i - 1];
    if (step.ok && previous?.ok && kinds.dependency) {
      const carried = Object.values(step.parsed!.args).some((value) => typeof value === 'string' && value.length > 3 && previous.observation.includes(value));
      if (carried) {
        network.add(previous.parsed!.tool, tool, 'dependency').confirmed = true;
        pool(tool).getsIdsFrom.add(previous.parsed!.tool);
      }
    }
  });
}

/** The prompt of a tool insight refinement (section 3.2): the tool, its neighbours, its experience. */
export function insightPrompt(tool: { name: string; description: string }, neighbours: { similar: string[]; dependsOn: string[]; feeds: string[] }, experience: ToolExperience | undefined): string {
  const list = (label: string, items: Iterable<string>) => [...items].slice(0, 6).map((item) => `- ${label}: ${item}`);
  return [
    `Tool: ${tool.name}`,
    `Documentation: ${tool.description}`,
    neighbours.similar.length ? `Similar tools: ${neighbours.similar.join(', ')}` : '',
    neighbours.dependsOn.length ? `Tools whose output it may need: ${neighbours.dependsOn.join(', ')}` : '',
    'Experience from trials:',
    ...list('worked for', experience?.worked ?? []),
    ...list('failed for', experience?.failed ?? []),
    ...list('confused with', experience?.confused ?? []),
    ...list('gets ids from', experience?.getsIdsFrom ?? []),
    'Write a short usage insight for this tool: when to use it, what it is confused with, what it needs first.',
  ]
    .filter(Boolean)
    .join('\n');
}
