import type { Action, Environment } from '../types';
import type { ChatMessage } from '../llm/language-model';
import { parseReply } from '../llm/parse-reply';

/**
 * The calls a prompt's transcript shows the agent made, in order, read the way the strategies
 * write them (docs/simulated-model.md: the key follows the prompt). Two layouts:
 * - a chat: each assistant turn's `Action:` line, parsed with the parser a real model's reply
 *   gets (`parseReply`), in the environment's action style;
 * - a plan of substeps: the executed substeps the prompt lists (`Substep <s>: Action: ...`), and
 *   the substep it asks about (`Current substep <s>:`), so a prompt that shows no history
 *   (Baseline-LLM) still says where in the plan it is.
 * Calls of tools the environment does not have (a meta-tool such as EcoAct's `tool_register`)
 * never reached it, so they are left out.
 */
export interface TranscriptCalls {
  calls: Action[];
  /** Plan layout: the executed substeps by label, and the label of the substep asked about. */
  plan?: { steps: Map<string, Action>; current?: string };
}

const SUBSTEP_CALL = /^Substep ([\w.]+): Action: (.*)$/gm;
const CURRENT_SUBSTEP = /(?:^|\n)Current substep ([\w.]+):/;

export function transcriptCalls(messages: ChatMessage[], env: Environment, planGuided: boolean): TranscriptCalls {
  const tools = env.tools();
  const known = new Set(tools.map((tool) => tool.name));
  if (planGuided) {
    const steps = new Map<string, Action>();
    let current: string | undefined;
    for (const message of messages) {
      if (message.role === 'assistant') continue;
      for (const match of message.content.matchAll(SUBSTEP_CALL)) {
        const parsed = parseReply(`Action: ${match[2]}`, 'json', tools);
        if (parsed.ok) steps.set(match[1], parsed.action);
      }
      current = CURRENT_SUBSTEP.exec(message.content)?.[1] ?? current;
    }
    return { calls: [...steps.values()], plan: { steps, current } };
  }
  const calls: Action[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    const parsed = parseReply(message.content, env.actionStyle, tools);
    // A command the text world does not know still cost the agent a step there; a JSON call of an
    // unknown tool is a meta-tool the strategy answered itself.
    if (parsed.ok && (env.actionStyle === 'command' || known.has(parsed.action.tool))) calls.push(parsed.action);
  }
  return { calls };
}
