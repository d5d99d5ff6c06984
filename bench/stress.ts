/**
 * Reliability under stress (not part of `npm test`; `npm run bench:stress`):
 *
 * 1. `codemod --write` on a tree of V1 files, stopped at a random moment by SIGINT or SIGKILL,
 *    many times: every file must be either its old or its new text (never torn, never empty), no
 *    temporary file may be left after SIGINT, and a second run must finish the job.
 * 2. Random and mutated payloads into `upgrade`/`downgrade`: the only failure allowed is the typed
 *    `PayloadError`; the input must not be mutated; no prototype pollution.
 *
 * Prints the figures the README's limits section quotes. STRESS_TRIALS / STRESS_PAYLOADS scale it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transformSource } from '../src/codemod/transform.js';
import { loadMappings } from '../src/mapping/load.js';
import { downgrade, PayloadError, syntheticOverrides, syntheticV1Dataset, upgrade } from '../src/payload/index.js';

const ROOT = new URL('..', import.meta.url).pathname;
const BIN = join(ROOT, 'bin', 'civic-migrate.cjs');
const TRIALS = Number(process.env.STRESS_TRIALS ?? 24);
const PAYLOADS = Number(process.env.STRESS_PAYLOADS ?? 5000);
const FILES = 1000;

const V1 = (i: number) =>
  `// file ${i}\nexport const f${i} = (s) => [s.vbm_no_excuse.text, s.vbm_universal.value, s['sdr_election_day']];\n${'// padding\n'.repeat(i % 50)}`;

spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });

// 1. Interrupted writes.
let torn = 0;
let leftovers = 0;
let unfinished = 0;
let interrupted = 0;
const before = Array.from({ length: FILES }, (_, i) => V1(i));
// What each file becomes: the same engine, in process (the codemod is deterministic).
const after = before.map((text, i) => transformSource(text, `f${i}.js`).output);
const started = performance.now();
for (let trial = 0; trial < TRIALS; trial++) {
  const dir = mkdtempSync(join(tmpdir(), 'civic-stress-'));
  mkdirSync(join(dir, 'src'));
  for (const [i, text] of before.entries()) writeFileSync(join(dir, 'src', `f${i}.js`), text);
  const signal = trial % 2 === 0 ? 'SIGINT' : 'SIGKILL';
  const child = spawn(process.execPath, [BIN, 'codemod', 'src', '--write', '--allow-dirty', '--no-project'], {
    cwd: dir,
    stdio: 'ignore',
  });
  const delay = 400 + Math.floor(Math.random() * 1200);
  await new Promise((resolve) => setTimeout(resolve, delay));
  child.kill(signal);
  await new Promise((resolve) => child.on('close', resolve));
  let changed = 0;
  for (let i = 0; i < FILES; i++) {
    const now = readFileSync(join(dir, 'src', `f${i}.js`), 'utf8');
    if (now !== before[i] && now !== after[i]) torn++;
    if (now === after[i] && now !== before[i]) changed++;
  }
  if (changed > 0 && changed < FILES) interrupted++;
  const temps = readdirSync(join(dir, 'src')).filter((n) => n.includes('.civic-migrate-'));
  if (signal === 'SIGINT') leftovers += temps.length;
  for (const t of temps) rmSync(join(dir, 'src', t));
  // A second run finishes the job.
  spawnSync(process.execPath, [BIN, 'codemod', 'src', '--write', '--allow-dirty', '--no-project'], { cwd: dir });
  for (let i = 0; i < FILES; i++) if (readFileSync(join(dir, 'src', `f${i}.js`), 'utf8') !== after[i]) unfinished++;
  rmSync(dir, { recursive: true, force: true });
}
const writeSeconds = (performance.now() - started) / 1000;

// 2. Fuzzed payloads.
const m = loadMappings();
const dataset = syntheticV1Dataset(m);
const overrides = syntheticOverrides(m);
const seeds: unknown[] = [dataset.fields, ...Object.values(dataset.states).slice(0, 5), overrides];
let calls = 0;
let crashes = 0;
let mutations = 0;
const crashSamples: string[] = [];
let seed = 42;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
const junk = () =>
  pick<unknown>([
    null,
    0,
    -1,
    1e308,
    '',
    'True',
    'N/A',
    [],
    {},
    true,
    '\u0000',
    'x'.repeat(1000),
    { __proto__: { polluted: 1 } },
  ]);
function mutate(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) {
    const out = value.map((v) => (random() < 0.05 ? mutate(v, depth + 1) : v));
    if (random() < 0.1) out.splice(Math.floor(random() * (out.length + 1)), 0, junk());
    if (random() < 0.1 && out.length) out.splice(Math.floor(random() * out.length), 1);
    if (random() < 0.05 && out.length) out.push(structuredClone(out[0]));
    return out;
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (random() < 0.05) continue;
      out[random() < 0.02 ? '__proto__' : k] = random() < 0.1 ? (random() < 0.5 ? junk() : mutate(v, depth + 1)) : v;
    }
    if (random() < 0.05) out[pick(['value', 'bool_value', 'footnote', 'options', 'constructor'])] = junk();
    return out;
  }
  return random() < 0.5 ? junk() : value;
}
const fuzzStarted = performance.now();
for (let n = 0; n < PAYLOADS; n++) {
  const input = mutate(pick(seeds));
  const frozen = JSON.stringify(input);
  for (const run of [
    () => upgrade(input as never),
    () => downgrade(input as never),
    () => upgrade(input as never, { strict: true }),
  ]) {
    calls++;
    try {
      run();
    } catch (error) {
      if (!(error instanceof PayloadError)) {
        crashes++;
        if (crashSamples.length < 3)
          crashSamples.push(
            String((error as Error).stack ?? error)
              .split('\n')
              .slice(0, 3)
              .join(' | '),
          );
      }
    }
    if (JSON.stringify(input) !== frozen) mutations++;
  }
}
const polluted = ({} as Record<string, unknown>).polluted !== undefined;
const fuzzSeconds = (performance.now() - fuzzStarted) / 1000;

console.log(
  `interrupted --write: ${TRIALS} trials × ${FILES} files (half SIGINT, half SIGKILL, at 0.4–1.6 s), ${writeSeconds.toFixed(1)} s`,
);
console.log(
  `  runs stopped mid-way: ${interrupted}; torn or empty files: ${torn}; temporary files left after SIGINT: ${leftovers}; files a second run did not finish: ${unfinished}`,
);
console.log(`fuzzed payloads: ${PAYLOADS} inputs, ${calls} calls, ${fuzzSeconds.toFixed(1)} s`);
console.log(`  crashes other than PayloadError: ${crashes}; inputs mutated: ${mutations}; prototype polluted: ${polluted}`);
for (const s of crashSamples) console.log(`  crash: ${s}`);
const ok = torn === 0 && leftovers === 0 && unfinished === 0 && crashes === 0 && mutations === 0 && !polluted;
console.log(ok ? 'PASS' : 'FAIL');
process.exitCode = ok ? 0 : 1;
