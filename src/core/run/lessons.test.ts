import { describe, expect, it } from 'vitest';
import { LESSONS, lessonCaveats, lessonFindings, lessonStory, lessonColumns, type Lesson } from './lessons';
import { STORIES } from './stories';
import { ENV_CATALOG } from '../envs/catalog';
import type { TaskResult } from './results';

/** A task run with the fields a lesson reads; the rest zero. */
function run(strategy: string, taskId: string, seed: number, values: Partial<TaskResult>, env = 'household'): TaskResult {
  return {
    env,
    strategy,
    taskId,
    taskKind: values.taskKind ?? 'pick',
    seed,
    success: false,
    progress: 0,
    steps: 0,
    invalidSteps: 0,
    failedCalls: 0,
    llmCalls: 0,
    promptTokens: 0,
    completionTokens: 0,
    callsByKind: {},
    logitPasses: 0,
    metrics: {},
    ms: 0,
    ...values,
  };
}

const lesson: Lesson = {
  id: 'test',
  story: 'autotool-calls',
  title: 'A test lesson',
  predict: ['Will it need fewer calls?'],
  look: { target: { kind: 'table' }, words: 'the table' },
  measures: [
    { env: 'household', strategy: 'autotool-react', baseline: 'react', column: 'llmCalls' },
    { env: 'household', strategy: 'autotool-react', baseline: 'react', column: 'success' },
  ],
  discuss: 'Why?',
};

/** 30 tasks x 2 seeds; each strategy's calls and success from the given functions of the task index. */
function results(calls: (strategy: string, task: number, seed: number) => number, solved: (strategy: string, task: number, seed: number) => boolean): TaskResult[] {
  const out: TaskResult[] = [];
  for (const strategy of ['react', 'autotool-react']) {
    for (let task = 0; task < 30; task++) {
      for (const seed of [1, 2]) out.push(run(strategy, `t${task}`, seed, { llmCalls: calls(strategy, task, seed), success: solved(strategy, task, seed) }));
    }
  }
  return out;
}

describe('the lessons (issue 29 item 2)', () => {
  it('are five or six, each on a story whose run has what it measures and points at', () => {
    expect(LESSONS.length).toBeGreaterThanOrEqual(5);
    expect(LESSONS.length).toBeLessThanOrEqual(6);
    expect(new Set(LESSONS.map((l) => l.id)).size).toBe(LESSONS.length);
    for (const l of LESSONS) {
      const story = lessonStory(l);
      expect(STORIES).toContain(story);
      for (const m of l.measures) {
        expect(story.config.envs, l.id).toContain(m.env);
        expect(story.config.strategies, l.id).toContain(m.strategy);
        expect(story.config.strategies, l.id).toContain(m.baseline);
        const envMetrics = Object.keys(ENV_CATALOG[m.env].metrics ?? {});
        expect([...lessonColumns(), ...envMetrics], l.id).toContain(m.column);
      }
      const target = l.look.target;
      if ('env' in target) expect(story.config.envs, l.id).toContain(target.env);
    }
  });

  it('hold only questions and pointers: what a run shows is never in their own text', () => {
    for (const l of LESSONS) {
      for (const question of [...l.predict, l.discuss]) expect(question.trim(), l.id).toMatch(/\?$/);
      // The pointer says where to look, not what is there.
      expect(l.look.words, l.id).not.toMatch(/\b(fewer|more|less|higher|lower|better|worse|saves?|drops?|grows?|beats?|wins?)\b/i);
      expect(l.title, l.id).not.toMatch(/\b(fewer|higher|lower|better|worse|saves?|drops?|beats?|wins?)\b/i);
    }
  });
});

