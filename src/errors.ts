import { accessSync, constants } from 'node:fs';
import { dirname, isAbsolute } from 'node:path';

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

/**
 * Why a file-system call failed, with the folder to blame when it is not the path itself:
 * `permission denied (/srv cannot be searched)` when a folder above the path cannot be passed
 * through. Looked for only when the call failed with a permission error (a few `access` calls).
 */
export function describeIoFailure(error: unknown): string {
  const base = describeIoError(error);
  const { code, path } = (error ?? {}) as NodeJS.ErrnoException;
  if ((code !== 'EACCES' && code !== 'EPERM') || typeof path !== 'string' || !isAbsolute(path)) return base;
  for (let dir = dirname(path), above: string[] = []; ; dir = dirname(dir)) {
    above.unshift(dir);
    if (dirname(dir) === dir) {
      for (const folder of above) {
        try {
          accessSync(folder, constants.X_OK);
        } catch {
          return `${base} (${folder} cannot be searched)`;
        }
      }
      return base;
    }
  }
}

/** An `IoError` naming the path, what was attempted and why it failed: `/srv/app: cannot list: permission denied`. */
export function ioFailure(path: string, attempt: string, error: unknown): IoError {
  return new IoError(path, `cannot ${attempt}: ${describeIoFailure(error)}`, { cause: error });
}

/** The `never` guard of an exhaustive switch: reaching it at run time is a bug. */
export function assertNever(value: never): never {
  throw new Error(`internal: unhandled case ${JSON.stringify(value)}`);
}
