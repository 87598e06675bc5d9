import { describe, expect, it } from 'vitest';
import { parseReply } from './parse-reply';
import { formatAction, parseCommand, UNKNOWN_COMMAND } from './action-format';
import type { Tool } from '../types';

const schema = (...names: string[]) => ({
  properties: Object.fromEntries(names.map((name) => [name, { type: 'string' as const, description: name }])),
  required: names,
});
const commandTools: Tool[] = [
  { name: 'go_to', description: 'Move.', template: 'go to {recep}', arguments: schema('recep') },
  { name: 'take', description: 'Take.', template: 'take {obj} from {recep}', arguments: schema('obj', 'recep') },
  { name: 'put', description: 'Put.', template: 'put {obj} in/on {recep}', arguments: schema('obj', 'recep') },
  { name: 'look', description: 'Look.', template: 'look', arguments: schema() },
];

describe('parseReply', () => {
  it('should read a command-style Think/Action reply', () => {
    const parsed = parseReply('Think: the apple may be on the counter.\nAction: take apple 1 from countertop 1', 'command', commandTools);
    expect(parsed).toEqual({
      ok: true,
      thought: 'the apple may be on the counter.',
      action: { tool: 'take', args: { obj: 'apple 1', recep: 'countertop 1' } },
      actionText: 'take apple 1 from countertop 1',
    });
  });

  it('should accept "in", "on" and "in/on" for the put template', () => {
    for (const word of ['in', 'on', 'in/on']) {
      expect(parseCommand(`put mug 2 ${word} shelf 1`, commandTools)).toEqual({ tool: 'put', args: { obj: 'mug 2', recep: 'shelf 1' } });
    }
  });

  it('should turn an unmatched command into an unknown_command action, not a format error', () => {
    const parsed = parseReply('Think: hmm\nAction: dance wildly', 'command', commandTools);
    expect(parsed.ok && parsed.action.tool).toBe(UNKNOWN_COMMAND);
  });

  it('should read a json-style action with nested braces and strings', () => {
    const parsed = parseReply('Think: check it\nAction: paperNodeCheck with Action Input: {"node": "A {weird} title"}', 'json', []);
    expect(parsed.ok && parsed.action).toEqual({ tool: 'paperNodeCheck', args: { node: 'A {weird} title' } });
  });

  it('should read a json-style action without arguments', () => {
    const parsed = parseReply('Think: start\nAction: loadPaperNet with Action Input: {}', 'json', []);
    expect(parsed.ok && parsed.action).toEqual({ tool: 'loadPaperNet', args: {} });
  });

  it('should report a reply without an Action line as not ok, without throwing', () => {
    const parsed = parseReply('I think I should look around the kitchen.', 'command', commandTools);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toMatch(/no "Action:" line/);
  });

  it('should report broken JSON arguments as not ok', () => {
    const parsed = parseReply('Think: x\nAction: finish with Action Input: {"answer": 12', 'json', []);
    expect(parsed.ok).toBe(false);
  });

  it('should never throw on arbitrary text', () => {
    for (const text of ['', 'Action:', 'Action: {', '\u0000\u0001', 'Think:\nAction: with Action Input: []', 'action: ```']) {
      expect(() => parseReply(text, 'json', [])).not.toThrow();
      expect(() => parseReply(text, 'command', commandTools)).not.toThrow();
    }
  });

  it('should round-trip formatAction through parseReply in both styles', () => {
    const action = { tool: 'take', args: { obj: 'apple 1', recep: 'fridge 1' } };
    const command = formatAction(action, 'command', commandTools);
    expect(command).toBe('take apple 1 from fridge 1');
    expect(parseCommand(command, commandTools)).toEqual(action);
    const json = formatAction({ tool: 'finish', args: { answer: 3 } }, 'json', []);
    const parsed = parseReply(`Action: ${json}`, 'json', []);
    expect(parsed.ok && parsed.action).toEqual({ tool: 'finish', args: { answer: 3 } });
  });
});