describe('what a lesson says its run showed', () => {
  it('says "fewer" only where the interval of the paired difference lies below 0', () => {
    const fewer = lessonFindings(lesson, results((s, t) => (s === 'react' ? 10 + (t % 3) : 6 + (t % 3)), () => true));
    expect(fewer[0].direction).toBe('lower');
    expect(fewer[0].interval[1]).toBeLessThan(0);
    expect(fewer[0].text).toContain('AutoTool (ReAct) needed fewer LLM calls per task than ReAct');
    expect(fewer[0].text).toContain('excludes 0');
    expect(fewer[0].text).toContain(`paired difference is ${fewer[0].difference.toFixed(1)}`);
    expect(fewer[0].difference).toBeCloseTo(-4);
    expect(fewer[0].pairs).toBe(60);
    // Both solved everything: no difference in success, and the sentence says so.
    expect(fewer[1].direction).toBe('unclear');
    expect(fewer[1].text).toMatch(/^This run does not show a difference in success rate/);
  });

  it('says "more" where the interval lies above 0, and no direction where it includes 0', () => {
    const more = lessonFindings(lesson, results((s, t) => (s === 'react' ? 6 + (t % 3) : 9 + (t % 3)), () => false));
    expect(more[0].direction).toBe('higher');
    expect(more[0].text).toContain('needed more LLM calls per task');

    // The same calls on average, each task up or down by one: the interval includes 0.
    const noise = lessonFindings(lesson, results((s, t) => 8 + (s === 'react' ? 0 : t % 2 === 0 ? 1 : -1), (_s, t) => t % 2 === 0));
    expect(noise[0].direction).toBe('unclear');
    expect(noise[0].interval[0]).toBeLessThan(0);
    expect(noise[0].interval[1]).toBeGreaterThan(0);
    expect(noise[0].text).toContain('does not show a difference in LLM calls per task');
    expect(noise[0].text).toContain('includes 0');
    expect(noise[0].text).not.toMatch(/\b(fewer|more)\b/);
  });

  it('gives rates in percentage points with each strategy\'s rate, and splits by kind where asked', () => {
    const solvedMore = lessonFindings(lesson, results(() => 5, (s, t) => (s === 'react' ? t < 10 : t < 25)));
    expect(solvedMore[1].direction).toBe('higher');
    expect(solvedMore[1].text).toContain('solved more task runs than ReAct (AutoTool (ReAct) 83.3%, ReAct 33.3%)');
    expect(solvedMore[1].text).toContain('paired difference is 50.0 points');
    // Tasks 10 to 24 on both seeds: only AutoTool solved them; none only ReAct.
    expect(solvedMore[1].text).toContain('AutoTool (ReAct) solved 30 task runs that ReAct failed, and ReAct 0 that AutoTool (ReAct) failed.');

    const byKind: Lesson = { ...lesson, measures: [{ env: 'toolbench', strategy: 'ecoact-react', baseline: 'react', column: 'promptTokens', perKind: true }] };
    const tokens: TaskResult[] = [];
    for (const [kind, saving] of [['0-10', 100], ['20+', 2000]] as const) {
      for (let t = 0; t < 20; t++) {
        tokens.push(run('react', `${kind}-${t}`, 1, { taskKind: kind, promptTokens: 5000 + t * 10 }, 'toolbench'));
        tokens.push(run('ecoact-react', `${kind}-${t}`, 1, { taskKind: kind, promptTokens: 5000 + t * 10 - saving - (t % 4) }, 'toolbench'));
      }
    }
    const found = lessonFindings(byKind, tokens);
    expect(found.map((f) => f.text.slice(0, 24))).toEqual(['EcoAct (ReAct) sent fewe', 'At tool scale 0-10 (20 p', 'At tool scale 20+ (20 pa']);
    expect(found[1].difference).toBeCloseTo(-101.5);
    expect(found[2].difference).toBeCloseTo(-2001.5);
  });

  it('says when the run has nothing to compare', () => {
    const none = lessonFindings(lesson, results(() => 5, () => true).filter((r) => r.strategy === 'react'));
    expect(none[0].pairs).toBe(0);
    expect(none[0].text).toContain('has no paired task runs');
  });

  it('has caveats computed from the run: the model, its size, the intervals\' width, a cancelled run', () => {
    const rs = results((s, t) => (s === 'react' ? 10 + (t % 3) : 6 + (t % 3)), (_s, t) => t % 2 === 0);
    const findings = lessonFindings(lesson, rs);
    const caveats = lessonCaveats(lesson, { model: { id: 'sim:small', label: 'Simulated model: Small', simulated: true }, status: 'cancelled', config: {} as never, results: rs }, findings);
    expect(caveats[0]).toContain('a simulated model, not a real LLM');
    expect(caveats[1]).toContain('30 tasks \u00d7 2 seeds, 60 task runs per strategy');
    expect(caveats[1]).not.toContain('indicative');
    const half = ((findings[0].interval[1] - findings[0].interval[0]) / 2).toFixed(1);
    expect(caveats[2]).toContain(`LLM calls per task \u00b1${half}`);
    expect(caveats[3]).toContain('cancelled');
    const real = lessonCaveats(lesson, { model: { id: 'openai:x', label: 'Server model x', simulated: false }, status: 'done', config: {} as never, results: rs.filter((r) => r.taskId < 't2') }, findings);
    expect(real[0]).toBe('Model: Server model x.');
    expect(real[1]).toContain('indicative');
  });
});

