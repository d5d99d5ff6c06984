/**
 * Report benchmark: `civic-migrate report` over the trees of `bench/make-tree.ts` (real JS/TS from
 * node_modules, 1% of the `.js` files with V1 references appended), against a plain text search
 * with the same tokens over the same tree, all in this run:
 *   - `grep -rlwF -f TOKENS <tree>` (and `rg -l -w -F -f TOKENS --no-ignore -uu <tree>` when rg is installed),
 *   - `node bin/civic-migrate.cjs report --no-gitignore --format json --fail-on none` in a fresh process
 *     (start-up, table validation, discovery, reading, prefilter, lexing and classifying the candidates).
 *   - the same with `--cache`: its first run of the tree (no entry: it decides, and keeps the
 *     findings), then a run of the unchanged tree (answered from the entry). Both must print the
 *     plain report's JSON.
 *   - TypeScript alone parsing and binding the files with V1 references as one program, in a fresh
 *     process, its load not counted: the floor of any decision of them (the report decides them
 *     with the checker), to read the report's ratios against.
 * TOKENS are the report's own whole-token set (the table's V1 slugs and `long_name`). Runs are
 * interleaved (grep, rg, report, report --cache twice, grep, …) so that load from other processes hits them alike; each
 * figure is the best of `BENCH_RUNS` (default 5), with the median beside it.
 *
 *   npx tsx bench/report.ts              # 20,000 and 60,000 files
 *   npx tsx bench/report.ts 20000        # one tree (100000: the memory target)
 *
 * Targets (#22): ≤ 1.0× grep, ≤ 2× rg; peak memory (GNU time's maximum resident set) ≤ 200 MB at
 * 100,000 files.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadMappings } from '../src/mapping/load.js';
import { createReportRules } from '../src/report/rules.js';
import { ensureTree } from './make-tree.js';
import { typescriptFloor } from './measure.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WORK = join(ROOT, 'bench', '.work');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const sizes = process.argv.slice(2).map(Number);
const BIN = join(ROOT, 'bin', 'civic-migrate.cjs');

/** dist/ must hold the current report code: rebuild when a source file is newer. */
function ensureBuilt(): void {
  const built = join(ROOT, 'dist', 'cli', 'report.js');
  const newest = spawnSync('sh', ['-c', 'find src -name "*.ts" -newer "$1" | head -1', 'sh', built], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (existsSync(built) && newest.stdout.trim() === '') return;
  process.stderr.write('building dist/ …\n');
  spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (!existsSync(built)) throw new Error('npm run build did not produce dist/cli/report.js');
}

const hasRg = spawnSync('sh', ['-c', 'command -v rg']).status === 0;

interface Run {
  readonly ms: number;
  readonly files: number;
}

function timed(command: string, args: string[], cwd: string): { ms: number; stdout: string; status: number | null } {
  const started = performance.now();
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 256 << 20 });
  const ms = performance.now() - started;
  if (r.error) throw r.error;
  return { ms, stdout: r.stdout, status: r.status };
}

function grep(tokens: string, tree: string): Run {
  const r = timed('grep', ['-rlwF', '-f', tokens, '.'], tree);
  if (r.status !== 0 && r.status !== 1) throw new Error(`grep failed (${r.status})`);
  return { ms: r.ms, files: r.stdout.split('\n').filter(Boolean).length };
}

function rg(tokens: string, tree: string): Run {
  const r = timed('rg', ['-l', '-w', '-F', '-f', tokens, '--no-ignore', '-uu', '.'], tree);
  if (r.status !== 0 && r.status !== 1) throw new Error(`rg failed (${r.status})`);
  return { ms: r.ms, files: r.stdout.split('\n').filter(Boolean).length };
}

interface ReportRun extends Run {
  /** Peak resident memory, MB (NaN without GNU time). */
  readonly peakMb: number;
  readonly findings: number;
  readonly candidates: number;
  readonly inProcessMs: number;
  readonly affected: readonly string[];
  /** The JSON report without its timing, to hold the cached runs to the plain one. */
  readonly output: string;
}

