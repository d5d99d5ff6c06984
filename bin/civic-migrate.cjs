#!/usr/bin/env node
'use strict';
// CommonJS, so that Node starts it without its ES module loader (a tenth of a short run: the loader,
// and node:fs's stream classes that its facade of node:fs loads). The CLI in one file
// (dist/cli/bundle.cjs) with V8's code cache (dist/cli/start.cjs, from src/cli/code-cache.ts); the
// modules of dist/ when the bundle is not there.
const { join } = require('node:path');

const argv = process.argv.slice(2);

/**
 * Standard output or error as the CLI writes it. A terminal (a character device) gets Node's own
 * stream, which knows its width. A pipe or a file is written with fs.writeSync, as Node writes them
 * on Linux anyway (synchronously): making process.stdout for a pipe loads Node's stream and net
 * classes, a tenth of a hook's short run. If the descriptor refuses a write for now (EAGAIN: someone
 * made it non-blocking), the rest of the run writes through Node's stream, which waits for it.
 * `stream` is called once, when the descriptor is a terminal or refuses a write for now.
 */
function output(fd, open) {
  const fs = require('node:fs');
  // Output that cannot be written (a full disk, /dev/full, an I/O error): one line and exit 2, as
  // for any other output target refused. A reader gone (EPIPE, `| head`): the rest has nowhere to go.
  const refused = (error) => {
    if (error?.code === 'EPIPE') return;
    try {
      fs.writeSync(
        2,
        `civic-migrate: cannot write to ${fd === 1 ? 'standard output' : 'standard error'}: ${error?.message ?? error}\n`,
      );
    } catch {
      // Standard error is refused too: the exit code says it.
    }
    process.exit(2);
  };
  const stream = () => {
    const s = open();
    s.on('error', refused);
    return s;
  };
  let direct;
  try {
    direct = !fs.fstatSync(fd).isCharacterDevice();
  } catch {
    direct = false;
  }
  if (!direct) return stream();
  let fallback;
  return {
    isTTY: false,
    write(text) {
      if (fallback) return fallback.write(text);
      const bytes = Buffer.from(text, 'utf8');
      let at = 0;
      try {
        while (at < bytes.length) at += fs.writeSync(fd, bytes, at);
      } catch (error) {
        // The reader is gone (`| head`): what is left has nowhere to go, as with any command in a pipe.
        if (error?.code === 'EPIPE') {
          fallback = { write: () => false };
          return false;
        }
        if (error?.code !== 'EAGAIN') {
          refused(error);
          return false;
        }
        fallback = stream();
        return fallback.write(bytes.subarray(at));
      }
      return true;
    },
  };
}

let stdout;
let stderr;
const io = {
  get stdout() {
    stdout ??= output(1, () => process.stdout);
    return stdout;
  },
  get stderr() {
    stderr ??= output(2, () => process.stderr);
    return stderr;
  },
  // Made on first use: process.stdin opens a stream (and loads Node's stream classes) that only `adapt -` reads.
  get stdin() {
    return process.stdin;
  },
  cwd: process.cwd(),
  env: process.env,
};

function loadStart() {
  try {
    return require('../dist/cli/start.cjs');
  } catch {
    return undefined;
  }
}

(async () => {
  try {
    // `--version` alone is package.json's version, as the CLI's parser prints it: nothing else to load.
    if (argv.length === 1 && argv[0] === '--version') {
      io.stdout.write(`${require('../package.json').version}\n`);
      return;
    }
    const start = loadStart();
    const bundlePath = join(__dirname, '..', 'dist', 'cli', 'bundle.cjs');
    const cache = start?.cacheDir(process.env);
    // `--help` alone depends on the build, the width and the locale only: kept from the last run.
    const help =
      start && cache !== undefined && argv.length === 1 && ['--help', '-h', 'help'].includes(argv[0])
        ? start.helpEntry(cache, bundlePath, start.helpWidth(io.stdout.columns), process.env)
        : undefined;
    const kept = help === undefined ? undefined : start.readHelp(help);
    if (kept !== undefined) {
      io.stdout.write(kept);
      return;
    }
    /** A call answered from a small bundle of its own, unless it answers (undefined) that the call needs the whole CLI. */
    const quickly = async (file, variant, run) => {
      const quick = start.requireBundle(join(__dirname, '..', 'dist', 'cli', file), cache, variant);
      const code = quick === undefined ? undefined : await run(quick);
      if (code !== undefined) process.exitCode = code;
      return code !== undefined;
    };
    // `explain SLUG` (src/cli/quick.ts).
    if (start && argv.length === 2 && argv[0] === 'explain' && (await quickly('quick.cjs', 'quick', (q) => q.runQuick(argv, io))))
      return;
    // `report` as a hook or CI types it (src/cli/quick-report.ts): it may load TypeScript.
    if (start && argv[0] === 'report') {
      start.loadLargeModulesFast(cache);
      if (await quickly('quick-report.cjs', 'report', (q) => q.runQuickReport(argv, io))) return;
    }
    let bundle;
    if (start) {
      start.loadLargeModulesFast(cache);
      const command = argv.find((a) => !a.startsWith('-')) ?? 'help';
      bundle = start.requireBundle(bundlePath, cache, command);
    }
    const { run } = bundle ?? (await import('../dist/cli/main.js'));
    let printed = '';
    // The same io, its stdout also kept (its columns give the CLI the width the entry is kept for).
    const runIo =
      help === undefined || !bundle
        ? io
        : Object.create(io, {
            stdout: {
              value: {
                write: (text) => {
                  printed += text;
                  return io.stdout.write(text);
                },
                // A terminal's (a pipe or a file has none: process.stdout would make a stream for it).
                get columns() {
                  return io.stdout.columns;
                },
              },
            },
          });
    process.exitCode = await run(argv, runIo);
    if (help !== undefined && bundle && process.exitCode === 0 && printed) start.keepHelp(cache, help, printed);
  } catch (error) {
    io.stderr.write(`civic-migrate: internal error (please report it):\n${error?.stack ?? error}\n`);
    process.exitCode = 70;
  }
})();
