import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCodemod } from '../src/codemod/run.js';
import { IoError } from '../src/errors.js';
import { runCli } from './helpers/cli.js';
import { writeTree } from './helpers/tree.js';

const V1 = `export function f(state) {
  const url = state.external_tool_ovr.text;
  return [url, state.registration_submission_fax];
}
`;
const V2 = `export function f(state) {
  const url = state.gov_tool_registration.text;
  // civic-migrate: \`registration_submission_fax\` is gone in V2: read \`registration_methods\`' \`multiselect_value\` and check for \`fax\`
  return [url, state.registration_submission_fax];
}
`;
const PATCH = `diff --git a/src/a.js b/src/a.js
--- a/src/a.js
+++ b/src/a.js
@@ -1,4 +1,5 @@
 export function f(state) {
-  const url = state.external_tool_ovr.text;
+  const url = state.gov_tool_registration.text;
+  // civic-migrate: \`registration_submission_fax\` is gone in V2: read \`registration_methods\`' \`multiselect_value\` and check for \`fax\`
   return [url, state.registration_submission_fax];
 }
`;
const CLEAN = 'export const g = (s) => s.has_no_excuse_absentee.bool_value;\n';
const SUMMARY =
  /^civic-migrate: (\d+) files? (would change|changed|to change), (\d+) unchanged, (\d+) skipped, (\d+) errors?; (\d+) edits?, (\d+) markers?( \(\d+ new\))?; .* in \d+\.\d\d s\n$/;

/** Root ignores permission bits, so a folder is made immutable (`chattr +i`) instead of read-only. */
const asRoot = process.getuid?.() === 0;
function lockFolder(dir: string, locked: boolean): boolean {
  if (asRoot) return spawnSync('chattr', [locked ? '+i' : '-i', dir]).status === 0;
  chmodSync(dir, locked ? 0o555 : 0o755);
  return true;
}
const canLockFolders = (() => {
  const probe = mkdtempSync(join(tmpdir(), 'civic-lock-'));
  const ok = lockFolder(probe, true);
  lockFolder(probe, false);
  rmSync(probe, { recursive: true, force: true });
  return ok;
})();

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A temporary project with the given files (relative paths → contents). */
function project(files: Record<string, string>): string {
  const dir = writeTree(files, 'civic-codemod-');
  dirs.push(dir);
  return dir;
}

