import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { type PrefilterSpec, prefilterFromSpec } from '../scan/prefilter.js';
import type { DiscoveredFile } from './discover.js';
import { createBytesReader, DEFAULT_MAX_BYTES, READ_BATCH_FILES, type TextSkipReason, textSkipReason } from './read.js';
import type { ReadBatch, ReadJob } from './read-worker.js';

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
      yield { kind: 'error', file, message: `cannot read: ${read.message}` };
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

/** How the parallel reader judges files: prefilters as plain specs, one picked per file. */
export interface ParallelReadOptions {
  readonly specs: readonly PrefilterSpec[];
  /** The index in `specs` of the prefilter that judges a file. */
  readonly pick: (file: DiscoveredFile) => number;
  /** A file the prefilter passed over that must be read anyway (a program reaches it). */
  readonly extra?: (file: DiscoveredFile) => boolean;
  readonly maxBytes?: number;
  /** Read in a worker thread from this many files on (below it, a thread costs more than it saves)… */
  readonly parallelFrom?: number;
  /** …and below this many (from it, the thread's memory costs more than its time saves). */
  readonly parallelUpto?: number;
  /**
   * The caller has nothing to do while the files are read (no candidate to parse as it comes: the
   * report's cache reads every file before it knows whether to decide any): with a thread, the
   * calling thread reads a share of the files itself meanwhile.
   */
  readonly share?: boolean;
}

/** With `share`, the part of the files the calling thread reads (the last ones): the thread starts later, so a little more than half. */
const CALLER_SHARE = 0.55;

/** Trees smaller than this are read on the calling thread. */
const PARALLEL_FROM = 2000;

/**
 * Trees this large are read on the calling thread too. What the thread saves is what is parsed
 * beside it, a program's worth of candidates at most (a larger program is decided in groups, none
 * parsed while reading): on the 20,000-file tree 2.5 s against 2.9 s, on 50,000 files within the
 * noise. What it costs stays after it ends (its heap's and its messages' memory, which the C
 * allocator keeps): on the 100,000-file report, 30–40 MB of the peak.
 */
const PARALLEL_UPTO = 50_000;

/** The reading thread's compiled module (not there when the sources run untranspiled). */
const READ_WORKER = new URL('./read-worker.js', import.meta.url);

/**
 * Whether `readSourcesParallel` reads this many files in a thread, beside the caller's work on the
 * batches it has (else on the calling thread, which does that work once each batch is read).
 */
export function readsInThread(files: number, options: Pick<ParallelReadOptions, 'parallelFrom' | 'parallelUpto'> = {}): boolean {
  return (
    files >= (options.parallelFrom ?? PARALLEL_FROM) &&
    files < (options.parallelUpto ?? PARALLEL_UPTO) &&
    existsSync(fileURLToPath(READ_WORKER))
  );
}

/**
 * `readSources` for large trees: a worker thread reads and prefilters the files while the caller
 * works on the candidates already sent (parses them), so reading no longer waits for parsing nor
 * parsing for reading. Same outcomes, in the same order, in batches (as the thread sends them: an
 * await per file was a tenth of a second on 20,000 files). On the calling thread when the tree is
 * small or very large, or where the worker's compiled file is not there (the sources run untranspiled).
 */
export async function* readSourcesParallel(
  files: readonly DiscoveredFile[],
  options: ParallelReadOptions,
): AsyncGenerator<readonly SourceFile[]> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const prefilters = options.specs.map(prefilterFromSpec);
  const judge = (file: DiscoveredFile, bytes: Uint8Array) =>
    (prefilters[options.pick(file)] ?? prefilters[0])?.isCandidateBytes(bytes) === true || options.extra?.(file) === true;
  if (!readsInThread(files.length, options)) {
    // In batches, as the thread sends them: a record per file of a large tree is garbage by the next.
    let batch: SourceFile[] = [];
    for (const source of readSources(files, judge, maxBytes)) {
      batch.push(source);
      if (batch.length === READ_BATCH_FILES) {
        yield batch;
        batch = [];
      }
    }
    yield batch;
    return;
  }
  const theirs = options.share === true ? files.length - Math.round(files.length * CALLER_SHARE) : files.length;
  const job: ReadJob = {
    paths: files.slice(0, theirs).map((f) => f.path),
    pick: files.slice(0, theirs).map(options.pick),
    specs: options.specs,
    maxBytes,
  };
  // Loaded here: a run with a small tree (a hook's few files) never pays for the threads module.
  const { Worker } = createRequire(import.meta.url)('node:worker_threads') as typeof import('node:worker_threads');
  const worker = new Worker(READ_WORKER, { workerData: job });
  const batches: ReadBatch[] = [];
  let failure: unknown;
  let wake: (() => void) | undefined;
  worker.on('message', (batch: ReadBatch) => {
    batches.push(batch);
    wake?.();
  });
  worker.on('error', (error) => {
    failure = error;
    wake?.();
  });
  worker.on('exit', (code) => {
    if (code !== 0 && failure === undefined) failure = new Error(`the file reading thread stopped (exit code ${code})`);
    wake?.();
  });
  // The caller's share, read while the thread reads the first files (its messages wait meanwhile).
  const ours = theirs < files.length ? [...readSources(files.slice(theirs), judge, maxBytes)] : [];
  try {
    for (let done = false; !done; ) {
      const batch = batches.shift();
      if (!batch) {
        if (failure !== undefined) throw failure;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
        continue;
      }
      const out: SourceFile[] = [];
      const { results } = batch;
      for (let i = 0; i < results.length; i++) {
        const [kind, bytes, detail] = results[i] as ReadBatch['results'][number];
        const file = files[batch.from + i] as DiscoveredFile;
        if (kind === 0) out.push({ kind: 'error', file, message: `cannot read: ${detail}` });
        else if (kind === 1) out.push({ kind: 'skipped', file, reason: detail as TextSkipReason, bytes });
        else if (kind === 3) out.push({ kind: 'candidate', file, bytes, text: detail });
        else if (options.extra?.(file)) {
          // Passed over, but the program reaches it: read it here.
          let text: string | undefined;
          try {
            text = readFileSync(file.path, 'utf8');
          } catch {
            text = undefined;
          }
          out.push(text === undefined ? { kind: 'passed', file, bytes } : { kind: 'candidate', file, bytes, text });
        } else out.push({ kind: 'passed', file, bytes });
      }
      yield out;
      done = batch.done;
    }
    for (let at = 0; at < ours.length; at += READ_BATCH_FILES) yield ours.slice(at, at + READ_BATCH_FILES);
  } finally {
    await worker.terminate();
  }
}
