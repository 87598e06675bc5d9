/** Shannon entropy in nats, -sum p log p, over the non-zero probabilities. */
export function entropy(probabilities: Iterable<number>): number {
  let sum = 0;
  for (const p of probabilities) if (p > 0) sum -= p * Math.log(p);
  return sum;
}

/**
 * The vote distribution of m sampled tools (EGB Alg. 2, lines 9-13): p_t = votes[t] / m, its
 * entropy, and the majority tool (ties go to the tool sampled first, line 15).
 */
export function voteDistribution(tools: string[]): { distribution: Map<string, number>; entropy: number; majority: string } {
  const votes = new Map<string, number>();
  for (const tool of tools) votes.set(tool, (votes.get(tool) ?? 0) + 1);
  const distribution = new Map([...votes].map(([tool, count]) => [tool, count / tools.length]));
  let majority = tools[0];
  for (const [tool, count] of votes) if (count > (votes.get(majority) ?? 0)) majority = tool;
  return { distribution, entropy: entropy(distribution.values()), majority };
}
