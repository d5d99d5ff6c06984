import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { shownName } from '../files/names.js';

/**
 * The folder civic-migrate keeps its caches in (V8's compiled code, the kept `--help`, the report's
 * cache): `$CIVIC_MIGRATE_CACHE_DIR`, else `$XDG_CACHE_HOME/civic-migrate`, else
 * `~/.cache/civic-migrate`; undefined when `CIVIC_MIGRATE_CACHE_DIR` is `off` (or `0`).
 */
export function cacheDir(env: NodeJS.ProcessEnv): string | undefined {
  const given = env.CIVIC_MIGRATE_CACHE_DIR;
  if (given === 'off' || given === '0') return undefined;
  if (given) return given;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'civic-migrate');
}

/** `--cache` and `--cache-location`, for a command that keeps `what` (the report's findings, the codemod's decisions). */
export function cacheOptions(what: string) {
  return {
    cache: {
      type: 'boolean',
      default: false,
      describe: `Keep ${what}, and answer the next run from them when nothing they were decided from changed (the candidates, what the decisions read, the files found, civic-migrate, the table, the options); not with a configured --project`,
    },
    'cache-location': {
      type: 'string',
      describe:
        'With --cache: the folder of what is kept (default: runs/ in $CIVIC_MIGRATE_CACHE_DIR, else in ~/.cache/civic-migrate)',
    },
  } as const;
}

/**
 * The folder of `--cache` (undefined without it): the one given (relative to the folder the command
 * runs in), else `runs/` in civic-migrate's cache folder. A usage error for a location without
 * `--cache`, an empty one, or no folder at all (the cache folder turned off).
 */
export function runCacheDir(cwd: string, cache: boolean, given: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (!cache) {
    if (given !== undefined) throw new UsageError('--cache-location needs --cache');
    return undefined;
  }
  if (given !== undefined) {
    if (given === '') throw new UsageError('--cache-location needs a folder');
    return resolve(cwd, given);
  }
  const dir = cacheDir(env);
  if (dir === undefined)
    throw new UsageError('--cache needs --cache-location: CIVIC_MIGRATE_CACHE_DIR turns the cache folder off');
  return join(resolve(cwd, dir), 'runs');
}

/**
 * `--cache`'s options for the library call (none without it): the folder, and one line on stderr
 * when what the run decided could not be kept (`what`: the findings, the decisions).
 */
export function cacheRunOptions(
  dir: string | undefined,
  what: string,
  stderr: { write(text: string): unknown },
): { cache?: string; onCacheUnwritten?: (file: string, why: string) => void } {
  if (dir === undefined) return {};
  return {
    cache: dir,
    onCacheUnwritten: (file, why) =>
      stderr.write(`civic-migrate: ${shownName(file)}: ${what} could not be kept (${why}); the next run decides again\n`),
  };
}
