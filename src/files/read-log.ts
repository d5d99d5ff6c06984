import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * What a run read beyond the files it was given, for the report's cache (`report --cache`): a file
 * a program took in because a tracked value reaches it, the scripts searched for a config file's
 * readers or a module's importers, a component's package.json, and where an import specifier
 * resolved to. A cached report holds only while each of them is as it was: the cache records
 * them here and checks them again before it answers (`readStateOf`, `stillResolves` in
 * ../report/cache.ts).
 *
 * Nothing is recorded while no log is open (every run without `--cache`): `noteRead` is a check of
 * an empty set. A log open sees every read made while it is open, by its run or another (a library
 * user running two reports at once): more to check again, never less.
 */
export interface ReadLog {
  /** A file's state as it was read: its bytes' digest, `none` (no regular file, unreadable) or `large` (over the size limit). */
  readonly reads: Map<string, string>;
  /** `from\0specifier` → the file the specifier resolved to ('' for none). */
  readonly resolutions: Map<string, string>;
}

const open = new Set<ReadLog>();

/** Opens a log; `close` stops it and hands back what it saw. */
export function recordReads(): { readonly close: () => ReadLog } {
  const log: ReadLog = { reads: new Map(), resolutions: new Map() };
  open.add(log);
  return {
    close: () => {
      open.delete(log);
      return log;
    },
  };
}

/** Notes a file a run read: its bytes, or what kept it from reading them. The first read of a run is the one kept. */
export function noteRead(path: string, read: Uint8Array | 'none' | 'large'): void {
  if (open.size === 0) return;
  let state: string | undefined;
  for (const log of open) {
    if (log.reads.has(path)) continue;
    state ??= typeof read === 'string' ? read : bytesDigest(read);
    log.reads.set(path, state);
  }
}

/** Notes where an import specifier resolved to, from a file (undefined: to no file). */
export function noteResolution(from: string, specifier: string, target: string | undefined): void {
  if (open.size === 0) return;
  const key = `${from}\0${specifier}`;
  for (const log of open) if (!log.resolutions.has(key)) log.resolutions.set(key, target ?? '');
}

/**
 * A file's state as a reader under `maxBytes` finds it now, in `noteRead`'s terms: `none` when it is
 * not a regular file or cannot be read (never opens a FIFO or a device), `large` over the limit,
 * else its bytes' digest.
 */
export function readStateOf(path: string, maxBytes: number): string {
  try {
    const stat = statSync(path);
    if (!stat.isFile()) return 'none';
    if (stat.size > maxBytes) return 'large';
    return bytesDigest(readFileSync(path));
  } catch {
    return 'none';
  }
}

type Crypto = typeof import('node:crypto');
let crypto: Crypto | undefined;

/** SHA-256 of some bytes, hex. node:crypto loads on the first call: only a run with a cache digests anything. */
export function bytesDigest(bytes: Uint8Array | string): string {
  crypto ??= createRequire(import.meta.url)('node:crypto') as Crypto;
  return crypto.createHash('sha256').update(bytes).digest('hex');
}