const read = (dir: string, rel: string) => readFileSync(join(dir, rel), 'utf8');
const git = (dir: string, ...args: string[]) => {
  const r = spawnSync('git', ['-c', 'user.email=t@example.org', '-c', 'user.name=t', ...args], { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
};
const gitRepo = (files: Record<string, string>) => {
  const dir = project(files);
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'init');
  return dir;
};

describe('civic-migrate codemod', () => {
  it('dry run: prints a git-style diff, writes nothing, one summary line on stderr', async () => {
    const dir = project({
      'src/a.js': V1,
      'src/b.js': CLEAN,
      'src/.cache/c.js': V1,
      'node_modules/x/d.js': V1,
      'dist/e.js': V1,
      'README.md': 'vbm_universal',
    });
    const r = await runCli(['codemod'], { cwd: dir });
    expect(r.stdout).toBe(PATCH);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(SUMMARY);
    expect(r.stderr).toMatch(
      /^civic-migrate: 1 file would change, 1 unchanged, 0 skipped, 0 errors; 1 edit, 1 marker; dry run \(nothing written, use --write\)/,
    );
    expect(read(dir, 'src/a.js')).toBe(V1);
  });

  it('--write applies atomically, keeps the file mode, and a second run changes nothing', async () => {
    const dir = project({ 'src/a.js': V1, 'src/b.js': CLEAN });
    chmodSync(join(dir, 'src/a.js'), 0o751);
    const r = await runCli(['codemod', 'src', '--write', '--allow-dirty'], { cwd: dir });
    expect(r).toMatchObject({ code: 0, stdout: '' });
    expect(r.stderr).toMatch(/^civic-migrate: 1 file changed, 1 unchanged, 0 skipped, 0 errors; 1 edit, 1 marker; written in/);
    expect(read(dir, 'src/a.js')).toBe(V2);
    expect(statSync(join(dir, 'src/a.js')).mode & 0o777).toBe(0o751);
    expect(readdirSync(join(dir, 'src')).sort()).toEqual(['a.js', 'b.js']);

    const again = await runCli(['codemod', 'src', '--write', '--allow-dirty'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(
      /^civic-migrate: 0 files changed, 2 unchanged, 0 skipped, 0 errors; 0 edits, 1 marker \(0 new\); written/,
    );
    expect(read(dir, 'src/a.js')).toBe(V2);
  });

  it('--cache: the dry run, then --check and --write in a git repository, from one set of decisions', async () => {
    const dir = gitRepo({ 'src/a.js': V1, 'src/b.js': CLEAN });
    const cache = ['--cache', '--cache-location', 'kept'];
    const dry = await runCli(['codemod', ...cache], { cwd: dir });
    expect(dry).toMatchObject({ code: 0, stdout: PATCH });
    expect(readdirSync(join(dir, 'kept'))).toHaveLength(1);
    expect(await runCli(['codemod', '--check', ...cache], { cwd: dir })).toMatchObject({ code: 1, stdout: 'src/a.js\n' });
    // The cache folder in the repository is not uncommitted work to protect, nor code to migrate.
    const write = await runCli(['codemod', '--write', ...cache], { cwd: dir });
    expect(write.code).toBe(0);
    expect(write.stderr).toMatch(/^civic-migrate: 1 file changed, 1 unchanged, 0 skipped, 0 errors; 1 edit, 1 marker; written/);
    expect(read(dir, 'src/a.js')).toBe(V2);
    const usage = await runCli(['codemod', '--cache-location', 'x'], { cwd: dir });
    expect(usage).toMatchObject({ code: 2, stdout: '' });
    expect(usage.stderr).toMatch(/^civic-migrate: --cache-location needs --cache\n/);
    const empty = await runCli(['codemod', '--cache', '--cache-location='], { cwd: dir });
    expect(empty).toMatchObject({ code: 2, stdout: '' });
    expect(empty.stderr).toMatch(/^civic-migrate: --cache-location needs a folder\n/);
    // No folder of its own: the cache folder turned off, and none given.
    for (const command of ['codemod', 'report']) {
      const off = await runCli([command, '--cache'], { cwd: dir, env: { CIVIC_MIGRATE_CACHE_DIR: 'off' } });
      expect(off).toMatchObject({ code: 2, stdout: '' });
      expect(off.stderr).toMatch(
        /^civic-migrate: --cache needs --cache-location: CIVIC_MIGRATE_CACHE_DIR turns the cache folder off\n/,
      );
    }
    // The default folder: runs/ in civic-migrate's cache folder.
    const home = mkdtempSync(join(tmpdir(), 'civic-cache-home-'));
    expect((await runCli(['codemod', '--check', '--cache'], { cwd: dir, env: { CIVIC_MIGRATE_CACHE_DIR: home } })).code).toBe(0);
    expect(readdirSync(join(home, 'runs'))).toHaveLength(1);
  });

  it('--check lists the files that would change and exits 1; 0 once migrated', async () => {
    const dir = project({ 'src/a.js': V1, 'src/b.js': CLEAN });
    const r = await runCli(['codemod', '--check'], { cwd: dir });
    expect(r).toMatchObject({ code: 1, stdout: 'src/a.js\n' });
    expect(r.stderr).toMatch(/^civic-migrate: 1 file to change, 1 unchanged, .*; check \(nothing written\) in/);
    expect(read(dir, 'src/a.js')).toBe(V1);
    await runCli(['codemod', '--write', '--allow-dirty'], { cwd: dir });
    expect(await runCli(['codemod', '--check'], { cwd: dir })).toMatchObject({ code: 0, stdout: '' });
  });

  it('--json prints the per-file summary and totals', async () => {
    const dir = project({ 'src/a.js': V1, 'src/b.js': CLEAN, 'src/big.js': `// ${'x'.repeat(100)}\n` });
    const r = await runCli(['codemod', '--json', '--exclude', 'big.js'], { cwd: dir });
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.durationMs).toEqual(expect.any(Number));
    expect({ ...json, durationMs: 0 }).toEqual({
      files: [
        {
          path: 'src/a.js',
          status: 'changed',
          changes: [
            {
              kind: 'slug',
              code: 'slug-rewritten',
              severity: 'warning',
              params: { from: 'external_tool_ovr', to: 'gov_tool_registration' },
              rule: { kind: 'rename', v1: 'external_tool_ovr' },
              start: 47,
              end: 64,
              line: 2,
              column: 21,
              endLine: 2,
              endColumn: 38,
              from: 'external_tool_ovr',
              to: 'gov_tool_registration',
            },
          ],
          markers: [
            {
              cause: 'consolidated',
              code: 'consolidated',
              severity: 'error',
              params: { v1: 'registration_submission_fax', v2: 'registration_methods', option: 'fax', place: 'code' },
              rule: { kind: 'consolidate', v1: 'registration_submission_fax' },
              start: 92,
              end: 119,
              line: 3,
              column: 22,
              endLine: 3,
              endColumn: 49,
              token: 'registration_submission_fax',
              message:
                "`registration_submission_fax` is gone in V2: read `registration_methods`' `multiselect_value` and check for `fax`",
              added: true,
              present: true,
            },
          ],
        },
        { path: 'src/b.js', status: 'unchanged', changes: [], markers: [] },
      ],
      totals: {
        files: 2,
        changed: 1,
        unchanged: 1,
        skipped: 0,
        errors: 0,
        edits: 1,
        markersAdded: 1,
        markers: 1,
        parsed: 2,
        data: { config: 0, payloads: 0, graphql: 0 },
      },
      written: false,
      durationMs: 0,
      typeErrors: [],
    });
  });

  it('--no-markers rewrites but inserts no comment (the places are still reported)', async () => {
    const dir = project({ 'a.js': V1 });
    const r = await runCli(['codemod', '--no-markers', '--write', '--allow-dirty'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(read(dir, 'a.js')).toBe(V1.replace('external_tool_ovr', 'gov_tool_registration'));
    expect(r.stderr.split('\n')[0]).toBe(
      "civic-migrate: a.js:3:22: `registration_submission_fax` is gone in V2: read `registration_methods`' `multiselect_value` and check for `fax`",
    );
    expect(r.stderr).toMatch(/1 edit, 1 marker \(0 new\)/);
  });

  it('expands globs itself and honours --include / --exclude and .gitignore', async () => {
    const dir = project({
      'src/a.js': V1,
      'src/b.ts': V1,
      'src/gen/c.ts': V1,
      'lib/d.js': V1,
      'ignored/e.js': V1,
      '.gitignore': 'ignored/\n',
    });
    git(dir, 'init', '-q');
    const changed = async (...args: string[]) => {
      const r = await runCli(['codemod', '--json', ...args], { cwd: dir });
      return (JSON.parse(r.stdout) as { files: { path: string; status: string }[] }).files
        .filter((f) => f.status === 'changed')
        .map((f) => f.path);
    };
    expect(await changed()).toEqual(['lib/d.js', 'src/a.js', 'src/b.ts', 'src/gen/c.ts']);
    expect(await changed('src/**/*.ts')).toEqual(['src/b.ts', 'src/gen/c.ts']);
    expect(await changed('--include', '*.ts')).toEqual(['src/b.ts', 'src/gen/c.ts']);
    expect(await changed('--exclude', 'gen/', '--exclude', 'lib')).toEqual(['src/a.js', 'src/b.ts']);
    expect(await changed('--include', '*.ts', 'src')).toEqual(['src/b.ts', 'src/gen/c.ts']);
    expect(await changed('--no-gitignore', 'ignored')).toEqual(['ignored/e.js']);
  });

  it('reports files it cannot parse or read and goes on; exit 2', async () => {
    const dir = project({ 'a.js': V1, 'broken.ts': 'const x = state.external_tool_ovr.text;\nfoo(\n', 'z.js': V1 });
    symlinkSync(join(dir, 'missing.js'), join(dir, 'dangling.js'));
    const r = await runCli(['codemod', '--write', '--allow-dirty'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n').slice(0, 2)).toEqual([
      'civic-migrate: dangling.js: broken symlink: no such file',
      "civic-migrate: broken.ts: syntax error at 3:1: ')' expected.",
    ]);
    expect(r.stderr).toMatch(/2 files changed, 0 unchanged, 0 skipped, 2 errors/);
    expect(read(dir, 'broken.ts')).toBe('const x = state.external_tool_ovr.text;\nfoo(\n');
    expect(read(dir, 'a.js')).toBe(V2);
    expect(read(dir, 'z.js')).toBe(V2);
  });

  it('rejects bad usage with one line and exit 2', async () => {
    const dir = project({ 'a.js': V1 });
    expect(await runCli(['codemod', '--write', '--check'], { cwd: dir })).toMatchObject({
      code: 2,
      stderr:
        "civic-migrate: --write and --check do not go together: --check never writes\nRun 'civic-migrate --help' for usage.\n",
    });
    const missing = await runCli(['codemod', 'nope'], { cwd: dir });
    expect(missing).toMatchObject({ code: 2, stdout: '', stderr: 'civic-migrate: nope: cannot read: no such file\n' });
  });
});

describe('codemod --write and git', () => {
  it('refuses a work tree with uncommitted changes in the target paths, unless --allow-dirty', async () => {
    const dir = gitRepo({ 'src/a.js': V1, 'src/b.js': CLEAN, 'docs/notes.md': 'x' });
    writeFileSync(join(dir, 'src/b.js'), `${CLEAN}// edited\n`);
    const refused = await runCli(['codemod', 'src', '--write'], { cwd: dir });
    expect(refused).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'civic-migrate: refusing to write: the git work tree has uncommitted changes in the target paths (src/b.js); commit or stash them, or pass --allow-dirty\n',
    });
    expect(read(dir, 'src/a.js')).toBe(V1);

    const allowed = await runCli(['codemod', 'src', '--write', '--allow-dirty'], { cwd: dir });
    expect(allowed.code).toBe(0);
    expect(read(dir, 'src/a.js')).toBe(V2);
  });

  it('names the temporary files a killed run left among the uncommitted ones', async () => {
    const dir = gitRepo({ 'src/a.js': V1 });
    writeFileSync(join(dir, 'src/.a.js.civic-migrate-0123456789ab.tmp'), V2.slice(0, 10));
    const refused = await runCli(['codemod', 'src', '--write'], { cwd: dir });
    expect(refused).toMatchObject({
      code: 2,
      stderr:
        'civic-migrate: refusing to write: the git work tree has uncommitted changes in the target paths (src/.a.js.civic-migrate-0123456789ab.tmp); src/.a.js.civic-migrate-0123456789ab.tmp is a temporary file left by a killed civic-migrate run (the files written are whole): delete it; commit or stash them, or pass --allow-dirty\n',
    });
    expect(read(dir, 'src/a.js')).toBe(V1);
  });

  it('counts untracked files as uncommitted, ignores changes outside the targets, and never refuses a dry run', async () => {
    const dir = gitRepo({ 'src/a.js': V1, 'docs/notes.md': 'x' });
    writeFileSync(join(dir, 'src/new.js'), CLEAN);
    expect((await runCli(['codemod', 'src', '--write'], { cwd: dir })).stderr).toContain('(src/new.js)');
    expect((await runCli(['codemod', 'src'], { cwd: dir })).code).toBe(0);

    rmSync(join(dir, 'src/new.js'));
    writeFileSync(join(dir, 'docs/notes.md'), 'changed');
    const r = await runCli(['codemod', 'src', '--write'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(read(dir, 'src/a.js')).toBe(V2);
  });
});

describe('codemod --write and git (where the targets are)', () => {
  it('checks each target in its own work tree, globs by the folder they start from', async () => {
    const outer = project({ 'app/src/a.js': V1, 'app/src/b.js': CLEAN });
    const repo = join(outer, 'app');
    git(repo, 'init', '-q');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'init');
    writeFileSync(join(repo, 'src/b.js'), `${CLEAN}// edited\n`);
    const fromOutside = await runCli(['codemod', 'app/src', '--write'], { cwd: outer });
    expect(fromOutside.code).toBe(2);
    expect(fromOutside.stderr).toContain('(app/src/b.js)');
    const glob = await runCli(['codemod', 'src/**/*.js', '--write'], { cwd: repo });
    expect(glob.code).toBe(2);
    expect(glob.stderr).toContain('(src/b.js)');
    expect(read(repo, 'src/a.js')).toBe(V1);
  });
});

describe('codemod write failures', () => {
  it('a failed write leaves that file as it was, reports it, and the other files are still written', async () => {
    const dir = project({ 'a.js': V1, 'b.js': V1, 'c.js': V1 });
    const summary = await runCodemod({
      cwd: dir,
      write: true,
      allowDirty: true,
      writeFile: async (path, data) => {
        if (path.endsWith('b.js')) throw new IoError(path, 'cannot write: no space left on device');
        writeFileSync(path, data);
      },
    });
    expect(summary.files.map((f) => [f.path, f.status, f.reason])).toEqual([
      ['a.js', 'changed', undefined],
      ['b.js', 'error', `${join(dir, 'b.js')}: cannot write: no space left on device`],
      ['c.js', 'changed', undefined],
    ]);
    expect([read(dir, 'a.js'), read(dir, 'b.js'), read(dir, 'c.js')]).toEqual([V2, V1, V2]);
  });

  it.skipIf(!canLockFolders)(
    'a folder that cannot be written to: nothing half-written, no temporary file left, exit 2',
    async () => {
      const dir = project({ 'ro/a.js': V1, 'rw/b.js': V1 });
      const ro = join(dir, 'ro');
      lockFolder(ro, true);
      try {
        const r = await runCli(['codemod', '--write', '--allow-dirty'], { cwd: dir });
        expect(r.code).toBe(2);
        expect(r.stderr).toMatch(
          /^civic-migrate: ro\/a\.js: .*ro\/a\.js: cannot write: (permission denied|read-only file system)\n/,
        );
        expect(read(dir, 'ro/a.js')).toBe(V1);
        expect(readdirSync(ro)).toEqual(['a.js']);
        expect(read(dir, 'rw/b.js')).toBe(V2);
      } finally {
        lockFolder(ro, false);
      }
    },
  );
});
