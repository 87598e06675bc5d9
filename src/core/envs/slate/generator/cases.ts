import type { PlannedAction, PlanStep, SimulationEntry, SlateCase } from '../slate-types';
import type { ObjectSpec } from './objects';
import type { Role, Wording } from './roles';
import type { Literal } from './values';
import { hashSeed, Rng } from '../../../rng';
import { resolveReferences } from '../references';
import { SLATE_CATEGORIES } from '../slate-types';
import { OBJECT_BY_NAME, OBJECTS } from './objects';
import { ROLE_TASKS, roleArguments } from './roles';
import { parseDate, parseNumber } from '../equivalence';
import { dateLiteral, emailLiteral, fieldLiteral, FORMATS, idValue, keyLiteral, POLICIES, REASONS } from './values';

type Complexity = SlateCase['complexity'];

/** Substep counts per complexity (the issue: 6 to 16 substeps). */
const SUBSTEPS: Record<Complexity, [number, number]> = { MODERATE: [6, 8], COMPLEX: [9, 13], ADVANCED: [14, 16] };

const USER_TYPES: Record<string, string> = {
  'Product Management': 'seller',
  'Inventory Management': 'inventory planner',
  'Order Processing': 'store operator',
  'Shipping & Fulfillment': 'fulfilment manager',
  'Pricing & Promotions': 'seller',
  'Subscription Management': 'subscription manager',
  'Customer Service': 'support agent',
  'Returns & Refunds': 'support agent',
  'Analytics & Reporting': 'analyst',
  'Catalog Management': 'catalog manager',
  'Review Management': 'seller',
  Miscellaneous: 'store admin',
};

/** One substep while a case is being built: its text, the gold call (or none), and its phase. */
interface Draft {
  phase: number;
  description: string;
  action: PlannedAction | null;
  /** Set for calls: the output the simulation gives the gold call. */
  output?: Record<string, unknown>;
  /** Clause for the user query, when the substep carries something the user said. */
  clause?: string;
}

const PHASES = ['Identify the record', 'Check its current state', 'Look into linked records', 'Make the change', 'Report back'];

const words = (name: string) => name.replace(/_/g, ' ');

/** Builds the substeps of one case; `tool` maps an object and role to the gold tool name. */
class CaseBuilder {
  readonly drafts: Draft[] = [];
  private readonly ids = new Map<string, string>();

  constructor(
    private readonly rng: Rng,
    private readonly wording: (o: ObjectSpec, role: Role) => Wording,
  ) {}

  /** A reference to a field of a draft's output; the placeholder becomes the step label once substeps are numbered. */
  ref(draft: Draft, field: string): string {
    return `OUTPUT_FROM_STEP_{${this.drafts.indexOf(draft)}}.${field}`;
  }

  /** A call of the gold tool; the substep paraphrases the role (never the tool's wording), plus `detail` (the values at hand). */
  call(phase: number, o: ObjectSpec, role: Role, args: Record<string, unknown>, output: Record<string, unknown>, detail = '', clause?: string): Draft {
    const wording = this.wording(o, role);
    const task = this.rng.pick(ROLE_TASKS[role])(o);
    const description = detail ? `${task} ${detail}` : task;
    const draft: Draft = { phase, description, action: { tool: wording.name(o), args }, output, clause };
    this.drafts.push(draft);
    return draft;
  }

  think(phase: number, description: string): void {
    this.drafts.push({ phase, description, action: null });
  }

  /** Which draft's output holds an object's id, for later references. */
  readonly idSource = new Map<string, Draft>();

  knows(o: ObjectSpec, draft: Draft, value: string): void {
    this.ids.set(o.name, value);
    this.idSource.set(o.name, draft);
  }

  idRef(o: ObjectSpec): string {
    return this.ref(this.idSource.get(o.name)!, o.idField);
  }

  idOf(o: ObjectSpec): string {
    return this.ids.get(o.name)!;
  }
}

function literalArg(value: Literal): unknown {
  return value.written;
}

