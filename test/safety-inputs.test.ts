/** Inputs are read only when they are regular files, with a bound: no hang, no unbounded memory, one line. */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IoError } from '../src/errors.js';
import { readInputFileSync, readStreamBounded } from '../src/files/read.js';
import { runCli } from './helpers/cli.js';
import { writeTree } from './helpers/tree.js';

const fifoIn = (dir: string, name: string) => {
  expect(spawnSync('mkfifo', [join(dir, name)]).status).toBe(0);
  return join(dir, name);
};

describe('a FIFO where a file is expected is refused at once, never waited on', () => {
  it('--mappings', async () => {
    const dir = writeTree({});
    fifoIn(dir, 'table.json');
    const r = await runCli(['explain', 'vbm_no_excuse', '--mappings', 'table.json'], { cwd: dir });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: `civic-migrate: ${join(dir, 'table.json')}: cannot read mapping table: it is a FIFO (named pipe), not a regular file\n`,
    });
  });

  it("adapt's payload and --fields", async () => {
    const dir = writeTree({ 'in.json': '[]' });
    fifoIn(dir, 'p.json');
    expect(await runCli(['adapt', 'p.json', '--to', 'v2'], { cwd: dir })).toMatchObject({
      code: 2,
      stderr: 'civic-migrate: p.json: cannot read the payload: it is a FIFO (named pipe), not a regular file\n',
    });
    expect((await runCli(['adapt', 'in.json', '--to', 'v2', '--fields', 'p.json'], { cwd: dir })).stderr).toBe(
      'civic-migrate: p.json: cannot read the list: it is a FIFO (named pipe), not a regular file\n',
    );
  });

  it('a .gitignore that is a FIFO: report and codemod finish, and say it', async () => {
    const dir = writeTree({ 'a.js': 'export const f = (s) => s.vbm_no_excuse.text;\n' });
    fifoIn(dir, '.gitignore');
    const report = await runCli(['report', '--format', 'json', '--fail-on', 'none'], { cwd: dir });
    expect(JSON.parse(report.stdout).summary.findings).toBe(1);
    expect(report.stderr).toContain(
      'civic-migrate: .gitignore: cannot read ignore file: it is a FIFO (named pipe), not a regular file',
    );
    const codemod = await runCli(['codemod', '--no-project'], { cwd: dir });
    expect(codemod.stdout).toContain('+export const f = (s) => s.has_no_excuse_absentee.text;');
    expect(codemod.stderr).toContain('.gitignore');
  });

  it('a FIFO named on the command line is reported, not read', async () => {
    const dir = writeTree({});
    fifoIn(dir, 'pipe.js');
    const r = await runCli(['codemod', 'pipe.js', '--no-project'], { cwd: dir });
    expect(r.stderr).toContain('pipe.js');
    expect(r.stderr).toContain('it is a FIFO (named pipe), not a regular file');
  });
});

describe('size bounds', () => {
  it('a file over the bound is refused with its size and the limit', () => {
    const dir = writeTree({ 'big.json': 'x'.repeat(3 * 1024 * 1024) });
    expect(() => readInputFileSync(join(dir, 'big.json'), 'the payload', { maxBytes: 1024 * 1024, name: 'big.json' })).toThrow(
      new IoError('big.json', 'cannot read the payload: 3 MiB is over the 1 MiB limit'),
    );
  });

  it('an endless stdin stops at the bound with one clear error, without holding it all', async () => {
    let produced = 0;
    async function* endless() {
      for (;;) {
        produced += 64 * 1024;
        yield Buffer.alloc(64 * 1024, 0x20);
      }
    }
    await expect(readStreamBounded(endless(), '<stdin>', 1024 * 1024)).rejects.toThrow(
      new IoError('<stdin>', 'cannot read: more than the 1 MiB limit'),
    );
    expect(produced).toBeLessThanOrEqual(1024 * 1024 + 64 * 1024);
  });

  it('adapt - reads stdin within the bound as before', async () => {
    const dir = writeTree({});
    writeFileSync(join(dir, 'x'), '');
    const r = await runCli(['adapt', '-', '--to', 'v2'], {
      cwd: dir,
      stdin: JSON.stringify([{ slug: 'vbm_no_excuse', long_name: 'No excuse', field_format: 'Boolean' }]),
    });
    expect(r.code).toBe(0);
  });
});

describe('invalid UTF-8 in a payload', () => {
  const latin1 = Buffer.from('[{"slug":"vbm_no_excuse","long_name":"No excus\xe9","field_format":"Boolean"}]', 'latin1');

  it('is a warning naming the byte (read as U+FFFD), and --strict refuses it (exit 2)', async () => {
    const dir = writeTree({});
    writeFileSync(join(dir, 'p.json'), latin1);
    const lenient = await runCli(['adapt', 'p.json', '--to', 'v2'], { cwd: dir });
    expect(lenient.code).toBe(0);
    expect(lenient.stderr).toContain(
      'p.json: warning [invalid-utf8] not valid UTF-8 from byte 46: such bytes are read as U+FFFD\n',
    );
    const strict = await runCli(['adapt', 'p.json', '--to', 'v2', '--strict'], { cwd: dir });
    expect(strict).toMatchObject({ code: 2, stdout: '', stderr: 'civic-migrate: p.json: not valid UTF-8 (byte 46)\n' });
  });
});
