/** A file the report cannot search may hold V1 usage: it is listed with why, and gates under --fail-on any. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCodemod } from '../src/codemod/run.js';
import { findV1Usage } from '../src/report/find.js';
import { runCli } from './helpers/cli.js';
import { writeTree } from './helpers/tree.js';

describe('files the report could not search', () => {
  const tree = () => {
    const dir = writeTree({ 'clean.py': 'x = 1\n' });
    // One Latin-1 byte, and a file over the limit: both could hide V1 usage.
    writeFileSync(join(dir, 'latin1.py'), Buffer.from("name = 'Jos\xe9'\nstate['vbm_no_excuse']\n", 'latin1'));
    writeFileSync(join(dir, 'big.js'), `// ${'x'.repeat(2000)}\nstate.vbm_no_excuse;\n`);
    writeFileSync(join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]));
    return dir;
  };

  it('fail --fail-on any (exit 1), each named with why; a binary file is counted, not listed', async () => {
    const r = await runCli(['report', '--max-bytes', '1000'], { cwd: tree() });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Skipped:       big.js: not searched: 2,025 bytes is over --max-bytes\n');
    expect(r.stdout).toContain('Skipped:       latin1.py: not searched: not valid UTF-8\n');
    expect(r.stdout).not.toContain('Skipped:       logo.png');
    expect(r.stdout).toContain(
      'FAIL (--fail-on any): no V1 usage found in 1 file. 2 files could not be searched (listed with why; --exclude them or raise --max-bytes if that is expected).\n',
    );
  });

  it('are listed in JSON and SARIF too; --fail-on manual and none do not gate on them', async () => {
    const dir = tree();
    const json = JSON.parse(
      (await runCli(['report', '--max-bytes', '1000', '--format', 'json', '--fail-on', 'none'], { cwd: dir })).stdout,
    );
    expect(json.files.skippedList).toEqual([
      { file: 'big.js', reason: 'too-large', bytes: 2025 },
      { file: 'latin1.py', reason: 'invalid-utf8', bytes: 37 },
    ]);
    const sarif = JSON.parse((await runCli(['report', '--max-bytes', '1000', '--format', 'sarif'], { cwd: dir })).stdout);
    const notes = sarif.runs[0].invocations[0].toolExecutionNotifications.filter(
      (n: { descriptor: { id: string } }) => n.descriptor.id === 'file-not-searched',
    );
    expect(notes.map((n: { level: string; message: { text: string } }) => [n.level, n.message.text])).toEqual([
      ['error', 'big.js: not searched: 2,025 bytes is over --max-bytes'],
      ['error', 'latin1.py: not searched: not valid UTF-8'],
    ]);
    expect((await runCli(['report', '--max-bytes', '1000', '--fail-on', 'manual'], { cwd: dir })).code).toBe(0);
  });

  it('excluding them says otherwise: the gate passes', async () => {
    const r = await runCli(['report', '--max-bytes', '1000', '--exclude', 'big.js', '--exclude', 'latin1.py'], { cwd: tree() });
    expect(r.code).toBe(0);
  });
});

describe('codemod --max-bytes', () => {
  it('skips and names a file over the limit; --check fails on it; the ceiling is checked', async () => {
    const dir = writeTree({ 'small.js': 'export const f = (s) => s.vbm_no_excuse.text;\n' });
    writeFileSync(join(dir, 'big.js'), `// ${'x'.repeat(2000)}\nexport const g = (s) => s.vbm_no_excuse.text;\n`);
    const r = await runCli(['codemod', '--check', '--max-bytes', '1000', '--no-project'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('small.js\n');
    expect(r.stderr).toContain('civic-migrate: big.js: not read (too-large): V1 usage there is not migrated\n');
    const ceiling = await runCli(['codemod', '--max-bytes', String(4 * 1024 ** 3)], { cwd: dir });
    expect(ceiling).toMatchObject({ code: 2 });
    expect(ceiling.stderr).toBe(
      "civic-migrate: --max-bytes 4294967296 is over the 512 MiB ceiling (a file is read whole into memory)\nRun 'civic-migrate --help' for usage.\n",
    );
  });
});

describe('one file loop', () => {
  it('the codemod and the report skip the same files for the same reasons, candidates or not', async () => {
    const dir = writeTree({ 'ok.js': 'export const f = (s) => s.vbm_no_excuse.text;\n' });
    // Latin-1 with no V1 bytes at all (not a candidate), Latin-1 with some, and a binary file named .js.
    writeFileSync(join(dir, 'plain.js'), Buffer.from("export const name = 'Jos\xe9';\n", 'latin1'));
    writeFileSync(join(dir, 'v1.js'), Buffer.from("export const n = 'Jos\xe9', s = (x) => x.vbm_no_excuse;\n", 'latin1'));
    writeFileSync(join(dir, 'blob.js'), Buffer.from([0x76, 0x62, 0x6d, 0, 0x5f]));
    const codemod = await runCodemod({ cwd: dir, project: false });
    expect(codemod.files.map((f) => [f.path, f.status, f.reason])).toEqual([
      ['blob.js', 'skipped', 'binary'],
      ['ok.js', 'changed', undefined],
      ['plain.js', 'skipped', 'invalid-utf8'],
      ['v1.js', 'skipped', 'invalid-utf8'],
    ]);
    const report = await findV1Usage({ cwd: dir, project: false });
    expect(report.stats.skippedFiles).toEqual({ binary: 1, 'too-large': 0, 'invalid-utf8': 2 });
    expect(report.stats.skippedList.map((s) => s.file)).toEqual(['plain.js', 'v1.js']);
  });
});
