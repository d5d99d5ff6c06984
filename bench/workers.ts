/**
 * Worker pool measurement (#22): does deciding the report's candidates in parallel pay on this
 * machine? The TS/JS candidates of the 20,000-file tree (the files the prefilter passes on) are
 * decided by `findV1Usage` in worker threads, each loading the parser and building the inferred
 * program of its share, against the same work in one worker, paired run by run:
 *   - 1 worker: every candidate;
 *   - 2 workers: the candidates split in two halves (by path, so that a folder's files stay together);
 *   - 2 workers: halves of about the same size in bytes (the largest file first, each to the lighter half).
 * What is measured is wall time from starting the workers to the last result (the parser's load in
 * each worker included, as a pool would pay it), and the findings must be the same.
 * Reading too: every file of the tree read and prefiltered by the report's reading thread
 * (dist/files/read-worker.js), in one thread against two threads each reading half the files.
 *
 *   npx tsx bench/workers.ts            # BENCH_RUNS (default 5) pairs
 *
 * Speed-up = time(1 worker) / time(2 workers); a pool pays when it is clearly above 1 on this 2-core
 * machine (the reading thread and the main thread share the same cores during a report).
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { discoverFiles } from '../src/files/discover.js';
import { loadMappings } from '../src/mapping/load.js';
import { createReportRules } from '../src/report/rules.js';
import { ensureTree } from './make-tree.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FIND = join(ROOT, 'dist', 'report', 'find.js');
const READER = join(ROOT, 'dist', 'files', 'read-worker.js');

const tree = await ensureTree(20_000, (line) => process.stderr.write(`${line}\n`));
// The candidates: what the report decides (every file with a finding, from one report run).
const listed = spawnSync(
  process.execPath,
  [join(ROOT, 'bin', 'civic-migrate.cjs'), 'report', '--no-gitignore', '--format', 'json', '--fail-on', 'none', '.'],
  { cwd: tree.root, encoding: 'utf8', maxBuffer: 256 << 20 },
);
const report = JSON.parse(listed.stdout) as { findings: { file: string }[] };
const candidates = [...new Set(report.findings.map((f) => f.file))].sort();

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.find).then(async ({ findV1Usage }) => {
  const result = await findV1Usage({ cwd: workerData.cwd, paths: workerData.paths, gitignore: false });
  parentPort.postMessage(result.findings.length);
});
`;

function decide(shares: string[][]): Promise<{ ms: number; findings: number }> {
  const started = performance.now();
  return Promise.all(
    shares.map(
      (paths) =>
        new Promise<number>((done, failed) => {
          const w = new Worker(WORKER, { eval: true, workerData: { find: FIND, cwd: tree.root, paths } });
          w.once('message', (n: number) => {
            done(n);
            void w.terminate();
          });
          w.once('error', failed);
        }),
    ),
  ).then((counts) => ({ ms: performance.now() - started, findings: counts.reduce((a, b) => a + b, 0) }));
}

/** Every file of the tree read and prefiltered in `shares.length` reading threads at once. */
const spec = createReportRules(loadMappings()).prefilter.spec;
const everyFile = (await discoverFiles({ cwd: tree.root, gitignore: false })).files.map((f) => f.path);
function read(shares: string[][]): Promise<{ ms: number; candidates: number }> {
  const started = performance.now();
  return Promise.all(
    shares.map(
      (paths) =>
        new Promise<number>((done, failed) => {
          let candidates = 0;
          const w = new Worker(READER, { workerData: { paths, pick: paths.map(() => 0), specs: [spec], maxBytes: 2 << 20 } });
          w.on('message', (batch: { results: [number][]; done: boolean }) => {
            candidates += batch.results.filter(([kind]) => kind === 3).length;
            if (batch.done) {
              done(candidates);
              void w.terminate();
            }
          });
          w.once('error', failed);
        }),
    ),
  ).then((counts) => ({ ms: performance.now() - started, candidates: counts.reduce((a, b) => a + b, 0) }));
}

const half = Math.ceil(candidates.length / 2);
const one = [candidates];
const two = [candidates.slice(0, half), candidates.slice(half)];
// Halves of about the same size in bytes: the largest file first, each to the lighter half.
const balanced: [string[], string[]] = [[], []];
const weight: [number, number] = [0, 0];
for (const [path, bytes] of candidates.map((p) => [p, statSync(join(tree.root, p)).size] as const).sort((a, b) => b[1] - a[1])) {
  const lighter = weight[0] <= weight[1] ? 0 : 1;
  balanced[lighter].push(path);
  weight[lighter] += bytes;
}
await decide(one);
await decide(two);
await decide(balanced);
const ratios: number[] = [];
const balancedRatios: number[] = [];
const ones: number[] = [];
const twos: number[] = [];
const balancedTwos: number[] = [];
let findings = { one: 0, two: 0, balanced: 0 };
for (let i = 0; i < RUNS; i++) {
  const a = await decide(one);
  const b = await decide(two);
  const c = await decide(balanced);
  ones.push(a.ms);
  twos.push(b.ms);
  balancedTwos.push(c.ms);
  ratios.push(a.ms / b.ms);
  balancedRatios.push(a.ms / c.ms);
  findings = { one: a.findings, two: b.findings, balanced: c.findings };
}
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] as number;
console.log(
  `deciding ${candidates.length} candidates of the ${tree.files}-file tree (${cpus().length} cores), medians of ${RUNS} pairs:`,
);
console.log(`  1 worker:  ${(median(ones) / 1000).toFixed(2)} s, ${findings.one} findings`);
console.log(`  2 workers: ${(median(twos) / 1000).toFixed(2)} s, ${findings.two} findings`);
console.log(
  `  speed-up: ${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})${
    findings.one === findings.two ? '' : '  (findings differ: the split cuts data flow between the halves)'
  }`,
);
console.log(
  `  2 workers, halves of ${(weight[0] / 1e3).toFixed(0)} and ${(weight[1] / 1e3).toFixed(0)} KB: ${(median(balancedTwos) / 1000).toFixed(2)} s, ${findings.balanced} findings; speed-up ${median(balancedRatios).toFixed(2)}× (${Math.min(...balancedRatios).toFixed(2)}–${Math.max(...balancedRatios).toFixed(2)})`,
);

const mid = Math.ceil(everyFile.length / 2);
await read([everyFile]);
const reads = { one: [] as number[], two: [] as number[], ratios: [] as number[], candidates: [0, 0] };
for (let i = 0; i < RUNS; i++) {
  const a = await read([everyFile]);
  const b = await read([everyFile.slice(0, mid), everyFile.slice(mid)]);
  reads.one.push(a.ms);
  reads.two.push(b.ms);
  reads.ratios.push(a.ms / b.ms);
  reads.candidates = [a.candidates, b.candidates];
}
console.log(`reading and prefiltering all ${everyFile.length} files (${(tree.bytes / 1e6).toFixed(0)} MB):`);
console.log(`  1 thread:  ${(median(reads.one) / 1000).toFixed(2)} s, ${reads.candidates[0]} candidates`);
console.log(`  2 threads: ${(median(reads.two) / 1000).toFixed(2)} s, ${reads.candidates[1]} candidates`);
console.log(
  `  speed-up: ${median(reads.ratios).toFixed(2)}× (${Math.min(...reads.ratios).toFixed(2)}–${Math.max(...reads.ratios).toFixed(2)})`,
);
