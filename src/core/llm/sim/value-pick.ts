import type { ArgValue } from '../../types';
import type { ChatMessage, ShownOption } from '../language-model';
import type { Rng } from '../../rng';
import type { TextVectors } from './option-logits';
import { cosines } from '../../embed/cosine';
import { softmax } from './option-logits';
import { nameWords } from './read-context';

/**
 * Which shown value a call takes for a parameter the key did not fill (docs/simulated-model.md,
 * "Arguments"): each value the prompt shows is weighed by how similar the text around it is to what
 * the option says of the parameter, through the run's embedder, and one is drawn at the preset's
 * temperature (at temperature 0, the most similar). A value's text is the words around it where it
 * last occurs outside the model's own turns (`contextOf`); the parameter's text is its doc where the option
 * shows one (`"name" (type, required): ...`), else its name and the option's as words. Nothing else
 * is read: no word of a value or a doc is looked up.
 */
export async function pickValue(
  rng: Rng,
  values: ArgValue[],
  option: ShownOption,
  param: string,
  messages: ChatMessage[],
  vectors: TextVectors,
  weight: { beta: number; tau: number; temperature: number },
): Promise<ArgValue> {
  if (values.length === 1) return values[0];
  const texts = values.map((value) => contextOf(String(value), messages));
  const [asked, ...around] = await vectors.of([paramText(option, param), ...texts]);
  const similarity = cosines(asked, around);
  if (weight.temperature <= 0) return values[similarity.indexOf(Math.max(...similarity))];
  return values[rng.weighted(softmax(similarity.map((s) => weight.beta * s), weight.tau * weight.temperature))];
}

/** Characters of a value's line read either side of it. */
const REACH = 40;

/** What the option says of a parameter: its doc where shown, else the parameter's and the option's names as words. */
export function paramText(option: ShownOption, param: string): string {
  const at = option.shown.indexOf(`"${param}" (`);
  if (at >= 0) {
    const rest = option.shown.slice(at);
    const end = rest.search(/;|\n/);
    return (end > 0 ? rest.slice(0, end) : rest).replace(/"/g, '');
  }
  return `${nameWords(param)} ${nameWords(option.name)}`;
}

/**
 * The words around a value where it last occurs in the messages the model did not write: up to
 * `REACH` characters either side within its line (a request names several values in one line, each
 * in its own words: "from October 16 to ...", "email it to ..."); the value itself where none does.
 */
export function contextOf(value: string, messages: ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i].role === 'assistant') continue;
    const text = messages[i].content;
    const at = text.lastIndexOf(value);
    if (at < 0) continue;
    const start = text.lastIndexOf('\n', at) + 1;
    const end = text.indexOf('\n', at + value.length);
    return text.slice(Math.max(start, at - REACH), Math.min(end < 0 ? text.length : end, at + value.length + REACH));
  }
  return value;
}
