import { Readable } from 'node:stream';
import { run } from '../../src/cli/main.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with buffered streams. */
export async function runCli(
  args: readonly string[],
  options: { stdin?: string | Buffer; cwd?: string; env?: NodeJS.ProcessEnv; tty?: boolean } = {},
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await run(args, {
    stdout: { write: (s: string) => (stdout += s), isTTY: options.tty ?? false },
    stderr: { write: (s: string) => (stderr += s), isTTY: options.tty ?? false },
    stdin: Readable.from(options.stdin === undefined ? [] : [options.stdin]),
    cwd: options.cwd ?? process.cwd(),
    env: options.env ?? {},
  });
  return { code, stdout, stderr };
}
