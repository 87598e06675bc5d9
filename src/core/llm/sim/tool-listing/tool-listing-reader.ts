import type { Advice, Advisor, AdvisorInput } from '../../advisor';
import { promptText } from '../../advisor';
import { firstMatchFrom, someMessageMatches } from '../message-marks';
import type { ShownOption } from '../../language-model';
import { parseEndpoint } from './endpoints';
import { listingMemo } from '../listing-memo';
import { moduleCache } from '../../../caches';
import { adviseEndpoints, endpointValues } from './endpoint-reader';
import { adviseNamedTools, namedToolValues } from './named-tool-reader';
import { adviseQuestion, asksQuestion, questionValues } from './question-reader';

/**
 * SimLM's one reader of tool-listing prompts (issue 25 item 1, docs/simulated-model.md): a listing of tools with
 * JSON or OpenAPI parameters, a request, and JSON observations. Any environment that writes its prompts
 * this way needs no reader of its own. A listing whose tools read as HTTP endpoints (`GET /path`, or a
 * bare `GET_path` name) is read with REST conventions (`endpoint-reader.ts`); a question asked of
 * named tools with the conventions of questions over records and lists (`question-reader.ts`); any
 * other with the conventions of named tools (`named-tool-reader.ts`). Both know only what the prompt shows and
 * conventions any language model knows, written generally: an id comes from an earlier response, a
 * name the user typed fills a name parameter, a search precedes a lookup, output fields flow into
 * the next call's same-named inputs.
 */

/** Whether the listed tools are HTTP endpoints: most of those other than `finish` read as one. */
function isEndpointListing(input: AdvisorInput): boolean {
  return endpointListing(input.options);
}

/** `isEndpointListing` per listing (SLATE's ReAct shows its 1,000 tools call after call). */
const endpointListing = moduleCache(
  'llm/sim/tool-listing/tool-listing-reader: whether a listing lists endpoints',
  listingMemo((options: ShownOption[]) => {
    const tools = options.filter((o) => o.name !== 'finish' && o.name !== 'tool_register');
    return tools.length > 0 && tools.filter((o) => parseEndpoint(o)).length * 2 > tools.length;
  }),
);

/** A listing of tools with JSON arguments, and a first observation asking to call listed tools or operations. */
const LISTING = /\nAvailable tools:\n- [\w-]+:/;
const REQUEST = /\b(?:operations|tools) (?:listed|are available)\b/;

export const toolListingReader: Advisor = {
  shape: 'tool-listing',
  // A listing of tools called with a JSON action input, or the first observation of a request to call listed API tools or operations.
  recognizes: (text) => LISTING.test(text) || REQUEST.test(text),
  // A listing's match starts a line break before "Available tools:", where it first stands; a request's matches no line break.
  recognizesMessages: (messages) => firstMatchFrom(messages, promptText(messages), 'Available tools:', LISTING, 1) !== null || someMessageMatches(messages, REQUEST),
  advise: (input: AdvisorInput): Advice => (isEndpointListing(input) ? adviseEndpoints(input) : asksQuestion(input.messages) ? adviseQuestion(input) : adviseNamedTools(input)),
  values: (input, tool, param) => (isEndpointListing(input) ? endpointValues(input, param) : asksQuestion(input.messages) ? questionValues(input, tool, param) : namedToolValues(input, param)),
};
