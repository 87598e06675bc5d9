import { describe, expect, it } from 'vitest';
import type { Action, ArgValue, StepResult } from '../../types';
import { parseRestDataset } from './dataset';
import { RestApiEnvironment } from './restapi-environment';
import { restapiExpert } from './restapi-expert';

// A made-up file storage API (files, folders and shared links), in no data set's words. Its shapes are
// those real specs use and the simulator first missed: parameters declared on the path item, a search
// whose entries are one of several kinds, answers with no kinded object, an error schema of its own, and
// a request body by `$ref` that requires fields.
const object = (properties: Record<string, unknown>, required?: string[]) => ({ type: 'object', properties, ...(required ? { required } : {}) });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const ok = (schema: unknown, code = '200') => ({ [code]: { description: 'OK', content: { 'application/json': { schema } } } });
const errors = { '400': { $ref: '#/components/responses/BadRequest' }, '404': { $ref: '#/components/responses/NotFound' } };
const idParam = (name: string) => ({ name, in: 'path', required: true, description: `The ${name.replace('_', ' ')}.`, schema: { type: 'string' } });
/** An object argument: a reply's Action Input is parsed as JSON, so a value may be one (parse-reply.ts). */
const asArg = (value: object) => value as unknown as ArgValue;
const anyItem = { oneOf: [ref('File'), ref('Folder'), ref('SharedLink')] };
const spec = {
  openapi: '3.0.3',
  info: { title: 'Filebox API' },
  paths: {
    '/search': { get: { summary: 'Search files, folders and links', parameters: [{ name: 'query', in: 'query', required: true, schema: { type: 'string' } }], responses: { ...ok(object({ total_count: { type: 'integer' }, entries: { type: 'array', items: anyItem } })), ...errors } } },
    '/folders/{folder_id}': { parameters: [idParam('folder_id')], get: { summary: 'Get a folder', responses: { ...ok(ref('Folder')), ...errors } } },
    '/folders/{folder_id}/items': { parameters: [idParam('folder_id')], get: { summary: 'List what a folder holds', responses: { ...ok(object({ entries: { type: 'array', items: anyItem } })), ...errors } } },
    '/files/{file_id}': {
      parameters: [idParam('file_id')],
      get: { summary: 'Get a file', responses: { ...ok(ref('File')), ...errors } },
      delete: { summary: 'Delete a file', responses: { '204': { description: 'The file was moved to the trash.' }, ...errors } },
    },
    '/files/{file_id}/lock': { parameters: [idParam('file_id')], put: { summary: 'Lock a file', responses: { ...ok(object({ locked: { type: 'boolean' }, expires_at: { type: 'string', format: 'date-time' }, lock_level: { type: 'string', enum: ['editors', 'everyone'] } })), ...errors } } },
    '/links/{link_id}': { parameters: [idParam('link_id')], get: { summary: 'Get a shared link', responses: { ...ok(ref('SharedLink')), ...errors } } },
    '/links': { post: { summary: 'Share a file by link', requestBody: { content: { 'application/json': { schema: ref('LinkRequest') } } }, responses: { ...ok(ref('SharedLink'), '201'), ...errors } } },
    '/folders': { post: { summary: 'Create a folder', requestBody: { content: { 'application/json': { schema: ref('FolderRequest') } } }, responses: { ...ok(ref('Folder'), '201'), ...errors } } },
    '/usage': { get: { summary: 'Storage used by the account', responses: ok(object({ used_bytes: { type: 'integer' }, quota_bytes: { type: 'integer' } })) } },
  },
  components: {
    schemas: {
      File: object({ id: { type: 'string' }, type: { type: 'string', enum: ['file'] }, name: { type: 'string' }, size: { type: 'integer' } }),
      Folder: object({ id: { type: 'string' }, type: { type: 'string', enum: ['folder'] }, name: { type: 'string' } }),
      SharedLink: object({ id: { type: 'string' }, type: { type: 'string', enum: ['shared_link'] }, url: { type: 'string' } }),
      LinkRequest: object({ file_id: { type: 'string', description: 'The file to share.' }, access: { type: 'string', enum: ['open', 'company'] } }, ['file_id', 'access']),
      FolderRequest: object({ name: { type: 'string' }, parent: { type: 'object', description: 'The folder to create it in.', properties: { id: { type: 'string' } }, required: ['id'] } }, ['name', 'parent']),
      ClientError: object({ type: { type: 'string', enum: ['error'] }, status: { type: 'integer' }, code: { type: 'string', enum: ['bad_request', 'not_found'] }, message: { type: 'string' } }, ['type', 'status', 'code', 'message']),
    },
    responses: {
      BadRequest: { description: 'Bad request', content: { 'application/json': { schema: ref('ClientError') } } },
      NotFound: { description: 'Not found', content: { 'application/json': { schema: ref('ClientError') } } },
    },
  },
};
const queries = [
  { query: 'Share my budget.xlsx file with the company', solution: ['GET /search', 'POST /links'] },
  { query: 'What is in the folder called Taxes?', solution: ['GET /search', 'GET /folders/{folder_id}/items'] },
  { query: 'Make a folder "Receipts" inside my Taxes folder', solution: ['GET /search', 'POST /folders'] },
];

