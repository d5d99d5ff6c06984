/**
 * Codemod benchmark: the dry run over the big trees of `bench/make-tree.ts` (20,000 and 50,000 real
 * JS/TS files from node_modules, 1% of the `.js` files with V1 references appended), against the
 * floor of reading every file, all measured in this run:
 *   - `find <tree> -type f -exec cat {} + >/dev/null` (the shell floor),
 *   - the same file listing plus `readFileSync` of every file in one Node process (the in-process floor),
 *   - the codemod's dry run (discovery, prefilter, parse of the candidates, diff to /dev/null) in a fresh process;
 *   - the same with `--cache`: its first run of the tree (no entry: it decides and keeps the decisions),
 *     then a run of the unchanged tree (the kept decisions). Both must show the plain run's diff;
 *   - TypeScript alone parsing and binding the files with V1 references as one program (`typescriptFloor`).
 * Each figure is the best of `BENCH_RUNS` (default 3) runs, so the page cache is warm for all. On a
 * shared machine the CPU-time ratio (user + system) is steadier than the wall-clock one.
 *
 *   npx tsx bench/codemod.ts           # both trees
 *   npx tsx bench/codemod.ts 20000     # one tree
 *
 * Targets: dry run within 5× the in-process floor; 50,000 files under 10 s; peak RSS under 300 MB.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureTree } from './make-tree.js';
import { typescriptFloor } from './measure.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const sizes = process.argv.slice(2).map(Number);

interface Measure {
  ms: number;
  cpuMs: number;
  maxRssMB: number;
  [key: string]: number | string;
}

/**
 * The child runs as compiled JavaScript on plain Node, as users run the CLI (tsx would add its own
 * ~50 MB and transpile time): the sources are compiled once into bench/.work/dist.
 */
function compileChild(): string[] {
  const work = join(ROOT, 'bench', '.work');
  mkdirSync(work, { recursive: true });
  const config = {
    extends: '../../tsconfig.json',
    compilerOptions: { rootDir: '../..', outDir: 'dist', noEmit: false, declaration: false, sourceMap: false },
    include: ['../../src', '../codemod-child.ts'],
  };
  writeFileSync(join(work, 'tsconfig.bench.json'), JSON.stringify(config));
  // Type errors elsewhere in a work tree do not stop the emit; the bench only needs the output.
  spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(work, 'tsconfig.bench.json')], {
    stdio: 'ignore',
  });
  const compiled = join(work, 'dist', 'bench', 'codemod-child.js');
  if (existsSync(compiled)) return [compiled];
  process.stderr.write('bench: could not compile the child, running it through tsx\n');
  return ['--import', 'tsx', 'bench/codemod-child.ts'];
}
const CHILD = compileChild();

/** The cache folder of the cached runs (outside the trees). */
const CACHE = join(ROOT, 'bench', '.work', 'codemod-cache');

