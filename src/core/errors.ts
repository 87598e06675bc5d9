/** A data file or import that does not have the expected shape. The message names where. */
export class DatasetError extends Error {
  override name = 'DatasetError';
  constructor(
    message: string,
    /** Where the problem is, for example `tasks[3].data.target`. */
    readonly path: string = '',
  ) {
    super(path ? `${path}: ${message}` : message);
  }
}

/** A request that cannot run as given; the message says how to fix it. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A run stopped by the user. */
export class CancelledError extends Error {
  override name = 'CancelledError';
  constructor() {
    super('The run was cancelled.');
  }
}

/**
 * A schema validator's message in plain words where a required field is absent (zod says
 * "Invalid input: expected string, received undefined"); other messages pass unchanged.
 */
export function schemaIssueText(message: string): string {
  const missing = /^Invalid input: expected (\w+), received undefined$/.exec(message);
  return missing ? `missing: this field is required (${missing[1]})` : message;
}

/** The message of anything thrown: an Error's message, else its text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A model server that could not answer: unreachable, refusing, or sending what is not a chat
 * completion, after the retries. A run that meets one ends with the results it has.
 */
export class EndpointError extends Error {
  override name = 'EndpointError';
  constructor(
    message: string,
    /** The HTTP status of the last answer, when there was one. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** A problem in an import: the item (case or query) it is in, where, and what is wrong. */
export interface Problem {
  caseId: string;
  path: string;
  message: string;
}

/**
 * What crosses the worker boundary when a call fails: the message, and the error's name and data
 * (an import's problems, a server's HTTP status), which structured cloning of an Error would drop.
 */
export interface Failure {
  ok: false;
  message: string;
  /** The error's class name, such as ConfigError or EndpointError. */
  name?: string;
  problems?: Problem[];
  status?: number;
}

/** A call's outcome: its data, or a Failure. Written once; each call names only its data. */
export type Outcome<T extends object = object> = ({ ok: true } & T) | Failure;

/** A Failure from anything thrown, keeping its name, problems and status; `prefix` leads the message. */
export function failure(error: unknown, prefix = ''): Failure {
  const problems = (error as { problems?: unknown }).problems;
  const status = (error as { status?: unknown }).status;
  return {
    ok: false,
    message: `${prefix}${errorMessage(error)}`,
    ...(error instanceof Error && error.name !== 'Error' ? { name: error.name } : {}),
    ...(Array.isArray(problems) ? { problems: problems as Problem[] } : {}),
    ...(typeof status === 'number' ? { status } : {}),
  };
}
