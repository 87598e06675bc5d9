import { describe, expect, it } from 'vitest';
import { ConfigError, DatasetError, EndpointError, failure } from './errors';

describe('failures across the worker boundary', () => {
  it('keep the error name, the problems of an import and the status of a server', () => {
    expect(failure(new ConfigError('Choose a strategy.'))).toEqual({ ok: false, name: 'ConfigError', message: 'Choose a strategy.' });
    const problems = [{ caseId: 'c-1', path: 'cases[0].query', message: 'missing' }];
    expect(failure(Object.assign(new DatasetError('1 problem'), { problems }))).toMatchObject({ name: 'DatasetError', problems });
    expect(failure(new EndpointError('down', 503), 'The server: ')).toEqual({ ok: false, name: 'EndpointError', message: 'The server: down', status: 503 });
    expect(failure('plain text')).toEqual({ ok: false, message: 'plain text' });
  });
});
