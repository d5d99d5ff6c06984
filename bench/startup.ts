/**
 * Start-up and fixed cost: the commands people type by hand and the report's smallest calls, each
 * against `node -e 0` in the same run. Runs are paired (floor, command, floor, command, …) so that
 * load from other processes hits both alike; each figure is the median of `BENCH_RUNS` (default 9)
 * pairs, with the ratio of each pair's times, its median and range.
 *
 *   npx tsx bench/startup.ts
 *
 * The code cache (src/cli/code-cache.ts) lives in a directory of this run; a warm-up run fills it,
 * as a person's first run would. "cold" rows turn it off, to show what it saves.
 * Targets (issue: fast at every size): `--help`, `--version`, `explain` ≤ 1.5×; report of a tree
 * without a TS/JS candidate ≤ 1.5×, of a one-file tree with a TS candidate ≤ 3×.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'civic-migrate.cjs');
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const EXAMPLE = join(ROOT, 'fixtures', 'example-v1-integration');

const work = mkdtempSync(join(tmpdir(), 'civic-startup-'));
const cache = join(work, 'cache');
const tree = (name: string, files: Record<string, string>) => {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
};
const empty = tree('empty', {});
const py = tree('py', { 'sync.py': 'def f(state):\n    return state["vbm_no_excuse"]\n' });
const ts = tree('ts', { 'a.ts': 'export const early = (s: { vbm_no_excuse: boolean }) => s.vbm_no_excuse;\n' });

interface Case {
  readonly name: string;
  readonly args: string[];
  readonly cwd?: string;
  readonly cold?: true;
  readonly target?: number;
}

const report = ['report', '--no-config', '--fail-on', 'none'];
const cases: Case[] = [
  { name: '--version', args: ['--version'], target: 1.5 },
  { name: '--help', args: ['--help'], target: 1.5 },
  { name: 'explain vbm_no_excuse', args: ['explain', 'vbm_no_excuse'], target: 1.5 },
  { name: 'explain vbm_no_excuse (cold)', args: ['explain', 'vbm_no_excuse'], cold: true },
  { name: 'report: empty tree', args: [...report, empty], target: 1.5 },
  { name: 'report: one .py file', args: [...report, py], target: 1.5 },
  { name: 'report: one .ts file, one V1 slug', args: [...report, ts], target: 3 },
  { name: 'report: one .ts file (cold)', args: [...report, ts], cold: true },
  {
    name: 'report: three named files (pre-commit)',
    args: [...report, 'src/api.ts', 'src/render.js', 'README.md'],
    cwd: EXAMPLE,
  },
];

const time = (args: string[], cwd: string, env: NodeJS.ProcessEnv): number => {
  const started = performance.now();
  const r = spawnSync(process.execPath, args, { cwd, env, stdio: 'ignore' });
  const ms = performance.now() - started;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(' ')} exited ${r.status}`);
  return ms;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const rows: string[] = [];
try {
  for (const c of cases) {
    const env = { ...process.env, CIVIC_MIGRATE_CACHE_DIR: c.cold ? 'off' : cache };
    const cwd = c.cwd ?? ROOT;
    time([BIN, ...c.args], cwd, env); // warm-up: page cache, and the code cache's first run
    const floors: number[] = [];
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      floors.push(time(['-e', '0'], cwd, env));
      runs.push(time([BIN, ...c.args], cwd, env));
    }
    const ratios = runs.map((ms, i) => ms / (floors[i] as number));
    const r = median(ratios);
    const verdict = c.target === undefined ? '' : r <= c.target ? `  ≤ ${c.target}× PASS` : `  ≤ ${c.target}× FAIL`;
    rows.push(
      `${c.name.padEnd(42)} ${median(runs).toFixed(0).padStart(5)} ms  node -e 0 ${median(floors).toFixed(0).padStart(4)} ms  ${r.toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})${verdict}`,
    );
    process.stdout.write(`${rows.at(-1)}\n`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
