/** Inputs are read only when they are regular files, with a bound: no hang, no unbounded memory, one line. */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
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

  it('is refused with where it is (exit 2, nothing written); replacing it is asked for, and counted', async () => {
    const dir = writeTree({});
    writeFileSync(join(dir, 'p.json'), latin1);
    const refused = await runCli(['adapt', 'p.json', '--to', 'v2'], { cwd: dir });
    expect(refused).toEqual({
      code: 2,
      stdout: '',
      stderr: 'civic-migrate: p.json: not valid UTF-8 at line 1, column 47 (byte 46)\n',
    });
    const replaced = await runCli(['adapt', 'p.json', '--to', 'v2', '--replace-invalid-utf8'], { cwd: dir });
    expect(replaced.code).toBe(0);
    expect(JSON.parse(replaced.stdout)[0].description).toBe('No excus\ufffd');
    expect(replaced.stderr).toContain(
      'p.json: warning [invalid-utf8] 1 byte not valid UTF-8 replaced by U+FFFD (the first at line 1, column 47 (byte 46))\n',
    );
    const both = await runCli(['adapt', 'p.json', '--to', 'v2', '--replace-invalid-utf8', '--strict'], { cwd: dir });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain(
      'civic-migrate: --strict refuses to change the input; --replace-invalid-utf8 asks to: use one of them',
    );
  });

  it('names the line and column past multi-byte characters, and counts every bad byte (stdin too)', async () => {
    const before = '[\n  {"slug": "vbm_no_excuse",\n   "long_name": "Sans exc\u00e9 \u2713 ';
    const at = Buffer.byteLength(before); // 29 characters into line 3
    const bytes = Buffer.concat([
      Buffer.from(before, 'utf8'),
      Buffer.from([0xe2, 0x82]), // a 3-byte sequence cut short
      Buffer.from(' and ', 'utf8'),
      Buffer.from([0xff, 0xc0, 0x80]), // never valid; an overlong form
      Buffer.from('", "field_format": "Boolean"}\n]\n', 'utf8'),
    ]);
    const dir = writeTree({});
    writeFileSync(join(dir, 'p.json'), bytes);
    expect((await runCli(['adapt', 'p.json', '--to', 'v2'], { cwd: dir })).stderr).toBe(
      `civic-migrate: p.json: not valid UTF-8 at line 3, column 30 (byte ${at})\n`,
    );
    const stdin = await runCli(['adapt', '-', '--to', 'v2', '--replace-invalid-utf8'], { cwd: dir, stdin: bytes });
    expect(stdin.code).toBe(0);
    expect(stdin.stderr).toContain(
      `<stdin>: warning [invalid-utf8] 5 bytes not valid UTF-8 replaced by U+FFFD (the first at line 3, column 30 (byte ${at}))`,
    );
  });
});

describe('a folder that cannot be read or passed through: the message names it and what was tried', () => {
  const bin = new URL('../bin/civic-migrate.cjs', import.meta.url).pathname;
  const built = existsSync(new URL('../dist/cli/main.js', import.meta.url));
  // Root passes every permission check: the CLI runs without that power (setpriv drops it).
  const root = process.getuid?.() === 0;
  const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));
  const asUser = root
    ? [setpriv ?? 'setpriv', '--bounding-set=-dac_override,-dac_read_search', '--inh-caps=-dac_override,-dac_read_search']
    : [];
  const cli = (cwd: string, ...args: string[]) => {
    const [command, ...rest] = [...asUser, process.execPath, bin, ...args] as [string, ...string[]];
    return spawnSync(command, rest, { cwd, encoding: 'utf8', timeout: 20_000 });
  };

  it.skipIf((!built && !process.env.CI) || (root && !setpriv))('above the working folder, below it, and a file', () => {
    const dir = writeTree({ 'srv/app/a.js': 'export const f = (s) => s.vbm_no_excuse.text;\n', 'srv/app/locked/b.js': 'x\n' });
    const app = join(dir, 'srv', 'app');
    writeFileSync(join(app, 'c.js'), 's.vbm_no_excuse;\n');
    try {
      chmodSync(join(app, 'locked'), 0o000);
      chmodSync(join(app, 'c.js'), 0o000);
      const below = cli(app, 'codemod', '--no-project');
      expect(below.status).toBe(2); // some files could not be read
      expect(below.stderr).toContain('civic-migrate: locked: cannot list: permission denied\n');
      expect(below.stderr).toContain('civic-migrate: c.js: cannot read: permission denied\n');
      chmodSync(join(dir, 'srv'), 0o000);
      const above = [cli(app, 'codemod', '--no-project'), cli(app, 'report'), cli(app, 'report', 'a.js')];
      expect(above.map((r) => [r.status, r.stdout, r.stderr])).toEqual([
        [2, '', `civic-migrate: ${app}: cannot read: permission denied (${join(dir, 'srv')} cannot be searched)\n`],
        [2, '', `civic-migrate: ${app}: cannot read: permission denied (${join(dir, 'srv')} cannot be searched)\n`],
        [2, '', `civic-migrate: a.js: cannot read: permission denied (${join(dir, 'srv')} cannot be searched)\n`],
      ]);
    } finally {
      chmodSync(join(dir, 'srv'), 0o755);
      chmodSync(join(app, 'locked'), 0o755);
      chmodSync(join(app, 'c.js'), 0o644);
    }
  });
});