/** GNU time, for the report's peak memory (maximum resident set size), where installed. */
const hasTime = existsSync('/usr/bin/time');

/** The report's cache folder for `report --cache` (outside the trees: nothing of it is searched). */
const CACHE = join(WORK, 'report-cache');

function report(tree: string, cache = false): ReportRun {
  const args = [
    BIN,
    'report',
    '--no-gitignore',
    '--format',
    'json',
    '--fail-on',
    'none',
    ...(cache ? ['--cache', '--cache-location', CACHE] : []),
    '.',
  ];
  const started = performance.now();
  const r = hasTime
    ? spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, ...args], { cwd: tree, encoding: 'utf8', maxBuffer: 256 << 20 })
    : spawnSync(process.execPath, args, { cwd: tree, encoding: 'utf8', maxBuffer: 256 << 20 });
  const ms = performance.now() - started;
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`report exited ${r.status}`);
  const peakKb = hasTime ? Number(/(\d+)\s*$/.exec(r.stderr)?.[1] ?? Number.NaN) : Number.NaN;
  const output = r.stdout.replace(/"elapsedMs": \d+/, '');
  const json = JSON.parse(r.stdout) as {
    summary: { findings: number; filesAffected: number };
    files: { searched: number; candidates: number };
    elapsedMs: number;
    findings: { file: string }[];
  };
  return {
    ms,
    peakMb: peakKb / 1024,
    files: json.summary.filesAffected,
    findings: json.summary.findings,
    candidates: json.files.candidates,
    inProcessMs: json.elapsedMs,
    affected: [...new Set(json.findings.map((f) => f.file))],
    output,
  };
}

