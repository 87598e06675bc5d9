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