/** Draws a case's substeps (phases: identify, inspect, linked records, change, report). */
function draftCase(rng: Rng, primary: ObjectSpec, count: number, wording: (o: ObjectSpec, role: Role) => Wording): { drafts: Draft[]; query: string } {
  const b = new CaseBuilder(rng, wording);
  const noun = primary.noun;
  // Phase 0: find the record by what the user knows of it, then read it.
  const key = keyLiteral(primary, rng);
  const id = idValue(primary, rng);
  const lookup = b.call(0, primary, 'lookup', { [primary.key.name]: literalArg(key) }, { [primary.idField]: id, match_count: 1 }, `(${words(primary.key.name)} ${String(key.stored)})`);
  b.knows(primary, lookup, id);
  const linkIds = new Map(primary.links.map((l) => [l, idValue(OBJECT_BY_NAME.get(l)!, rng)]));
  const detailsOutput: Record<string, unknown> = { [primary.idField]: id };
  for (const field of primary.fields) detailsOutput[field.name] = fieldLiteral(field.kind, rng).stored;
  for (const [l, value] of linkIds) detailsOutput[OBJECT_BY_NAME.get(l)!.idField] = value;
  const details = b.call(0, primary, 'details', { [primary.idField]: b.idRef(primary) }, detailsOutput);
  if (rng.next() < 0.5) b.knows(primary, details, id);

  // The change and the report are fixed up front; inspection fills the rest.
  const toolBudget = count - Math.max(1, Math.round(count * (0.15 + rng.next() * 0.15)));
  const fillers: (() => void)[] = [];
  const inspectRoles: Role[] = rng.shuffle(['status', 'history', 'metrics', 'validate'] as Role[]);
  for (const role of inspectRoles) fillers.push(() => inspect(b, rng, primary, role, 1));
  for (const l of rng.shuffle(primary.links)) {
    const linked = OBJECT_BY_NAME.get(l)!;
    fillers.push(() => {
      const linkedId = linkIds.get(l)!;
      const out: Record<string, unknown> = { [linked.idField]: linkedId };
      for (const field of linked.fields) out[field.name] = fieldLiteral(field.kind, rng).stored;
      const draft = b.call(2, linked, 'details', { [linked.idField]: b.ref(details, linked.idField) }, out, `linked to the ${noun}`);
      b.knows(linked, draft, linkedId);
    });
    for (const role of rng.shuffle(['status', 'metrics', 'validate'] as Role[]).slice(0, 2)) fillers.push(() => inspect(b, rng, linked, role, 2));
  }
  const calls = Math.max(4, toolBudget);
  const fixedCalls = 4; // lookup, details, change, report
  const chosenFillers = fillers.slice(0, Math.max(0, calls - fixedCalls));
  // Linked-record fillers depend on the linked details call; keep the order they were pushed in.
  for (const filler of chosenFillers) filler();

  // Phase 3: the change.
  const children = OBJECTS.filter((o) => o.links[0] === primary.name);
  const change = rng.pick(['update', 'cancel', 'schedule', ...(children.length ? ['create', 'create'] : [])] as Role[]);
  let subject = primary;
  let changeDraft: Draft;
  if (change === 'create') {
    subject = rng.pick(children);
    const [first, second] = subject.fields;
    const [v1, v2] = [fieldLiteral(first.kind, rng), fieldLiteral(second.kind, rng)];
    const newId = idValue(subject, rng);
    const parentField = roleArguments('create', subject).required[0];
    changeDraft = b.call(3, subject, 'create', { [parentField]: b.idRef(primary), [first.name]: v1.written, [second.name]: v2.written }, { [subject.idField]: newId, status: 'created' }, `for the ${noun}, with ${words(first.name)} ${v1.written} and ${words(second.name)} ${v2.written}`, `create a ${subject.noun} with ${words(first.name)} ${v1.written} and ${words(second.name)} ${v2.written}`);
    b.knows(subject, changeDraft, newId);
  } else if (change === 'update') {
    const field = rng.pick(primary.fields);
    const value = fieldLiteral(field.kind, rng);
    changeDraft = b.call(3, primary, 'update', { [primary.idField]: b.idRef(primary), field: field.name, value: value.written }, { [primary.idField]: id, updated_field: field.name, status: 'updated' }, `(${words(field.name)}: ${value.written})`, `set its ${words(field.name)} to ${value.written}`);
    b.knows(primary, changeDraft, id);
  } else if (change === 'cancel') {
    const reason = rng.pick(REASONS);
    changeDraft = b.call(3, primary, 'cancel', { [primary.idField]: b.idRef(primary), reason }, { [primary.idField]: id, status: 'cancelled' }, `(reason: ${reason})`, `cancel it (reason: ${reason})`);
    b.knows(primary, changeDraft, id);
  } else {
    const when = dateLiteral(rng);
    changeDraft = b.call(3, primary, 'schedule', { [primary.idField]: b.idRef(primary), scheduled_date: when.written }, { [primary.idField]: id, schedule_id: `JOB-${10000 + rng.int(90000)}`, scheduled_date: when.stored }, `for ${when.written}`, `schedule a follow-up for ${when.written}`);
    b.knows(primary, changeDraft, id);
  }

  // Phase 4: report the change.
  let reportClause: string;
  if (rng.next() < 0.7) {
    const to = emailLiteral(rng);
    b.call(4, subject, 'notify', { [subject.idField]: b.idRef(subject), recipient: to.written }, { message_id: `MSG-${100000 + rng.int(900000)}`, status: 'sent' }, `(to ${to.written})`);
    reportClause = `email the result to ${to.written}`;
  } else {
    const format = rng.pick(FORMATS);
    b.call(4, subject, 'export', { [subject.idField]: b.idRef(subject), format: rng.next() < 0.3 ? format.toUpperCase() : format }, { [subject.idField]: b.idOf(subject), file_url: `https://files.example.com/${b.idOf(subject).toLowerCase()}.${format}`, status: 'ready' }, `(${format.toUpperCase()})`);
    reportClause = `export it as ${format.toUpperCase()}`;
  }

  // Substeps that need no tool, at natural places.
  const thoughts: [number, string][] = rng.shuffle([
    [0, `Confirm that the ${noun} found is the one the user meant`],
    [1, `Decide whether the ${noun} needs the change, based on the figures above`],
    [2, `Compare the linked records with what the user expects`],
    [3, `Confirm the change is consistent with the user's request before going on`],
    [4, `Summarise what was done for the user`],
    [1, `Note any warning signs in the ${noun}'s state`],
    [2, `Decide which linked record matters most for the request`],
  ]);
  const thinkCount = Math.max(1, count - b.drafts.length);
  for (const [phase, text] of thoughts.slice(0, thinkCount)) b.think(phase, text);
  while (b.drafts.length < count) b.think(1, `Review the ${noun}'s state once more before deciding`);

  const clauses = b.drafts.map((d) => d.clause).filter((c): c is string => Boolean(c));
  const changeClause = changeDraft.clause!;
  const inspectClauses = clauses.filter((c) => c !== changeClause);
  const query =
    `I need help with the ${noun} with ${words(primary.key.name)} ${String(key.stored)}.` +
    (inspectClauses.length ? ` First ${inspectClauses.join(', ')}.` : '') +
    ` Then ${changeClause}, and ${reportClause}.`;
  return { drafts: b.drafts, query };
}