describe('the RestBench simulator on a spec of any shape (a made-up file storage API)', () => {
  const dataset = parseRestDataset({ queries, spec });
  const env = new RestApiEnvironment(dataset.tools, dataset.api);
  const tool = (endpoint: string) => dataset.tools.find((t) => t.endpoint === endpoint)!;
  const call = (tool: string, args: Action['args']) => env.step({ tool, args });
  const search = () => JSON.parse(call('GET_search', { query: 'budget' }).observation) as { entries: { id: string; type: string }[] };

  it('reads parameters declared on the path item, for every operation under it', () => {
    expect(tool('GET /folders/{folder_id}')).toMatchObject({ idParams: ['folder_id'], inputKinds: ['folder'], tool: { arguments: { required: ['folder_id'] } } });
    expect(tool('DELETE /files/{file_id}')).toMatchObject({ idParams: ['file_id'], inputKinds: ['file'] });
    env.reset(dataset.tasks[1]);
    expect(call('GET_folders_folder_id', {})).toMatchObject({ ok: false, observation: expect.stringContaining('Missing required parameter folder_id') });
  });

  it('answers a search whose entries are one of several kinds with an entry of each kind, each with an id of its kind', () => {
    env.reset(dataset.tasks[1]);
    const { entries } = search();
    expect(entries.map((e) => e.type).sort()).toEqual(['file', 'folder', 'shared_link']);
    expect(entries.map((e) => e.id.split('_')[0]).sort()).toEqual(['file', 'folder', 'link']);
    expect(tool('GET /search').tool.description).toContain('Returns: file, folder, link objects.');
    // A folder found by the search lists its items.
    const folder = entries.find((e) => e.type === 'folder')!;
    expect(call('GET_folders_folder_id_items', { folder_id: folder.id })).toMatchObject({ ok: true });
  });

  it('answers every endpoint with data built from its response schema, never a bare {"status":"ok"}', () => {
    env.reset(dataset.tasks[1]);
    const file = search().entries.find((e) => e.type === 'file')!;
    const usage = JSON.parse(call('GET_usage', {}).observation);
    expect(usage).toEqual({ used_bytes: expect.any(Number), quota_bytes: expect.any(Number) });
    const lock = JSON.parse(call('PUT_files_file_id_lock', { file_id: file.id }).observation);
    expect(lock).toEqual({ locked: true, expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), lock_level: 'editors' });
    // No content: the status and what the spec says it means.
    const deleted = JSON.parse(call('DELETE_files_file_id', { file_id: file.id }).observation);
    expect(deleted).toEqual({ status: 204, message: 'The file was moved to the trash.' });
  });

  it('refuses a name where an id is required, in a path or a body, with the spec\'s error', () => {
    env.reset(dataset.tasks[0]);
    search();
    const inPath = call('GET_files_file_id', { file_id: 'budget.xlsx' });
    expect(inPath.ok).toBe(false);
    expect(JSON.parse(inPath.observation)).toEqual({ type: 'error', status: 404, code: 'not_found', message: expect.stringContaining('file_id') });
    const inBody = call('POST_links', { file_id: 'budget.xlsx', access: 'company' });
    expect(inBody.ok).toBe(false);
    expect(JSON.parse(inBody.observation)).toEqual({ type: 'error', status: 404, code: 'not_found', message: expect.stringContaining('file_id') });
    // An object that holds an id (`parent: {id}`) holds an issued one, of the kind its schema's words name.
    const parent = call('POST_folders', { name: 'Receipts', parent: asArg({ id: 'Taxes' }) });
    expect(JSON.parse(parent.observation)).toEqual({ type: 'error', status: 404, code: 'not_found', message: expect.stringContaining('parent') });
    // A folder's id is no file's.
    const folder = (env.outputs[0] as { entries: { id: string; type: string }[] }).entries.find((e) => e.type === 'folder')!;
    expect(call('POST_links', { file_id: folder.id, access: 'company' })).toMatchObject({ ok: false });
    expect(call('POST_folders', { name: 'Receipts', parent: asArg({ id: folder.id }) })).toMatchObject({ ok: true });
  });

  it('checks the required fields of a request body given by $ref, with the spec\'s error', () => {
    env.reset(dataset.tasks[0]);
    const file = search().entries.find((e) => e.type === 'file')!;
    expect(tool('POST /links').tool.arguments.required).toEqual(['file_id', 'access']);
    const missing = call('POST_links', { file_id: file.id });
    expect(missing.ok).toBe(false);
    expect(JSON.parse(missing.observation)).toEqual({ type: 'error', status: 400, code: 'bad_request', message: 'Missing required parameter access' });
    expect(call('POST_links', { file_id: file.id, access: 'company' })).toMatchObject({ ok: true });
  });

  it('is solved by the expert on each query', () => {
    for (const task of dataset.tasks) {
      env.reset(task);
      const expert = restapiExpert(env);
      let last: StepResult | undefined;
      for (let action = expert.next(), n = 0; action && n < 6; action = expert.next(), n++) {
        last = env.step(action);
        if (last.done) break;
      }
      expect([task.goal, last?.success]).toEqual([task.goal, true]);
    }
  });
});
