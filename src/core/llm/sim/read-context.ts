import type { ChatMessage } from '../language-model';

/** Lower-cased, single-spaced text for comparing actions. */
export function normalizeAction(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The latest observation: the last user message, without its `Observation:` label. */
export function lastObservation(messages: ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i].role === 'user') return messages[i].content.replace(/^observation:\s*/i, '').trim();
  }
  return '';
}

/** The action line of the model's previous reply, as written. */
export function previousActionText(messages: ChatMessage[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i].role !== 'assistant') continue;
    const match = /action\s*:\s*(.+)/i.exec(messages[i].content);
    return match?.[1].trim();
  }
  return undefined;
}

/**
 * Actions the context names as failures: quoted text in a sentence that speaks of failing,
 * not working, avoiding or not repeating. This is how SimLM reads reflections.
 */
export function actionsNamedAsFailed(messages: ChatMessage[]): Set<string> {
  const named = new Set<string>();
  for (const message of messages) {
    if (message.role === 'assistant') continue;
    for (const sentence of message.content.split(/(?<=[.;!?])\s+/)) {
      if (!/fail|not work|avoid|not repeat|keep getting/i.test(sentence)) continue;
      for (const match of sentence.matchAll(/"([^"]+)"/g)) named.add(normalizeAction(match[1]));
    }
  }
  return named;
}

/** Pairs of `Action:` / `Observation:` lines in a trajectory text. */
export function trajectorySteps(text: string): { action: string; observation: string }[] {
  const steps: { action: string; observation: string }[] = [];
  const pattern = /Action:\s*(.+)\nObservation:\s*([\s\S]*?)(?=\nAction:|\n\nReflection:|$)/g;
  for (const match of text.matchAll(pattern)) steps.push({ action: match[1].trim(), observation: match[2].trim() });
  return steps;
}
