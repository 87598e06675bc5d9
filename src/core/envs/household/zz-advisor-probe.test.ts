import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import type { ChatMessage } from '../../llm/language-model';
import { formatAction, parseCommand } from '../../llm/action-format';
import { reactInstruction } from '../../llm/prompts/react-instruction';
import { fullDocOptions, toolDocLine } from '../../llm/prompts/tool-listing';
import { Rng } from '../../rng';
import { householdSpec } from '.';
import { householdAdvisor } from './household-advisor';
import { HOUSEHOLD_TOOLS } from './tools';
import type { HouseholdEnvironment } from './household-environment';
import { expertSteps } from './generate-dataset';

const bundled = householdSpec.parse(JSON.parse(readFileSync(new URL('../../../../public/data/household.json', import.meta.url), 'utf8')));
const options = fullDocOptions(HOUSEHOLD_TOOLS, 'command');
it('probe', () => {
  for (const noise of [0, 0.2, 0.4]) {
    const rng = new Rng(7);
    let succ = 0, steps = 0, empty = 0;
    const fails: string[] = [];
    for (const task of bundled.tasks) {
      const env = householdSpec.create(bundled) as HouseholdEnvironment;
      const turns: ChatMessage[] = [{ role: 'user', content: `Observation: ${env.reset(task, 1)}` }];
      const system = reactInstruction({ goal: task.goal, style: 'command', toolLines: HOUSEHOLD_TOOLS.map((t) => toolDocLine(t, 'command')), reflections: [] });
      let r = { success: false, done: false };
      while (!r.done) {
        const advice = householdAdvisor.advise({ messages: [{ role: 'system', content: system }, ...turns], options });
        let command: string;
        if (advice.calls.length === 0) { empty++; command = rng.pick(env.validActions()); }
        else if (rng.next() < noise) command = rng.pick([...env.validActions(), 'take mug 1 from fridge 1', 'go to nowhere 1']);
        else command = formatAction(advice.calls[0], 'command', HOUSEHOLD_TOOLS);
        const { observation, ...rest } = env.step(parseCommand(command, HOUSEHOLD_TOOLS));
        r = rest;
        turns.push({ role: 'assistant', content: `Think: x\nAction: ${command}` }, { role: 'user', content: `Observation: ${observation}` });
      }
      if (r.success) { succ++; steps += env.steps; } else fails.push(`${task.id} ${task.kind}`);
      if (noise === 0.2 && task.id === 'household-094') console.log(turns.map((t) => t.content).join('\n'));
    }
    console.log(`noise ${noise}: success ${succ}/${bundled.tasks.length}, mean steps ${(steps / succ).toFixed(1)}, empty advice ${empty}`, fails.slice(0, 8));
  }
});