describe('caveats name the pair where a column is measured twice (issue 42 item 1: "success rate \u00b18.6 points, \u2026, success rate \u00b110.6 points")', () => {
  it('each interval half-width of a repeated column says which two strategies it compares', () => {
    const twice: Lesson = { ...lesson, measures: [...lesson.measures, { env: 'household', strategy: 'react', baseline: 'autotool-react', column: 'success' }] };
    const rs = results((s, t) => (s === 'react' ? 10 + (t % 3) : 6 + (t % 3)), (_s, t) => t % 2 === 0);
    const caveats = lessonCaveats(twice, { model: { id: 'sim:small', label: 'Simulated model: Small', simulated: true }, status: 'done', config: {} as never, results: rs }, lessonFindings(twice, rs));
    const widths = caveats.find((c) => c.startsWith('Interval half-widths'))!;
    expect(widths).toContain('LLM calls per task \u00b1');
    expect(widths).toContain('success rate (AutoTool (ReAct) against ReAct) \u00b1');
    expect(widths).toContain('success rate (ReAct against AutoTool (ReAct)) \u00b1');
  });
});

describe('numbers in what a lesson says (issue 42 item 1: findings printed "39002")', () => {
  it('groups the thousands of large figures', () => {
    const [calls] = lessonFindings(lesson, results((s, t) => (s === 'react' ? 40_000 + (t % 3) : 998 + (t % 3)), () => true));
    expect(calls.text).toContain('ReAct 40,001.0'.replace('.0', ''));
    expect(calls.text).toMatch(/-39,002\b/);
    expect(calls.text).not.toMatch(/\d{5}/);
    expect(calls.brief).not.toMatch(/\d{5}/);
  });
});

describe("a lesson's Look words name what its target shows (issue 42 item 1)", () => {
  it("lesson 3's breakdown: the chart of cost, the table of input tokens and success, as its columns are titled", () => {
    const ecoact = LESSONS.find((l) => l.id === 'ecoact-scale')!;
    expect(ecoact.look.target.kind).toBe('breakdown');
    expect(ecoact.look.words).toMatch(/chart of estimated cost per task/);
    expect(ecoact.look.words).toMatch(/table .*input tokens and success/);
  });
});

describe("a lesson's questions ask without assuming the answer (issue 42 item 1)", () => {
  it('no predict question presupposes a saving', () => {
    for (const l of LESSONS) for (const question of l.predict) expect(question, l.id).not.toMatch(/\bthe saving\b/i);
  });
});
