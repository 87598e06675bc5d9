import type { Action } from '../../types';
import type { ShownOption } from '../language-model';
import { commandTemplate, descriptionPart } from './read-context';

/**
 * The commands a text-world prompt lists (`- go to {recep}: Move to ...`), read off the prompt: each
 * command's verb (its words before the first hole), the tool name a reply uses for it (those words
 * joined by `_`, as `readOptions` names it), its holes in order and its description. The reader
 * plans with verbs and fills holes by position (the thing first, then the place), so an environment
 * that names its holes otherwise needs no adapter.
 */
export interface Command {
  template: string;
  verb: string;
  tool: string;
  holes: string[];
  description: string;
}

const TEMPLATE_LINE = /^- ([a-z][a-z /]*(?:\{\w+\}[a-z /]*)*): (.+)$/;

function commandOf(template: string, description: string): Command {
  const verb = template.split('{')[0].trim().replace(/\s+/g, ' ');
  return { template, verb, tool: verb.split(' ').join('_'), holes: [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]), description };
}

export class CommandBook {
  private readonly byVerb = new Map<string, Command>();
  private readonly byTool = new Map<string, Command>();

  /** The commands the options show, then those the prompt's other lines list in the same form (a tool known by name only in one list may be shown in full in another). */
  constructor(options: ShownOption[], text: string) {
    for (const option of options) {
      const template = commandTemplate(option);
      if (template) this.add(commandOf(template, descriptionPart(option)));
    }
    for (const line of text.split('\n')) {
      const match = TEMPLATE_LINE.exec(line.trim());
      if (match) this.add(commandOf(match[1].trim(), match[2]));
    }
  }

  private add(command: Command): void {
    if (this.byVerb.has(command.verb)) return;
    this.byVerb.set(command.verb, command);
    this.byTool.set(command.tool, command);
  }

  /** The command of a verb, if the prompt lists one. */
  verb(verb: string): Command | undefined {
    return this.byVerb.get(verb);
  }

  /** The command a tool name stands for, if the prompt lists one. */
  tool(tool: string): Command | undefined {
    return this.byTool.get(tool);
  }

  /** Verbs of the commands that take a thing and a place after `with` (`clean {obj} with {recep}`): what a goal may ask to do to a thing. */
  processVerbs(): string[] {
    return [...this.byVerb.values()].filter((c) => c.holes.length === 2 && / with \{\w+\}$/.test(c.template)).map((c) => c.verb);
  }

  /** The call of `verb` with `values` in hole order (the thing, then the place); a verb the prompt does not list is called by its words. */
  call(verb: string, ...values: string[]): Action {
    const command = this.byVerb.get(verb);
    const tool = command?.tool ?? verb.split(' ').join('_');
    const args: Record<string, string> = {};
    (command?.holes ?? []).forEach((hole, i) => {
      if (values[i] !== undefined) args[hole] = values[i];
    });
    return { tool, args };
  }

  /** The command as a reply writes it: the template with its holes filled, `in/on` as its first word. */
  write(action: Action): string {
    const command = this.byTool.get(action.tool);
    if (!command) return action.tool.replace(/_/g, ' ');
    const args = action.args as Record<string, string>;
    return command.template.replace(/\{(\w+)\}/g, (_, hole: string) => args[hole] ?? '').replace(/(\w+)\/(\w+)/g, '$1').replace(/\s+/g, ' ').trim();
  }

  /** The hole names the command of `verb` fills with a place (the last hole; the only one of a one-hole command). */
  placeHole(verb: string): string | undefined {
    return this.byVerb.get(verb)?.holes.at(-1);
  }

  /** The hole names the command of `verb` fills with a thing (the first of two holes). */
  thingHole(verb: string): string | undefined {
    const holes = this.byVerb.get(verb)?.holes ?? [];
    return holes.length === 2 ? holes[0] : undefined;
  }
}

/**
 * The classes among `classes` that a command's description names, in the order it names them
 * (`Heat the object you carry with a microwave or stoveburner you are at.`): where the prompt says a
 * command works.
 */
export function classesNamed(description: string, classes: string[]): string[] {
  const text = ` ${description.toLowerCase().replace(/[^a-z]+/g, ' ')} `;
  return classes
    .map((kind) => ({ kind, at: text.search(new RegExp(` ${kind}(?:s|es)? `)) }))
    .filter((entry) => entry.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((entry) => entry.kind);
}
