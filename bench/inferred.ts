/**
 * Inferred-program benchmark: a plain JavaScript tree with no config (ESLint's own `lib/`, 392
 * CommonJS files from node_modules, copied to bench/.work/inferred-tree), with a V1 integration
 * added the way real ones are written (a config module, a request helper, helpers that read items
 * and descriptors they are given) and 1% of the files calling it. In this run, each tool in a fresh
 * process, interleaved, best of `BENCH_RUNS` (default 3), with its peak memory from /usr/bin/time:
 *   - `tsc --noEmit --allowJs` over every file of the tree (a config outside it): what a program
 *     over these files costs the compiler (the floor);
 *   - `civic-migrate codemod <tree> --json`: the dry run, which infers a program over the files that
 *     show V1 usage and grows it toward the files the API's data reaches.
 *
 *   npx tsx bench/inferred.ts
 *
 * Target: dry run ≤ 1.5× tsc's time.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WORK = join(ROOT, 'bench', '.work');
const TREE = join(WORK, 'inferred-tree');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

function filesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesBelow(path) : [path];
  });
}

/** The tree, built once (delete bench/.work/inferred-tree to rebuild). */
function ensureTree(): { files: number; injected: number } {
  const marker = join(WORK, 'inferred-tree.built');
  if (!existsSync(marker) || !existsSync(TREE)) {
    rmSync(TREE, { recursive: true, force: true });
    cpSync(join(ROOT, 'node_modules', 'eslint', 'lib'), join(TREE, 'lib'), { recursive: true });
    mkdirSync(join(TREE, 'civic'), { recursive: true });
    const write = (name: string, lines: string[]) => writeFileSync(join(TREE, 'civic', name), `${lines.join('\n')}\n`);
    write('config.js', ["'use strict';", "module.exports = { civic: { base: 'https://api.voteamerica.org/v1' } };"]);
    write('http.js', [
      "'use strict';",
      "const { civic } = require('./config');",
      'async function request(path) {',
      '  const res = await fetch(civic.base + path);',
      '  return res.json();',
      '}',
      "exports.fields = () => request('/election/field/');",
      'exports.state = (code) => request(`/election/data/state/${code}/`);',
    ]);
    write('read.js', [
      "'use strict';",
      'exports.yes = (items) => items.filter((i) => i.value).map((i) => i.field_type);',
      'exports.label = (d) => d.long_name || d.slug;',
    ]);
    const sources = filesBelow(join(TREE, 'lib'))
      .filter((f) => f.endsWith('.js'))
      .sort();
    let injected = 0;
    for (let i = 50; i < sources.length; i += 100) {
      const file = sources[i] as string;
      const to = (name: string) => relative(dirname(file), join(TREE, 'civic', name)).replace(/^(?!\.)/, './');
      writeFileSync(
        file,
        `${readFileSync(file, 'utf8')}\n// Injected V1 Civic Data API use (bench/inferred.ts).\n` +
          `const civicHttp${injected} = require('${to('http')}');\nconst civicRead${injected} = require('${to('read')}');\n` +
          `module.exports.civic${injected} = async () => {\n` +
          `  const [fields, state] = await Promise.all([civicHttp${injected}.fields(), civicHttp${injected}.state('WI')]);\n` +
          `  return { yes: civicRead${injected}.yes(state.state_information), first: civicRead${injected}.label(fields[0]), ok: state.state_information.find((i) => i.field_type === 'vbm_no_excuse') };\n` +
          '};\n',
      );
      injected++;
    }
    writeFileSync(
      join(WORK, 'inferred-tree.tsconfig.json'),
      `${JSON.stringify({ compilerOptions: { allowJs: true, noEmit: true, target: 'es2022', module: 'commonjs', types: [], skipLibCheck: true }, include: ['inferred-tree/**/*.js'] }, null, 2)}\n`,
    );
    writeFileSync(marker, `${injected}\n`);
  }
  const files = filesBelow(TREE).filter((f) => f.endsWith('.js')).length;
  return { files, injected: Number(readFileSync(marker, 'utf8')) };
}

interface Run {
  readonly ms: number;
  readonly rssMB: number;
  readonly stdout: string;
}

/** One fresh process, timed, with its peak RSS (GNU time's `%M`, in KiB). */
function timed(cmd: string, args: string[], cwd: string): Run {
  const started = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%M', cmd, ...args], { cwd, encoding: 'utf8', maxBuffer: 256 << 20 });
  const ms = performance.now() - started;
  const kib = Number(r.stderr.trim().split('\n').at(-1));
  return { ms, rssMB: kib / 1024, stdout: r.stdout };
}

const { files, injected } = ensureTree();
const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const cli = join(ROOT, 'bin', 'civic-migrate.js');
const tscRuns: Run[] = [];
const codemodRuns: Run[] = [];
for (let i = 0; i < RUNS; i++) {
  tscRuns.push(timed(process.execPath, [tsc, '-p', 'inferred-tree.tsconfig.json'], WORK));
  // The tree sits in the repository's ignored bench/.work: --no-gitignore, or the codemod would see nothing.
  codemodRuns.push(timed(process.execPath, [cli, 'codemod', '.', '--json', '--no-gitignore'], TREE));
}
const best = (runs: Run[]) => runs.reduce((a, b) => (b.ms < a.ms ? b : a));
const t = best(tscRuns);
const c = best(codemodRuns);
const peak = (runs: Run[]) => Math.max(...runs.map((r) => r.rssMB));
const summary = JSON.parse(c.stdout) as { totals: Record<string, number>; program?: { config: string } };
const ratio = c.ms / t.ms;
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
process.stdout.write(
  [
    `tree: ${files} JavaScript files, no config (ESLint's lib/ and a V1 integration; ${injected} files call it) (${relative(ROOT, TREE)})`,
    `tsc --noEmit --allowJs:  ${fmt(t.ms)}  peak RSS ${peak(tscRuns).toFixed(0)} MB`,
    `codemod dry run:         ${fmt(c.ms)}  peak RSS ${peak(codemodRuns).toFixed(0)} MB  ${summary.program ? `program ${summary.program.config} (not inferred!)` : 'inferred program'}`,
    `  ${summary.totals.changed} files would change, ${summary.totals.edits} edits, ${summary.totals.markers} markers, ${summary.totals.parsed} decided`,
    `ratio to tsc --noEmit --allowJs: ${ratio.toFixed(2)}× time, ${(peak(codemodRuns) / peak(tscRuns)).toFixed(2)}× peak memory`,
    `target: time ≤ 1.5× ${ratio <= 1.5 ? 'PASS' : 'FAIL'}`,
    '',
  ].join('\n'),
);
