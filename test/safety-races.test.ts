/** Raced and interrupted writes: a file changed since it was read is left alone; a stop writes nothing more. */
import { spawn } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTERRUPTED, runCodemod } from '../src/codemod/run.js';
import { writeFileAtomic } from '../src/files/write.js';
import { writeTree } from './helpers/tree.js';

const V1 = 'export const f = (s) => s.vbm_no_excuse.text;\n';
const V2 = 'export const f = (s) => s.has_no_excuse_absentee.text;\n';
const BIN = new URL('../bin/civic-migrate.cjs', import.meta.url).pathname;

describe('a file changed on disk between the read and the write', () => {
  it('is left as the other writer left it, reported, and the others are written', async () => {
    const dir = writeTree({ 'a.js': V1, 'b.js': V1, 'c.js': V1 });
    const summary = await runCodemod({
      cwd: dir,
      write: true,
      allowDirty: true,
      project: false,
      writeFile: async (path, data, options) => {
        // An editor saves b.js while the codemod works.
        if (path.endsWith('b.js')) appendFileSync(path, '// saved by an editor\n');
        await writeFileAtomic(path, data, options);
      },
    });
    expect(summary.files.map((f) => [f.path, f.status, f.reason])).toEqual([
      ['a.js', 'changed', undefined],
      [
        'b.js',
        'error',
        `${join(dir, 'b.js')}: changed since it was read: left as it is (run again to migrate what it holds now)`,
      ],
      ['c.js', 'changed', undefined],
    ]);
    expect(readFileSync(join(dir, 'b.js'), 'utf8')).toBe(`${V1}// saved by an editor\n`);
    expect(readFileSync(join(dir, 'c.js'), 'utf8')).toBe(V2);
    expect(readdirSync(dir).filter((n) => n.includes('.civic-migrate-'))).toEqual([]);
  });
});

describe('a stop during --write', () => {
  it('finishes the file in hand and writes no other: the rest are reported "interrupted"', async () => {
    const dir = writeTree(Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((n) => [`${n}.js`, V1])));
    const stop = new AbortController();
    let writes = 0;
    const summary = await runCodemod({
      cwd: dir,
      write: true,
      allowDirty: true,
      project: false,
      signal: stop.signal,
      writeFile: async (path, data, options) => {
        await writeFileAtomic(path, data, options);
        if (++writes === 2) stop.abort();
      },
    });
    expect(summary.files.map((f) => [f.path, f.status, f.reason])).toEqual([
      ['a.js', 'changed', undefined],
      ['b.js', 'changed', undefined],
      ['c.js', 'skipped', INTERRUPTED],
      ['d.js', 'skipped', INTERRUPTED],
      ['e.js', 'skipped', INTERRUPTED],
    ]);
    expect(['a', 'b', 'c', 'd', 'e'].map((n) => readFileSync(join(dir, `${n}.js`), 'utf8'))).toEqual([V2, V2, V1, V1, V1]);
  });

  it('SIGINT to the real CLI: exit 130, says what was written, every file whole (old or new), no temporary file', async () => {
    const files = 1500;
    const dir = writeTree(Object.fromEntries(Array.from({ length: files }, (_, i) => [`src/f${i}.js`, V1])));
    const child = spawn(process.execPath, [BIN, 'codemod', 'src', '--write', '--allow-dirty', '--no-project'], { cwd: dir });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    // Signal once the first file is written.
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (readFileSync(join(dir, 'src/f0.js'), 'utf8') === V2) {
          clearInterval(poll);
          child.kill('SIGINT');
          resolve();
        }
      }, 5);
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const texts = Array.from({ length: files }, (_, i) => readFileSync(join(dir, `src/f${i}.js`), 'utf8'));
    const written = texts.filter((t) => t === V2).length;
    expect(texts.every((t) => t === V1 || t === V2)).toBe(true);
    expect(readdirSync(join(dir, 'src')).filter((n) => n.includes('.civic-migrate-'))).toEqual([]);
    if (written === files) return; // finished before the signal arrived: nothing to stop (rare on a slow disk, not an error)
    expect(code).toBe(130);
    expect(stderr).toContain('civic-migrate: SIGINT: finishing the file in hand, writing no other\n');
    expect(stderr).toContain(
      `civic-migrate: interrupted by SIGINT: ${written} ${written === 1 ? 'file' : 'files'} written, ${files - written} not written; run again to finish\n`,
    );
  }, 60_000);
});
