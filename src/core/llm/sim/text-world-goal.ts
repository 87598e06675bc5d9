import { ADJECTIVE } from './text-world-scene';

/**
 * A text-world goal as a reader parses it: a thing to bring somewhere (`put a mug on shelf`), maybe
 * two of them (`put two ...`, `find two ... and put them ...`), maybe after doing something to it with
 * a command the prompt lists (`put a clean mug ...`, `clean a mug and put it ...`: `process` is that
 * command's verb), or a thing to look at under a light (`examine the mug with the desklamp`).
 */
export interface Goal {
  thing: string;
  place?: string;
  process?: string;
  light?: string;
  count: number;
}

const ARTICLE = '(?:a |an |some |the |two )?';

/**
 * Reads the goal sentence (`Your task is to: ...`), given the verbs of the commands that do something
 * to a thing (`clean`, `heat`, ...: `CommandBook.processVerbs`).
 */
export function readGoal(text: string, processVerbs: string[]): Goal | undefined {
  const match = /your task is to:\s*([^\n*]+)/i.exec(text);
  if (!match) return undefined;
  const goal = match[1].trim().toLowerCase().replace(/\.$/, '');
  const count = /\btwo\b/.test(goal) ? 2 : 1;
  const look = new RegExp(`^(?:examine|look at) ${ARTICLE}(\\w+) (?:with|under|using) ${ARTICLE}(\\w+)`).exec(goal);
  if (look) return { thing: look[1], light: look[2], count };
  for (const verb of processVerbs) {
    const adjective = ADJECTIVE[verb] ?? verb;
    const m =
      new RegExp(`^(?:put|place|move) ${ARTICLE}${adjective} (\\w+) (?:in|on|into|onto) ${ARTICLE}(\\w+)`).exec(goal) ??
      new RegExp(`^${verb} ${ARTICLE}(\\w+) and (?:put|place) (?:it|them) (?:in|on|into|onto) ${ARTICLE}(\\w+)`).exec(goal);
    if (m) return { thing: m[1], place: m[2], process: verb, count };
  }
  const put = new RegExp(`^(?:put|place|move|find) ${ARTICLE}(\\w+) (?:and (?:put|place) (?:it|them) )?(?:in|on|into|onto) ${ARTICLE}(\\w+)`).exec(goal);
  if (put) return { thing: put[1], place: put[2], count };
  return undefined;
}
