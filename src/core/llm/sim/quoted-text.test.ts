import { describe, expect, it } from 'vitest';
import type { Tool } from '../../types';
import { NO_TOOL } from '../../plan-guided';
import { planMessages, planOptions, type PlanPromptParts } from '../../strategies/plan/plan-prompt';
import { advisePlan, planValues } from './plan-reader';
import { writtenValues } from './plan-arguments';
import { namesIn, requestName } from './tool-listing/request-names';
import { parseEndpoint } from './tool-listing/endpoints';
import { readQuery } from './tool-listing/named-tools';

/**
 * An apostrophe inside a word is no quote mark (quoted-text.ts), wherever SimLM reads quoted values:
 * prompts written here (a veterinary practice, a music service, a weather desk) that no environment
 * or data set uses.
 */
type Props = Record<string, { type: 'string'; description: string }>;
const tool = (name: string, description: string, properties: Props): Tool => ({ name, description, arguments: { properties, required: Object.keys(properties) } });
const arg = (description = '') => ({ type: 'string' as const, description });

function planInput(query: string, substep: string, candidates: Tool[]) {
  const parts: PlanPromptParts = { query, substeps: [{ step: '3.1', description: substep, goal: 'Tell the owner' }], index: 0, candidates, history: [], reflections: [], memory: [] };
  const options = planOptions(parts);
  return { messages: planMessages(parts, 'act', options), options };
}

describe('quoted text in prompts: an apostrophe inside a word opens no quotation', () => {
  it('draws the quoted message, not the words between an apostrophe and the next quote, for a tool the reader did not advise', () => {
    const candidates = [
      tool('send_owner_text', 'Sends a text message to a pet owner.', { owner_id: arg('owner identifier (OWN-…)'), message: arg('the text to send') }),
      tool('book_grooming', 'Books a grooming slot for a pet.', { pet_id: arg('pet identifier (PET-…)'), slot: arg() }),
    ];
    const input = planInput("Biscuit's rabies booster is overdue at the owner's usual branch; text the owner: 'Please call us to book Biscuit in.'", 'Text the owner a reminder', candidates);
    const values = planValues(input, 'send_owner_text', 'message');
    expect(values).toContain('Please call us to book Biscuit in.');
    expect(values.some((v) => /^s /.test(String(v)))).toBe(false);
    expect(writtenValues("the owner's usual branch: 'Please call us.'")).toEqual(['Please call us.']);
    // An apostrophe inside the quotation stays in it.
    expect(writtenValues("text the owner: 'Biscuit's booster is due.'")).toEqual(["Biscuit's booster is due."]);
  });

  it('reads a labelled quoted value whole when it holds an apostrophe', () => {
    const candidates = [tool('send_owner_text', 'Sends a text message to a pet owner.', { message: arg('the text to send') })];
    const advice = advisePlan({ noTool: NO_TOOL }, planInput('Remind Ana Reyes about the booster.', "Text the owner (message: 'Biscuit's booster is due'), then stop", candidates));
    expect(advice.calls[0]?.args.message).toBe("Biscuit's booster is due");
  });

  it('reads a parenthesised quotation as the quoted text, without its quote marks', () => {
    expect(writtenValues("order a repeat titre ('check rabies immunity') and text the owner")).toEqual(['check rabies immunity']);
    const candidates = [tool('order_titre_test', 'Orders a blood titre test for a pet.', { pet_id: arg('pet identifier (PET-…)'), reason: arg('why the test is ordered') })];
    const advice = advisePlan({ noTool: NO_TOOL }, planInput('Biscuit (PET-7781) needs a titre test.', "Order a titre test for PET-7781 ('check rabies immunity')", candidates));
    expect(advice.calls[0]?.args).toEqual({ pet_id: 'PET-7781', reason: 'check rabies immunity' });
  });

  it('reads quoted names in a request around apostrophes', () => {
    expect(namesIn("Add 'Don't Stop Me Now' to my road-trip playlist", []).quoted).toEqual(["Don't Stop Me Now"]);
    const follow = parseEndpoint({ name: 'PUT_user_following_handle', shown: '- PUT_user_following_handle: PUT /user/following/{handle}: Follow a user. Arguments: "handle" (string, required): The handle of the member.' })!;
    expect(requestName("Follow O'Neil's friend 'beatsmith'", follow, 'handle', undefined, new Set(['follow', 'user', 'handle', 'member']))).toBe('beatsmith');
  });

  it('reads the quoted name of a thing whole when it holds an apostrophe', () => {
    expect(readQuery("Look up the city 'Xi'an', its rainfall on 2025-04-08.", []).entity).toBe("Xi'an");
  });
});
