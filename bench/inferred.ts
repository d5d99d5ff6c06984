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
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { best, filesBelow, peak, tscAndCodemod } from './measure.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WORK = join(ROOT, 'bench', '.work');
const TREE = join(WORK, 'inferred-tree');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

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

const { files, injected } = ensureTree();
const { tsc: tscRuns, codemod: codemodRuns } = tscAndCodemod(ROOT, RUNS, ['-p', 'inferred-tree.tsconfig.json'], WORK, TREE);
const t = best(tscRuns);
const c = best(codemodRuns);
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
