/**
 * `report --history` on a repository built here: commits that add V1 usage and then migrate it.
 * The counts at each commit are exact; nothing is checked out (HEAD, index and working tree as they were).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMappings } from '../src/mapping/load.js';
import { blobLoader, evenly, reportHistory } from '../src/report/history.js';

const root = new URL('..', import.meta.url).pathname;
const bin = join(root, 'bin/civic-migrate.cjs');
const repo = mkdtempSync(join(tmpdir(), 'civic-history-'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));

const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: repo, encoding: 'utf8' });
const commit = (message: string, date: string) =>
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '-m', message], {
    cwd: repo,
    env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
  });
const cli = (args: string[]) => {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: repo,
    encoding: 'utf8',
    env: { ...process.env, CIVIC_MIGRATE_CACHE_DIR: 'off' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

beforeAll(() => {
  git('init', '-q');
  writeFileSync(join(repo, 'a.js'), "export const early = (item) => item.field_type === 'vbm_no_excuse';\n");
  git('add', '.');
  commit('add the JS helper', '2026-01-01T10:00:00Z');
  writeFileSync(join(repo, 'b.py'), 'def f(s):\n    return s["vbm_no_excuse"]\n');
  git('add', '.');
  commit('add the Python sync', '2026-02-01T10:00:00Z');
  writeFileSync(join(repo, 'a.js'), "export const early = (item) => item.field_type === 'has_no_excuse_absentee';\n");
  git('add', '.');
  commit('migrate the JS helper', '2026-03-01T10:00:00Z');
  git('rm', '-q', 'b.py');
  commit('drop the Python sync', '2026-04-01T10:00:00Z');
  // Uncommitted work stays as it is.
  writeFileSync(join(repo, 'wip.js'), 'x.vbm_universal;\n');
});

describe('report --history', () => {
  it('gives the exact counts per commit, oldest first, rescanning only what changed', () => {
    const head = git('rev-parse', 'HEAD');
    const status = git('status', '--porcelain');
    const r = cli(['report', '--no-config', '--history', '--format', 'json', '--fail-on', 'none']);
    expect(r.code).toBe(0);
    const history = JSON.parse(r.stdout).history as {
      subject: string;
      date: string;
      findings: number;
      codemod: number;
      person: number;
      rescanned: number;
    }[];
    expect(
      history.map(({ subject, findings, codemod, person, rescanned }) => [subject, findings, codemod, person, rescanned]),
    ).toEqual([
      ['add the JS helper', 1, 1, 0, 1],
      ['add the Python sync', 2, 1, 1, 1],
      ['migrate the JS helper', 1, 0, 1, 1],
      ['drop the Python sync', 0, 0, 0, 0],
    ]);
    expect(history.map((p) => p.date.slice(0, 10))).toEqual(['2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01']);
    expect(git('rev-parse', 'HEAD')).toBe(head);
    expect(git('status', '--porcelain')).toBe(status);
  });

  it('samples --commits evenly, the first and the last included; --since leaves older ones out', () => {
    const two = JSON.parse(
      cli(['report', '--no-config', '--history', '--commits', '2', '--format', 'json', '--fail-on', 'none']).stdout,
    ).history;
    expect(two.map((p: { subject: string; findings: number }) => [p.subject, p.findings])).toEqual([
      ['add the JS helper', 1],
      ['drop the Python sync', 0],
    ]);
    const since = JSON.parse(
      cli(['report', '--no-config', '--history', '--since', '2026-02-15', '--format', 'json', '--fail-on', 'none']).stdout,
    ).history;
    expect(since.map((p: { subject: string; findings: number }) => [p.subject, p.findings])).toEqual([
      ['migrate the JS helper', 1],
      ['drop the Python sync', 0],
    ]);
  });

  it('text and markdown show it as a table; markdown and html with a chart', () => {
    const text = cli(['report', '--no-config', '--history', '--fail-on', 'none']).stdout;
    expect(text).toContain('History:       4 commits (date, commit, findings, for the codemod, for a person, subject)');
    expect(text).toMatch(/ {15}2026-02-01 [0-9a-f]{8} {6}2 {6}1 {6}1 {2}add the Python sync\n/);
    const markdown = cli(['report', '--no-config', '--history', '--format', 'markdown', '--fail-on', 'none']).stdout;
    expect(markdown).toContain('**V1 usage over 4 commits**');
    expect(markdown).toMatch(/<svg [^>]*aria-label="V1 usage over 4 commits: from 1 to 0 findings">/);
    expect(markdown).toMatch(/\| 2026-03-01 \| `[0-9a-f]{8}` \| 1 \| 0 \| 1 \| migrate the JS helper \|/);
    const html = cli(['report', '--no-config', '--history', '--format', 'html', '--fail-on', 'none']).stdout;
    expect(html).toContain('<h2>V1 usage over 4 commits</h2>');
    expect(html.match(/<polyline /g)).toHaveLength(3);
  });

  it('outside a git repository: one line, exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'civic-no-git-'));
    try {
      const r = spawnSync(process.execPath, [bin, 'report', '--no-config', '--history', '.'], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, GIT_CEILING_DIRECTORIES: tmpdir() },
      });
      expect(r.status).toBe(2);
      expect(r.stderr).toBe(
        'civic-migrate: --history: git rev-parse failed: fatal: not a git repository (or any of the parent directories): .git\n',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each([
  ['without a program config', false],
  ['with a jsconfig.json (a program that reads the files its config includes)', true],
])('report --history from the working tree, %s', (_, withConfig) => {
  const work = mkdtempSync(join(tmpdir(), 'civic-history-work-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
      cwd: work,
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });
  const at = (date: string) => ({ GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
  const keep = "export const k = (item) => item.field_type === 'vbm_no_excuse';\n";
  const revert = 'export const r = (state) => state.vbm_universal;\n';
  const committed = 'export const d = (state) => state.vbm_notes;\n';

  beforeAll(() => {
    run(['init', '-q']);
    writeFileSync(join(work, 'keep.js'), keep);
    writeFileSync(join(work, 'revert.js'), revert);
    writeFileSync(join(work, 'dirty.js'), committed);
    if (withConfig)
      writeFileSync(join(work, 'jsconfig.json'), '{ "compilerOptions": { "allowJs": true }, "include": ["*.js"] }\n');
    chmodSync(join(work, 'revert.js'), 0o644);
    run(['add', '.']);
    run(['commit', '-q', '-m', 'one'], at('2026-01-01T10:00:00Z'));
    // Edited (more V1 usage) and then put back as it was: the same at the first commit and at HEAD.
    writeFileSync(join(work, 'revert.js'), `${revert}export const s = (state) => state.alert_vbm;\n`);
    run(['commit', '-q', '-am', 'two'], at('2026-02-01T10:00:00Z'));
    writeFileSync(join(work, 'revert.js'), revert);
    run(['commit', '-q', '-am', 'three'], at('2026-03-01T10:00:00Z'));
    // Uncommitted: migrated in the working tree only.
    writeFileSync(join(work, 'dirty.js'), 'export const d = (state) => state.footnotes;\n');
  });

  it("keeps the working tree report's findings for what has not changed, with the counts of a scan of every commit, and never writes through to the working tree", async () => {
    const before = statSync(join(work, 'revert.js'));
    const keepBefore = statSync(join(work, 'keep.js'));
    const r = spawnSync(process.execPath, [bin, 'report', '--no-config', '--history', '--format', 'json', '--fail-on', 'none'], {
      cwd: work,
      encoding: 'utf8',
      env: { ...process.env, CIVIC_MIGRATE_CACHE_DIR: 'off' },
    });
    expect(r.status).toBe(0);
    const points = (JSON.parse(r.stdout).history as { subject: string; findings: number; rescanned: number }[]).map((p) => [
      p.subject,
      p.findings,
      p.rescanned,
    ]);
    // keep.js and revert.js are taken from the report; dirty.js differs from HEAD in the working tree: read from git.
    expect(points).toEqual([
      ['one', 3, 1],
      ['two', 4, 1],
      ['three', 3, 1],
    ]);
    // The same counts as a history that scans every file from git.
    const scanned = await reportHistory({ cwd: work, mappings: loadMappings() });
    expect(scanned.map((p) => [p.subject, p.findings])).toEqual(points.map(([subject, findings]) => [subject, findings]));
    expect(scanned[0]?.rescanned).toBe(withConfig ? 4 : 3);
    // The working tree's files are as they were: content, mode, times (the change time too, which
    // git's index keeps), and no link to them.
    expect(readFileSync(join(work, 'revert.js'), 'utf8')).toBe(revert);
    expect(readFileSync(join(work, 'dirty.js'), 'utf8')).toBe('export const d = (state) => state.footnotes;\n');
    const after = statSync(join(work, 'revert.js'));
    expect([after.ino, after.mode, after.nlink, after.mtimeMs, after.ctimeMs]).toEqual([
      before.ino,
      before.mode,
      1,
      before.mtimeMs,
      before.ctimeMs,
    ]);
    const keepAfter = statSync(join(work, 'keep.js'));
    expect([keepAfter.nlink, keepAfter.ctimeMs]).toEqual([1, keepBefore.ctimeMs]);
    expect(run(['status', '--porcelain'])).toBe(' M dirty.js\n');
  });
});

describe('blobLoader', () => {
  it('reads ahead as many samples as the limit allows, one git call per batch, the same bytes as git', () => {
    const blob = (path: string, rev: string) => git('rev-parse', `${rev}:${path}`).trim();
    const a1 = blob('a.js', 'HEAD~3');
    const b = blob('b.py', 'HEAD~2');
    const a2 = blob('a.js', 'HEAD~1');
    const samples = [[a1], [b], [a2, a1], []];
    const show = (id: string) => execFileSync('git', ['cat-file', 'blob', id], { cwd: repo });
    for (const limit of [1, 1 << 20]) {
      const load = blobLoader(repo, samples, limit);
      const batches = samples.map((_, i) => load(i));
      samples.forEach((ids, i) => {
        for (const id of ids) expect(batches[i]?.get(id)).toEqual(show(id));
      });
      // A limit of one byte: a batch per sample; a large one: one batch for all.
      expect(new Set(batches).size).toBe(limit === 1 ? 4 : 1);
    }
  });
});

describe('evenly', () => {
  it('keeps the first and the last, spaced evenly, in order', () => {
    expect(evenly([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 4)).toEqual([1, 4, 7, 10]);
    expect(evenly([1, 2, 3], 5)).toEqual([1, 2, 3]);
    expect(evenly([1, 2, 3], 1)).toEqual([3]);
    expect(evenly([], 3)).toEqual([]);
  });
});
