/** The one writer: never replaces what is not a regular file, never loses the file it replaces. */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  createReadStream,
  existsSync,
  linkSync,
  lstatSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IoError } from '../src/errors.js';
import { writeFileAtomic } from '../src/files/write.js';
import { runCli } from './helpers/cli.js';
import { writeTree } from './helpers/tree.js';

const isRoot = process.getuid?.() === 0;
const leftovers = (dir: string) => readdirSync(dir).filter((n) => n.includes('.civic-migrate-'));

describe('writeFileAtomic', () => {
  // A device node of our own (a copy of /dev/null's), so that a regression replaces it, not /dev/null.
  const device = () => {
    const dir = writeTree({});
    const node = join(dir, 'null');
    expect(spawnSync('mknod', ['-m', '666', node, 'c', '1', '3']).status).toBe(0);
    return { dir, node };
  };

  it.runIf(isRoot)('writes a character device in place: it stays a device', async () => {
    const { node } = device();
    await writeFileAtomic(node, 'x'.repeat(100_000));
    expect(statSync(node).isCharacterDevice()).toBe(true);
  });

  it('writes a FIFO in place: its reader gets every byte and the FIFO stays a FIFO', async () => {
    const dir = writeTree({});
    const fifo = join(dir, 'out.fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const data = 'line\n'.repeat(50_000);
    const got = new Promise<string>((resolve, reject) => {
      let text = '';
      createReadStream(fifo, 'utf8')
        .on('data', (c) => (text += c))
        .on('end', () => resolve(text))
        .on('error', reject);
    });
    await writeFileAtomic(fifo, data);
    expect(await got).toBe(data);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it.runIf(isRoot)('writes through a symlink to a device (as /dev/stdout is): the link and the device stay', async () => {
    const { dir, node } = device();
    symlinkSync(node, join(dir, 'out'));
    await writeFileAtomic(join(dir, 'out'), 'data');
    expect(lstatSync(join(dir, 'out')).isSymbolicLink()).toBe(true);
    expect(statSync(node).isCharacterDevice()).toBe(true);
  });

  it('refuses a read-only file, a hard-linked file and a folder, leaving each as it was', async () => {
    const dir = writeTree({ 'ro.txt': 'old', 'linked.txt': 'old', 'sub/x': '' });
    chmodSync(join(dir, 'ro.txt'), 0o444);
    linkSync(join(dir, 'linked.txt'), join(dir, 'other-name.txt'));
    await expect(writeFileAtomic(join(dir, 'ro.txt'), 'new')).rejects.toThrow(
      new IoError(join(dir, 'ro.txt'), 'cannot write: the file is read-only (make it writable first if it should change)'),
    );
    await expect(writeFileAtomic(join(dir, 'linked.txt'), 'new')).rejects.toThrow(/cannot write: it has 2 hard links/);
    await expect(writeFileAtomic(join(dir, 'sub'), 'new')).rejects.toThrow(/cannot write: it is a folder/);
    expect(readFileSync(join(dir, 'ro.txt'), 'utf8')).toBe('old');
    expect(readFileSync(join(dir, 'other-name.txt'), 'utf8')).toBe('old');
    expect(leftovers(dir)).toEqual([]);
  });

  it.runIf(isRoot)('as root, a replaced file keeps its owner and group', async () => {
    const dir = writeTree({ 'a.txt': 'old' });
    chownSync(join(dir, 'a.txt'), 1234, 2345);
    chmodSync(join(dir, 'a.txt'), 0o640);
    await writeFileAtomic(join(dir, 'a.txt'), 'new');
    const s = statSync(join(dir, 'a.txt'));
    expect({ uid: s.uid, gid: s.gid, mode: s.mode & 0o777, text: readFileSync(join(dir, 'a.txt'), 'utf8') }).toEqual({
      uid: 1234,
      gid: 2345,
      mode: 0o640,
      text: 'new',
    });
  });
});

describe('-o - and --out - mean stdout', () => {
  it('report -o - prints the report and creates no file named "-"', async () => {
    const dir = writeTree({ 'a.py': "x = state['vbm_no_excuse']\n" });
    const r = await runCli(['report', '--format', 'json', '-o', '-', '--fail-on', 'none'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).summary.findings).toBe(1);
    expect(existsSync(join(dir, '-'))).toBe(false);
  });

  it('adapt --out - prints the JSON and creates no file named "-"', async () => {
    const dir = writeTree({});
    const v1 = JSON.stringify([{ slug: 'vbm_no_excuse', long_name: 'No excuse', field_format: 'Boolean' }]);
    writeFileSync(join(dir, 'in.json'), v1);
    const r = await runCli(['adapt', 'in.json', '--to', 'v2', '--out', '-'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)[0].slug).toBe('has_no_excuse_absentee');
    expect(existsSync(join(dir, '-'))).toBe(false);
  });
});
