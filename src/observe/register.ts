/**
 * Loaded into every Node process `civic-migrate observe` runs (`--import` in NODE_OPTIONS, so child
 * Node processes load it too): the process gets a recorder that `downgrade`, the client's cutover
 * shims and V1 clients of any copy of civic-migrate record into, flushed to
 * `$CIVIC_MIGRATE_OBSERVE_DIR/usage-<pid>.json` on an interval and at exit, once anything was
 * recorded. It changes nothing else in the process.
 */
import { join } from 'node:path';
import { flushUsage } from './flush.js';
import { activeRecorder, createRecorder, setActiveRecorder } from './recorder.js';

const dir = process.env.CIVIC_MIGRATE_OBSERVE_DIR;
if (dir && !activeRecorder()) {
  const whole = (name: string) => {
    const n = Number(process.env[name]);
    return process.env[name] && Number.isSafeInteger(n) ? n : undefined;
  };
  const first = whole('CIVIC_MIGRATE_OBSERVE_WATCH_FIRST');
  const every = whole('CIVIC_MIGRATE_OBSERVE_WATCH_EVERY');
  const recorder = createRecorder({
    sample: process.env.CIVIC_MIGRATE_OBSERVE_SAMPLE === '1',
    ...(first !== undefined && first >= 0 ? { watchFirst: first } : {}),
    ...(every !== undefined && every >= 1 ? { watchEvery: every } : {}),
  });
  setActiveRecorder(recorder);
  const interval = Number(process.env.CIVIC_MIGRATE_OBSERVE_INTERVAL_MS);
  flushUsage(recorder, join(dir, `usage-${process.pid}.json`), interval > 0 ? interval : 10_000, {
    command: process.argv.slice(1).join(' '),
  });
}
