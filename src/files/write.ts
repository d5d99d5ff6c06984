import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describeIoError, IoError } from '../errors.js';

/**
 * Writes `data` to `path` atomically: a temporary file in the same folder, fsync, then rename.
 * An existing file keeps its mode; a symlink stays a link and its target is replaced. On failure the
 * target is untouched and the temporary file removed.
 */
export async function writeFileAtomic(target: string, data: string | Uint8Array): Promise<void> {
  const path = await followLink(target);
  const tmp = join(dirname(path), `.${basename(path)}.civic-migrate-${randomBytes(6).toString('hex')}.tmp`);
  let mode: number | undefined;
  try {
    mode = (await fs.stat(path)).mode & 0o7777;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new IoError(path, describeIoError(error), { cause: error });
  }
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(tmp, 'wx', mode ?? 0o666);
    await handle.writeFile(data);
    await handle.sync();
    await handle.close();
    handle = undefined;
    if (mode !== undefined) await fs.chmod(tmp, mode);
    await fs.rename(tmp, path);
  } catch (error) {
    await handle?.close().catch(() => {});
    await fs.rm(tmp, { force: true }).catch(() => {});
    throw new IoError(path, `cannot write: ${describeIoError(error)}`, { cause: error });
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
