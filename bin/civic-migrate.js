#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import { cacheDir, loadLargeModulesFast, requireBundle } from '../dist/cli/code-cache.js';

const argv = process.argv.slice(2);
const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, cwd: process.cwd(), env: process.env };
try {
  // The CLI in one file (dist/cli/bundle.cjs) with V8's code cache (src/cli/code-cache.ts); the
  // modules of dist/ when the bundle is not there.
  const cache = cacheDir(process.env);
  loadLargeModulesFast(cache);
  const command = argv.find((a) => !a.startsWith('-')) ?? 'help';
  const bundle = requireBundle(fileURLToPath(new URL('../dist/cli/bundle.cjs', import.meta.url)), cache, command);
  const { run } = bundle ?? (await import('../dist/cli/main.js'));
  process.exitCode = await run(argv, io);
} catch (error) {
  process.stderr.write(`civic-migrate: internal error (please report it):\n${error?.stack ?? error}\n`);
  process.exitCode = 70;
}
