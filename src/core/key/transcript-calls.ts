import type { Action, Environment } from '../types';
import type { ChatMessage } from '../llm/language-model';
import { parseReply } from '../llm/parse-reply';
import { isPlanEnvironment } from '../plan-guided';

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
  /**
   * Plan prompts (SLATE section 4.1): the executed substeps by label, the label of the substep asked
   * about, and whether the prompt is written as a plan at all (a ReAct-style strategy on a
   * plan-guided environment writes a chat, whose turns step the plan's cursor one by one).
   */
  plan?: { steps: Map<string, Action>; current?: string; layout: boolean };
}

const SUBSTEP_CALL = /^Substep ([\w.]+): Action: (.*)$/gm;
const CURRENT_SUBSTEP = /(?:^|\n)Current substep ([\w.]+):/;
/** A plan prompt's own wording of what it asks about (the candidates or the tool "for the current substep"). */
const PLAN_LAYOUT = /\bfor the current substep\b/i;

export function transcriptCalls(messages: ChatMessage[], env: Environment): TranscriptCalls {
  const tools = env.tools();
  const known = new Set(tools.map((tool) => tool.name));
  let plan: TranscriptCalls['plan'];
  if (isPlanEnvironment(env)) {
    const steps = new Map<string, Action>();
    let current: string | undefined;
    let layout = false;
    for (const message of messages) {
      if (message.role === 'assistant') continue;
      for (const match of message.content.matchAll(SUBSTEP_CALL)) {
        const parsed = parseReply(`Action: ${match[2]}`, 'json', tools);
        if (parsed.ok) steps.set(match[1], parsed.action);
      }
      current = CURRENT_SUBSTEP.exec(message.content)?.[1] ?? current;
      layout ||= PLAN_LAYOUT.test(message.content);
    }
    plan = { steps, current, layout: layout || steps.size > 0 || current !== undefined };
    if (plan.layout) return { calls: [...steps.values()], plan };
  }
  const calls: Action[] = [];
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    const parsed = parseReply(message.content, env.actionStyle, tools);
    // A command the text world does not know still cost the agent a step there; a JSON call of an
    // unknown tool is a meta-tool the strategy answered itself.
    if (parsed.ok && (env.actionStyle === 'command' || known.has(parsed.action.tool))) calls.push(parsed.action);
  }
  return { calls, ...(plan ? { plan } : {}) };
}
