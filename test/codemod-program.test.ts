import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { runCodemod } from '../src/codemod/run.js';
import { bundledMappings } from './helpers/bundled.js';

/**
 * Program mode on small multi-file projects: `fixtures/program/<case>/input` → `expected`. Each
 * case is type-checked before and after (with the repository's TypeScript), migrated with
 * `--write`, compared file by file, and run a second time (nothing changes).
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CASES = join(ROOT, 'fixtures/program');
const mappings = bundledMappings();

function filesBelow(dir: string): string[] {
  return readdirSync(dir)
    .filter((n) => n !== 'node_modules')
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesBelow(path) : [path];
    });
}

/** A copy of a case's tree in a temporary folder, resolving packages (zod) from this repository. */
function copyOf(dir: string): string {
  const tmp = mkdtempSync(join(tmpdir(), 'cm-program-'));
  cpSync(dir, tmp, { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(tmp, 'node_modules'), 'dir');
  return tmp;
}

/** The type errors of a project, as `file:line: message`, with the repository's TypeScript. */
function typeErrors(dir: string): string[] {
  const configPath = ['tsconfig.json', 'jsconfig.json']
    .map((n) => join(dir, n))
    .find((p) => {
      try {
        return statSync(p).isFile();
      } catch {
        return false;
      }
    }) as string;
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const js = configPath.endsWith('jsconfig.json') ? { allowJs: true } : {};
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dir, js, configPath);
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${relative(dir, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
      : '';
    return `${where}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
}

const cases = readdirSync(CASES).filter((c) => statSync(join(CASES, c)).isDirectory());

describe('program mode', () => {
  it('has the fixture projects the issue names', () => {
    expect(cases.sort()).toEqual([
      'boolean-reads',
      'built-bases',
      'copied-item',
      'descriptor-helper',
      'jsdoc-js',
      'v1-base-other-path',
      'v2-base',
      'zod-schemas',
    ]);
  });

  it.each(cases)('%s: migrates the program, type-checks before and after, and a second run changes nothing', async (name) => {
    const dir = copyOf(join(CASES, name, 'input'));
    expect(typeErrors(dir), 'the input type-checks').toEqual([]);

    const first = await runCodemod({ cwd: dir, write: true, allowDirty: true, mappings });
    expect(first.program?.config).toMatch(/^(ts|js)config\.json$/);
    expect(first.typeErrors).toEqual([]);
    expect(first.totals.errors).toBe(0);

    const expectedDir = join(CASES, name, 'expected');
    const got = filesBelow(dir)
      .map((f) => relative(dir, f))
      .sort();
    expect(got).toEqual(
      filesBelow(expectedDir)
        .map((f) => relative(expectedDir, f))
        .sort(),
    );
    for (const file of got)
      expect(readFileSync(join(dir, file), 'utf8'), file).toBe(readFileSync(join(expectedDir, file), 'utf8'));
    expect(typeErrors(dir), 'the result type-checks').toEqual([]);

    const second = await runCodemod({ cwd: dir, mappings });
    expect(second.totals.changed, 'a second run changes nothing').toBe(0);
  });

  it('built-bases: the value of a base built from a host constant (template, +, as const, Object.freeze) decides; without the program it cannot', async () => {
    const dir = copyOf(join(CASES, 'built-bases', 'input'));
    const withProgram = await runCodemod({ cwd: dir, mappings });
    const byFile = await runCodemod({ cwd: dir, project: false, mappings });
    const summary = (r: typeof byFile) =>
      r.files.filter((f) => f.status === 'changed').map((f) => [f.path, f.changes.length, f.markers.length]);
    // The program: the two V1 bases move to V2 (in config.ts), the one V1-based state path moves and says its auth changed.
    expect(summary(withProgram)).toEqual([
      ['src/api.ts', 1, 1],
      ['src/config.ts', 2, 0],
    ]);
    // Each file alone: config.ts's own constants show its V1 bases, but the bases api.ts imports are
    // unknown there, so the four paths built on V2 bases are taken for V1 paths.
    expect(summary(byFile)).toEqual([
      ['src/api.ts', 5, 5],
      ['src/config.ts', 2, 0],
    ]);
  });

  it('refuses to write a migration that adds type errors, names them, and writes with allowTypeErrors', async () => {
    // The type's users in `app/` are outside the target `src/`: renaming the member there alone would break them.
    const dir = copyOf(join(CASES, 'descriptor-helper', 'input'));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      readFileSync(join(dir, 'tsconfig.json'), 'utf8').replace('["src"]', '["src", "app"]'),
    );
    mkdirSync(join(dir, 'app'));
    writeFileSync(
      join(dir, 'app', 'labels.ts'),
      readFileSync(join(dir, 'src', 'labels.ts'), 'utf8').replace("from './types.js'", "from '../src/types.js'"),
    );
    const before = readFileSync(join(dir, 'src', 'types.ts'), 'utf8');
    const refused = await runCodemod({ cwd: dir, paths: ['src'], write: true, allowDirty: true, mappings });
    expect(refused.typeErrors.map((e) => `${e.file}:${e.line}:${e.column} TS${e.code}`)).toEqual([
      'app/labels.ts:4:46 TS2344',
      'app/labels.ts:6:49 TS2322',
      'app/labels.ts:9:37 TS2339',
      'app/labels.ts:9:63 TS2339',
      'app/labels.ts:14:22 TS2339',
      'app/labels.ts:18:62 TS2353',
      'app/labels.ts:20:37 TS2339',
    ]);
    expect(refused.typeErrors[2]?.message).toBe("Property 'long_name' does not exist on type 'FieldDescriptor'.");
    expect(refused.files.filter((f) => f.status === 'error').map((f) => f.reason)).toEqual([
      'not written: the migration adds 7 type errors to the program (each is listed); fix them first, or pass --allow-type-errors',
      'not written: the migration adds 7 type errors to the program (each is listed); fix them first, or pass --allow-type-errors',
      'not written: the migration adds 7 type errors to the program (each is listed); fix them first, or pass --allow-type-errors',
    ]);
    expect(readFileSync(join(dir, 'src', 'types.ts'), 'utf8')).toBe(before);

    const forced = await runCodemod({ cwd: dir, paths: ['src'], write: true, allowDirty: true, allowTypeErrors: true, mappings });
    expect(forced.typeErrors).toHaveLength(7);
    expect(readFileSync(join(dir, 'src', 'types.ts'), 'utf8')).not.toBe(before);
  });

  it('with project: false each file is a program of its own: what another file declares is not seen', async () => {
    const dir = copyOf(join(CASES, 'boolean-reads', 'input'));
    const off = await runCodemod({ cwd: dir, project: false, mappings });
    expect(off.program).toBeUndefined();
    const lines = (summary: Awaited<ReturnType<typeof runCodemod>>) =>
      summary.files
        .filter((f) => f.path === 'src/flags.ts')
        .flatMap((f) => f.changes.filter((c) => c.to === 'bool_value').map((c) => c.line));
    // The file alone shows items where a slug names them (lines 9 and 17), not where only the imported
    // `StateItem` type says so (lines 4 and 13): the program sees those too.
    expect(lines(off)).toEqual([9, 17, 17]);
    const on = await runCodemod({ cwd: dir, mappings });
    expect(lines(on)).toEqual([4, 9, 13, 17, 17]);
  });
});

describe('program mode in the report', () => {
  it('lists what the program decides (a generic helper’s reads, the declaration) and the type errors a migration would add', async () => {
    const { findV1Usage } = await import('../src/report/find.js');
    const dir = copyOf(join(CASES, 'descriptor-helper', 'input'));
    const result = await findV1Usage({ cwd: dir, mappings });
    expect(result.program).toEqual({ config: 'tsconfig.json' });
    expect(result.typeErrors).toEqual([]);
    const labels = result.findings.filter((f) => f.file === 'src/labels.ts');
    expect(labels.map((f) => `${f.line}:${f.column} ${f.token} ${f.fixedBy} ${f.code}`)).toEqual([
      '4:56 long_name codemod property-rewritten',
      '6:51 long_name codemod property-rewritten',
      '9:37 long_name codemod property-rewritten',
      '9:63 long_name codemod property-rewritten',
      '14:22 long_name codemod property-rewritten',
      '18:62 long_name codemod property-rewritten',
      '20:38 long_name codemod property-rewritten',
    ]);
    expect(result.findings.map((f) => `${f.file}:${f.line}`)).toContain('src/types.ts:4');
  });
});

describe('program mode on the command line', () => {
  it('--project picks the config, --no-project decides file by file, and a refused --write exits 2 naming each type error', async () => {
    const { runCli } = await import('./helpers/cli.js');
    const dir = copyOf(join(CASES, 'descriptor-helper', 'input'));
    const program = await runCli(['codemod', '--project', 'tsconfig.json', '--json'], { cwd: dir });
    expect(program.code).toBe(0);
    expect(JSON.parse(program.stdout).program).toEqual({ config: 'tsconfig.json' });
    expect(program.stderr).toMatch(/; program tsconfig\.json: no type error added; dry run/);

    const syntax = await runCli(['codemod', '--no-project', '--json'], { cwd: dir });
    expect(JSON.parse(syntax.stdout).program).toBeUndefined();
    // File by file, a helper that knows descriptors only through a type imported from another file keeps
    // its reads (left with a low-confidence doubt); the program renames them.
    const renamed = (out: string, path: string) =>
      JSON.parse(out)
        .files.find((f: { path: string }) => f.path === path)
        .changes.map((c: { line: number }) => c.line);
    expect(renamed(syntax.stdout, 'src/labels.ts')).toEqual([18]);
    expect(renamed(program.stdout, 'src/labels.ts')).toEqual([4, 6, 9, 9, 14, 18, 20]);

    const missing = await runCli(['codemod', '--project', 'nope.json'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^civic-migrate: .*nope\.json: cannot open the program/);

    mkdirSync(join(dir, 'app'));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      readFileSync(join(dir, 'tsconfig.json'), 'utf8').replace('["src"]', '["src", "app"]'),
    );
    writeFileSync(
      join(dir, 'app', 'use.ts'),
      "import type { FieldDescriptor } from '../src/types.js';\nexport const t = (d: FieldDescriptor) => d.long_name;\n",
    );
    const refused = await runCli(['codemod', 'src', '--write', '--allow-dirty'], { cwd: dir });
    expect(refused.code).toBe(2);
    expect(refused.stderr.split('\n')).toContain(
      "civic-migrate: app/use.ts:2:44: type error TS2339 after the migration: Property 'long_name' does not exist on type 'FieldDescriptor'.",
    );
    expect(readFileSync(join(dir, 'src', 'types.ts'), 'utf8')).toContain('long_name');
    const forced = await runCli(['codemod', 'src', '--write', '--allow-dirty', '--allow-type-errors'], { cwd: dir });
    expect(forced.code).toBe(0);
    expect(readFileSync(join(dir, 'src', 'types.ts'), 'utf8')).toContain('description');
  });
});
