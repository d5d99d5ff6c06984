import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One measured process: wall time, peak memory, what it printed. */
export interface Run {
  readonly ms: number;
  readonly rssMB: number;
  readonly stdout: string;
}

/** Runs one command in a fresh process, timed, with its peak RSS (GNU time's `%M`, in KiB). */
export function timed(cmd: string, args: string[], cwd: string): Run {
  const started = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%M', cmd, ...args], { cwd, encoding: 'utf8', maxBuffer: 256 << 20 });
  const ms = performance.now() - started;
  const kib = Number(r.stderr.trim().split('\n').at(-1));
  return { ms, rssMB: kib / 1024, stdout: r.stdout };
}

/** The fastest of several runs. */
export const best = (runs: readonly Run[]): Run => runs.reduce((a, b) => (b.ms < a.ms ? b : a));

/** The largest peak memory of several runs, in MB. */
export const peak = (runs: readonly Run[]): number => Math.max(...runs.map((r) => r.rssMB));

/** Every file below a folder. */
export function filesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesBelow(path) : [path];
  });
}

/**
 * `tsc` (with `tscArgs`, in `tscCwd`) and the codemod's dry run on `tree`, interleaved so that load
 * from other processes hits both alike, each in a fresh process, `runs` times.
 */
export function tscAndCodemod(
  root: string,
  runs: number,
  tscArgs: string[],
  tscCwd: string,
  tree: string,
): { tsc: Run[]; codemod: Run[] } {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const cli = join(root, 'bin', 'civic-migrate.cjs');
  const out = { tsc: [] as Run[], codemod: [] as Run[] };
  for (let i = 0; i < runs; i++) {
    out.tsc.push(timed(process.execPath, [tsc, ...tscArgs], tscCwd));
    // The trees sit in the repository's ignored bench/.work: --no-gitignore, or the codemod would see nothing.
    out.codemod.push(timed(process.execPath, [cli, 'codemod', '.', '--json', '--no-gitignore'], tree));
  }
  return out;
}

/**
 * TypeScript's own floor for deciding the candidates: a fresh process parses them and binds them
 * as one program (what any decision by the checker needs first), its load and the reads not
 * counted (ms, from inside the process). No decision of them by the report or the codemod is
 * cheaper than this.
 */
const TS_FLOOR = `
const { createRequire } = require('node:module');
const { readFileSync } = require('node:fs');
const fromTsMorph = createRequire(createRequire(process.argv[1]).resolve('ts-morph'));
const ts = fromTsMorph(fromTsMorph.resolve('@ts-morph/common').replace(/ts-morph-common\\.js$/, 'typescript.js'));
const files = process.argv.slice(2).map((f) => [f, readFileSync(f, 'utf8')]);
const started = performance.now();
const parsed = new Map(files.map(([f, text]) => [f, ts.createSourceFile(f, text, ts.ScriptTarget.Latest, true)]));
const options = { allowJs: true, noResolve: true, noLib: true, types: [] };
const host = ts.createCompilerHost(options);
host.getSourceFile = (f) => parsed.get(f);
ts.createProgram({ rootNames: [...parsed.keys()], options, host }).getTypeChecker();
process.stdout.write(String(performance.now() - started));
`;

export function typescriptFloor(tree: string, files: readonly string[]): number {
  const r = spawnSync(process.execPath, ['-e', TS_FLOOR, fileURLToPath(new URL('../package.json', import.meta.url)), ...files], {
    cwd: tree,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`the TypeScript floor failed: ${r.stderr}`);
  return Number(r.stdout);
}
