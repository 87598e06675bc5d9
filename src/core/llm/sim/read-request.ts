import type { CallKind } from '../../types';
import type { ChatMessage, ShownOption } from '../language-model';
import { promptText } from '../advisor';

/**
 * What a model behind an API reads from a request's messages alone (issue: OpenAI-compatible
 * endpoint): the options the prompt enumerates and what kind of answer it asks for (which reading
 * comes from the prompt alone, in process and behind the API alike). In-process, strategies pass options and kind beside the
 * messages; a test checks that these readers recover exactly what they passed.
 */

/** The lines that follow `header` up to the first line that does not match `line`. */
function blockAfter(text: string, header: string, line: RegExp): string[] {
  const start = text.indexOf(header);
  if (start < 0) return [];
  const lines: string[] = [];
  for (const row of text.slice(start + header.length).split('\n')) {
    if (!line.test(row)) break;
    lines.push(row);
  }
  return lines;
}

/** A tool's name from a command template: its words before the first placeholder (`go to {recep}` is go_to). */
function commandName(template: string): string {
  const words = template.split('{')[0].trim();
  return words.split(/\s+/).join('_');
}

/**
 * The options a prompt enumerates, in its order, each with its exact text: a plan prompt's
 * `[i] name: doc` candidates (or its single "Tool for the current substep"), else the `- name: doc`
 * (or `- command template: doc`) lines of a tool listing. Empty when the prompt lists none.
 */
export function readOptions(messages: ChatMessage[]): ShownOption[] {
  const text = promptText(messages);
  const candidates = blockAfter(text, 'Candidate tools for the current substep:\n', /^\[\d+\] [^:]+:/);
  if (candidates.length > 0) return candidates.map((shown) => ({ name: /^\[\d+\] ([^:]+):/.exec(shown)![1], shown }));
  const single = blockAfter(text, '\nTool for the current substep:\n', /^[\w-]+: /).slice(0, 1);
  if (single.length > 0) return single.map((shown) => ({ name: /^([\w-]+):/.exec(shown)![1], shown }));
  const command = text.includes('\nAvailable Actions:\n');
  const listing = blockAfter(text, command ? '\nAvailable Actions:\n' : '\nAvailable tools:\n', /^- [^:]+: /);
  const options = listing.map((shown) => {
    const head = /^- ([^:]+):/.exec(shown)![1];
    return { name: command ? commandName(head) : head, shown };
  });
  return options;
}

/**
 * The kind of answer a request asks for, as its instruction words it: a self-reflection, a
 * usage insight for a tool, or (where options are listed) an action. Anything else is a remark.
 */
export function readCallKind(messages: ChatMessage[]): CallKind {
  const text = promptText(messages);
  if (/reflects on its own trajectory/.test(text) || /\nReflection:\s*$/.test(text)) return 'reflect';
  if (/Write a short usage insight for this tool/.test(text)) return 'insight';
  return readOptions(messages).length > 0 ? 'act' : 'explore';
}
