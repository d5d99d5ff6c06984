import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How much the heap may grow between two collections of a `collector` (bytes). */
const HEAP_SLACK = 64 * 1024 * 1024;

/**
 * Full collections on request, for a run that lets go of much at once (a group's program once it
 * is decided, the syntax trees parsed before the program turned out to need groups): `collect()`
 * collects whenever the heap has grown by `HEAP_SLACK` since the last one, `collect(true)` now.
 * What such a run lets go of lived through many minor collections, so it waits in the old
 * generation, which V8 lets grow to about twice what is live: deciding in groups would then hold as
 * much as one program does. V8 collects on request only with `--expose-gc`; the flag is set long
 * enough to take the function (as the `expose-gc` package does) and set back, so that the code
 * cache's flags stay the run's. Without it (a V8 that refuses the flag), nothing is collected early.
 */
export function collector(): (now?: boolean) => void {
  let gc: (() => void) | undefined;
  try {
    v8.setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  } catch {
    gc = undefined;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
  let base = v8.getHeapStatistics().used_heap_size;
  return (now = false) => {
    if (!gc || (!now && v8.getHeapStatistics().used_heap_size - base < HEAP_SLACK)) return;
    gc();
    base = v8.getHeapStatistics().used_heap_size;
  };
}

/** How many runs of this process hold `savingMemory` now. */
let holders = 0;

/** Whether a run holds `savingMemory` now (for tests: every run lets go of it by its end). */
export const savingMemoryHeld = (): boolean => holders > 0;

/**
 * V8 keeps its heap small (`--optimize-for-size`: the old generation grows by a smaller factor
 * between collections) until the returned function is called (once; later calls do nothing). For
 * a run with a large program, from the moment its candidates pass the size that makes it large to
 * its last file: measured on the 100,000-file report, peak memory 262–268 → 216–221 MB, for about
 * 5% more time. The flag is the process's: it is set when the first of several runs at once takes
 * it and set back when the last lets go. A process started with the flag keeps it.
 */
export function savingMemory(): () => void {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) =>
    /^--optimize[-_]for[-_]size$/.test(a),
  );
  if (holders++ === 0 && !given) v8.setFlagsFromString('--optimize-for-size');
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    if (--holders === 0 && !given) v8.setFlagsFromString('--no-optimize-for-size');
  };
}
