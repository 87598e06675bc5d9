import type { ActionStyle } from '../../types';
import type { PromptLayout } from './prompt-layout';

/** What goes into the instruction prompt of a ReAct-style agent. */
export interface InstructionParts {
  goal: string;
  style: ActionStyle;
  /** The tool listing, one line per tool (see tool-listing.ts). */
  toolLines: string[];
  /** Reflexion's memory; empty for ReAct. */
  reflections: string[];
  /** A paragraph after the tool listing (EcoAct: how tools are registered before use). */
  toolNote?: string;
  /**
   * `cache` leaves the goal out: it comes in a user message of its own after the instruction
   * (`goalMessage`), so the instruction is the same in every task that lists the same tools.
   * Absent: `paper`.
   */
  layout?: PromptLayout;
}

function reflectionBlock(reflections: string[]): string {
  if (reflections.length === 0) return '';
  return `\n\nReflections on your earlier mistakes in this task (use them, do not repeat the mistakes):\n${reflections
    .map((text, index) => `${index + 1}. ${text}`)
    .join('\n')}`;
}

/**
 * A new reflection as the `cache` layout appends it to the transcript (a user message after the
 * observation that triggered it), worded as the system prompt's block is under `paper`.
 */
export function reflectionMessage(text: string): string {
  return `Reflection on your earlier mistakes in this task (use it, do not repeat the mistake):\n${text}`;
}

/** The household instruction, after AutoTool appendix J, Figure 9 (zero-shot). */
function commandInstruction(parts: InstructionParts): string {
  const cache = parts.layout === 'cache';
  return `You are a helpful assistant. Your task is to interact with a virtual household simulator to accomplish a specific task.${cache ? '' : `\n${commandGoal(parts.goal)}`}

Follow the ReAct (Reasoning + Acting) paradigm:
1. Think: what you think about the current situation and how to achieve the goal.
2. Action: output EXACTLY ONE command from the list below based on your thought process.

Available Actions:
${parts.toolLines.join('\n')}${parts.toolNote ? `\n\n${parts.toolNote}` : ''}

Guidelines for Action:
- CRITICAL FORMATTING: your response MUST be structured EXACTLY as follows, with "Think:" and "Action:" on SEPARATE lines and NO extra text before or after:
  Think: [your reasoning and plan]
  Action: [one valid command from 'Available Actions', with the placeholders filled in]${cache ? '' : `\n\nNow, begin the task. Remember the MAIN GOAL: **${parts.goal}**${reflectionBlock(parts.reflections)}`}`;
}

function commandGoal(goal: string): string {
  return `Your MAIN GOAL is: **${goal}**
You MUST achieve ALL aspects of this goal. Do not simplify or ignore parts of the goal.`;
}

/**
 * The tool-use instruction, after AutoTool appendix J, Figure 10 (Academic, zero-shot). Under the
 * `cache` layout it opens with a line of ours instead of the goal (a listing must follow some line
 * for a reader of the text to find it).
 */
function jsonInstruction(parts: InstructionParts): string {
  const opening = parts.layout === 'cache' ? 'You are a helpful assistant that acts with the tools below, one call per step.' : `Your goal is to: ${parts.goal}`;
  return `${opening}

Available tools:
${parts.toolLines.join('\n')}${parts.toolNote ? `\n\n${parts.toolNote}` : ''}

If you are finished, call the "finish" action with your final answer.

You should follow the ReAct (Reasoning + Acting) paradigm:
1. Think: analyse the current situation and plan your next move
2. Action: execute a specific action with appropriate arguments

Your response must have both lines, in this format:
Think: [your thinking]
Action: [action_name] with Action Input: [parameters in JSON format]

Remember to:
${rememberLines(parts.toolLines)
    .map((line, i) => `${i + 1}. ${line}`)
    .join('\n')}${parts.layout === 'cache' ? '' : reflectionBlock(parts.reflections)}`;
}

/**
 * The goal as the `cache` layout states it: a user message after the instruction, in the words
 * the paper layout's instruction uses for it.
 */
export function goalMessage(style: ActionStyle, goal: string): string {
  return style === 'command' ? `${commandGoal(goal)}\nNow, begin the task.` : `Your goal is to: ${goal}`;
}

/**
 * The "Remember to" list of AutoTool's Figure 10. Its advice to use 'check_valid_actions' is given
 * only where the listing shows that tool (the Academic environment has it; others do not).
 */
function rememberLines(toolLines: string[]): string[] {
  return [
    'Use the tools in a logical sequence to solve the problem',
    ...(toolLines.some((line) => line.startsWith('- check_valid_actions:')) ? ["If unsure about available actions, use 'check_valid_actions'"] : []),
    'Use precise parameter names and values as specified in the tool descriptions',
    'Format JSON parameters correctly',
    "Submit your final answer using the 'finish' action when you complete the task",
  ];
}

/** The system prompt of a ReAct or Reflexion agent; both share it word for word but for reflections. */
export function reactInstruction(parts: InstructionParts): string {
  return parts.style === 'command' ? commandInstruction(parts) : jsonInstruction(parts);
}
