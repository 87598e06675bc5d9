import { describe, expect, it } from 'vitest';
import { actionsNamedAsFailed, normalizeAction, quotedSpans } from './read-context';

const JSON_ACTION = 'search_products with Action Input: {"query": "usb-c cable", "max_price": 20}';

describe('actionsNamedAsFailed', () => {
  it('reads a reflection quoting a JSON action back whole', () => {
    const reflection = `The action "${JSON_ACTION}" failed ("Error: no product matches."). I must not repeat "${JSON_ACTION}"; instead I will try another step.`;
    const named = actionsNamedAsFailed([{ role: 'system', content: `Reflections:\n1. ${reflection}` }]);
    expect(named.has(normalizeAction(JSON_ACTION))).toBe(true);
    expect(named.has(normalizeAction('Error: no product matches.'))).toBe(true);
  });

  it('keeps a quoted action whole when it holds a sentence mark', () => {
    const action = 'lookup with Action Input: {"name": "Dr. Who"}';
    const named = actionsNamedAsFailed([{ role: 'user', content: `Intro. Do not repeat "${action}". Fine "other".` }]);
    expect([...named]).toEqual([normalizeAction(action)]);
  });

  it('still reads plain quoted commands, and only in sentences that negate (grammar, not words of failure)', () => {
    const named = actionsNamedAsFailed([{ role: 'user', content: 'Go to "desk 1" now. You must not try "open drawer 2" again. Never "take mug"! Don\'t "use sink"; avoid "look". The action "wait" failed.' }]);
    expect([...named]).toEqual(['open drawer 2', 'take mug', 'use sink']);
  });
});

describe('quotedSpans', () => {
  it('closes an unbalanced quote at the next quote, as a plain reading would', () => {
    expect(quotedSpans('say "press {blue" and "go"').map((s) => s.inner)).toEqual(['press {blue', 'go']);
    expect(quotedSpans('an empty "" then "x"').map((s) => s.inner)).toEqual([' then ']);
  });
});
