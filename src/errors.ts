/**
 * Known failures: each carries one line for the user and the exit code the CLI uses.
 * Unknown failures are plain `Error`s and are re-thrown, never swallowed.
 */
export class CivicMigrateError extends Error {
  readonly exitCode: number = 2;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Wrong command-line arguments. */
export class UsageError extends CivicMigrateError {}

/** A file that cannot be read or written. */
export class IoError extends CivicMigrateError {
  constructor(
    readonly path: string,
    /** What went wrong, without the path. */
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${path}: ${detail}`, options);
  }
}

/** A mapping table that fails validation; the message names the row. */
export class MappingError extends CivicMigrateError {
  constructor(
    readonly source: string,
    readonly row: string,
    readonly problem: string,
  ) {
    super(`${source}: ${row}: ${problem}`);
  }
}

/** Turn an fs error into a one-line reason. */
export function describeIoError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory';
    case 'ENOTDIR':
      return 'a parent is not a directory';
    case 'ENOSPC':
      return 'no space left on device';
    case 'EROFS':
      return 'read-only file system';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/** The `never` guard of an exhaustive switch: reaching it at run time is a bug. */
export function assertNever(value: never): never {
  throw new Error(`internal: unhandled case ${JSON.stringify(value)}`);
}
