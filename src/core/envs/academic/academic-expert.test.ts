import { describe, expect, it } from 'vitest';
import { academicSpec } from '.';
import type { AcademicEnvironment } from './academic-environment';
import { academicExpert } from './academic-expert';
import { tinyFile } from './tiny-file';

const dataset = academicSpec.parse(tinyFile());

function start() {
  const env = academicSpec.create(dataset) as AcademicEnvironment;
  env.reset(dataset.tasks[0], 1);
  return { env, expert: academicExpert(env) };
}

describe('academicExpert', () => {
  it('should give the solution in order, then null once finished', () => {
    const { env, expert } = start();
    const tools: string[] = [];
    for (let action = expert.next(); action; action = expert.next()) {
      tools.push(action.tool);
      env.step(action);
    }
    expect(tools).toEqual(['loadPaperNet', 'paperNodeCheck', 'finish']);
    expect(env.success).toBe(true);
  });

  it('should skip subgoals already reached and load a graph first when needed', () => {
    const { env, expert } = start();
    env.step({ tool: 'loadAuthorNet', args: {} });
    expect(expert.next()).toEqual({ tool: 'loadPaperNet', args: {} });
    env.step({ tool: 'loadPaperNet', args: {} });
    env.step({ tool: 'paperNodeCheck', args: { node: 'robust diffusion models' } });
    expect(expert.next()).toEqual({ tool: 'finish', args: { answer: 2020 } });
  });

  it('should offer node names from the goal and observations first, then a few others', () => {
    const { env, expert } = start();
    expect(expert.argumentChoices('paperNodeCheck', 'node')[0]).toBe('Robust Diffusion Models');
    expect(expert.argumentChoices('paperNodeCheck', 'node')).toHaveLength(3);
    env.step({ tool: 'loadPaperNet', args: {} });
    env.step({ tool: 'paperNodeCheck', args: { node: 'Robust Diffusion Models' } });
    expect(expert.argumentChoices('authorNodeCheck', 'node').slice(0, 2)).toEqual(['Mei Liu', 'Omar Kim']);
    expect(expert.argumentChoices('neighbourCheck', 'graph')).toEqual(['PaperNet', 'AuthorNet']);
  });

  it('should offer answers read off the observations', () => {
    const { env, expert } = start();
    expect(expert.argumentChoices('finish', 'answer')).toEqual([]);
    env.step({ tool: 'loadPaperNet', args: {} });
    env.step({ tool: 'paperNodeCheck', args: { node: 'Robust Diffusion Models' } });
    const answers = expert.argumentChoices('finish', 'answer');
    expect(answers).toContain(2020);
    expect(answers).toContain('ICML');
    expect(answers).toContain(12);
  });
});
