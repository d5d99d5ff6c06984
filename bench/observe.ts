/**
 * Observed usage benchmark (#23): what the recorder costs an app. The app's loop: downgrade each of
 * the reference server's 51 synthetic V2 state records (with the V2 field list), then read every
 * field of every item (`text`, `value` where present, `modified_at`). Run: `npx tsx bench/observe.ts`.
 *
 *   (a) off:  `downgrade(…, { recorder: false })`
 *   (b) on:   `downgrade(…, { recorder })`, a recorder made once with the defaults (counts accumulate,
 *       as in an app): every payload watched up to the first 200, then one in 16
 *   (c) none: no `recorder` option and no active recorder (what every app not run under `observe` pays)
 *   (f) all:  as (b), with `watchEvery: 1`: every payload watched
 *   (d), (e): the app's loop alone, over the 51 states handed to it once (downgraded once, off / on,
 *       all watched): what reading through the recorder's accessors costs, apart from handing the data over
 *
 * Target: on ≤ 1.5× off (b/a); off costs nothing measurable (c/a within the noise, ≈ 1.00). f/a and
 * e/d are what watching a payload costs, for the README (a watched payload costs about 4–6× an
 * unwatched one: V8 defines 4–5 own properties per item, and a counting read is ~25 ns against ~8 ns).
 *
 * The machine may be shared: each round measures every case back to back in a rotating order and
 * the ratios are taken within the round; medians and the spread (min–max over rounds) are printed,
 * of the process's CPU time per loop (steadier than wall time when other jobs run; wall time is
 * printed too).
 * BENCH_ROUNDS (default 15) and BENCH_MS (per measure, default 300). BENCH_SAMPLE=1 makes (b) sample
 * call sites too.
 */
const { loadMappings } = await import('../src/mapping/load.js');
const { downgrade } = await import('../src/payload/index.js');
const { syntheticDataset } = await import('../src/server/dataset.js');
const { activeRecorder, createRecorder } = await import('../src/observe/index.js');

if (activeRecorder()) {
  console.error('bench/observe.ts: a recorder is active in this process (run under `civic-migrate observe`?): (c) would record');
  process.exit(2);
}

const mappings = loadMappings();
const dataset = syntheticDataset(mappings);
const states = [...dataset.v2.states.values()];
const fields = dataset.v2.fields;
const recorder = createRecorder({ sample: process.env.BENCH_SAMPLE === '1' });
const everyPayload = createRecorder({ sample: process.env.BENCH_SAMPLE === '1', watchEvery: 1 });

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const MS = Number(process.env.BENCH_MS ?? 300);
let sink = 0;

type Item = { text: string; value?: boolean; modified_at?: string };

/** The app: downgrade every state, read every field of every item. */
const app = (options: { recorder?: false | typeof recorder }) => () => {
  let n = 0;
  for (const s of states) {
    const record = downgrade(s, { kind: 'state', mappings, fields, ...options }).value;
    for (const item of record.state_information as Item[]) {
      n += item.text.length;
      if ('value' in item && item.value) n++;
      n += item.modified_at?.length ?? 0;
    }
  }
  return n;
};

/** The app's loop over states already handed to it (downgraded once): read every field of every item. */
const reader = (options: { recorder?: false | typeof recorder }) => {
  const handed = states.map((s) => downgrade(s, { kind: 'state', mappings, fields, ...options }).value);
  return () => {
    let n = 0;
    for (const record of handed) {
      for (const item of record.state_information as Item[]) {
        n += item.text.length;
        if ('value' in item && item.value) n++;
        n += item.modified_at?.length ?? 0;
      }
    }
    return n;
  };
};
const cases = {
  off: app({ recorder: false }),
  on: app({ recorder }),
  none: app({}),
  all: app({ recorder: everyPayload }),
  readOff: reader({ recorder: false }),
  readOn: reader({ recorder }),
};
type Name = keyof typeof cases;

/** CPU milliseconds (user + system) of this process. */
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Mean milliseconds per call of `fn` over at least `MS` of CPU time (after a warm-up), CPU time and
 * wall time: on a shared machine the process's CPU time is the steadier measure.
 */
function measure(fn: () => number): { cpu: number; wall: number } {
  for (let i = 0; i < 3; i++) sink += fn();
  let runs = 0;
  const start = cpu();
  const wall = performance.now();
  let now = start;
  while (now - start < MS) {
    sink += fn();
    runs++;
    now = cpu();
  }
  return { cpu: (now - start) / runs, wall: (performance.now() - wall) / runs };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const spread = (xs: number[]) => `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}`;

const items = states.reduce((n, s) => n + s.state_information.length, 0);
console.log(
  `civic-migrate observe: downgrade 51 V2 states (${items} items) and read every field; node ${process.version}; ${ROUNDS} rounds × ${MS} ms, interleaved`,
);
const times: Record<Name, number[]> = { off: [], on: [], none: [], all: [], readOff: [], readOn: [] };
const walls: Record<Name, number[]> = { off: [], on: [], none: [], all: [], readOff: [], readOn: [] };
const onOff: number[] = [];
const noneOff: number[] = [];
const readOnOff: number[] = [];
const allOff: number[] = [];
const names: Name[] = ['off', 'on', 'none', 'readOff', 'readOn', 'all'];
for (let r = 0; r < ROUNDS; r++) {
  const t = {} as Record<Name, number>;
  for (let k = 0; k < names.length; k++) {
    const name = names[(r + k) % names.length] as Name;
    const m = measure(cases[name]);
    t[name] = m.cpu;
    times[name].push(m.cpu);
    walls[name].push(m.wall);
  }
  onOff.push(t.on / t.off);
  noneOff.push(t.none / t.off);
  readOnOff.push(t.readOn / t.readOff);
  allOff.push(t.all / t.off);
}
for (const name of names) {
  console.log(
    `  (${'abcdef'[names.indexOf(name)]}) ${name.padEnd(7)} median ${median(times[name]).toFixed(3)} ms CPU per loop (spread ${spread(times[name])} ms; wall median ${median(walls[name]).toFixed(3)} ms)`,
  );
}
const usage = recorder.snapshot();
const reads = Object.values(usage.items).reduce((n, p) => n + Object.values(p).reduce((a, b) => a + b, 0), 0);
console.log(`  b/a (on/off)   median ${median(onOff).toFixed(2)}× (spread ${spread(onOff)})   target ≤ 1.50`);
console.log(`  c/a (none/off) median ${median(noneOff).toFixed(2)}× (spread ${spread(noneOff)})   target ≈ 1.00`);
console.log(`  f/a (every payload watched/off) median ${median(allOff).toFixed(2)}× (spread ${spread(allOff)})`);
console.log(`  e/d (reading watched data, on/off) median ${median(readOnOff).toFixed(2)}× (spread ${spread(readOnOff)})`);
const { handed, watched } = usage.payloads?.state ?? { handed: 0, watched: 0 };
console.log(
  `  (the recorder of (b) watched ${watched} of ${handed} state records and counted ${reads} reads of ${Object.keys(usage.items).length} slugs)`,
);
if (sink === -1) console.log(sink);
