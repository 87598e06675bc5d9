import type { ChatMessage } from '../language-model';

/** One past step as the reflection prompt shows it. */
export interface StepRecord {
  action: string;
  observation: string;
}

/**
 * The self-reflection request of Reflexion (Shinn et al.), triggered as in AutoTool section 5.1:
 * after a failed tool call or three identical observations. The model is asked to name the mistake
 * and a new plan in a few sentences; the reply joins the agent's memory.
 */
export function reflectionMessages(goal: string, recent: StepRecord[]): ChatMessage[] {
  const trajectory = recent.map((step) => `Action: ${step.action}\nObservation: ${step.observation}`).join('\n');
  return [
    {
      role: 'system',
      content:
        'You are an agent that reflects on its own trajectory. You will see your task and your most recent actions with their observations. ' +
        'The last step did not go as planned. In two or three sentences, say which action failed and why, and write a short new plan that avoids repeating it. ' +
        'Quote failed actions exactly, in double quotes.',
    },
    { role: 'user', content: `Task: ${goal}\n\nRecent trajectory:\n${trajectory}\n\nReflection:` },
  ];
}
