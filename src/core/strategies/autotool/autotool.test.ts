import { describe, expect, it } from 'vitest';
import { ToolInertiaGraph } from './inertia-graph';
import { InertiaShortcut, NgramPredictor, type Predictor } from './inertia-shortcut';
import { fillParameters, outputFields } from './parameter-filling';
import { adapterFor } from './environment-adapter';
import { householdStateHints } from '../../envs/household/state-hints';
import { academicStateHints } from '../../envs/academic/state-hints';

const householdAdapter = adapterFor({ stateHints: householdStateHints });
const academicAdapter = adapterFor({ stateHints: academicStateHints });
import type { LoopState, LoopStep } from '../common/react-loop';
import type { Tool } from '../../types';
import type { TraceEvent } from '../../trace';
import { HOUSEHOLD_TOOLS } from '../../envs/household/tools';

const step = (tool: string, args: Record<string, string> = {}, ok = true, extra: Partial<LoopStep> = {}): LoopStep => ({
  action: tool,
  observation: ok ? 'fine' : 'Nothing happens.',
  ok,
  thought: 'I think so',
  parsed: { tool, args },
  shortcut: false,
  advanced: ok,
  ...extra,
});

describe('ToolInertiaGraph', () => {
  it('should score candidates after the window by path frequency times the confidence factor', () => {
    const graph = new ToolInertiaGraph();
    graph.recordPath(['a', 'b', 'c'], 0.5); // new: starts at 1
    graph.recordPath(['a', 'b', 'c'], 2); // known: adds its weight
    graph.recordPath(['x', 'a', 'b', 'd'], 1);
    graph.recordPath(['a', 'c', 'b'], 5); // contains a and b but not contiguously: no candidate
    expect([...graph.candidates(['a', 'b'])]).toEqual([
      ['c', 3],
      ['d', 1],
    ]);
    const icf = 1 - 1.1 ** -4;
    const scores = graph.frequencyScores(['a', 'b']);
    expect(scores.get('c')).toBeCloseTo(0.75 * icf);
    expect(scores.get('d')).toBeCloseTo(0.25 * icf);
  });

  it('should start a new path at weight 1 (section 4.4), and a new failed chain at its negative weight (appendix A)', () => {
    const graph = new ToolInertiaGraph();
    graph.recordPath(['a', 'b'], 0.5);
    expect(graph.candidates(['a']).get('b')).toBe(1);
    graph.recordPath(['a', 'b'], 0.5);
    expect(graph.candidates(['a']).get('b')).toBe(1.5);
    graph.recordPath(['a', 'c', 'd'], -0.5);
    expect(graph.candidates(['a']).get('c')).toBe(-0.5);
  });

  it('should give no scores while the evidence is not positive, and ignore negative candidates', () => {
    const graph = new ToolInertiaGraph();
    graph.recordPath(['a', 'b', 'c'], -1);
    expect(graph.frequencyScores(['a', 'b']).size).toBe(0);
    graph.recordPath(['a', 'b', 'd'], 2);
    expect([...graph.frequencyScores(['a', 'b']).keys()]).toEqual(['d']);
  });
});

describe('InertiaShortcut', () => {
  const tools: Tool[] = HOUSEHOLD_TOOLS;
  const recoveryPath = { afterFailures: ['check_valid_actions'], afterInvalid: ['inventory', 'check_valid_actions'] };
  const always: Predictor = { window: 2, predict: async () => ({ tool: 'look', score: 0.9, frequency: 0.9, context: 0 }) };
  const make = (cap = 0.3, predictor = always) => {
    const events: TraceEvent[] = [];
    const shortcut = new InertiaShortcut(new ToolInertiaGraph(), predictor, tools, 'command', 'examine the pencil', (e) => events.push(e), { cap, recoverAfterFailures: 2, recoverAfterInvalid: 3 }, undefined, recoveryPath);
    return { shortcut, events };
  };
  const state = (history: LoopStep[]): LoopState => ({ history, reflections: [] });

  it('should fire above the threshold with enough history, and not after a failure, twice in a row, or above the cap', async () => {
    const history = [step('go_to', { recep: 'desk 1' }), step('open', { recep: 'desk 1' }), step('examine', { target: 'desk 1' })];
    const { shortcut, events } = make();
    expect(await make().shortcut.propose(state(history.slice(0, 2)))).toBeUndefined(); // history must hold more than k tools
    const first = await shortcut.propose(state(history));
    expect(first?.actionText).toBe('look');
    expect(first?.thought).toMatch(/^Using graph inertia to predict next action look/);
    expect(events[0]).toMatchObject({ type: 'inertia', kind: 'inertial', tool: 'look' });
    // Right after an inertial call: the model takes the step.
    expect(await shortcut.propose(state([...history, step('look', {}, true, { shortcut: true })]))).toBeUndefined();
    // After a failed call: the model.
    expect(await make().shortcut.propose(state([...history, step('take', { obj: 'x', recep: 'y' }, false)]))).toBeUndefined();
    // The cap: 1 inertial call of 4 steps is 25% (allowed at 30%), not at 20%.
    expect(await make(0.3).shortcut.propose(state(history))).toBeDefined();
    expect(await make(0.2).shortcut.propose(state(history))).toBeUndefined();
  });

  it('should make a recovery call after two failed calls in a row, without the model', async () => {
    const { shortcut } = make();
    const proposal = await shortcut.propose(state([step('go_to', { recep: 'a' }), step('open', { recep: 'a' }, false), step('open', { recep: 'a' }, false)]));
    expect(proposal?.actionText).toBe('check valid actions');
    expect(shortcut.stats.recoveryCalls).toBe(1);
    // Where the environment names no recovery path there is none.
    const plain = new InertiaShortcut(new ToolInertiaGraph(), always, tools, 'command', '', () => {}, { cap: 0.3, recoverAfterFailures: 2, recoverAfterInvalid: 3 });
    expect(await plain.propose(state([step('go_to', { recep: 'a' }), step('open', { recep: 'a' }, false), step('open', { recep: 'a' }, false)]))).toBeUndefined();
  });

  it('should reward and penalise paths by feedback: +1/-1 inertial, +0.5/-0.5 model, and learn parameter edges', () => {
    const graph = new ToolInertiaGraph();
    const shortcut = new InertiaShortcut(graph, new NgramPredictor(0.1), tools, 'command', '', () => {}, { cap: 0.3, recoverAfterFailures: 2, recoverAfterInvalid: 3 });
    // The step's field says it was inertial, whatever its thought reads.
    const inertial = { shortcut: true, shortcutKind: 'inertial', thought: 'a thought' };
    shortcut.observe(state([step('go_to', { recep: 'desk 1' }), step('open', { recep: 'desk 1' }), step('take', { obj: 'pen 1', recep: 'desk 1' }, true, inertial)]));
    // go_to (+0.5), go_to>open (+0.5), go_to>open>take (+1)
    expect(graph.frequencyScores(['go_to', 'open']).get('take')).toBeCloseTo(1 - 1.1 ** -1);
    expect(graph.paramSources('take', 'recep')[0]).toMatchObject({ tool: 'open', field: 'recep', output: false });
    expect(shortcut.stats.inertialOk).toBe(1);
  });
});

