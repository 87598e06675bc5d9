import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Action, StepResult } from '../../types';
import { Rng } from '../../rng';
import { academicSpec } from '.';
import type { AcademicEnvironment } from './academic-environment';
import { ACADEMIC_TOOLS } from './tools';
import { tinyFile } from './tiny-file';

const bundled = academicSpec.parse(JSON.parse(readFileSync(new URL('../../../../public/data/academic.json', import.meta.url), 'utf8')));
const tiny = academicSpec.parse(tinyFile());

function start(dataset = tiny, index = 0, seed = 1) {
  const env = academicSpec.create(dataset) as AcademicEnvironment;
  const first = env.reset(dataset.tasks[index], seed);
  return { env, expert: academicSpec.expert(env), first };
}

/** Follows the expert to the end; returns the last result and the number of steps. */
function followExpert(env: AcademicEnvironment, expert = academicSpec.expert(env)): { last?: StepResult; steps: number } {
  let last: StepResult | undefined;
  let steps = 0;
  for (let action = expert.next(); action && steps < env.maxSteps; action = expert.next(), steps++) last = env.step(action);
  return { last, steps };
}

describe('AcademicEnvironment', () => {
  it('should open with a short statement of the tools and the question', () => {
    const { first } = start();
    expect(first).toMatch(/academic database tools are ready/);
    expect(first).toContain(tiny.tasks[0].goal);
  });

  it('should be solved by its expert on every bundled task within maxSteps, with progress 1', () => {
    for (const task of bundled.tasks) {
      const env = academicSpec.create(bundled) as AcademicEnvironment;
      env.reset(task, 3);
      const { last, steps } = followExpert(env);
      expect({ id: task.id, ...last }).toMatchObject({ id: task.id, done: true, success: true, progress: 1 });
      expect(steps).toBeLessThanOrEqual(env.maxSteps);
    }
  });

  it('should end without success when finish gives a wrong answer', () => {
    const { env } = start();
    env.step({ tool: 'loadPaperNet', args: {} });
    const result = env.step({ tool: 'finish', args: { answer: '1999' } });
    expect(result).toMatchObject({ done: true, success: false, ok: true });
    expect(result.progress).toBeCloseTo(1 / 3);
    expect(env.step({ tool: 'loadPaperNet', args: {} })).toMatchObject({ ok: false, done: true, success: false });
  });

  it('should fail every check before its graph is loaded', () => {
    const { env } = start();
    const checks: Action[] = [
      { tool: 'paperNodeCheck', args: { node: 'Robust Diffusion Models' } },
      { tool: 'paperEdgeCheck', args: { node1: 'Robust Diffusion Models', node2: 'Rethinking Prompt Tuning' } },
      { tool: 'authorNodeCheck', args: { node: 'Mei Liu' } },
      { tool: 'authorEdgeCheck', args: { node1: 'Mei Liu', node2: 'Wei Zhang' } },
      { tool: 'neighbourCheck', args: { graph: 'AuthorNet', node: 'Mei Liu' } },
    ];
    for (const action of checks) {
      const result = env.step(action);
      expect(result.ok).toBe(false);
      expect(result.observation).toMatch(/^Error: \w+Net is not loaded/);
    }
    env.step({ tool: 'loadAuthorNet', args: {} });
    expect(env.step(checks[0]).ok).toBe(false);
    expect(env.step(checks[2]).ok).toBe(true);
  });

  it('should match node names case-insensitively and ignoring outer spaces, showing stored names', () => {
    const { env } = start();
    env.step({ tool: 'loadPaperNet', args: {} });
    const exact = env.step({ tool: 'neighbourCheck', args: { graph: 'PaperNet', node: 'Rethinking Prompt Tuning' } });
    const loose = env.step({ tool: 'neighbourCheck', args: { graph: 'papernet', node: '  rethinking PROMPT tuning ' } });
    expect(loose).toEqual(exact);
    expect(exact.observation).toBe("['Robust Diffusion Models']");
  });

  it('should show edges with their direction, or say that there is none', () => {
    const { env } = start();
    env.step({ tool: 'loadPaperNet', args: {} });
    env.step({ tool: 'loadAuthorNet', args: {} });
    const paperEdge = env.step({ tool: 'paperEdgeCheck', args: { node1: 'Sparse Transformers for Link Prediction', node2: 'Robust Diffusion Models' } });
    expect(paperEdge.observation).toBe("{'citing_paper': 'Robust Diffusion Models', 'cited_paper': 'Sparse Transformers for Link Prediction'}");
    const none = env.step({ tool: 'authorEdgeCheck', args: { node1: 'Wei Zhang', node2: 'Omar Kim' } });
    expect(none).toMatchObject({ ok: true, observation: 'There is no edge between "Wei Zhang" and "Omar Kim" in AuthorNet.' });
    const author = env.step({ tool: 'authorNodeCheck', args: { node: 'Omar Kim' } });
    expect(author.observation).toBe("{'name': 'Omar Kim', 'org': 'EPFL', 'papers': ['Robust Diffusion Models']}");
  });

  it('should list the tools and their argument names on check_valid_actions', () => {
    const { env } = start();
    const { observation, ok } = env.step({ tool: 'check_valid_actions', args: {} });
    expect(ok).toBe(true);
    for (const tool of ACADEMIC_TOOLS) expect(observation).toContain(`${tool.name}(`);
    expect(observation).toContain('neighbourCheck(graph, node)');
  });

  it('should answer malformed actions with a failed step and never throw', () => {
    const { env } = start();
    env.step({ tool: 'loadPaperNet', args: {} });
    const bad = [
      { tool: 'searchPapers', args: {} },
      { tool: 'paperNodeCheck', args: {} },
      { tool: 'paperNodeCheck', args: { node: 42 } },
      { tool: 'paperNodeCheck', args: { node: 'No Such Paper' } },
      { tool: 'paperNodeCheck', args: { node: 'Robust Diffusion Models', extra: 'x' } },
      { tool: 'neighbourCheck', args: { graph: 'CitationNet', node: 'Robust Diffusion Models' } },
      { tool: 'finish', args: {} },
      { tool: 'finish', args: { answer: '' } },
      null as unknown as Action,
      { tool: 'paperNodeCheck', args: null } as unknown as Action,
    ];
    for (const action of bad) {
      const result = env.step(action);
      expect(result.ok).toBe(false);
      expect(result.observation).toMatch(/^(Error:|Invalid action)/);
      expect(result.done).toBe(false);
    }
  });

  it('should keep progress monotone and stay solvable by the expert from any state', () => {
    const rng = new Rng(11);
    const tools = ACADEMIC_TOOLS.filter((tool) => tool.name !== 'finish');
    for (const task of bundled.tasks.slice(0, 40)) {
      const env = academicSpec.create(bundled) as AcademicEnvironment;
      env.reset(task, 5);
      const expert = academicSpec.expert(env);
      let progress = 0;
      for (let i = 0; i < 6 && !env.done; i++) {
        const tool = rng.pick(tools);
        const args = Object.fromEntries(tool.arguments.required.map((name) => [name, rng.pick(expert.argumentChoices(tool.name, name).concat('x'))]));
        const action = rng.next() < 0.5 ? expert.next()! : { tool: tool.name, args };
        const result = env.step(action);
        expect(result.progress).toBeGreaterThanOrEqual(progress);
        progress = result.progress;
      }
      followExpert(env);
      expect({ done: env.done, success: env.success, progress: env.progress() }).toEqual({ done: true, success: true, progress: 1 });
    }
  });

  it('should be deterministic for a task and seed', () => {
    const run = () => {
      const { env, first } = start(bundled, 7, 9);
      const expert = academicSpec.expert(env);
      return [first, expert.argumentChoices('paperNodeCheck', 'node'), followExpert(env).last];
    };
    expect(run()).toEqual(run());
  });
});
