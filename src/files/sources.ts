import type { DiscoveredFile } from './discover.js';
import { createBytesReader, DEFAULT_MAX_BYTES, type TextSkipReason, textSkipReason } from './read.js';

/** What reading one discovered file came to. */
export type SourceFile =
  /** It could not be read (a folder, a FIFO, no permission…). */
  | { readonly kind: 'error'; readonly file: DiscoveredFile; readonly message: string }
  /** Read, but not text to search: too large, binary, invalid UTF-8. */
  | { readonly kind: 'skipped'; readonly file: DiscoveredFile; readonly reason: TextSkipReason; readonly bytes: number }
  /** Text the prefilter found nothing in: not decoded. */
  | { readonly kind: 'passed'; readonly file: DiscoveredFile; readonly bytes: number }
  /** Text that may hold V1 usage, decoded. */
  | { readonly kind: 'candidate'; readonly file: DiscoveredFile; readonly bytes: number; readonly text: string };

/**
 * The one file loop of the codemod and the report: each file read once, synchronously, into one
 * reused buffer (tens of thousands of small files cost less without a thread-pool round trip
 * each, and memory stays flat); checked for text; and decoded only when `isCandidate` says the
 * bytes may hold V1 usage. Lazy: a consumer that stops pulling reads nothing more.
 */
export function* readSources(
  files: readonly DiscoveredFile[],
  isCandidate: (file: DiscoveredFile, bytes: Uint8Array) => boolean,
  maxBytes = DEFAULT_MAX_BYTES,
): Generator<SourceFile> {
  const readBytes = createBytesReader();
  for (const file of files) {
    const read = readBytes(file.path, maxBytes);
    if (read.kind === 'error') {
      yield { kind: 'error', file, message: read.message };
      continue;
    }
    if (read.kind === 'skipped') {
      yield { kind: 'skipped', file, reason: read.reason, bytes: read.bytes };
      continue;
    }
    const bytes = read.bytes.length;
    const skip = textSkipReason(read.bytes, maxBytes);
    if (skip) yield { kind: 'skipped', file, reason: skip, bytes };
    else if (!isCandidate(file, read.bytes)) yield { kind: 'passed', file, bytes };
    // A copy: the buffer is overwritten by the next read. Validated above, so the decode loses nothing.
    else yield { kind: 'candidate', file, bytes, text: read.bytes.toString('utf8') };
  }
}
