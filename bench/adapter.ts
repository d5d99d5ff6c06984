/**
 * Payload adapter benchmark: upgrade and downgrade of the 51-state synthetic dataset, as a ratio to
 * `JSON.parse` of the same bytes, measured in the same process. Run: `npx tsx bench/adapter.ts`.
 * Goal: each ratio below 1 (the adapter costs less than parsing the JSON it works on).
 */
import { loadMappings } from '../src/mapping/load.js';
import { downgrade, syntheticOverrides, syntheticV1Dataset, upgrade } from '../src/payload/index.js';

const mappings = loadMappings();
const dataset = syntheticV1Dataset(mappings);
const overrides = syntheticOverrides(mappings);
const v1States = Object.values(dataset.states);
const v2States = v1States.map((s) => upgrade(s, { kind: 'state', mappings, fields: dataset.fields, overrides }).value);
const v2Fields = upgrade(dataset.fields, { kind: 'fields', mappings }).value;
const v1Text = v1States.map((s) => JSON.stringify(s));
const v2Text = v2States.map((s) => JSON.stringify(s));

/** Mean milliseconds per call of `fn`, after warm-up, over at least `minMs`. */
function measure(fn: () => void, minMs = Number(process.env.BENCH_MS ?? 2000)): number {
  for (let i = 0; i < 30; i++) fn();
  let runs = 0;
  const start = performance.now();
  let now = start;
  while (now - start < minMs) {
    fn();
    runs++;
    now = performance.now();
  }
  return (now - start) / runs;
}

let sink = 0;
const parseV1 = measure(() => {
  for (const t of v1Text) sink += (JSON.parse(t) as { state_information: unknown[] }).state_information.length;
});
const upgradeV1 = measure(() => {
  for (const s of v1States) sink += upgrade(s, { kind: 'state', mappings, fields: dataset.fields, overrides }).value.state_information.length;
});
const parseV2 = measure(() => {
  for (const t of v2Text) sink += (JSON.parse(t) as { state_information: unknown[] }).state_information.length;
});
const downgradeV2 = measure(() => {
  for (const s of v2States) sink += downgrade(s, { kind: 'state', mappings, fields: v2Fields, overrides }).value.state_information.length;
});
const detectUpgrade = measure(() => {
  for (const s of v1States) sink += upgrade(s, { mappings, overrides }).value.kind === undefined ? 0 : 1;
});

const bytes = (texts: string[]) => texts.reduce((n, t) => n + Buffer.byteLength(t), 0);
const row = (label: string, ms: number, base: number, size: number) =>
  `${label.padEnd(38)} ${ms.toFixed(2).padStart(8)} ms  ${(1000 / ms).toFixed(0).padStart(6)} datasets/s  ${((size / 1e6 / ms) * 1000).toFixed(0).padStart(5)} MB/s  ratio ${(ms / base).toFixed(2)}`;
const v1Bytes = bytes(v1Text);
const v2Bytes = bytes(v2Text);
console.log(`51 states, ${v1States[0]?.state_information.length} V1 fields each: V1 ${(v1Bytes / 1e6).toFixed(2)} MB, V2 ${(v2Bytes / 1e6).toFixed(2)} MB (node ${process.version})`);
console.log(row('JSON.parse V1 bytes (baseline)', parseV1, parseV1, v1Bytes));
console.log(row('upgrade 51 states (with field list)', upgradeV1, parseV1, v1Bytes));
console.log(row('upgrade 51 states (kind detected)', detectUpgrade, parseV1, v1Bytes));
console.log(row('JSON.parse V2 bytes (baseline)', parseV2, parseV2, v2Bytes));
console.log(row('downgrade 51 states (with field list)', downgradeV2, parseV2, v2Bytes));
if (sink === -1) console.log(sink);
