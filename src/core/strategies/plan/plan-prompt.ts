import type { Tool } from '../../types';
import type { ChatMessage, ShownOption } from '../../llm/language-model';
import type { ExecutedStep, PlanSubstep } from '../../plan-guided';
import { NO_TOOL } from '../../plan-guided';
import { toolDocLine } from '../../llm/prompts/tool-listing';
import type { PromptLayout } from '../../llm/prompts/prompt-layout';

/** A remembered step of a past case (the with-memory variants of EGB Table 5). */
export interface MemoryItem {
  substep: string;
  tool: string;
  args: Record<string, unknown>;
}

/** What a plan-guided decision prompt is built from. */
export interface PlanPromptParts {
  query: string;
  substeps: PlanSubstep[];
  index: number;
  candidates: Tool[];
  /** Earlier substeps with their calls and outputs; Baseline-LLM gets none. */
  history: ExecutedStep[] | undefined;
  reflections: string[];
  memory: MemoryItem[];
  /** Set when the tool is already chosen and only its arguments are asked for (EGB Alg. 3, GENERATEPARAMS). */
  paramsOnly?: boolean;
  /** How the prompt is laid out (`prompts/prompt-layout.ts`); absent: `paper`. */
  layout?: PromptLayout;
}

const NO_TOOL_LINE = `${NO_TOOL}: this substep needs no tool call (it is reasoning, summarising, deciding or confirming).`;

/** The options in the order the prompt enumerates them: index 0 is "no tool", then the candidates. */
export function planOptions(parts: Pick<PlanPromptParts, 'candidates' | 'memory' | 'paramsOnly'>): ShownOption[] {
  if (parts.paramsOnly) return parts.candidates.map((tool) => ({ name: tool.name, shown: toolDocLine(tool, 'json').slice(2) }));
  const memoryLines = (name: string) =>
    parts.memory.filter((item) => item.tool === name).map((item) => ` Used before for: "${item.substep}".`).join('');
  return [
    { name: NO_TOOL, shown: `[0] ${NO_TOOL_LINE}${memoryLines(NO_TOOL)}` },
    ...parts.candidates.map((tool, i) => ({ name: tool.name, shown: `[${i + 1}] ${toolDocLine(tool, 'json').slice(2)}${memoryLines(tool.name)}` })),
  ];
}

function historyText(history: ExecutedStep[]): string {
  if (history.length === 0) return 'No substep has been executed yet.';
  return history.map(stepText).join('\n');
}

/** One executed substep as the history shows it. */
function stepText(e: ExecutedStep): string {
  return `Substep ${e.step}: Action: ${e.action.tool} with Action Input: ${JSON.stringify(e.action.args)}\n${e.observation}`;
}

/** The system prompt of every plan-guided decision under the `cache` layout: the same for every case and strategy. */
export const PLAN_INSTRUCTION = 'You are an e-commerce assistant that carries out a plan step by step with tools.';

/**
 * The prompt for one substep of a plan-guided case (SLATE section 4.1): the query, the plan, the
 * candidate tools enumerated by index, the execution history H (unless Baseline-LLM), memory and
 * reflections when a strategy has them, and the current substep last. `options` are
 * `planOptions(parts)`, passed in where the caller has them already.
 */
export function planMessages(parts: PlanPromptParts, mode: 'act' | 'choose-index', options: ShownOption[] = planOptions(parts)): ChatMessage[] {
  const answer = parts.paramsOnly
    ? `The tool for the current substep is ${parts.candidates[0]?.name}. Reply in this format:\nThink: [your reasoning]\nAction: ${parts.candidates[0]?.name} with Action Input: [arguments in JSON format]\nYou may pass an earlier output field as "OUTPUT_FROM_STEP_<step>.<field>".`
    : mode === 'choose-index'
      ? `Answer with the index (0 to ${options.length - 1}) of the tool to use for the current substep, and nothing else.`
      : `Reply in this format:\nThink: [your reasoning]\nAction: [tool name] with Action Input: [arguments in JSON format]\nWrite "Action: ${NO_TOOL}" when the substep needs no tool. You may pass an earlier output field as "OUTPUT_FROM_STEP_<step>.<field>".`;
  const memory = parts.memory.length
    ? `\n\nRelevant steps from past cases:\n${parts.memory.map((m) => `- "${m.substep}" -> ${m.tool} with Action Input: ${JSON.stringify(m.args)}`).join('\n')}`
    : '';
  const reflections = parts.reflections.length
    ? `\n\nReflections on your earlier attempts at this case (avoid the mistakes they name):\n${parts.reflections.map((r, i) => `${i + 1}. ${r}`).join('\n')}`
    : '';
  const plan = parts.substeps.map((s) => `${s.step} ${s.description}`).join('\n');
  const current = parts.substeps[parts.index];
  const currentText = `Current substep ${current.step}: ${current.description} (part of: ${current.goal})`;
  const listing = `${parts.paramsOnly ? 'Tool' : 'Candidate tools'} for the current substep:\n${options.map((o) => o.shown).join('\n')}\n${answer}`;
  if (parts.layout === 'cache') return cacheLayoutMessages(parts, plan, listing, memory, currentText);
  const system = `${PLAN_INSTRUCTION}
User query: ${parts.query}
Plan:
${plan}
${listing}${memory}${reflections}`;
  const messages: ChatMessage[] = [{ role: 'system', content: system }];
  if (parts.history) messages.push({ role: 'user', content: `Execution so far:\n${historyText(parts.history)}` });
  messages.push({ role: 'user', content: currentText });
  return messages;
}

/**
 * The `cache` layout of a decision prompt: the fixed instruction; the case (query and plan), fixed
 * for the case; each reflection; the execution history, one message per executed substep,
 * appended; then what changes at every substep (its candidates, the answer format, remembered
 * steps, and the substep itself). The facts are the paper layout's.
 */
function cacheLayoutMessages(parts: PlanPromptParts, plan: string, listing: string, memory: string, currentText: string): ChatMessage[] {
  const messages: ChatMessage[] = [
    { role: 'system', content: PLAN_INSTRUCTION },
    { role: 'user', content: `User query: ${parts.query}\nPlan:\n${plan}` },
    ...parts.reflections.map((r): ChatMessage => ({ role: 'user', content: `Reflection on an earlier attempt at this case (avoid the mistake it names):\n${r}` })),
  ];
  if (parts.history) messages.push({ role: 'user', content: 'Execution so far:' }, ...parts.history.map((e): ChatMessage => ({ role: 'user', content: stepText(e) })));
  messages.push({ role: 'user', content: `${listing}${memory}` }, { role: 'user', content: currentText });
  return messages;
}
