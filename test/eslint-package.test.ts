/**
 * The ESLint plugin as a user gets it: the packed tarball and `eslint`, nothing else, installed
 * into a brand-new project (npm from its cache where it can, the registry otherwise), a
 * three-line `eslint.config.js`, and the real `eslint` binary on the bundled example. `eslint --fix`
 * must leave every TS/JS file as the installed package's `codemod --write` does file by
 * file (`--no-project`: the rule sees one file at a time, as the README says).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const example = join(root, 'fixtures/example-v1-integration');
const eslintVersion = JSON.parse(readFileSync(join(root, 'node_modules/eslint/package.json'), 'utf8')).version;

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : [p];
  });

const run = (cwd: string, command: string, args: string[]) => {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

describe('in a brand-new project: npm i <tarball> eslint, a three-line eslint.config.js', () => {
  const home = mkdtempSync(join(tmpdir(), 'civic-eslint-pkg-'));
  const project = join(home, 'project');
  const linted = join(project, 'linted');
  const migrated = join(project, 'migrated');

  beforeAll(() => {
    const pack = run(root, 'npm', ['pack', '--pack-destination', home, '--ignore-scripts', '--json']);
    expect(pack.code, pack.stderr).toBe(0);
    const tarball = join(home, JSON.parse(pack.stdout)[0].filename);
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'brand-new', private: true, type: 'module' }));
    const install = run(project, 'npm', [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      tarball,
      `eslint@${eslintVersion}`,
    ]);
    expect(install.code, install.stderr).toBe(0);
    writeFileSync(
      join(project, 'eslint.config.js'),
      "import civicMigrate from 'civic-migrate/eslint';\n\nexport default [civicMigrate.configs.recommended, civicMigrate.configs.typescript];\n",
    );
    cpSync(example, linted, { recursive: true });
    cpSync(example, migrated, { recursive: true });
  }, 180_000);

  it('eslint flags the example, --fix rewrites its TS/JS as codemod --write does, and what is left is the markers', () => {
    const eslint = join(project, 'node_modules/eslint/bin/eslint.js');
    const lint = run(project, process.execPath, [eslint, 'linted', '--format', 'json']);
    expect(lint.code, lint.stderr).toBe(1);
    const before = JSON.parse(lint.stdout) as { filePath: string; messages: { ruleId: string | null; message: string }[] }[];
    const problems = before.flatMap((r) => r.messages);
    // Every TS/JS file is linted, none with a parsing error; the Vue file is not (that takes vue-eslint-parser).
    expect(before.map((r) => relative(linted, r.filePath)).sort()).toEqual([
      'src/api.ts',
      'src/config.ts',
      'src/geocode.js',
      'src/render.js',
      'src/types.ts',
    ]);
    expect(problems.filter((m) => m.ruleId !== 'civic-migrate/no-v1')).toEqual([]);
    expect(problems.length).toBeGreaterThan(10);

    const fix = run(project, process.execPath, [eslint, 'linted', '--fix', '--format', 'json']);
    const after = (JSON.parse(fix.stdout) as { messages: { message: string }[] }[]).flatMap((r) => r.messages);

    const bin = join(project, 'node_modules/.bin/civic-migrate');
    const codemod = run(migrated, bin, ['codemod', '.', '--write', '--no-project', '--allow-dirty']);
    expect(codemod.code, codemod.stderr).toBe(0);
    for (const file of files(migrated).filter((f) => /\.[cm]?[jt]sx?$/.test(f))) {
      const rel = relative(migrated, file);
      expect(readFileSync(join(linted, rel), 'utf8'), rel).toBe(readFileSync(file, 'utf8'));
    }
    // What eslint still reports is what the codemod still reports on its own result: the markers it left.
    const again = run(migrated, bin, ['codemod', '.', '--no-project', '--json']);
    const left = (
      JSON.parse(again.stdout) as { files: { path: string; markers: { present: boolean; confidence?: string }[] }[] }
    ).files
      .filter((f) => !f.path.endsWith('.vue'))
      .flatMap((f) => f.markers)
      .filter((m) => m.confidence !== 'low');
    expect(left.every((m) => m.present)).toBe(true);
    expect(after.every((m) => m.message.endsWith('(civic-migrate: a person must decide)'))).toBe(true);
    expect(after.length).toBe(left.length);
    expect(fix.code).toBe(after.length > 0 ? 1 : 0);
  });
});
