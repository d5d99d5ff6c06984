import { spawnSync } from 'node:child_process';
import { cpSync, lstatSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { gitPatch, gitQuotePath } from '../src/codemod/diff.js';
import { runCodemod } from '../src/codemod/run.js';
import { transformSource } from '../src/codemod/transform.js';
import { runCli } from './helpers/cli.js';
import { writeTree } from './helpers/tree.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function gitRepo(files: Record<string, string>): string {
  const dir = writeTree(files, 'civic-diff-');
  dirs.push(dir);
  spawnSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

const apply = (cwd: string, patch: string, ...args: string[]) =>
  spawnSync('git', ['apply', ...args, '-'], { cwd, input: patch, encoding: 'utf8' });

const FILES: Record<string, string> = {
  'lf.js': 'const a = s.external_tool_ovr;\nconst b = s.vbm_universal;\n',
  'crlf.ts': '// crlf\r\nexport const a = s.external_tool_ovr;\r\nexport const gone = s.early_voting_notes;\r\n',
  'no-eol.js': 'const a = 1;\nconst b = s["external_tool_ovr"];',
  'no-eol-crlf.js': 'const a = 1;\r\nconst b = s.vbm_overview;',
  'bom.ts': '\uFEFFexport const x = s.sdr_where;\n',
  'dir with space/my file.js': 'const url = s.external_tool_polling_place;\n',
  'ünïcode/é.js': 'const url = s.external_tool_verify_status;\n',
  'quote"name.js': 'const url = s.official_info_vbm;\n',
  'unchanged.js': 'const x = s.has_automatic_vbm;\n',
};

describe('codemod diff', () => {
  it('is accepted by `git apply` (CRLF, no newline at EOF, BOM, spaces, non-ASCII and quotes in paths) and gives the written result', async () => {
    const dir = gitRepo(FILES);
    const patches: string[] = [];
    await runCodemod({ cwd: dir, diff: true, onFile: (_r, patch) => void (patch && patches.push(patch)) });
    expect(patches).toHaveLength(8);
    const patch = patches.join('');
    const check = apply(dir, patch, '--check');
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);

    expect(apply(dir, patch).status).toBe(0);
    for (const [rel, text] of Object.entries(FILES)) {
      expect(readFileSync(join(dir, rel), 'utf8'), rel).toBe(transformSource(text, rel).output);
    }
    // And nothing is left to do.
    const again: string[] = [];
    await runCodemod({ cwd: dir, diff: true, onFile: (_r, p) => void (p && again.push(p)) });
    expect(again).toEqual([]);
  });

  it('changes a file reached through a symlink once, at its real path, and keeps the link', async () => {
    const dir = gitRepo({ 'src/z-real.js': FILES['lf.js'] as string });
    symlinkSync('z-real.js', join(dir, 'src/a-link.js'));
    const seen: [string, string, boolean][] = [];
    const patches: string[] = [];
    await runCodemod({
      cwd: dir,
      diff: true,
      onFile: (r, patch) => {
        seen.push([r.path, r.status, patch !== '']);
        if (patch) patches.push(patch);
      },
    });
    expect(seen).toEqual([
      ['src/a-link.js', 'changed', true],
      ['src/z-real.js', 'skipped', false],
    ]);
    expect(patches[0]?.split('\n')[0]).toBe('diff --git a/src/z-real.js b/src/z-real.js');
    expect(apply(dir, patches.join(''), '--check').status).toBe(0);

    await runCodemod({ cwd: dir, write: true, allowDirty: true });
    expect(lstatSync(join(dir, 'src/a-link.js')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'src/z-real.js'), 'utf8')).toBe(transformSource(FILES['lf.js'] as string, 'a.js').output);
  });

  it('prints paths relative to the current folder', async () => {
    const dir = gitRepo({ 'app/src/a.js': FILES['lf.js'] as string });
    const r = await runCli(['codemod', 'src'], { cwd: join(dir, 'app') });
    expect(r.stdout.split('\n').slice(0, 3)).toEqual(['diff --git a/src/a.js b/src/a.js', '--- a/src/a.js', '+++ b/src/a.js']);
    expect(apply(join(dir, 'app'), r.stdout, '--check').status).toBe(0);
  });

  it('formats hunks like git: exact text for a one-line change without final newline', () => {
    expect(gitPatch('x.js', 'a\nb', 'a\nc')).toBe(
      'diff --git a/x.js b/x.js\n--- a/x.js\n+++ b/x.js\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n',
    );
    expect(gitPatch('x.js', 'same', 'same')).toBe('');
  });

  it('quotes paths the way git does', () => {
    expect(gitQuotePath('a/src/x.ts')).toBe('a/src/x.ts');
    expect(gitQuotePath('a/my file.ts')).toBe('a/my file.ts');
    expect(gitQuotePath('a/é.ts')).toBe('"a/\\303\\251.ts"');
    expect(gitQuotePath('a/q"t\\x.ts')).toBe('"a/q\\"t\\\\x.ts"');
    expect(gitQuotePath('a/tab\there.ts')).toBe('"a/tab\\there.ts"');
  });
});

describe('the bundled example integration', () => {
  const example = fileURLToPath(new URL('../fixtures/example-v1-integration/', import.meta.url));

  it('dry run from the repository root prints the migration diff; git applies it and a second run is clean', async () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const r = await runCli(['codemod', 'fixtures/example-v1-integration'], { cwd: root });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /^civic-migrate: 5 files would change, 2 unchanged, 0 skipped, 0 errors; 21 edits, 7 markers; program fixtures\/example-v1-integration\/tsconfig.json: no type error added; dry run/,
    );
    await expect(r.stdout).toMatchFileSnapshot('./__snapshots__/codemod-example-v1-integration.diff');

    const copy = gitRepo({});
    cpSync(example, join(copy, 'fixtures/example-v1-integration'), { recursive: true });
    expect(apply(copy, r.stdout).status).toBe(0);
    const again = await runCli(['codemod', 'fixtures/example-v1-integration', '--check'], { cwd: copy });
    expect(again).toMatchObject({ code: 0, stdout: '' });
  });
});
