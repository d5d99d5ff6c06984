/**
 * Writing a recording to its usage file, on an interval and at exit: what runs inside the observed
 * app (no zod, no table), so it costs the app next to nothing. A crash loses at most an interval,
 * and a reader never sees half a file.
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import type { Recorder, Usage } from './recorder.js';

/**
 * Writes a usage file atomically and synchronously (it runs at exit too): a temporary file beside
 * it, renamed over it.
 */
export function writeUsageFile(file: string, usage: Usage): void {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, `${JSON.stringify(usage, null, 2)}\n`);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/**
 * Keeps a recorder's usage in `file`: every `intervalMs` (the timer does not keep the process alive)
 * and at exit, once anything was recorded. Returns a function that writes now and stops.
 */
export function flushUsage(recorder: Recorder, file: string, intervalMs = 10_000, extra: { command?: string } = {}): () => void {
  const write = () => {
    if (!recorder.used) return;
    const usage = { ...recorder.snapshot(), pid: process.pid, ...(extra.command ? { command: extra.command } : {}) };
    try {
      writeUsageFile(file, usage);
    } catch {
      // The app must not fail because of its recording: a later flush tries again.
    }
  };
  const timer = setInterval(write, intervalMs);
  timer.unref();
  process.on('exit', write);
  return () => {
    clearInterval(timer);
    process.off('exit', write);
    write();
  };
}
