/**
 * One measured run in a fresh process, for `bench/codemod.ts`: prints one JSON line.
 *   floor   <root>: list the files as the codemod does, then read every one (the `cat` floor)
 *   codemod <root>: the codemod's dry run, its diff streamed to /dev/null
 *   cached  <root> <cache>: the same with `cache` (the folder the cache keeps its entry in)
 */
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { CODEMOD_EXTENSIONS } from '../src/codemod/extensions.js';
import { runCodemod } from '../src/codemod/run.js';
import { discoverFiles } from '../src/files/discover.js';
import { fnv64 } from '../src/hash.js';
import { loadMappings } from '../src/mapping/load.js';

const [mode, root, cache] = process.argv.slice(2);
// Run from the repository root: the table is found there whether this file runs as TS or compiled.
const mappings = loadMappings(join(process.cwd(), 'mappings', 'v1-to-v2.json'));
if (!root || (mode !== 'floor' && mode !== 'codemod' && !(mode === 'cached' && cache)))
  throw new Error('usage: codemod-child.ts floor|codemod <root> | cached <root> <cache>');

const started = performance.now();
const cpuStart = process.cpuUsage();
let result: Record<string, number | string>;
if (mode === 'floor') {
  const { files } = await discoverFiles({ cwd: root, gitignore: false, extensions: CODEMOD_EXTENSIONS });
  const listed = performance.now();
  let bytes = 0;
  for (const f of files) bytes += readFileSync(f.path).length;
  result = { files: files.length, bytes, listMs: listed - started, readMs: performance.now() - listed };
} else {
  const sink = openSync('/dev/null', 'w');
  let diffBytes = 0;
  /** The diff, to hold the cached runs to the plain one by its digest. */
  const patches: string[] = [];
  const summary = await runCodemod({
    mappings,
    cwd: root,
    gitignore: false,
    diff: true,
    keepFiles: false,
    ...(mode === 'cached' ? { cache } : {}),
    onFile: (_r, patch) => {
      if (!patch) return;
      diffBytes += writeSync(sink, patch);
      patches.push(patch);
    },
  });
  closeSync(sink);
  const t = summary.totals;
  result = {
    files: t.files,
    changed: t.changed,
    parsed: t.parsed,
    errors: t.errors,
    edits: t.edits,
    markers: t.markers,
    diffBytes,
    diff: fnv64(patches.join('')),
  };
}
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuStart);
const cpuMs = (cpu.user + cpu.system) / 1000;
process.stdout.write(`${JSON.stringify({ mode, ms, cpuMs, maxRssMB: process.resourceUsage().maxRSS / 1024, ...result })}\n`);
