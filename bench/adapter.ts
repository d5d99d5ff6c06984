/**
 * Payload adapter benchmark: upgrade and downgrade of the 51-state synthetic dataset, as a ratio to
 * `JSON.parse` of the same bytes, measured in the same process. Run: `npx tsx bench/adapter.ts`.
 * Bar (issue #10): each ratio at most 1.5 (the adapter costs at most half again the parse of the JSON it works on).
 *
 * The machine may be shared: each round measures the baseline and the adapter back to back, and the
 * median ratio over the rounds is reported. BENCH_ROUNDS (default 9) and BENCH_MS (per measure, default 400).
 * BENCH_DIST=1 measures the compiled package (`npm run build` first) instead of the sources run by tsx.
 */
import { existsSync } from 'node:fs';

const from = process.env.BENCH_DIST ? '../dist' : '../src';
if (from === '../dist' && !existsSync(new URL('../dist/payload/index.js', import.meta.url))) {
  console.error('bench/adapter.ts: BENCH_DIST=1 measures the compiled package: run `npm run build` first');
  process.exit(2);
}
const { loadMappings } = (await import(`${from}/mapping/load.js`)) as typeof import('../src/mapping/load.js');
const { downgrade, syntheticOverrides, syntheticV1Dataset, upgrade } = (await import(
  `${from}/payload/index.js`
)) as typeof import('../src/payload/index.js');

const mappings = loadMappings();
const dataset = syntheticV1Dataset(mappings);
const overrides = syntheticOverrides(mappings);
const v1States = Object.values(dataset.states);
const v2States = v1States.map((s) => upgrade(s, { kind: 'state', mappings, fields: dataset.fields, overrides }).value);
const v2Fields = upgrade(dataset.fields, { kind: 'fields', mappings }).value;
const v1Text = v1States.map((s) => JSON.stringify(s));
const v2Text = v2States.map((s) => JSON.stringify(s));
const v1FieldsText = JSON.stringify(dataset.fields);
const v2FieldsText = JSON.stringify(v2Fields);

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const MS = Number(process.env.BENCH_MS ?? 400);
let sink = 0;

/** Mean milliseconds per call of `fn` over at least `MS` (after a warm-up). */
function measure(fn: () => number): number {
  for (let i = 0; i < 20; i++) sink += fn();
  let runs = 0;
  const start = performance.now();
  let now = start;
  while (now - start < MS) {
    sink += fn();
    runs++;
    now = performance.now();
  }
  return (now - start) / runs;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

interface Case {
  label: string;
  bytes: number;
  baseline: () => number;
  adapter: () => number;
}

const parseAll = (texts: string[]) => () => {
  let n = 0;
  for (const t of texts) n += (JSON.parse(t) as { state_information: unknown[] }).state_information.length;
  return n;
};
const bytes = (texts: string[]) => texts.reduce((n, t) => n + Buffer.byteLength(t), 0);

const cases: Case[] = [
  {
    label: 'upgrade 51 V1 states (field list, overrides)',
    bytes: bytes(v1Text),
    baseline: parseAll(v1Text),
    adapter: () => {
      let n = 0;
      for (const s of v1States)
        n += upgrade(s, { kind: 'state', mappings, fields: dataset.fields, overrides }).value.state_information.length;
      return n;
    },
  },
  {
    label: 'upgrade 51 V1 states (kind detected, no options)',
    bytes: bytes(v1Text),
    baseline: parseAll(v1Text),
    adapter: () => {
      let n = 0;
      for (const s of v1States) n += upgrade(s, { mappings }).diagnostics.length;
      return n;
    },
  },
  {
    label: 'downgrade 51 V2 states (field list, overrides)',
    bytes: bytes(v2Text),
    baseline: parseAll(v2Text),
    adapter: () => {
      let n = 0;
      for (const s of v2States)
        n += downgrade(s, { kind: 'state', mappings, fields: v2Fields, overrides }).value.state_information.length;
      return n;
    },
  },
  {
    label: 'upgrade the V1 field list',
    bytes: Buffer.byteLength(v1FieldsText),
    baseline: () => (JSON.parse(v1FieldsText) as unknown[]).length,
    adapter: () => upgrade(dataset.fields, { kind: 'fields', mappings }).value.length,
  },
  {
    label: 'downgrade the V2 field list',
    bytes: Buffer.byteLength(v2FieldsText),
    baseline: () => (JSON.parse(v2FieldsText) as unknown[]).length,
    adapter: () => downgrade(v2Fields, { kind: 'fields', mappings }).value.length,
  },
];

console.log(
  `civic-migrate payload adapter (${from}): 51 states × ${v1States[0]?.state_information.length} V1 fields; V1 ${(bytes(v1Text) / 1e6).toFixed(2)} MB, V2 ${(bytes(v2Text) / 1e6).toFixed(2)} MB; node ${process.version}; ${ROUNDS} rounds × ${MS} ms`,
);
console.log(
  `${'case'.padEnd(50)} ${'JSON.parse'.padStart(11)} ${'adapter'.padStart(11)} ${'ops/s'.padStart(8)} ${'ratio'.padStart(6)}`,
);
for (const c of cases) {
  const base: number[] = [];
  const adapt: number[] = [];
  const ratios: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const b = measure(c.baseline);
    const a = measure(c.adapter);
    base.push(b);
    adapt.push(a);
    ratios.push(a / b);
  }
  const a = median(adapt);
  console.log(
    `${c.label.padEnd(50)} ${`${median(base).toFixed(3)} ms`.padStart(11)} ${`${a.toFixed(3)} ms`.padStart(11)} ${(1000 / a).toFixed(0).padStart(8)} ${median(ratios).toFixed(2).padStart(6)}`,
  );
}
if (sink === -1) console.log(sink);
