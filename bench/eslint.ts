/**
 * The ESLint rule's cost per file on the bundled example (fixtures/example-v1-integration), in a
 * warm ESLint process as an editor keeps one: each TS/JS file of the example linted again and
 * again through ESLint's `Linter` with the plugin's recommended and typescript configs, against the
 * same configs with the rule turned off (what ESLint itself costs on the same parser) in the same
 * run, paired file by file. Each edit in an editor is a new text, so every lint here gets a new
 * text (a comment with a counter appended), which the rule's one-entry cache cannot serve.
 * Also the first lint of a process (loading TypeScript and the table), once.
 *
 *   npx tsx bench/eslint.ts
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const EXAMPLE = join(ROOT, 'fixtures', 'example-v1-integration');
const ROUNDS = Number(process.env.BENCH_RUNS ?? 30);

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx|js|jsx)$/.test(n) ? [p] : [];
  });

const started = performance.now();
const { default: plugin } = await import('../src/eslint/index.js');
const on = [plugin.configs.recommended, plugin.configs.typescript] as Linter.Config[];
const off = [...on, { rules: { 'civic-migrate/no-v1': 'off' } }] as Linter.Config[];
const linter = new Linter({ configType: 'flat', cwd: EXAMPLE });
const sources = files(EXAMPLE).map((path) => ({ path, name: relative(EXAMPLE, path), text: readFileSync(path, 'utf8') }));

const first = sources[0] as (typeof sources)[number];
const t0 = performance.now();
const problems = linter.verify(first.text, on, first.path).length;
const firstMs = performance.now() - t0;

let n = 0;
const lint = (config: Linter.Config[], s: (typeof sources)[number]) => {
  const text = `${s.text}\n// edit ${n++}\n`;
  const t = performance.now();
  linter.verify(text, config, s.path);
  return performance.now() - t;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

process.stdout.write(
  `first lint of the process (${first.name}: loads the plugin's TypeScript and the table): ${firstMs.toFixed(0)} ms, ${problems} problems; plugin import ${(t0 - started).toFixed(0)} ms\n`,
);
let sumOn = 0;
let sumOff = 0;
for (const s of sources) {
  lint(on, s);
  lint(off, s);
  const withRule: number[] = [];
  const without: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    without.push(lint(off, s));
    withRule.push(lint(on, s));
  }
  const a = median(withRule);
  const b = median(without);
  sumOn += a;
  sumOff += b;
  process.stdout.write(
    `${s.name.padEnd(28)} ${String(s.text.length).padStart(6)} chars  ESLint alone ${b.toFixed(2)} ms  with the rule ${a.toFixed(2)} ms  rule ${(a - b).toFixed(2)} ms (${(a / b).toFixed(2)}×)\n`,
  );
}
process.stdout.write(
  `per file, mean over ${sources.length} files: ESLint alone ${(sumOff / sources.length).toFixed(2)} ms, the rule adds ${((sumOn - sumOff) / sources.length).toFixed(2)} ms (${(sumOn / sumOff).toFixed(2)}×); medians of ${ROUNDS} paired lints\n`,
);
