import { parentPort, workerData } from 'node:worker_threads';
import { type PrefilterSpec, prefilterFromSpec } from '../scan/prefilter.js';
import { createBytesReader, READ_BATCH_FILES, textSkipReason } from './read.js';

/** What the reading thread is given: the files, each with the prefilter that judges it. */
export interface ReadJob {
  readonly paths: readonly string[];
  /** Per path, the index of its prefilter in `specs`. */
  readonly pick: readonly number[];
  readonly specs: readonly PrefilterSpec[];
  readonly maxBytes: number;
}

/**
 * One file's outcome as the reading thread sends it: `[kind, bytes, detail]`, kind 0 an error
 * (detail: the message), 1 skipped (the reason), 2 passed by the prefilter, 3 a candidate (its text).
 */
export type ReadResult = readonly [0 | 1 | 2 | 3, number, string];

/** The results of files `from`…, in order; `done` after the last. */
export interface ReadBatch {
  readonly from: number;
  readonly results: readonly ReadResult[];
  readonly done: boolean;
}

/** Results are sent every `READ_BATCH_FILES` files, or sooner when the candidates' texts add up. */
const BATCH_TEXT = 4 * 1024 * 1024;

/** The reading thread: reads every file once, as `readSources` does, and sends the outcomes in order. */
function work(job: ReadJob): void {
  const prefilters = job.specs.map(prefilterFromSpec);
  const readBytes = createBytesReader();
  let results: ReadResult[] = [];
  let from = 0;
  let text = 0;
  const flush = (done: boolean) => {
    parentPort?.postMessage({ from, results, done } satisfies ReadBatch);
    from += results.length;
    results = [];
    text = 0;
  };
  job.paths.forEach((path, i) => {
    const read = readBytes(path, job.maxBytes);
    if (read.kind === 'error') results.push([0, 0, read.message]);
    else if (read.kind === 'skipped') results.push([1, read.bytes, read.reason]);
    else {
      const skip = textSkipReason(read.bytes, job.maxBytes);
      if (skip) results.push([1, read.bytes.length, skip]);
      else if (!(prefilters[job.pick[i] as number] ?? prefilters[0])?.isCandidateBytes(read.bytes))
        results.push([2, read.bytes.length, '']);
      else {
        const decoded = read.bytes.toString('utf8');
        text += decoded.length;
        results.push([3, read.bytes.length, decoded]);
      }
    }
    if (results.length >= READ_BATCH_FILES || text >= BATCH_TEXT) flush(false);
  });
  flush(true);
}

if (parentPort && workerData) work(workerData as ReadJob);
