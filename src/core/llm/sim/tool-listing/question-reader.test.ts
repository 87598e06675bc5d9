import { describe, expect, it } from 'vitest';
import type { ChatMessage, ShownOption } from '../../language-model';
import { readerOf } from '../prompt-shapes';
import { literalOutput } from './literal-output';

// A made-up listing in no environment's words: a question asked of named tools is read from the prompt alone.
const shown = (line: string): ShownOption => ({ name: /^- (\w+):/.exec(line)![1], shown: line });
const options = [
  '- openShelf: Open the shelf index: its entries are books (named by title) and the people who lent them. Open it before any book lookup. Arguments: none.',
  '- bookLookup: Return the record of a book: lender, year of printing, pages. Arguments: "book" (string, required): The title of the book.',
  '- lenderLookup: Return the record of a person who lent books: name, town, books. Arguments: "person" (string, required): The full name of the lender.',
  '- finish: Give the final answer. Arguments: "answer" (string, required): The answer.',
].map(shown);

function request(question: string, turns: [string, string][]): ChatMessage[] {
  const system = `Your goal is to: ${question}\n\nAvailable tools:\n${options.map((o) => o.shown).join('\n')}\n\nReply as: Action: name with Action Input: {json}`;
  const messages: ChatMessage[] = [{ role: 'system', content: system }, { role: 'user', content: `Observation: Question: ${question}` }];
  for (const [action, observation] of turns) messages.push({ role: 'assistant', content: `Think: next.\nAction: ${action}` }, { role: 'user', content: `Observation: ${observation}` });
  return messages;
}

const advise = (messages: ChatMessage[]) => readerOf(messages).advise({ messages, options }).calls;

describe('the question reading of a tool listing', () => {
  it('reads JSON and Python literals alike, and nothing else', () => {
    expect(literalOutput("{'town': 'Ghent', 'books': ['A', \"B's\"], 'open': True, 'pages': None}")).toEqual({ town: 'Ghent', books: ['A', "B's"], open: true, pages: null });
    expect(literalOutput('{"town": "Ghent"}')).toEqual({ town: 'Ghent' });
    expect(literalOutput('Error: no such book.')).toBeUndefined();
  });

  it('sets up first, fills the title from the question, follows a record into the next lookup, and answers with the field asked for', () => {
    const question = 'Which town is the lender of the book "Tides of Ash" from?';
    expect(readerOf(request(question, [])).shape).toBe('tool-listing');
    expect(advise(request(question, []))).toEqual([{ tool: 'openShelf', args: {} }]);
    const opened: [string, string] = ['openShelf with Action Input: {}', 'The shelf index is open.'];
    expect(advise(request(question, [opened]))).toEqual([{ tool: 'bookLookup', args: { book: 'Tides of Ash' } }]);
    const book: [string, string] = ['bookLookup with Action Input: {"book": "Tides of Ash"}', "{'lender': 'Ona Vik', 'year': 1998, 'pages': 212}"];
    expect(advise(request(question, [opened, book]))).toEqual([{ tool: 'lenderLookup', args: { person: 'Ona Vik' } }]);
    const lender: [string, string] = ['lenderLookup with Action Input: {"person": "Ona Vik"}', "{'name': 'Ona Vik', 'town': 'Ghent', 'books': ['Tides of Ash']}"];
    expect(advise(request(question, [opened, book, lender]))).toEqual([{ tool: 'finish', args: { answer: 'Ghent' } }]);
  });

  it('counts a list for "how many", and an error that names the tool to call first is obeyed', () => {
    const question = 'How many books did Ona Vik lend?';
    const failed: [string, string] = ['lenderLookup with Action Input: {"person": "Ona Vik"}', 'Error: the index is closed. Call openShelf first.'];
    expect(advise(request(question, [failed]))).toEqual([{ tool: 'openShelf', args: {} }]);
    const lender: [string, string] = ['lenderLookup with Action Input: {"person": "Ona Vik"}', '{"name": "Ona Vik", "town": "Ghent", "books": ["Tides of Ash", "Salt Roads"]}'];
    expect(advise(request(question, [['openShelf with Action Input: {}', 'Open.'], lender]))).toEqual([{ tool: 'finish', args: { answer: 2 } }]);
  });
});