function child(mode: 'floor' | 'codemod' | 'cached', tree: string): Measure {
  const r = spawnSync(process.execPath, [...CHILD, mode, tree, ...(mode === 'cached' ? [CACHE] : [])], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (r.status !== 0) throw new Error(`codemod-child ${mode} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1) as string) as Measure;
}

function shellCat(tree: string): number {
  const started = performance.now();
  const r = spawnSync('sh', ['-c', 'find "$1" -type f -exec cat {} + >/dev/null', 'sh', tree]);
  if (r.status !== 0) throw new Error(`find/cat failed: ${r.stderr}`);
  return performance.now() - started;
}

const best = <T extends { ms: number }>(runs: T[]): T => runs.reduce((a, b) => (b.ms < a.ms ? b : a));
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

for (const size of sizes.length ? sizes : [20_000, 50_000]) {
  const tree = await ensureTree(size, (line) => process.stderr.write(`${line}\n`));
  const cat: number[] = [];
  const floors: Measure[] = [];
  const codemods: Measure[] = [];
  const firsts: Measure[] = [];
  const agains: Measure[] = [];
  const typescript: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    cat.push(shellCat(tree.root));
    floors.push(child('floor', tree.root));
    codemods.push(child('codemod', tree.root));
    rmSync(CACHE, { recursive: true, force: true });
    firsts.push(child('cached', tree.root));
    agains.push(child('cached', tree.root));
    typescript.push(typescriptFloor(tree.root, tree.injected));
  }
  const again = best(agains);
  const differs = [...firsts, ...agains].filter((c) => c.diff !== codemods[0]?.diff || c.edits !== codemods[0]?.edits).length;
  const shell = Math.min(...cat);
  const floor = best(floors);
  const codemod = best(codemods);
  const peak = Math.max(...codemods.map((c) => c.maxRssMB));
  // Both runs must see the whole tree, or the ratio compares different work.
  if (codemod.files !== tree.files || floor.files !== tree.files) {
    throw new Error(`the runs saw ${codemod.files} (codemod) and ${floor.files} (floor) files of the tree's ${tree.files}`);
  }
  const ratio = codemod.ms / floor.ms;
  const cpuRatio = Math.min(...codemods.map((c) => c.cpuMs)) / Math.min(...floors.map((f) => f.cpuMs));
  const mb = tree.bytes / 1e6;
  const rate = (ms: number) => `${Math.round((tree.files / ms) * 1000)} files/s, ${((mb / ms) * 1000).toFixed(0)} MB/s`;
  const lines = [
    `tree: ${tree.files} files, ${mb.toFixed(0)} MB, ${tree.injected.length} with V1 references (${tree.root})`,
    `find | cat (shell):           ${fmt(shell)}`,
    `list + read (in-process):     ${fmt(floor.ms)}  = ${rate(floor.ms)} (list ${fmt(Number(floor.listMs))}, read ${fmt(Number(floor.readMs))}, peak RSS ${floor.maxRssMB.toFixed(0)} MB)`,
    `codemod dry run:              ${fmt(codemod.ms)}  = ${rate(codemod.ms)} over ${codemod.files} files, ${(Number(floor.bytes) / 1e6).toFixed(0)} MB; peak RSS ${peak.toFixed(0)} MB`,
    `  ${codemod.changed} files would change, ${codemod.parsed} parsed, ${codemod.edits} edits, ${codemod.markers} markers, ${codemod.errors} errors, diff ${(Number(codemod.diffBytes) / 1024).toFixed(0)} KiB`,
    `ratio to the in-process floor: ${ratio.toFixed(2)}× wall, ${cpuRatio.toFixed(2)}× CPU  (to find|cat: ${(codemod.ms / shell).toFixed(2)}×)`,
    `TypeScript alone:             ${fmt(Math.min(...typescript))}  (${(Math.min(...typescript) / shell).toFixed(2)}× find|cat): parsing and binding the ${tree.injected.length} files with V1 references in a fresh process, its load not counted, the floor of any decision of them`,
    `codemod --cache, first run:   ${fmt(best(firsts).ms)}; peak RSS ${Math.max(...firsts.map((c) => c.maxRssMB)).toFixed(0)} MB`,
    `codemod --cache, again:       ${fmt(again.ms)}  (${(again.ms / shell).toFixed(2)}× find|cat, ${(again.ms / floor.ms).toFixed(2)}× the in-process floor); peak RSS ${Math.max(...agains.map((c) => c.maxRssMB)).toFixed(0)} MB; ${
      differs === 0 ? 'the same diff as the plain run' : `${differs} runs showed another diff than the plain run`
    }`,
    `targets: ratio ≤ 5× ${ratio <= 5 ? 'PASS' : 'FAIL'}; peak RSS < 300 MB ${peak < 300 ? 'PASS' : 'FAIL'}${
      size >= 50_000 ? `; 50,000 files < 10 s ${codemod.ms < 10_000 ? 'PASS' : 'FAIL'}` : ''
    }; ≤ 1.2× find|cat: plain ${codemod.ms <= 1.2 * shell ? 'PASS' : 'FAIL'}, --cache again ${again.ms <= 1.2 * shell ? 'PASS' : 'FAIL'}`,
  ];
  if (differs) process.exitCode = 1;
  process.stdout.write(`${lines.join('\n')}\n\n`);
}
