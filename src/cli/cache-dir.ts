import { homedir } from 'node:os';
import { join } from 'node:path';

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
