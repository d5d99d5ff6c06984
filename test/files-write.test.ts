import { execFileSync } from 'node:child_process';
import { chmodSync, createReadStream, lstatSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IoError } from '../src/errors.js';
import { writeFileAtomic } from '../src/files/write.js';
import { writeTree } from './helpers/tree.js';

describe('writeFileAtomic', () => {
  it('replaces the content and keeps the file mode', async () => {
    const dir = writeTree({ 'run.sh': 'old\n' }, 'civic-write-');
    chmodSync(join(dir, 'run.sh'), 0o751);
    await writeFileAtomic(join(dir, 'run.sh'), 'new\n');
    expect(readFileSync(join(dir, 'run.sh'), 'utf8')).toBe('new\n');
    expect(statSync(join(dir, 'run.sh')).mode & 0o777).toBe(0o751);
    expect(readdirSync(dir)).toEqual(['run.sh']);
  });

  it('creates a new file', async () => {
    const dir = writeTree({}, 'civic-write-');
    await writeFileAtomic(join(dir, 'out.json'), '{}\n');
    expect(readFileSync(join(dir, 'out.json'), 'utf8')).toBe('{}\n');
  });

  it('writes through a symlink: the link stays a link, its target gets the content', async () => {
    const dir = writeTree({ 'real/a.ts': 'old' }, 'civic-write-');
    symlinkSync(join(dir, 'real/a.ts'), join(dir, 'link.ts'));
    await writeFileAtomic(join(dir, 'link.ts'), 'new');
    expect(lstatSync(join(dir, 'link.ts')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'real/a.ts'), 'utf8')).toBe('new');
  });

  it('writes pieces of text one after the other, to a file replaced or to a FIFO written in place', async () => {
    const dir = writeTree({ 'out.json': 'old text, longer than the new one\n' }, 'civic-write-');
    const pieces = ['{"a":', 'é'.repeat(70_000), '"}', '\n'];
    await writeFileAtomic(join(dir, 'out.json'), pieces.values());
    expect(readFileSync(join(dir, 'out.json'), 'utf8')).toBe(pieces.join(''));
    expect(readdirSync(dir)).toEqual(['out.json']);
    // A FIFO (written in place, never replaced): a reader gets every piece in order.
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const reader = new Promise<string>((done) => {
      const chunks: Buffer[] = [];
      createReadStream(fifo)
        .on('data', (c) => chunks.push(c as Buffer))
        .on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    });
    await writeFileAtomic(fifo, pieces.values());
    expect(await reader).toBe(pieces.join(''));
  });

  it('pieces that fail midway (a render that throws after 100 KB written) leave the file as it was and no temporary file', async () => {
    const dir = writeTree({ 'out.json': 'kept\n' }, 'civic-write-');
    function* failing(): Generator<string> {
      yield 'x'.repeat(100_000);
      throw new Error('cannot render');
    }
    await expect(writeFileAtomic(join(dir, 'out.json'), failing())).rejects.toThrow(
      new IoError(join(dir, 'out.json'), 'cannot write: cannot render'),
    );
    expect(readFileSync(join(dir, 'out.json'), 'utf8')).toBe('kept\n');
    expect(readdirSync(dir)).toEqual(['out.json']);
  });

  it('fails with one line naming the file, leaving no temporary file behind', async () => {
    const dir = writeTree({ 'a.txt': 'keep' }, 'civic-write-');
    const missing = join(dir, 'no-such-folder', 'b.txt');
    await expect(writeFileAtomic(missing, 'x')).rejects.toThrow(new IoError(missing, 'cannot write: no such file'));
    writeFileSync(join(dir, 'a.txt'), 'keep');
    expect(readdirSync(dir)).toEqual(['a.txt']);
  });
});