describe('parameters from preceding outputs (section 4.4, appendix A)', () => {
  const lookup: Tool = { name: 'dividends', description: 'Dividends of a company.', arguments: { properties: { symbol: { type: 'string', description: 'symbol' } }, required: ['symbol'] } } as Tool;
  const search = (observation: string) => ({ ...step('search', { query: 'Helix Motors' }), observation });

  it('records an edge from an output field and fills the parameter from that tool\'s new output', () => {
    const graph = new ToolInertiaGraph();
    const shortcut = new InertiaShortcut(graph, new NgramPredictor(0.1), [lookup], 'json', '', () => {}, { cap: 0.3, recoverAfterFailures: 2, recoverAfterInvalid: 3 });
    shortcut.observe({ history: [search('Output: {"symbol":"SYM-1","name":"Helix Motors"}'), step('dividends', { symbol: 'SYM-1' })], reflections: [] });
    expect(graph.paramSources('dividends', 'symbol')).toEqual([{ tool: 'search', field: 'symbol', output: true, count: 1 }]);
    // A later task: the symbol exists only in search's output, never as an argument.
    const filled = fillParameters(lookup, graph, [search('Output: {"symbol":"SYM-7","name":"Orbis"}')], 'look up Orbis');
    expect(filled).toEqual([{ name: 'symbol', value: 'SYM-7', source: 'dependency' }]);
  });

  it('reads nested output fields by path, and nothing from a text observation', () => {
    expect([...outputFields('{"items":[{"id":"a1","n":2}],"total":1}')]).toEqual([
      ['items.0.id', 'a1'],
      ['items.0.n', 2],
      ['total', 1],
    ]);
    expect(outputFields('You arrive at countertop 1.').size).toBe(0);
  });
});

describe('fillParameters', () => {
  const take = HOUSEHOLD_TOOLS.find((t) => t.name === 'take')!;

  it('should fill from dependency edges first, then the latest value of that parameter, then an entity the goal names', () => {
    const graph = new ToolInertiaGraph();
    graph.recordParamEdge('take', 'recep', { tool: 'go_to', field: 'recep', output: false });
    const history = [
      step('go_to', { recep: 'shelf 1' }),
      { ...step('examine', { target: 'shelf 1' }), observation: 'On the shelf 1, you see a pencil 2 and a book 1.' },
      step('open', { recep: 'drawer 3' }),
    ];
    const filled = fillParameters(take, graph, history, 'examine the pencil with the desklamp')!;
    expect(filled).toEqual([
      { name: 'obj', value: 'pencil 2', source: 'goal' },
      { name: 'recep', value: 'shelf 1', source: 'dependency' },
    ]);
    // Without the edge: state matching. Generically the latest recep used; the household adapter knows the agent is at shelf 1.
    expect(fillParameters(take, new ToolInertiaGraph(), history, 'examine the pencil')!.find((p) => p.name === 'recep')).toEqual({ name: 'recep', value: 'drawer 3', source: 'state' });
    expect(fillParameters(take, new ToolInertiaGraph(), history, 'examine the pencil', householdAdapter)!.find((p) => p.name === 'recep')).toEqual({ name: 'recep', value: 'shelf 1', source: 'state' });
    // The adapter never sends the agent where it already is.
    expect(householdAdapter.state('go_to', 'recep', history)).toBeUndefined();
    expect(academicAdapter.state('paperNodeCheck', 'graph', [step('loadAuthorNet'), step('loadPaperNet')])).toBe('PaperNet');
    // A parameter no source can fill: the model takes the step.
    expect(fillParameters(take, new ToolInertiaGraph(), [step('look')], 'cool a mug')).toBeUndefined();
  });
});
