import { describe, expect, it } from 'vitest';
import { formatAction, parseCommand } from '../../llm/action-format';
import { HOUSEHOLD_TOOLS, householdTool } from './tools';

describe('HOUSEHOLD_TOOLS', () => {
  it('should give every command a template whose holes are its required arguments', () => {
    expect(HOUSEHOLD_TOOLS.map((tool) => tool.template)).toEqual([
      'go to {recep}', 'take {obj} from {recep}', 'put {obj} in/on {recep}', 'open {recep}', 'close {recep}', 'toggle {target}',
      'clean {obj} with {recep}', 'heat {obj} with {recep}', 'cool {obj} with {recep}', 'examine {target}', 'look', 'inventory', 'check valid actions',
    ]);
    for (const tool of HOUSEHOLD_TOOLS) {
      expect(tool.name).toMatch(/^[a-z]+(_[a-z]+)*$/);
      const holes = [...tool.template!.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(tool.arguments.required).toEqual(holes);
    }
  });

  it('should read back every command it writes', () => {
    const values: Record<string, string> = { obj: 'mug 2', recep: 'coffeemachine 1', target: 'desklamp 1' };
    for (const tool of HOUSEHOLD_TOOLS) {
      const action = { tool: tool.name, args: Object.fromEntries(tool.arguments.required.map((name) => [name, values[name]])) };
      expect(parseCommand(formatAction(action, 'command', HOUSEHOLD_TOOLS), HOUSEHOLD_TOOLS)).toEqual(action);
    }
    expect(parseCommand('put mug 2 on/in coffeemachine 1', HOUSEHOLD_TOOLS).tool).toBe('unknown_command');
    expect(parseCommand('put mug 2 on coffeemachine 1', HOUSEHOLD_TOOLS)).toEqual({ tool: 'put', args: { obj: 'mug 2', recep: 'coffeemachine 1' } });
    expect(householdTool('go_to')?.template).toBe('go to {recep}');
  });
});
