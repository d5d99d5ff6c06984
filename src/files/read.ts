import { isUtf8 } from 'node:buffer';
import { closeSync, promises as fs, fstatSync, openSync, readSync } from 'node:fs';
import { describeIoError } from '../errors.js';

/** Default size limit for scanned files: larger ones are generated or data, not integrations. */
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;

export type ReadResult =
  | { readonly kind: 'text'; readonly text: string; readonly bytes: number }
  | { readonly kind: 'skipped'; readonly reason: 'too-large' | 'binary' | 'invalid-utf8'; readonly bytes: number }
  | { readonly kind: 'error'; readonly message: string };

/**
 * Reads a file as UTF-8 text, keeping a BOM as `\uFEFF` so that writing the text back gives the
 * same bytes. Binary files (a NUL byte in the first 8 KiB), files over `maxBytes` and invalid
 * UTF-8 are skipped, not errors; an unreadable file is an error record, never a throw.
 */
export async function readTextFile(path: string, maxBytes = DEFAULT_MAX_BYTES): Promise<ReadResult> {
  let buffer: Buffer;
  try {
    const handle = await fs.open(path, 'r');
    try {
      const { size } = await handle.stat();
      if (size > maxBytes) return { kind: 'skipped', reason: 'too-large', bytes: size };
      buffer = await handle.readFile();
    } finally {
      await handle.close();
    }
  } catch (error) {
    return { kind: 'error', message: describeIoError(error) };
  }
  return decodeText(buffer, maxBytes);
}

/** The bytes of a file, unless it is over the size limit or unreadable. */
export type BytesResult =
  | { readonly kind: 'bytes'; readonly bytes: Buffer }
  | { readonly kind: 'skipped'; readonly reason: 'too-large'; readonly bytes: number }
  | { readonly kind: 'error'; readonly message: string };

/**
 * Reads a file's bytes without the thread pool: for scanners that read tens of thousands of small
 * files one after another, where a round trip per open/stat/read/close costs more than the read.
 * Pair with `textSkipReason` and `decodeText`.
 */
export function readBytesSync(path: string, maxBytes = DEFAULT_MAX_BYTES): BytesResult {
  return readInto(path, maxBytes, (size) => Buffer.allocUnsafe(size));
}

/**
 * `readBytesSync` into one buffer that every call reuses (grown to the largest file read): a scan
 * of tens of thousands of files allocates nothing per file, so it makes no garbage and its memory
 * stays flat. The bytes a call returns are valid only until the next call: decode or copy what is kept.
 */
export function createBytesReader(): (path: string, maxBytes?: number) => BytesResult {
  let scratch = Buffer.allocUnsafe(64 * 1024);
  const take = (size: number) => {
    if (scratch.length < size) scratch = Buffer.allocUnsafe(Math.max(size, scratch.length * 2));
    return scratch;
  };
  return (path, maxBytes = DEFAULT_MAX_BYTES) => readInto(path, maxBytes, take);
}

/** Reads a whole file into a buffer from `take(size)` (at least `size` bytes long), growing it if the file grew. */
function readInto(path: string, maxBytes: number, take: (size: number) => Buffer): BytesResult {
  try {
    const fd = openSync(path, 'r');
    try {
      const { size } = fstatSync(fd);
      if (size > maxBytes) return { kind: 'skipped', reason: 'too-large', bytes: size };
      // Read what is there (the file may have changed size since the stat).
      let buffer = take(size + 1);
      let length = 0;
      for (;;) {
        if (length === buffer.length) {
          if (length > maxBytes) return { kind: 'skipped', reason: 'too-large', bytes: length };
          const bigger = take(buffer.length * 2);
          if (bigger !== buffer) buffer.copy(bigger, 0, 0, length);
          buffer = bigger;
        }
        const n = readSync(fd, buffer, length, buffer.length - length, null);
        if (n === 0) break;
        length += n;
      }
      if (length > maxBytes) return { kind: 'skipped', reason: 'too-large', bytes: length };
      return { kind: 'bytes', bytes: buffer.subarray(0, length) };
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    return { kind: 'error', message: describeIoError(error) };
  }
}

/** Why bytes are not text to scan (over the limit, binary, invalid UTF-8), without decoding them; undefined when they are. */
export function textSkipReason(
  buffer: Uint8Array,
  maxBytes = DEFAULT_MAX_BYTES,
): 'too-large' | 'binary' | 'invalid-utf8' | undefined {
  if (buffer.byteLength > maxBytes) return 'too-large';
  if (buffer.subarray(0, 8192).includes(0)) return 'binary';
  if (!isUtf8(buffer)) return 'invalid-utf8';
  return undefined;
}

/** The decoding half of `readTextFile`, for bytes already in memory. */
export function decodeText(buffer: Uint8Array, maxBytes = DEFAULT_MAX_BYTES): ReadResult {
  const bytes = buffer.byteLength;
  const reason = textSkipReason(buffer, maxBytes);
  if (reason) return { kind: 'skipped', reason, bytes };
  // Validated above (strictly, as a fatal TextDecoder would), so this decode cannot lose bytes; a BOM stays as U+FEFF.
  const view = Buffer.isBuffer(buffer) ? buffer : Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  return { kind: 'text', text: view.toString('utf8'), bytes };
}
