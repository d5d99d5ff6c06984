import { isUtf8 } from 'node:buffer';
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { describeIoFailure, IoError } from '../errors.js';

/** Default size limit for scanned files: larger ones are generated or data, not integrations. */
export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;

/** The largest `--max-bytes`: a file is read whole into one buffer and decoded into one string. */
const MAX_BYTES_CEILING = 512 * 1024 * 1024;

/** A `--max-bytes` value, checked: a positive whole number up to the ceiling; else why not. */
export function maxBytesProblem(value: number): string | undefined {
  if (!Number.isSafeInteger(value) || value <= 0) return `--max-bytes must be a positive whole number, not ${value}`;
  if (value > MAX_BYTES_CEILING)
    return `--max-bytes ${value} is over the ${sizeWords(MAX_BYTES_CEILING)} ceiling (a file is read whole into memory)`;
  return undefined;
}

/** Size limit for an input the user names (`adapt`'s payload, `--mappings`, stdin): well below what a JS string can hold. */
const MAX_INPUT_BYTES = 256 * 1024 * 1024;

/**
 * Opened without blocking: a FIFO (or a device) named where a file is expected must not hang the
 * run; it is refused by `notRegular` once opened.
 */
const OPEN_READ = constants.O_RDONLY | constants.O_NONBLOCK;

/** Why an opened path is not a file to read (a FIFO, device, socket or folder), or undefined. */
function notRegular(stats: Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isDirectory()) return 'is a folder, not a file';
  if (stats.isFIFO()) return 'is a FIFO (named pipe), not a regular file';
  if (stats.isSocket()) return 'is a socket, not a regular file';
  return 'is a device, not a regular file';
}

/**
 * An input the user names, whole, as UTF-8 text: only a regular file (never a FIFO or device,
 * which could block or never end), at most `maxBytes`. Throws `IoError` naming the file (`name`) and why.
 */
export function readInputFileSync(
  path: string,
  what: string,
  options: { maxBytes?: number; name?: string; onInvalidUtf8?: InvalidUtf8Policy } = {},
): string {
  const { maxBytes = MAX_INPUT_BYTES, name = path } = options;
  let fd: number;
  try {
    fd = openSync(path, OPEN_READ);
  } catch (error) {
    throw new IoError(name, `cannot read ${what}: ${describeIoFailure(error)}`, { cause: error });
  }
  try {
    const stats = fstatSync(fd);
    const why = notRegular(stats);
    if (why) throw new IoError(name, `cannot read ${what}: it ${why}`);
    if (stats.size > maxBytes)
      throw new IoError(name, `cannot read ${what}: ${sizeWords(stats.size)} is over the ${sizeWords(maxBytes)} limit`);
    const read = readInto(path, maxBytes, (size) => Buffer.allocUnsafe(size), fd);
    if (read.kind === 'skipped') throw new IoError(name, `cannot read ${what}: it grew over the ${sizeWords(maxBytes)} limit`);
    if (read.kind === 'error') throw new IoError(name, `cannot read ${what}: ${read.message}`);
    return decodeInput(read.bytes, name, options.onInvalidUtf8);
  } finally {
    closeSync(fd);
  }
}

/** Where the bytes of an input that are not UTF-8 are, and how many there are. */
export interface InvalidUtf8 {
  /** The first one: its byte offset, and its line and column (1-based; columns count characters). */
  readonly offset: number;
  readonly line: number;
  readonly column: number;
  /** Every byte that is not part of a valid UTF-8 sequence (each is read as U+FFFD, runs as one). */
  readonly bytes: number;
}

/** What to do with bytes that are not UTF-8: refuse (`error`, the default), or call back and read them as U+FFFD. */
export type InvalidUtf8Policy = 'error' | ((invalid: InvalidUtf8) => void);

/** `line 3, column 17 (byte 1042)`. */
export const invalidUtf8Where = (invalid: InvalidUtf8) =>
  `line ${invalid.line}, column ${invalid.column} (byte ${invalid.offset})`;

/** Decodes an input, never silently: invalid UTF-8 is refused or reported, per the policy. */
function decodeInput(bytes: Buffer, name: string, policy: InvalidUtf8Policy = 'error'): string {
  if (!isUtf8(bytes)) {
    const invalid = findInvalidUtf8(bytes);
    if (policy === 'error') throw new IoError(name, `not valid UTF-8 at ${invalidUtf8Where(invalid)}`);
    policy(invalid);
  }
  return bytes.toString('utf8');
}

