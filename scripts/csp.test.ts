import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './csp';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `))?.split(' ').slice(1) ?? [];

describe("the built page's Content-Security-Policy", () => {
  it('allows scripts from its own origin and same-origin WebAssembly only: no inline script, no eval', () => {
    const policy = contentSecurityPolicy();
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(policy).not.toMatch(/'unsafe-eval'/);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
  });

  it('connects to the hub, WebLLM libraries and servers on this machine, and to added origins', () => {
    const policy = contentSecurityPolicy(['https://llm.example.org', 'http://10.0.0.5:8000']);
    const connect = directive(policy, 'connect-src');
    for (const origin of ["'self'", 'https://huggingface.co', 'https://raw.githubusercontent.com', 'http://127.0.0.1:*', 'https://llm.example.org', 'http://10.0.0.5:8000']) expect(connect).toContain(origin);
    expect(connect).not.toContain('https:');
  });

  it('refuses an added origin that is not one (it would widen or break the policy)', () => {
    expect(() => contentSecurityPolicy(['https:'])).toThrow(/not an origin/);
    expect(() => contentSecurityPolicy(["https://x.org; script-src 'unsafe-inline'"])).toThrow(/not an origin/);
  });
});
