import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { InThreadRunner } from '../run/runner';
import { DEFAULT_RUN_CONFIG, type RunConfig } from '../run/run-config';
import { ENVIRONMENTS } from '../envs';
import { STRATEGIES } from '.';
import { promptsOf } from '../llm/prompt-delta';
import type { ChatMessage } from '../llm/language-model';
import type { TraceEvent } from '../trace';
import type { PromptLayout } from '../llm/prompts/prompt-layout';

const loadData = async (file: string) => JSON.parse(await readFile(`public/data/${file}`, 'utf8'));
type Call = Extract<TraceEvent, { type: 'llm-call' }>;

/** The part of a prompt that must stay put: the system prompt and the first user message (the task, or its first observation). */
function staticPart(prompt: ChatMessage[]): number {
  const firstUser = prompt.findIndex((m) => m.role === 'user');
  return firstUser < 0 ? prompt.length : firstUser + 1;
}

/** Messages two prompts share from the start. */
function sharedMessages(a: ChatMessage[], b: ChatMessage[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n].role === b[n].role && a[n].content === b[n].content) n++;
  return n;
}

/**
 * Every strategy that runs on an environment. On SLATE the learning variants that share their
 * prompts with another are represented by one each (ToolExpNet's ablations build their prompts as
 * ToolExpNet does, the with-memory variants as their base with the remembered steps in the last
 * messages), since each learns on the whole training split first (minutes on this machine).
 */
function strategiesOn(envId: string): string[] {
  const planGuided = ENVIRONMENTS[envId].planGuided === true;
  const represented = planGuided ? ['toolexpnet', 'toolexpnet-no-es', 'toolexpnet-no-ed', 'baseline-llm-memory', 'react-memory', 'reflexion-memory', 'egb-sampling-memory'] : [];
  return Object.values(STRATEGIES)
    .filter((s) => (planGuided ? true : !s.planGuidedOnly && s.id !== 'baseline-llm'))
    .map((s) => s.id)
    .filter((id) => !represented.includes(id));
}

/** Whether a strategy decides substep by substep on a plan-guided environment (else it runs a ReAct-style loop). */
const planLoop = (envId: string, strategy: string) => ENVIRONMENTS[envId].planGuided === true && (STRATEGIES[strategy].planGuidedOnly === true || strategy === 'react' || strategy === 'reflexion');

/** The decision prompts (act and logits calls) of each task run of a small run, in order. */
async function decisionPrompts(envId: string, layout: PromptLayout, listed: Partial<RunConfig> = {}, strategies = strategiesOn(envId)) {
  const result = await new InThreadRunner(loadData).run({ ...DEFAULT_RUN_CONFIG, envs: [envId], strategies, tasks: ENVIRONMENTS[envId].planGuided ? 2 : 3, layout, ...listed });
  const byTask = new Map<string, ChatMessage[][]>();
  for (const [key, events] of Object.entries(result.traces)) {
    const prompts = promptsOf(events);
    const calls = events.filter((e): e is Call => e.type === 'llm-call' && (e.kind === 'act' || e.kind === 'logits'));
    byTask.set(key, calls.map((call) => prompts.get(call)!));
  }
  return { strategies, byTask, result };
}

describe('the cache layout: prompts run from static to growing (issue 28 item 2)', () => {
  for (const envId of Object.keys(ENVIRONMENTS)) {
    it(`${envId}: consecutive prompts of a task share at least the previous prompt's static part, for every strategy`, async () => {
      const { strategies, byTask } = await decisionPrompts(envId, 'cache');
      const checked = new Map<string, number>();
      const extended = new Map<string, number>();
      for (const [key, prompts] of byTask) {
        const strategy = key.split('/')[1];
        for (let i = 1; i < prompts.length; i++) {
          const [previous, next] = [prompts[i - 1], prompts[i]];
          const shared = sharedMessages(previous, next);
          expect(shared, `${key}, call ${i}`).toBeGreaterThanOrEqual(staticPart(previous));
          checked.set(strategy, (checked.get(strategy) ?? 0) + 1);
          // A transcript that only grows: the whole previous prompt (a ReAct-style loop), or all
          // but what changes each substep (its candidates and the substep itself).
          const volatile = planLoop(envId, strategy) ? 2 : 0;
          if (shared >= previous.length - volatile) extended.set(strategy, (extended.get(strategy) ?? 0) + 1);
        }
      }
      for (const strategy of strategies) expect(checked.get(strategy) ?? 0, strategy).toBeGreaterThan(0);
      // In a ReAct-style loop every next prompt runs on from the whole previous one; deciding
      // substep by substep, a strategy that shows the history extends the previous prompt within an attempt.
      for (const strategy of strategies) {
        if (!planLoop(envId, strategy)) expect(extended.get(strategy), strategy).toBe(checked.get(strategy));
        else if (!strategy.startsWith('baseline-llm')) expect(extended.get(strategy) ?? 0, strategy).toBeGreaterThan(0);
      }
      // The system prompt is the same in every task where the listing is: every plan-guided
      // strategy's on SLATE, and ReAct's wherever every task lists the same tools.
      const systems = (strategy: string) => new Set([...byTask].filter(([key]) => key.split('/')[1] === strategy).flatMap(([, prompts]) => prompts.map((p) => p[0].content)));
      if (ENVIRONMENTS[envId].planGuided) expect(new Set(strategies.filter((s) => planLoop(envId, s)).flatMap((s) => [...systems(s)])).size).toBe(1);
      if (envId === 'household' || envId === 'restapi') expect(systems('react').size).toBe(1);
    }, 300_000);
  }
});

describe('the shortlisted listing keeps the static part static (issue 28 items 1 and 2)', () => {
  // The strategies whose ReAct-style prompt lists tools (ToolExpNet lists them too, but learns on
  // SLATE's whole training split first: its listing goes through the same loop and view).
  const listers: Record<string, string[]> = { slate: ['autotool-react', 'autotool-reflexion', 'ngram-react'], household: ['react', 'reflexion', 'autotool-react', 'autotool-reflexion', 'ngram-react'] };
  for (const [envId, strategies] of Object.entries(listers)) {
    it(`${envId}: under listing=shortlist every prompt of a task has the same system prompt, which lists the shortlist, and each next prompt extends the previous one`, async () => {
      const { byTask, result } = await decisionPrompts(envId, 'cache', { listing: 'shortlist', shortlistSize: 5 }, strategies);
      expect(result.results.every((r) => r.listing === 'shortlist'), 'every task run listed the shortlist').toBe(true);
      let checked = 0;
      for (const [key, prompts] of byTask) {
        const system = prompts[0][0].content;
        // Five tools, and the finishing tool where the environment has one.
        expect(system.split('\n').filter((line) => line.startsWith('- ')).length, key).toBeLessThanOrEqual(6);
        for (let i = 1; i < prompts.length; i++) {
          expect(prompts[i][0].content, `${key}, call ${i}`).toBe(system);
          expect(sharedMessages(prompts[i - 1], prompts[i]), `${key}, call ${i}`).toBe(prompts[i - 1].length);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(0);
    }, 300_000);
  }
});
