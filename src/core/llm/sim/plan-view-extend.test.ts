import { describe, expect, it } from 'vitest';
import { planView } from './plan-prompt-view';
import { clearModuleCaches } from '../../caches';
import { commonPrefixLength } from '../../text-affixes';
import { recordMatrixRequests } from '../../../../test/fixtures/record-matrix';

const read = (messages: Parameters<typeof planView>[0]) => {
  const { query, plan, current, history, reflections } = planView(messages);
  return { query, plan, current, history, reflections };
};

describe('the plan view of a prompt that runs on from the last one', () => {
  it('should read every SLATE prompt of a run as reading it afresh does', async () => {
    const requests = await recordMatrixRequests({ tasks: 2, envs: ['slate'], strategies: ['autotool-react', 'autotool-reflexion', 'ecoact-react', 'reflexion', 'egb-sampling-memory'], trainTasks: 2 });
    // Prompts that run on from the act prompt before (an observation added) and prompts whose
    // instruction changed after a long shared start (a reflection added): both are read on from it.
    let runOn = 0;
    let changedLate = 0;
    let before: (typeof requests)[number] | undefined;
    const warm = requests.map((request) => {
      if (request.kind === 'act' && before) {
        const [now, then] = [request.messages[0].content, before.messages[0].content];
        if (now === then && request.messages.length > before.messages.length) runOn++;
        else if (now !== then && commonPrefixLength(now, then) >= 4_096) changedLate++;
      }
      if (request.kind === 'act') before = request;
      return read(request.messages);
    });
    expect(runOn).toBeGreaterThan(10);
    expect(changedLate).toBeGreaterThan(10);
    requests.forEach((request, i) => {
      clearModuleCaches();
      expect(read(request.messages)).toEqual(warm[i]);
    });
  }, 300_000);
});
