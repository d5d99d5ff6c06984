import { readFileSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * What a run read beyond the files it was given, for the cache (`report --cache`, `codemod --cache`): a file
 * a program took in because a tracked value reaches it, the scripts searched for a config file's
 * readers or a module's importers, a component's package.json, and where module resolution looked
 * for an import's file (which files and folders were there). A cached report holds only while
 * each of them is as it was: the cache records them here and asks again before it answers
 * (`readStateOf`, `probeAnswer`; `stillHolds` in ./run-cache.ts), without TypeScript.
 *
 * Nothing is recorded while no log is open (every run without `--cache`): `noteRead` is a check of
 * an empty set. A log open sees every read made while it is open, by its run or another (a library
 * user running two reports at once): more to check again, never less.
 */
export interface ReadLog {
  /** A file's state as it was read: its bytes' digest, `none` (no regular file, unreadable) or `large` (over the size limit). */
  readonly reads: Map<string, string>;
  /** `kind\0path` → what the file system answered (`probeAnswer`): where module resolution looked. */
  readonly probes: Map<string, string>;
}

/** What a run asked the file system of a path without reading it: a regular file there, a folder, its real path. */
export type ProbeKind = 'file' | 'dir' | 'real';

const open = new Set<ReadLog>();

/** Opens a log; `close` stops it and hands back what it saw. */
export function recordReads(): { readonly close: () => ReadLog } {
  const log: ReadLog = { reads: new Map(), probes: new Map() };
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

/** A file's bytes, read whole and noted (`noteRead`); undefined when it cannot be read (noted so too). */
export function readNoted(path: string): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    noteRead(path, 'none');
    return undefined;
  }
  noteRead(path, bytes);
  return bytes;
}

/** Notes what the file system answered about a path (`probeAnswer`'s terms), for `kind`. */
export function noteProbe(kind: ProbeKind, path: string, answer: string): void {
  if (open.size === 0) return;
  const key = `${kind}\0${path}`;
  for (const log of open) if (!log.probes.has(key)) log.probes.set(key, answer);
}

/**
 * What the file system answers now about a path: `1` or `0` for whether a regular file (`file`) or
 * a folder (`dir`) is there, the real path (`real`; the path itself when it has none), as
 * TypeScript's `sys` answers them.
 */
export function probeAnswer(kind: ProbeKind, path: string): string {
  try {
    if (kind === 'real') return realpathSync.native(path);
    const stat = statSync(path);
    return (kind === 'file' ? stat.isFile() : stat.isDirectory()) ? '1' : '0';
  } catch {
    return kind === 'real' ? path : '0';
  }
}

/** Whether a regular file is there now, noted for the run cache as a `file` probe (a later run asks again). */
export function fileThere(path: string): boolean {
  const answer = probeAnswer('file', path);
  noteProbe('file', path, answer);
  return answer === '1';
}

/**
 * A regular file's bytes within `maxBytes`, or why a reader under that limit does not read them:
 * `none` (not a regular file, or it cannot be read: never opens a FIFO or a device), `large`.
 */
function bytesWithin(path: string, maxBytes: number): Buffer | 'none' | 'large' {
  try {
    const stat = statSync(path);
    if (!stat.isFile()) return 'none';
    if (stat.size > maxBytes) return 'large';
    return readFileSync(path);
  } catch {
    return 'none';
  }
}

/** A regular file's bytes within `maxBytes`, noted (`noteRead`); undefined when there are none to read. */
export function readNotedWithin(path: string, maxBytes: number): Buffer | undefined {
  const read = bytesWithin(path, maxBytes);
  noteRead(path, read);
  return typeof read === 'string' ? undefined : read;
}

/** A file's state as `readNotedWithin` under `maxBytes` would note it now: `none`, `large`, or its bytes' digest. */
export function readStateOf(path: string, maxBytes: number): string {
  const read = bytesWithin(path, maxBytes);
  return typeof read === 'string' ? read : bytesDigest(read);
}

type Crypto = typeof import('node:crypto');
let loaded: Crypto | undefined;

/** node:crypto, loaded on the first digest: only a run with a cache digests anything. */
function crypto(): Crypto {
  loaded ??= createRequire(import.meta.url)('node:crypto') as Crypto;
  return loaded;
}

/** SHA-256 of a list of strings, hex, taken piece by piece (each length-prefixed: no two lists give the same input). */
export function piecesDigest(): { readonly add: (piece: string) => void; readonly digest: () => string } {
  const hash = crypto().createHash('sha256');
  return {
    add: (piece) => {
      hash.update(`${piece.length}:`);
      hash.update(piece);
    },
    digest: () => hash.digest('hex'),
  };
}

/** SHA-256 of some bytes, hex. */
export function bytesDigest(bytes: Uint8Array | string): string {
  return crypto().createHash('sha256').update(bytes).digest('hex');
}
