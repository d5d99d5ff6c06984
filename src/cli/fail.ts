import { CivicMigrateError, UsageError } from '../errors.js';
import type { Io } from './context.js';

/**
 * A known error as a command's failure is printed: its message on one line on stderr (yargs words
 * "Invalid values:" on one line and the argument on the next), a usage error pointing to `--help`;
 * returns its exit code. Anything else is thrown on: a bug, whose stack the bin prints (exit 70).
 */
export function printFailure(error: unknown, io: Io): number {
  if (!(error instanceof CivicMigrateError)) throw error;
  const oneLine = error.message
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' ');
  io.stderr.write(`civic-migrate: ${oneLine}\n`);
  if (error instanceof UsageError) io.stderr.write(`Run 'civic-migrate --help' for usage.\n`);
  return error.exitCode;
}
