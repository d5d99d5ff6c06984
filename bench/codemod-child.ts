/**
 * One measured run in a fresh process, for `bench/codemod.ts`: prints one JSON line.
 *   floor   <root>: list the files as the codemod does, then read every one (the `cat` floor)
 *   codemod <root>: the codemod's dry run, its diff streamed to /dev/null
 */
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import { runCodemod } from '../src/codemod/run.js';
import { CODEMOD_EXTENSIONS } from '../src/codemod/transform.js';
import { discoverFiles } from '../src/files/discover.js';

const [mode, root] = process.argv.slice(2);
if (!root || (mode !== 'floor' && mode !== 'codemod')) throw new Error('usage: codemod-child.ts floor|codemod <root>');

const started = performance.now();
let result: Record<string, number>;
if (mode === 'floor') {
  const { files } = await discoverFiles({ cwd: root, gitignore: false, extensions: CODEMOD_EXTENSIONS });
  const listed = performance.now();
  let bytes = 0;
  for (const f of files) bytes += readFileSync(f.path).length;
  result = { files: files.length, bytes, listMs: listed - started, readMs: performance.now() - listed };
} else {
  const sink = openSync('/dev/null', 'w');
  let diffBytes = 0;
  const summary = await runCodemod({
    cwd: root,
    gitignore: false,
    diff: true,
    onFile: (_r, patch) => {
      if (patch) diffBytes += writeSync(sink, patch);
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
  };
}
const ms = performance.now() - started;
process.stdout.write(`${JSON.stringify({ mode, ms, maxRssMB: process.resourceUsage().maxRSS / 1024, ...result })}\n`);
