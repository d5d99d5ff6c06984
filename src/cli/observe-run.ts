/**
 * `observe`'s command, run: apart from the command's definition, so that other commands (and
 * `--help`) do not load node:child_process.
 */
import { spawn } from 'node:child_process';
import { constants as osConstants } from 'node:os';
import { CivicMigrateError } from '../errors.js';

/** Signals passed on to the command (it stops; then the usage is merged and written). */
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Runs the command to its end: its exit code, or 128 + the signal's number when a signal stopped it. */
export function runCommand(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise<number>((done, failed) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    // The command gets the signal (a terminal sends it to both); this process waits for it to end.
    const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
    const handlers = SIGNALS.map((s) => [s, forward(s)] as const);
    for (const [s, h] of handlers) process.on(s, h);
    child.on('error', (error) => {
      for (const [s, h] of handlers) process.off(s, h);
      failed(new CivicMigrateError(`cannot run ${command}: ${(error as NodeJS.ErrnoException).code ?? error.message}`));
    });
    child.on('exit', (status, signal) => {
      for (const [s, h] of handlers) process.off(s, h);
      done(status ?? 128 + (signal ? (osConstants.signals[signal] ?? 0) : 0));
    });
  });
}