/** An inspection call on an object whose id is known (status, history, metrics or validation). */
function inspect(b: CaseBuilder, rng: Rng, o: ObjectSpec, role: Role, phase: number): void {
  if (!b.idSource.has(o.name)) return;
  const id = b.idOf(o);
  const base = { [o.idField]: b.idRef(o) };
  if (role === 'status') {
    b.call(phase, o, 'status', base, { [o.idField]: id, status: fieldLiteral('status', rng).stored, updated_at: dateLiteral(rng).stored });
  } else if (role === 'history' || role === 'metrics') {
    const start = dateLiteral(rng);
    const end = dateLiteral(rng, String(start.stored));
    const output =
      role === 'history'
        ? { [o.idField]: id, event_count: 1 + rng.int(40), last_event: `${o.noun} updated` }
        : { [o.idField]: id, total_value: Math.round(rng.next() * 100000) / 100, change_percentage: Math.round((rng.next() * 60 - 30) * 10) / 10 };
    const text = role === 'history' ? `review the ${o.noun}'s activity from ${start.written} to ${end.written}` : `measure how the ${o.noun} performed from ${start.written} to ${end.written}`;
    b.call(phase, o, role, { ...base, start_date: start.written, end_date: end.written }, output, `from ${start.written} to ${end.written}`, text);
  } else {
    const policy = rng.pick(POLICIES);
    b.call(phase, o, 'validate', { ...base, policy }, { [o.idField]: id, valid: rng.next() < 0.8, policy }, `(${policy} policy)`, `check it against the ${policy} policy`);
  }
}

