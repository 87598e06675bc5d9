/**
 * The lines of a tool insight prompt (ToolExpNet section 3.2) that carry structure: the tool it is
 * about, its neighbours and its trial records. One definition serves the strategy that writes them
 * and a model that reads them (SimLM writes its insight from them, as any model reads a prompt),
 * so neither holds a copy of the other's wording.
 */

/** One trial record as the prompt shows it: the question, the prediction and the gold path (undefined: none annotated). */
export interface RecordLine {
  solved: boolean;
  question: string;
  pred: string[];
  gold: string[] | undefined;
}

/** A neighbour line: how the neighbour relates to the tool (`similar to`, `depends on`, `feeds`) and its name. */
export interface NeighbourLine {
  relation: string;
  name: string;
}

const SUBJECT_START = 'Refine the usage guidance of the tool ';
const NO_TOOL_PATH = 'no tool';
const UNKNOWN_PATH = 'unknown';
const STEP = ' -> ';

/** The prompt's first line, naming the tool the insight is for. */
export function subjectLine(name: string): string {
  return `${SUBJECT_START}${name} from trial-and-error experience and the tools around it.`;
}

/** The tool a prompt's subject line names, if it has one. */
export function subjectOf(text: string): string | undefined {
  const at = text.indexOf(SUBJECT_START);
  return at < 0 ? undefined : /^\S+/.exec(text.slice(at + SUBJECT_START.length))?.[0];
}

const pathText = (tools: string[] | undefined) => (tools === undefined ? UNKNOWN_PATH : tools.length ? tools.join(STEP) : NO_TOOL_PATH);
const pathOf = (text: string) => (text === UNKNOWN_PATH ? undefined : text === NO_TOOL_PATH ? [] : text.split(STEP).map((tool) => tool.trim()));

/** A record's line: `- solved: "question" (pred: a -> b; gold: c)`. */
export function recordLine(record: RecordLine): string {
  return `- ${record.solved ? 'solved' : 'failed'}: "${record.question}" (pred: ${pathText(record.pred)}; gold: ${pathText(record.gold)})`;
}

const RECORD = /^- (solved|failed): "(.+)" \(pred: (.+); gold: (.+)\)$/gm;

/** The records a prompt's text shows, in order. */
export function recordLines(text: string): RecordLine[] {
  return [...text.matchAll(RECORD)].map((m) => ({ solved: m[1] === 'solved', question: m[2], pred: pathOf(m[3]) ?? [], gold: pathOf(m[4]) }));
}

/** A neighbour's line: `- similar to: name`. */
export function neighbourLine(relation: string, name: string): string {
  return `- ${relation}: ${name}`;
}

/** The neighbours a prompt's text shows (every `- relation: name` line that is not a record), in order. */
export function neighbourLines(text: string): NeighbourLine[] {
  return [...text.matchAll(/^- ([^:\n"]{2,40}): (\S+)$/gm)].filter((m) => !/^(solved|failed)$/.test(m[1])).map((m) => ({ relation: m[1], name: m[2] }));
}
