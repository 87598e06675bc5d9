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
