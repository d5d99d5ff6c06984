/**
 * Program-mode benchmark: a real TypeScript code base of over 1,000 files (the sources that
 * `effect`, `rxjs` and `zod` publish: the first two fetched once with `npm pack` into
 * bench/.work, zod's from node_modules), under one tsconfig, with V1 Civic references injected
 * (a `civic/` folder with V1 types and an API module, and 1% of the files reading them). In this
 * run, each tool in a fresh process, interleaved, best of `BENCH_RUNS` (default 2: tsc takes over a minute), with its peak
 * memory from /usr/bin/time:
 *   - `tsc --noEmit -p <tree>`: what type-checking the program costs (the floor),
 *   - `civic-migrate codemod <tree> --json`: the program-mode dry run (build the program, find the
 *     V1 types and every reference, decide, type-check the migration in memory).
 *
 *   npx tsx bench/program.ts
 *
 * Targets: dry run ≤ 1.5× tsc's time and ≤ 1.5× its peak memory.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { best, filesBelow, peak, tscAndCodemod } from './measure.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WORK = join(ROOT, 'bench', '.work');
const TREE = join(WORK, 'program-tree');
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
/** Pinned, so that every run measures the same code. */
const PACKAGES = { effect: '4.1.0', rxjs: '7.8.2' } as const;

function sh(cmd: string, args: string[], cwd = ROOT) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0 && r.status !== 1 && r.status !== 2) throw new Error(`${cmd} ${args.join(' ')} failed: ${r.stderr}`);
  return r;
}

/** The tree, built once (delete bench/.work/program-tree to rebuild). */
function ensureTree(): { files: number; injected: number } {
  const marker = join(TREE, '.built');
  if (!existsSync(marker)) {
    rmSync(TREE, { recursive: true, force: true });
    const pkgs = join(WORK, 'program-pkgs');
    mkdirSync(pkgs, { recursive: true });
    for (const [name, version] of Object.entries(PACKAGES)) {
      const dir = join(pkgs, name);
      if (!existsSync(join(dir, 'package', 'src'))) {
        process.stderr.write(`fetching ${name}@${version} with npm pack…\n`);
        const packed = sh('npm', ['pack', `${name}@${version}`, '--silent', '--pack-destination', pkgs])
          .stdout.trim()
          .split('\n')
          .at(-1);
        mkdirSync(dir, { recursive: true });
        sh('tar', ['xzf', join(pkgs, packed as string), '-C', dir]);
      }
      cpSync(join(dir, 'package', 'src'), join(TREE, name, 'src'), { recursive: true });
    }
    cpSync(join(ROOT, 'node_modules', 'zod', 'src'), join(TREE, 'zod', 'src'), { recursive: true });
    // The V1 integration: types, and an API module on the V1 base.
    mkdirSync(join(TREE, 'civic'), { recursive: true });
    writeFileSync(
      join(TREE, 'civic', 'types.ts'),
      [
        'export interface StateItem { field_type: string; text: string; value?: boolean; modified_at: string }',
        'export interface FieldDescriptor { slug: string; long_name: string; field_format: string }',
        "export type Slug = 'vbm_no_excuse' | 'external_tool_ovr' | 'vbm_universal';",
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(TREE, 'civic', 'api.ts'),
      [
        "import type { FieldDescriptor, StateItem } from './types';",
        "export const BASE = 'https://api.voteamerica.org/v1';",
        'export const fields = async (): Promise<FieldDescriptor[]> => (await fetch(`${BASE}/election/field/`)).json();',
        'export const state = async (code: string): Promise<{ state_information: StateItem[] }> =>',
        '  (await fetch(`${BASE}/election/data/state/${code}/`)).json();',
        'export const titles = (list: FieldDescriptor[]) => list.map((f) => f.long_name);',
        '',
      ].join('\n'),
    );
    const sources = filesBelow(TREE)
      .filter((f) => f.endsWith('.ts') && !f.includes(`${join(TREE, 'civic')}`))
      .sort();
    const step = Math.round(sources.length / (sources.length / 100));
    for (let i = 0; i < sources.length; i += step) {
      const file = sources[i] as string;
      const types = relative(dirname(file), join(TREE, 'civic', 'types')).replace(/^(?!\.)/, './');
      const n = i / step;
      writeFileSync(
        file,
        `${readFileSync(file, 'utf8')}\n// Injected V1 Civic Data API use (bench/program.ts).\n` +
          `export const civic${n} = (i: import('${types}').StateItem, f: import('${types}').FieldDescriptor, s: import('${types}').Slug) =>\n` +
          `  [i.value === true, f.long_name, s === 'vbm_no_excuse', i.field_type === 'external_tool_ovr'];\n`,
      );
    }
    writeFileSync(
      join(TREE, 'tsconfig.json'),
      `${JSON.stringify(
        {
          compilerOptions: {
            target: 'es2022',
            lib: ['es2022', 'dom'],
            module: 'esnext',
            moduleResolution: 'bundler',
            strict: true,
            skipLibCheck: true,
            noEmit: true,
            allowImportingTsExtensions: true,
            types: [],
            paths: {
              effect: ['./effect/src/index.ts'],
              'effect/*': ['./effect/src/*'],
              rxjs: ['./rxjs/src/index.ts'],
              'rxjs/*': ['./rxjs/src/*'],
            },
          },
          include: ['effect/src', 'rxjs/src', 'zod/src', 'civic'],
        },
        null,
        2,
      )}\n`,
    );
    writeFileSync(marker, `${Math.ceil(sources.length / step)}\n`);
  }
  const files = filesBelow(TREE).filter((f) => f.endsWith('.ts')).length;
  return { files, injected: Number(readFileSync(marker, 'utf8')) };
}

const { files, injected } = ensureTree();
const { tsc: tscRuns, codemod: codemodRuns } = tscAndCodemod(ROOT, RUNS, ['--noEmit', '-p', 'tsconfig.json'], TREE, TREE);
const t = best(tscRuns);
const c = best(codemodRuns);
const summary = JSON.parse(c.stdout) as { totals: Record<string, number>; typeErrors: unknown[]; program?: { config: string } };
const tscErrors = (t.stdout.match(/error TS\d+/g) ?? []).length;
const ratio = c.ms / t.ms;
const memRatio = peak(codemodRuns) / peak(tscRuns);
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
process.stdout.write(
  [
    `tree: ${files} TypeScript files (effect ${PACKAGES.effect}, rxjs ${PACKAGES.rxjs} and zod sources), ${injected} with V1 references injected (${relative(ROOT, TREE)})`,
    `tsc --noEmit:           ${fmt(t.ms)}  peak RSS ${peak(tscRuns).toFixed(0)} MB  (${tscErrors} errors in the original program)`,
    `codemod dry run:        ${fmt(c.ms)}  peak RSS ${peak(codemodRuns).toFixed(0)} MB  program ${summary.program?.config ?? 'NONE'}`,
    `  ${summary.totals.changed} files would change, ${summary.totals.edits} edits, ${summary.totals.markers} markers, ${summary.typeErrors.length} type errors added`,
    `ratio to tsc --noEmit: ${ratio.toFixed(2)}× time, ${memRatio.toFixed(2)}× peak memory`,
    `targets: time ≤ 1.5× ${ratio <= 1.5 ? 'PASS' : 'FAIL'}; memory ≤ 1.5× ${memRatio <= 1.5 ? 'PASS' : 'FAIL'}`,
    '',
  ].join('\n'),
);
