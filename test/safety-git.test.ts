/** The uncommitted-changes guard fails closed: when git cannot answer, `--write` writes nothing. */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli.js';

const V1 = 'export const f = (s) => s.vbm_no_excuse.text;\n';
const V2 = 'export const f = (s) => s.has_no_excuse_absentee.text;\n';
const realPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = realPath;
});

function repo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'civic-git-'));
  writeFileSync(join(dir, 'a.js'), V1);
  for (const args of [
    ['init', '-q'],
    ['add', '-A'],
    ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'init'],
  ])
    expect(spawnSync('git', args, { cwd: dir }).status).toBe(0);
  return dir;
}

/** A folder holding only a `git` that fails the way git does on a tree owned by another user. */
function failingGit(): string {
  const bin = mkdtempSync(join(tmpdir(), 'civic-fakegit-'));
  writeFileSync(
    join(bin, 'git'),
    '#!/bin/sh\necho "fatal: detected dubious ownership in repository at \'$PWD\'" >&2\nexit 128\n',
  );
  chmodSync(join(bin, 'git'), 0o755);
  return bin;
}

describe('codemod --write when git cannot answer', () => {
  it('refuses on "dubious ownership" (exit 2), names why and --allow-dirty, writes nothing', async () => {
    const dir = repo();
    process.env.PATH = `${failingGit()}:${dirname(process.execPath)}`;
    const r = await runCli(['codemod', '--write'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `civic-migrate: refusing to write: git cannot tell whether ${dir} has uncommitted changes (detected dubious ownership in repository at '${dir}'); commit or check by hand, then pass --allow-dirty to write anyway\n`,
    );
    expect(readFileSync(join(dir, 'a.js'), 'utf8')).toBe(V1);
    const allowed = await runCli(['codemod', '--write', '--allow-dirty'], { cwd: dir });
    expect(allowed.code).toBe(0);
    expect(readFileSync(join(dir, 'a.js'), 'utf8')).toBe(V2);
  });

  it('refuses in a repository when git is not installed', async () => {
    const dir = repo();
    const empty = mkdtempSync(join(tmpdir(), 'civic-nogit-'));
    process.env.PATH = empty;
    const r = await runCli(['codemod', '--write'], { cwd: dir });
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toBe(
      `civic-migrate: refusing to write: ${dir} is a git repository but git is not installed, so uncommitted changes cannot be checked; commit or check by hand, then pass --allow-dirty to write anyway\n`,
    );
    expect(readFileSync(join(dir, 'a.js'), 'utf8')).toBe(V1);
  });

  it('writes a folder that is in no repository, with or without git', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'civic-norepo-'));
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src/a.js'), V1);
    process.env.PATH = mkdtempSync(join(tmpdir(), 'civic-nogit-'));
    expect((await runCli(['codemod', 'src', '--write'], { cwd: dir })).code).toBe(0);
    expect(readFileSync(join(dir, 'src/a.js'), 'utf8')).toBe(V2);
  });
});
