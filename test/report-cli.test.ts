import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JsonReport } from '../src/report/reporters/json.js';
import { REPORT_JSON_SCHEMA } from '../src/report/reporters/json-schema.js';
import { runCli } from './helpers/cli.js';
import { writeTree } from './helpers/tree.js';

const tree = (files: Record<string, string | Buffer>) => writeTree(files, 'cm-report-cli-');

const json = (stdout: string) => JSON.parse(stdout) as JsonReport;

const CODEMOD_ONLY = { 'src/a.ts': 'x.vbm_no_excuse;\n' };
const NEEDS_PERSON = { 'src/a.ts': 'x.vbm_no_excuse;\n', 'db/q.sql': "WHERE slug = 'vbm_app_submission_fax'\n" };

describe('civic-migrate report: exit codes', () => {
  it('0 and a PASS verdict when there is no V1 usage', async () => {
    const cwd = tree({ 'a.ts': "const x = item.has_no_excuse_absentee.bool_value; fetch('/v2/election/field/');\n" });
    expect(await runCli(['report'], { cwd })).toEqual({
      code: 0,
      stdout: 'Files:         0 files affected of 1 searched\nPASS: no V1 usage found in 1 file.\n',
      stderr: '',
    });
  });

  it('1 when findings exist (--fail-on any, the default)', async () => {
    const r = await runCli(['report'], { cwd: tree(CODEMOD_ONLY) });
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n').at(-2)).toBe('FAIL (--fail-on any): 1 V1 usage in 1 file: 1 for `civic-migrate codemod`.');
  });

  it('--fail-on manual fails only on what a person must fix; none never fails', async () => {
    expect((await runCli(['report', '--fail-on', 'manual'], { cwd: tree(CODEMOD_ONLY) })).code).toBe(0);
    expect((await runCli(['report', '--fail-on', 'manual'], { cwd: tree(NEEDS_PERSON) })).code).toBe(1);
    expect((await runCli(['report', '--fail-on', 'none'], { cwd: tree(NEEDS_PERSON) })).code).toBe(0);
  });

  it('low-confidence findings are reported but do not gate', async () => {
    const r = await runCli(['report', '--format', 'json'], { cwd: tree({ 'geo.py': 'c.long_name\n' }) });
    expect(r.code).toBe(0);
    expect(json(r.stdout).summary.byConfidence).toEqual({ high: 0, low: 1 });
    expect(r.stderr).toBe('PASS (--fail-on any): 1 V1 usage in 1 file: 1 for a person (1 low-confidence, not gating).\n');
  });

  it('2 with one line on stderr for usage errors', async () => {
    const cwd = tree(CODEMOD_ONLY);
    const cases: [string[], string][] = [
      [['report', '--format', 'xml'], 'civic-migrate: Invalid values:'],
      [['report', '--fail-on', 'some'], 'civic-migrate: Invalid values:'],
      [['report', 'missing/'], 'civic-migrate: missing/: cannot read: no such file\n'],
      [['report', 'src/*.py'], 'civic-migrate: no file matches the pattern "src/*.py"\n'],
      [['report', '--max-bytes', '0'], 'civic-migrate: --max-bytes must be a positive whole number, not 0\n'],
      [['report', '--history', '--commits', '0'], 'civic-migrate: --commits must be a positive whole number, not 0\n'],
      [['report', '--observed', 'missing.json'], 'civic-migrate: missing.json: cannot read'],
      [
        ['observe', '--interval', '0', '--', 'node', '-e', '0'],
        'civic-migrate: --interval must be a positive number of milliseconds\n',
      ],
      [
        ['observe', '--watch-every', '0', '--', 'node', '-e', '0'],
        'civic-migrate: --watch-every must be a whole number of at least 1, not 0\n',
      ],
      [
        ['observe', '--watch-first', '-1', '--', 'node', '-e', '0'],
        'civic-migrate: --watch-first must be a whole number, not -1\n',
      ],
      [['observe'], 'civic-migrate: name the command to run after --\n'],
      [['serve', '--record', 'no-such-folder/usage.json'], 'civic-migrate: --record: the folder of '],
    ];
    for (const [args, stderr] of cases) {
      const r = await runCli(args, { cwd });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.startsWith(stderr), r.stderr).toBe(true);
    }
  });

  it('2 when a path cannot be read (the report is incomplete), after printing what it found', async () => {
    const cwd = tree(CODEMOD_ONLY);
    symlinkSync(join(cwd, 'nowhere'), join(cwd, 'src', 'dangling.ts'));
    const r = await runCli(['report'], { cwd });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('src/a.ts\n  1:3  rename');
    expect(r.stdout).toContain('Unreadable:    src/dangling.ts: broken symlink: no such file\n');
    expect(r.stdout.split('\n').at(-2)).toBe(
      'INCOMPLETE: 1 path could not be read; 1 V1 usage in 1 file: 1 for `civic-migrate codemod`.',
    );
    expect(r.stderr).toBe('civic-migrate: src/dangling.ts: broken symlink: no such file\n');
  });
});

