import { Readable } from 'node:stream';
import { run, runParsed } from '../../src/cli/main.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with buffered streams (`parsed`: always through yargs, never a quick path). */
export async function runCli(
  args: readonly string[],
  options: { stdin?: string | Buffer; cwd?: string; env?: NodeJS.ProcessEnv; tty?: boolean; parsed?: boolean } = {},
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await (options.parsed ? runParsed : run)(args, {
    stdout: { write: (s: string) => (stdout += s), isTTY: options.tty ?? false },
    stderr: { write: (s: string) => (stderr += s), isTTY: options.tty ?? false },
    stdin: Readable.from(options.stdin === undefined ? [] : [options.stdin]),
    cwd: options.cwd ?? process.cwd(),
    env: options.env ?? {},
  });
  return { code, stdout, stderr };
}
