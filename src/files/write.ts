import { constants, promises as fs, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describeIoFailure, IoError } from '../errors.js';

/**
 * The one writer of every command (`report -o`, `adapt --out`, `codemod --write`, `serve --write-data`).
 *
 * - A path that does not exist, or a regular file, is replaced atomically: a temporary file in the
 *   same folder, fsync, then rename. A replaced file keeps its mode, and its owner and group where
 *   the process may set them (as root, a rewritten file stays the developer's).
 * - A symlink is written through: its target is what is written (and judged as below).
 * - Anything else that exists (a device such as `/dev/null`, a FIFO, a socket, `/dev/stdout`) is
 *   written in place as a stream, never replaced.
 * - Refused, with the target untouched: a folder, a read-only file (a rename would overwrite what
 *   its mode protects), and a file with other hard links (a rename would split them: the other
 *   names would keep the old text).
 *
 * On failure the target is as it was and the temporary file is removed.
 */
export async function writeFileAtomic(
  target: string,
  /** The text or bytes, or pieces of text written one after the other (a large report, never whole in memory). */
  data: string | Uint8Array | Iterable<string>,
  options: {
    /**
     * What the file held when it was read: if it holds anything else when the new text is about to
     * replace it (an editor saved it, another process appended), it is left alone and this throws.
     */
    readonly unchangedSince?: string;
  } = {},
): Promise<void> {
  const path = await followLink(target);
  const stats = await statOrUndefined(path);
  if (stats?.isDirectory()) throw new IoError(path, 'cannot write: it is a folder');
  if (stats && !stats.isFile()) return writeInPlace(path, data);
  if (stats) {
    if (stats.nlink > 1)
      throw new IoError(
        path,
        `cannot write: it has ${stats.nlink} hard links, and replacing it would split them (the other names would keep the old text); copy it to break the link first`,
      );
    // No write bit at all (root could still write it), or none for this process.
    const writable =
      (stats.mode & 0o222) !== 0 &&
      (await fs.access(path, constants.W_OK).then(
        () => true,
        () => false,
      ));
    if (!writable) throw new IoError(path, 'cannot write: the file is read-only (make it writable first if it should change)');
  }
  const mode = stats ? stats.mode & 0o7777 : undefined;
  const tmp = join(dirname(path), `.${basename(path)}.civic-migrate-${tempId()}${TEMP_SUFFIX}`);
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(tmp, 'wx', mode ?? 0o666);
    await writeAll(handle, data);
    if (stats) await keepOwner(handle, stats);
    if (mode !== undefined) await handle.chmod(mode);
    await handle.sync();
    await handle.close();
    handle = undefined;
    // As late as possible: between this check and the rename only a rename of our own can land.
    if (options.unchangedSince !== undefined && !(await holds(path, options.unchangedSince)))
      throw new ChangedSinceReadError(path);
    await fs.rename(tmp, path);
  } catch (error) {
    await handle?.close().catch(() => {});
    await fs.rm(tmp, { force: true }).catch(() => {});
    if (error instanceof IoError) throw error;
    throw new IoError(path, `cannot write: ${describeIoFailure(error)}`, { cause: error });
  }
}

const TEMP_SUFFIX = '.tmp';

/**
 * 12 hex digits (48 random bits) naming a temporary file. Not node:crypto's: loading it is a tenth
 * of a short run, and the name needs no secrecy, since the file is created with `wx` (it never
 * opens a file or a link that is already there: a clash is an error, not a write elsewhere).
 */
function tempId(): string {
  return Math.floor(Math.random() * 2 ** 48)
    .toString(16)
    .padStart(12, '0');
}
const TEMP_NAME = /(^|\/)\.[^/]+\.civic-migrate-[0-9a-f]{12}\.tmp$/;

/**
 * A temporary file of this module's (`.<name>.civic-migrate-<12 hex>.tmp`): one that is still on disk
 * was left by a run that was killed (SIGKILL, power loss) between writing it and renaming it over its
 * target; the target itself is whole, old or new.
 */
export const isLeftoverTemp = (path: string): boolean => TEMP_NAME.test(path);

/** A file that changed on disk between the codemod's read and its write: left as it is. */
export class ChangedSinceReadError extends IoError {
  constructor(path: string) {
    super(path, 'changed since it was read: left as it is (run again to migrate what it holds now)');
  }
}

/** Whether the file at `path` holds exactly `text` (as UTF-8 bytes). */
async function holds(path: string, text: string): Promise<boolean> {
  try {
    return (await fs.readFile(path)).equals(Buffer.from(text, 'utf8'));
  } catch {
    return false;
  }
}

/** A device, FIFO or socket: opened for writing as it is (no create, no truncate) and written once. */
async function writeInPlace(path: string, data: string | Uint8Array | Iterable<string>): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(path, constants.O_WRONLY);
    await writeAll(handle, data);
  } catch (error) {
    throw new IoError(path, `cannot write: ${describeIoFailure(error)}`, { cause: error });
  } finally {
    await handle?.close().catch(() => {});
  }
}

/** Writes text or bytes at the handle's position, or pieces of text one after the other (each `writeFile` goes on from where the last ended). */
async function writeAll(handle: fs.FileHandle, data: string | Uint8Array | Iterable<string>): Promise<void> {
  if (typeof data === 'string' || data instanceof Uint8Array) return handle.writeFile(data);
  for (const piece of data) await handle.writeFile(piece);
}

/** Gives the new file the replaced file's owner and group, where the process may (root may; others get EPERM unless they own it). */
async function keepOwner(handle: fs.FileHandle, stats: Stats): Promise<void> {
  if (typeof process.getuid !== 'function') return;
  if (stats.uid === process.getuid() && stats.gid === process.getgid?.()) return;
  try {
    await handle.chown(stats.uid, stats.gid);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'EINVAL') throw error;
  }
}

async function statOrUndefined(path: string): Promise<Stats | undefined> {
  try {
    return await fs.stat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new IoError(path, describeIoFailure(error), { cause: error });
  }
}

/** The file a path names: a symlink's real target (so the rename replaces the file, not the link). */
async function followLink(path: string): Promise<string> {
  try {
    return await fs.realpath(path);
  } catch {
    return path;
  }
}