describe('civic-migrate report: files', () => {
  it('skips and counts binary, too large and invalid UTF-8 files, never crashing', async () => {
    const cwd = tree({
      'ok.ts': 'x.vbm_universal;\n',
      'image.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x76, 0x62, 0x6d]),
      'latin1.txt': Buffer.from('caf\xe9 vbm_universal\n', 'latin1'),
      'big.js': `x.vbm_universal;${' '.repeat(5000)}\n`,
    });
    const r = await runCli(['report', '--format', 'json', '--max-bytes', '4096'], { cwd });
    expect(r.code).toBe(1);
    const report = json(r.stdout);
    expect(report.files).toMatchObject({ searched: 1, skipped: { binary: 1, 'too-large': 1, 'invalid-utf8': 1 }, errors: [] });
    expect(report.findings.map((f) => f.file)).toEqual(['ok.ts']);
    const text = await runCli(['report', '--max-bytes', '4096'], { cwd });
    expect(text.stdout).toContain(
      'Files:         1 file affected of 1 searched; 3 skipped (1 binary, 1 too-large, 1 invalid-utf8)\n',
    );
  });

  it('handles symlink loops: each real folder is searched once', async () => {
    const cwd = tree({ 'a/b/c.ts': 'x.vbm_universal;\n' });
    symlinkSync(join(cwd, 'a'), join(cwd, 'a', 'b', 'loop'));
    symlinkSync('.', join(cwd, 'a', 'self'));
    const r = await runCli(['report', '--format', 'json'], { cwd });
    const report = json(r.stdout);
    expect(report.findings.map((f) => f.file)).toEqual(['a/b/c.ts']);
    expect(report.files.notListed['symlink-loop']).toBe(2);
    expect(r.code).toBe(1);
  });

  it('reports paths relative to the current folder, `/`-separated; honours --include, --exclude and .gitignore', async () => {
    const cwd = tree({
      'src/app/a.ts': 'x.vbm_universal;\n',
      'src/app/b.py': 'x.vbm_universal\n',
      'src/gen/c.ts': 'x.vbm_universal;\n',
      'src/.gitignore': 'gen/\n',
      'docs/d.md': 'vbm_universal\n',
    });
    const files = async (args: string[]) =>
      json((await runCli(['report', '--format', 'json', ...args], { cwd })).stdout).findings.map((f) => f.file);
    expect(await files(['src'])).toEqual(['src/app/a.ts', 'src/app/b.py']);
    expect(await files(['src', '--no-gitignore'])).toEqual(['src/app/a.ts', 'src/app/b.py', 'src/gen/c.ts']);
    expect(await files(['--include', '*.ts', '--include', '*.md'])).toEqual(['docs/d.md', 'src/app/a.ts']);
    expect(await files(['--exclude', 'docs', '--exclude', '*.py'])).toEqual(['src/app/a.ts']);
    expect(await files(['src/app/*.py', 'docs/d.md'])).toEqual(['docs/d.md', 'src/app/b.py']);
  });

  it('--output writes the report to a file and puts the verdict on stderr', async () => {
    const cwd = tree(CODEMOD_ONLY);
    const r = await runCli(['report', '--format', 'sarif', '--output', 'out/report.sarif'], { cwd }).catch((e) => e);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^civic-migrate: .*out\/report\.sarif: cannot write: /);
    mkdirSync(join(cwd, 'out'));
    const ok = await runCli(['report', '--format', 'sarif', '-o', 'out/report.sarif'], { cwd });
    expect(ok).toEqual({
      code: 1,
      stdout: '',
      stderr: 'FAIL (--fail-on any): 1 V1 usage in 1 file: 1 for `civic-migrate codemod`.\n',
    });
    expect(JSON.parse(readFileSync(join(cwd, 'out', 'report.sarif'), 'utf8')).runs[0].results).toHaveLength(1);
  });

  it('counts findings hidden by civic-migrate-ignore', async () => {
    const cwd = tree({ 'a.py': 'tab = "early_voting"  # civic-migrate-ignore\nx = state["vbm_universal"]\n' });
    const r = await runCli(['report'], { cwd });
    expect(r.stdout).toContain('Files:         1 file affected of 1 searched; 1 finding hidden by civic-migrate-ignore\n');
    expect(json((await runCli(['report', '--format', 'json'], { cwd })).stdout).summary).toMatchObject({
      findings: 1,
      suppressed: 1,
    });
  });

  it('--json-schema prints the JSON report schema', async () => {
    const r = await runCli(['report', '--json-schema']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(JSON.stringify(REPORT_JSON_SCHEMA)));
  });

  it('is listed in --help', async () => {
    expect((await runCli(['--help'])).stdout).toContain('civic-migrate report [paths..]');
  });
});