const PLACEHOLDER = /^OUTPUT_FROM_STEP_\{(\d+)\}\.(.+)$/;

/** How the simulation stores a value the plan writes: ISO dates, plain numbers, trimmed text. */
function storedForm(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  const date = parseDate(text);
  if (date) return date;
  const number = parseNumber(text);
  if (number !== undefined) return number;
  return /@/.test(text) ? text.toLowerCase() : text;
}

/** Orders drafts by phase into numbered plan steps, writes real references and the simulation entries. */
function finishCase(drafts: Draft[]): { plan: PlanStep[]; simulation: SimulationEntry[] } {
  const ordered = drafts.map((draft, index) => ({ draft, index })).sort((a, b) => a.draft.phase - b.draft.phase || a.index - b.index);
  const labels = new Map<number, string>();
  const plan: PlanStep[] = [];
  for (const { draft, index } of ordered) {
    let step = plan.at(-1);
    if (!step || step.description !== PHASES[draft.phase]) {
      step = { step: String(plan.length + 1), description: PHASES[draft.phase], substeps: [] };
      plan.push(step);
    }
    const label = `${step.step}.${step.substeps.length + 1}`;
    labels.set(index, label);
    step.substeps.push({ step: label, description: draft.description, action: draft.action });
  }
  const simulation: SimulationEntry[] = [];
  const outputs = new Map<string, Record<string, unknown>>();
  for (const { draft, index } of ordered) {
    if (!draft.action) continue;
    for (const [name, value] of Object.entries(draft.action.args)) {
      const match = typeof value === 'string' ? PLACEHOLDER.exec(value) : null;
      if (!match) continue;
      const target = labels.get(Number(match[1]));
      if (!target || ordered.findIndex((o) => o.index === Number(match[1])) > ordered.findIndex((o) => o.index === index)) {
        throw new Error(`finishCase: ${draft.action.tool} refers to a later substep`);
      }
      draft.action.args[name] = `OUTPUT_FROM_STEP_${target}.${match[2]}`;
    }
    const resolved = resolveReferences(draft.action.args, outputs);
    simulation.push({ tool: draft.action.tool, args: Object.fromEntries(Object.entries(resolved).map(([k, v]) => [k, storedForm(v)])), output: draft.output! });
    outputs.set(labels.get(index)!, draft.output!);
  }
  return { plan, simulation };
}

/** Complexities for `count` cases: about 10% MODERATE, 80% COMPLEX, 10% ADVANCED (EGB section 3.2). */
function complexities(count: number, rng: Rng): Complexity[] {
  const edge = Math.round(count / 10);
  return rng.shuffle([...Array<Complexity>(edge).fill('MODERATE'), ...Array<Complexity>(edge).fill('ADVANCED'), ...Array<Complexity>(count - 2 * edge).fill('COMPLEX')]);
}

/**
 * `count` cases for a library whose gold wording per object and role is `gold`: categories in
 * turn, a third of them for training. Pure and deterministic for a seed.
 */
export function generateCases(count: number, gold: Map<string, Wording>, seed: number): SlateCase[] {
  const wording = (o: ObjectSpec, role: Role) => gold.get(`${o.name}/${role}`)!;
  const levels = complexities(count, new Rng(hashSeed('slate-complexity', seed)));
  return levels.map((complexity, index) => {
    const rng = new Rng(hashSeed('slate-case', index, seed));
    const category = SLATE_CATEGORIES[index % SLATE_CATEGORIES.length];
    const primary = rng.pick(OBJECTS.filter((o) => o.category === category));
    const [low, high] = SUBSTEPS[complexity];
    const { drafts, query } = draftCase(rng, primary, low + rng.int(high - low + 1), wording);
    const { plan, simulation } = finishCase(drafts);
    return {
      id: `slate-${String(index + 1).padStart(4, '0')}`,
      category,
      user_type: USER_TYPES[category],
      complexity,
      query,
      plan,
      simulation,
      split: index % 3 === 0 ? 'train' : 'test',
    };
  });
}