const best = <T extends Run>(runs: T[]): T => runs.reduce((a, b) => (b.ms < a.ms ? b : a));
const median = (runs: Run[]) => {
  const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

ensureBuilt();
mkdirSync(WORK, { recursive: true });
const tokensFile = join(WORK, 'report-tokens.txt');
const tokens = [...createReportRules(loadMappings()).prefilter.matcher.tokens].sort();
writeFileSync(tokensFile, `${tokens.join('\n')}\n`);

const results: Record<string, unknown>[] = [];
for (const size of sizes.length ? sizes : [20_000, 60_000]) {
  const tree = await ensureTree(size, (line) => process.stderr.write(`${line}\n`));
  // One untimed pass of each so that the page cache is warm for all.
  grep(tokensFile, tree.root);
  report(tree.root);
  const greps: Run[] = [];
  const rgs: Run[] = [];
  const reports: ReportRun[] = [];
  // `--cache`: the first run of a tree (no entry: it decides and keeps), then an unchanged tree (answered from the entry).
  const misses: ReportRun[] = [];
  const hits: ReportRun[] = [];
  const floors: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    greps.push(grep(tokensFile, tree.root));
    if (hasRg) rgs.push(rg(tokensFile, tree.root));
    reports.push(report(tree.root));
    rmSync(CACHE, { recursive: true, force: true });
    misses.push(report(tree.root, true));
    hits.push(report(tree.root, true));
    floors.push(typescriptFloor(tree.root, tree.injected));
  }
  const g = best(greps);
  const r = best(reports);
  const h = best(hits);
  const differs = [...misses, ...hits].filter((x) => x.output !== r.output).length;
  const missing = tree.injected.filter((rel) => !r.affected.includes(rel));
  const ratio = r.ms / g.ms;
  const lines = [
    `tree: ${tree.files} files, ${(tree.bytes / 1e6).toFixed(0)} MB, ${tree.injected.length} with V1 references (${relative(ROOT, tree.root)}), ${tokens.length} tokens`,
    `grep -rlwF -f TOKENS:   ${fmt(g.ms)} (median ${fmt(median(greps))})  ${g.files} files listed`,
    ...(hasRg ? [`rg -lwF -f TOKENS:      ${fmt(best(rgs).ms)} (median ${fmt(median(rgs))})`] : ['rg: not installed']),
    `civic-migrate report:   ${fmt(r.ms)} (median ${fmt(median(reports))})  in-process ${fmt(r.inProcessMs)}; ${Math.round((tree.files / r.ms) * 1000)} files/s; peak memory ${Math.round(Math.max(...reports.map((x) => x.peakMb)))} MB`,
    `  ${r.findings} findings in ${r.files} files; ${r.candidates} candidates after the prefilter; injected files found: ${
      tree.injected.length - missing.length
    }/${tree.injected.length}`,
    `ratio to grep: ${ratio.toFixed(2)}× (median ${(median(reports) / median(greps)).toFixed(2)}×)${
      hasRg ? `; to rg: ${(r.ms / best(rgs).ms).toFixed(2)}×` : ''
    }`,
    `TypeScript alone, parsing and binding the ${tree.injected.length} files with V1 references in a fresh process (its load not counted): ${fmt(
      Math.min(...floors),
    )}, ${(Math.min(...floors) / g.ms).toFixed(2)}× grep${hasRg ? `, ${(Math.min(...floors) / best(rgs).ms).toFixed(2)}× rg` : ''}: the floor of any decision of them`,
    `report --cache, first:  ${fmt(best(misses).ms)} (median ${fmt(median(misses))}); peak memory ${Math.round(Math.max(...misses.map((x) => x.peakMb)))} MB`,
    `report --cache, again:  ${fmt(h.ms)} (median ${fmt(median(hits))}); peak memory ${Math.round(Math.max(...hits.map((x) => x.peakMb)))} MB; ${(h.ms / g.ms).toFixed(2)}× grep${
      hasRg ? `, ${(h.ms / best(rgs).ms).toFixed(2)}× rg` : ''
    }; ${differs === 0 ? 'the same JSON as the plain report' : `${differs} runs gave another JSON than the plain report`}`,
    `targets: ≤ 1.0× grep ${ratio <= 1 ? 'PASS' : 'FAIL'}${hasRg ? `; ≤ 2× rg ${r.ms / best(rgs).ms <= 2 ? 'PASS' : 'FAIL'}` : ''}${
      size >= 100_000 ? `; peak memory ≤ 200 MB ${Math.max(...reports.map((x) => x.peakMb)) <= 200 ? 'PASS' : 'FAIL'}` : ''
    }${missing.length ? `; MISSED ${missing.length} injected files` : ''}`,
    `  with --cache, an unchanged tree: ≤ 1.0× grep ${h.ms <= g.ms ? 'PASS' : 'FAIL'}${hasRg ? `; ≤ 2× rg ${h.ms / best(rgs).ms <= 2 ? 'PASS' : 'FAIL'}` : ''}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n\n`);
  results.push({
    files: tree.files,
    bytes: tree.bytes,
    grepMs: Math.round(g.ms),
    rgMs: hasRg ? Math.round(best(rgs).ms) : null,
    reportMs: Math.round(r.ms),
    reportInProcessMs: r.inProcessMs,
    peakMb: Math.round(Math.max(...reports.map((x) => x.peakMb))),
    ratio: Number(ratio.toFixed(3)),
    findings: r.findings,
    missed: missing.length,
    cacheFirstMs: Math.round(best(misses).ms),
    cacheAgainMs: Math.round(h.ms),
    cacheAgainRatio: Number((h.ms / g.ms).toFixed(3)),
    cacheDiffers: differs,
    typescriptFloorMs: Math.round(Math.min(...floors)),
  });
  if (missing.length || differs) process.exitCode = 1;
}
writeFileSync(
  join(WORK, 'report-bench.json'),
  `${JSON.stringify({ at: new Date().toISOString(), runs: RUNS, results }, null, 2)}\n`,
);
