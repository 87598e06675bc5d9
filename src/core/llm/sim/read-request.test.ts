import { beforeAll, describe, expect, it } from 'vitest';
import { recordMatrixRequests, type RecordedRequest } from '../../../../test/fixtures/record-matrix';
import { ENVIRONMENTS } from '../../envs';
import { readCallKind, readOptions } from './read-request';

// What a model behind an API reads from the messages must be what the strategies passed beside them.
let requests: RecordedRequest[] = [];
beforeAll(async () => {
  const plain = await recordMatrixRequests({ tasks: 1, envs: ['household', 'academic', 'toolbench', 'restapi'], strategies: ['react', 'reflexion', 'ecoact-react', 'toolexpnet', 'autotool-react'], trainTasks: 2 });
  const slate = await recordMatrixRequests({ tasks: 1, envs: ['slate'], strategies: ['reflexion', 'ecoact-react', 'egb-logits', 'egb-sampling-memory', 'baseline-llm'], trainTasks: 2 });
  requests = [...plain, ...slate];
}, 300_000);

describe('reading a request from its messages', () => {
  it('should cover every environment and kind of call', () => {
    const seen = new Set(requests.map((r) => `${r.env}/${r.kind}`));
    for (const env of Object.keys(ENVIRONMENTS)) expect(seen.has(`${env}/act`)).toBe(true);
    for (const kind of ['reflect', 'insight', 'logits']) expect([...seen].some((key) => key.endsWith(`/${kind}`))).toBe(true);
  });

  it('should recover the options, in order and word for word', () => {
    for (const request of requests.filter((r) => r.options)) expect(readOptions(request.messages)).toEqual(request.options);
  });

  it('should recover the kind of call', () => {
    for (const request of requests) expect(readCallKind(request.messages)).toBe(request.kind === 'logits' ? 'act' : request.kind);
  });
});
