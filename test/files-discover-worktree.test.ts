/**
 * Discovery in a git worktree and a submodule-like checkout, whose `.git` is a file pointing at the
 * git directory: `info/exclude` is read where git keeps it (the common directory), and nothing fails.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverFiles } from '../src/files/discover.js';

const scratch = mkdtempSync(join(tmpdir(), 'civic-worktree-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd, stdio: 'pipe' });

describe('a worktree (.git is a file)', () => {
  it("honours the main repository's info/exclude and the worktree's .gitignore, with no error", async () => {
    const main = join(scratch, 'main');
    git(scratch, 'init', '-q', 'main');
    writeFileSync(join(main, 'a.js'), 'x.vbm_no_excuse;\n');
    writeFileSync(join(main, '.gitignore'), 'ignored.js\n');
    git(main, 'add', '.');
    git(main, 'commit', '-q', '-m', 'one');
    writeFileSync(join(main, '.git', 'info', 'exclude'), 'excluded.js\n');
    const tree = join(scratch, 'tree');
    git(main, 'worktree', 'add', '-q', tree);
    for (const f of ['excluded.js', 'ignored.js', 'kept.js']) writeFileSync(join(tree, f), '1;\n');
    const found = await discoverFiles({ cwd: tree, gitignore: true });
    expect(found.errors).toEqual([]);
    expect(found.files.map((f) => f.rel).sort()).toEqual(['.gitignore', 'a.js', 'kept.js']);
  });

  it('a .git file that points nowhere is no exclude file, not an error', async () => {
    const dir = join(scratch, 'dangling');
    execFileSync('mkdir', ['-p', dir]);
    writeFileSync(join(dir, '.git'), 'gitdir: ../nowhere/.git/worktrees/x\n');
    writeFileSync(join(dir, 'a.js'), '1;\n');
    const found = await discoverFiles({ cwd: dir, gitignore: true });
    expect(found.errors).toEqual([]);
    expect(found.files.map((f) => f.rel)).toEqual(['a.js']);
  });
});
