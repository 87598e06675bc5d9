import { describe, expect, it } from 'vitest';
import { connectionRefusal, matchesSource, parseExtraOrigins } from './connect-policy';

const SELF = 'https://teacher.example.org/toolwise/index.html';
const allowed = (url: string, extra: string[] = []) => connectionRefusal(url, SELF, extra) === undefined;

describe('the connection allow-list shared by the CSP and the worker', () => {
  it('allows the page\u2019s own origin, blob: and data: URLs, the hub and servers on this machine', () => {
    for (const url of ['./data/household.json', 'https://teacher.example.org/models/x.onnx', 'blob:https://teacher.example.org/1234', 'data:text/plain,hi', 'https://huggingface.co/api/models', 'https://cdn-lfs.hf.co/file', 'https://raw.githubusercontent.com/mlc-ai/lib.wasm', 'http://localhost:11434/v1/models', 'http://127.0.0.1:8765/v1/chat/completions']) {
      expect(allowed(url), url).toBe(true);
    }
  });

  it('refuses any other host, a look-alike, another port of the page\u2019s host and another scheme', () => {
    for (const url of ['http://attacker.example/v1/chat/completions', 'https://huggingface.co.attacker.example/x', 'https://hf.co/x', 'https://teacher.example.org:8443/x', 'http://teacher.example.org/x', 'ws://127.0.0.1:8765/', 'http://10.0.0.5:8000/v1']) {
      expect(allowed(url), url).toBe(false);
    }
    expect(connectionRefusal('http://attacker.example/v1/models', SELF)).toMatch(/may not connect to http:\/\/attacker\.example.*TOOLWISE_CONNECT/);
  });

  it('takes the build\u2019s added origins, with or without a port', () => {
    const extra = parseExtraOrigins(' https://llm.example.org  http://10.0.0.5:8000 ');
    expect(allowed('https://llm.example.org/v1/models', extra)).toBe(true);
    expect(allowed('http://10.0.0.5:8000/v1/models', extra)).toBe(true);
    expect(allowed('http://10.0.0.5:8001/v1/models', extra)).toBe(false);
    expect(allowed('https://llm.example.org:444/v1', extra)).toBe(false);
    expect(() => parseExtraOrigins("https://x.org; script-src 'unsafe-inline'")).toThrow(/not an origin/);
  });

  it('matches sources as CSP does: default ports, wildcard ports and subdomains only', () => {
    expect(matchesSource(new URL('https://a.hf.co/x'), 'https://*.hf.co')).toBe(true);
    expect(matchesSource(new URL('https://hf.co/x'), 'https://*.hf.co')).toBe(false);
    expect(matchesSource(new URL('https://huggingface.co:443/x'), 'https://huggingface.co')).toBe(true);
    expect(matchesSource(new URL('https://localhost:9/x'), 'http://localhost:*')).toBe(true);
  });
});
