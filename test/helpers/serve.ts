import type { ChildProcessWithoutNullStreams } from 'node:child_process';

/** A `serve` process that printed its banner: what it wrote so far, and its exit. */
export interface Served {
  child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  exit: Promise<number | null>;
}

/** Collects a `serve` process's output and resolves once its banner is out (rejects if it exits first). */
export async function untilBanner(child: ChildProcessWithoutNullStreams): Promise<Served> {
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => out.includes('Ctrl+C stops it.\n') && resolve());
    exit.then((code) => reject(new Error(`serve exited with ${code} before its banner: ${err}`)));
  });
  return { child, stdout: () => out, stderr: () => err, exit };
}
