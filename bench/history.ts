/**
 * The HTML report and the history (#24), each against its floor in the same run, paired run by run:
 *   - `report --format html` against `report --format json` of the same tree (target ≤ 1.1×);
 *   - `report --history --commits 30` against one `report` of the same tree (target ≤ 3×).
 * The tree is bench/make-tree.ts's (20,000 real JS/TS files by default, `BENCH_FILES` to change),
 * made a git repository of 30 commits: the first holds the tree without its V1 references, each next
 * one adds the V1 references of 1/29 of the files that have them (so usage grows commit by commit).
 * Built once in bench/.work/ and reused.
 *
 *   npx tsx bench/history.ts
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureTree } from './make-tree.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin', 'civic-migrate.cjs');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FILES = Number(process.env.BENCH_FILES ?? 20_000);
const COMMITS = 30;

const tree = await ensureTree(FILES, (line) => process.stderr.write(`${line}\n`));
const repo = join(ROOT, 'bench', '.work', `history-${FILES}`);
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=bench@example.com', '-c', 'user.name=bench', ...args], {
    cwd: repo,
    stdio: 'pipe',
    maxBuffer: 1 << 28,
  });
if (!existsSync(join(repo, '.git', 'bench-done'))) {
  process.stderr.write(`building ${repo} (${COMMITS} commits) …\n`);
  rmSync(repo, { recursive: true, force: true });
  cpSync(tree.root, repo, { recursive: true });
  // The injected V1 references are appended lines: take them out, then put them back commit by commit.
  const injected = tree.injected.map((rel) => {
    const text = readFileSync(join(repo, rel), 'utf8');
    return { rel, text };
  });
  const marker = (text: string) => text.lastIndexOf('\n// Appended by bench/make-tree.ts');
  for (const { rel, text } of injected) {
    const at = marker(text);
    if (at > 0) writeFileSync(join(repo, rel), text.slice(0, at + 1));
  }
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'the tree');
  const per = Math.ceil(injected.length / (COMMITS - 1));
  for (let c = 1; c < COMMITS; c++) {
    for (const { rel, text } of injected.slice((c - 1) * per, c * per)) writeFileSync(join(repo, rel), text);
    git('add', '-A');
    git('commit', '-q', '--allow-empty', '-m', `V1 usage, part ${c}`);
  }
  writeFileSync(join(repo, '.git', 'bench-done'), '');
}

const time = (args: string[]) => {
  const started = performance.now();
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: repo, stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}`);
  return performance.now() - started;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const base = ['report', '--no-config', '--no-gitignore', '--fail-on', 'none'];
const pair = (name: string, a: string[], b: string[], target: number) => {
  time(a);
  time(b);
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    bs.push(time(b));
    as.push(time(a));
  }
  const ratios = as.map((ms, i) => ms / (bs[i] as number));
  const r = median(ratios);
  process.stdout.write(
    `${name}: ${(median(as) / 1000).toFixed(2)} s vs ${(median(bs) / 1000).toFixed(2)} s, ${r.toFixed(2)}× (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}), target ≤ ${target}× ${r <= target ? 'PASS' : 'FAIL'}\n`,
  );
};
process.stdout.write(`tree: ${tree.files} files, ${COMMITS} commits, medians of ${RUNS} pairs\n`);
pair('--format html vs --format json', [...base, '--format', 'html'], [...base, '--format', 'json'], 1.1);
pair(
  `--history --commits ${COMMITS} vs one report`,
  [...base, '--format', 'json', '--history', '--commits', String(COMMITS)],
  [...base, '--format', 'json'],
  3,
);
