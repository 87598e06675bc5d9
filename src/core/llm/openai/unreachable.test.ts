import { describe, expect, it } from 'vitest';
import { unreachableMessage } from './http-client';

describe('unreachableMessage (issue 42 item 7: an honest message for a blocked port)', () => {
  it('names a port the Fetch standard blocks (9) as blocked, not as a CORS problem or a server that is down', () => {
    const message = unreachableMessage('http://127.0.0.1:9/v1/models', 'Failed to fetch');
    expect(message).toContain('port 9');
    expect(message).toMatch(/blocked port/);
    expect(message).toContain('no request was sent');
    expect(message).not.toContain('OLLAMA_ORIGINS');
    expect(message).not.toMatch(/Is the server running/);
  });

  it('keeps the running-or-CORS message for a port that is not blocked', () => {
    const message = unreachableMessage('http://127.0.0.1:8799/v1/models', 'fetch failed: ECONNREFUSED');
    expect(message).toMatch(/^Could not reach http:\/\/127\.0\.0\.1:8799\/v1\/models \(fetch failed: ECONNREFUSED\)\. Is the server running/);
    expect(message).not.toMatch(/blocked port/);
  });
});
