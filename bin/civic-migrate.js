#!/usr/bin/env node
import { run } from '../dist/cli/main.js';

try {
  const code = await run(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    cwd: process.cwd(),
    env: process.env,
  });
  process.exitCode = code;
} catch (error) {
  process.stderr.write(`civic-migrate: internal error (please report it):\n${error?.stack ?? error}\n`);
  process.exitCode = 70;
}