/** The length of the valid UTF-8 sequence at `i`, or 0 when the byte there does not start one. */
function sequenceAt(bytes: Uint8Array, i: number): number {
  const b = bytes[i] as number;
  const n = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
  if (n === 0 || i + n > bytes.length) return 0;
  for (let k = 1; k < n; k++) if (((bytes[i + k] as number) & 0xc0) !== 0x80) return 0;
  // Overlong, surrogate and out-of-range forms.
  const b1 = bytes[i + 1] as number;
  if ((b === 0xe0 && b1 < 0xa0) || (b === 0xed && b1 > 0x9f) || (b === 0xf0 && b1 < 0x90) || (b === 0xf4 && b1 > 0x8f)) return 0;
  return n;
}

/** Where the bytes that are not UTF-8 are, in bytes that hold at least one (`isUtf8` said no). */
export function findInvalidUtf8(bytes: Uint8Array): InvalidUtf8 {
  let first = -1;
  let count = 0;
  for (let i = 0; i < bytes.length; ) {
    const n = sequenceAt(bytes, i);
    if (n > 0) {
      i += n;
      continue;
    }
    if (first < 0) first = i;
    count++;
    i++;
  }
  if (first < 0) throw new Error('internal: findInvalidUtf8 called on valid UTF-8');
  const lineStart = first === 0 ? 0 : bytes.lastIndexOf(0x0a, first - 1) + 1;
  let line = 1;
  for (let i = bytes.indexOf(0x0a); i >= 0 && i < lineStart; i = bytes.indexOf(0x0a, i + 1)) line++;
  // The line up to the first bad byte is valid UTF-8: its characters are the column.
  const column = [...Buffer.from(bytes.buffer, bytes.byteOffset + lineStart, first - lineStart).toString('utf8')].length + 1;
  return { offset: first, line, column, bytes: count };
}

/** Reads a stream (stdin) whole, refusing past `maxBytes` instead of growing without bound. */
export async function readStreamBounded(
  stream: AsyncIterable<unknown>,
  name: string,
  maxBytes = MAX_INPUT_BYTES,
  onInvalidUtf8?: InvalidUtf8Policy,
): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    total += bytes.length;
    if (total > maxBytes) throw new IoError(name, `cannot read: more than the ${sizeWords(maxBytes)} limit`);
    chunks.push(bytes);
  }
  return decodeInput(Buffer.concat(chunks), name, onInvalidUtf8);
}

/** `268435456` → `256 MiB`. */
function sizeWords(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${bytes} bytes`;
}

/** The bytes of a file, unless it is over the size limit or unreadable. */
export type BytesResult =
  | { readonly kind: 'bytes'; readonly bytes: Buffer }
  | { readonly kind: 'skipped'; readonly reason: 'too-large'; readonly bytes: number }
  | { readonly kind: 'error'; readonly message: string };

/**
 * Reads a file's bytes without the thread pool: for scanners that read tens of thousands of small
 * files one after another, where a round trip per open/stat/read/close costs more than the read.
 * Pair with `textSkipReason` (`files/sources.ts` does, for the codemod and the report).
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
function readInto(path: string, maxBytes: number, take: (size: number) => Buffer, opened?: number): BytesResult {
  try {
    const fd = opened ?? openSync(path, OPEN_READ);
    try {
      const stats = fstatSync(fd);
      const why = notRegular(stats);
      if (why) return { kind: 'error', message: `it ${why}` };
      const { size } = stats;
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
      if (opened === undefined) closeSync(fd);
    }
  } catch (error) {
    return { kind: 'error', message: describeIoFailure(error) };
  }
}

/** How many files' outcomes a reader hands on at a time (in a batch, not one by one: an await per file was a tenth of a second on 20,000 files). */
export const READ_BATCH_FILES = 512;

/** Why bytes are not text to search. */
export type TextSkipReason = 'too-large' | 'binary' | 'invalid-utf8';

/** Why bytes are not text to scan (over the limit, binary, invalid UTF-8), without decoding them; undefined when they are. */
export function textSkipReason(buffer: Uint8Array, maxBytes = DEFAULT_MAX_BYTES): TextSkipReason | undefined {
  if (buffer.byteLength > maxBytes) return 'too-large';
  if (buffer.subarray(0, 8192).includes(0)) return 'binary';
  if (!isUtf8(buffer)) return 'invalid-utf8';
  return undefined;
}
