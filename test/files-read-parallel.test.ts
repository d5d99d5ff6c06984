import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DiscoveredFile } from '../src/files/discover.js';
import { readSources, type SourceFile } from '../src/files/sources.js';
import { loadMappings } from '../src/mapping/load.js';
import { createPrefilter } from '../src/scan/prefilter.js';

/**
 * The parallel reader (a worker thread reads and prefilters while the caller parses) gives the
 * same outcomes, in the same order, as the one-thread loop. The worker runs from the built package
 * (`npm test` builds it first): the sources run untranspiled under vitest, where it falls back.
 */
const built = (await import(join(process.cwd(), 'dist/files/sources.js'))) as typeof import('../src/files/sources.js');

function tree(): DiscoveredFile[] {
  const dir = mkdtempSync(join(tmpdir(), 'cm-parallel-'));
  const files: [string, string | Buffer][] = [
    ['a.js', 'const s = state.vbm_no_excuse.value;\n'],
    ['b.js', 'export const nothing = 1;\n'],
    ['c.bin', Buffer.from([0, 1, 2, 3])],
    ['d.ts', Buffer.from([0x63, 0xff, 0xfe, 0x0a])],
    ['e.py', "url = 'https://api.voteamerica.org/v1/election/field/'\n"],
    ['f.js', 'x'.repeat(5000)],
  ];
  for (const [name, content] of files) writeFileSync(join(dir, name), content);
  expect(spawnSync('mkfifo', [join(dir, 'g.js')]).status).toBe(0);
  return ['a.js', 'b.js', 'c.bin', 'd.ts', 'e.py', 'f.js', 'g.js'].map(
    (rel) => ({ rel, path: join(dir, rel) }) as DiscoveredFile,
  );
}

const shown = (s: SourceFile) =>
  `${s.file.rel} ${s.kind}${s.kind === 'skipped' ? ` ${s.reason}` : ''}${s.kind === 'error' ? ` ${s.message}` : ''}${
    s.kind === 'candidate' ? ` ${s.text.length}` : ''
  }`;

describe('reading in a worker thread', () => {
  it('gives what the one-thread loop gives, file for file, in order (errors, skips, candidates)', async () => {
    const files = tree();
    const prefilter = createPrefilter(loadMappings());
    const maxBytes = 4096;
    const expected = [...readSources(files, (_f, bytes) => prefilter.isCandidateBytes(bytes), maxBytes)].map(shown);
    const got: string[] = [];
    for await (const batch of built.readSourcesParallel(files, {
      specs: [prefilter.spec],
      pick: () => 0,
      maxBytes,
      parallelFrom: 1,
    }))
      for (const s of batch) got.push(shown(s));
    expect(got).toEqual(expected);
    expect(expected).toEqual([
      'a.js candidate 37',
      'b.js passed',
      'c.bin skipped binary',
      'd.ts skipped invalid-utf8',
      'e.py candidate 55',
      'f.js skipped too-large',
      'g.js error cannot read: it is a FIFO (named pipe), not a regular file',
    ]);
  });

  it('gives the same when the calling thread reads a share of the files meanwhile (`share`)', async () => {
    const files = tree();
    const prefilter = createPrefilter(loadMappings());
    const expected = [...readSources(files, (_f, bytes) => prefilter.isCandidateBytes(bytes), 4096)].map(shown);
    for (const count of [1, 2, 3, files.length]) {
      const got: string[] = [];
      for await (const batch of built.readSourcesParallel(files.slice(0, count), {
        specs: [prefilter.spec],
        pick: () => 0,
        maxBytes: 4096,
        parallelFrom: 1,
        share: true,
      }))
        for (const s of batch) got.push(shown(s));
      expect(got).toEqual(expected.slice(0, count));
    }
  });

  it('reads a file the prefilter passed over when the caller needs it (a program reaches it)', async () => {
    const files = tree();
    const prefilter = createPrefilter(loadMappings());
    const got: string[] = [];
    for await (const batch of built.readSourcesParallel(files.slice(0, 2), {
      specs: [prefilter.spec],
      pick: () => 0,
      extra: (f) => f.rel === 'b.js',
      parallelFrom: 1,
    }))
      for (const s of batch) got.push(shown(s));
    expect(got).toEqual(['a.js candidate 37', 'b.js candidate 26']);
  });

  it("reads on the calling thread outside its bounds: a few files, or very many (the thread's memory outlasts it)", () => {
    expect(built.readsInThread(1999)).toBe(false);
    expect(built.readsInThread(2000)).toBe(true);
    expect(built.readsInThread(49_999)).toBe(true);
    expect(built.readsInThread(50_000)).toBe(false);
    expect(built.readsInThread(7, { parallelFrom: 1, parallelUpto: 7 })).toBe(false);
    expect(built.readsInThread(6, { parallelFrom: 1, parallelUpto: 7 })).toBe(true);
  });

  it('on the calling thread, hands the outcomes on in batches of 512, in order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-batches-'));
    const files = Array.from({ length: 1100 }, (_, i) => {
      const rel = `f${String(i).padStart(4, '0')}.js`;
      writeFileSync(join(dir, rel), i % 100 === 7 ? 'const s = state.vbm_no_excuse.value;\n' : 'export const n = 1;\n');
      return { rel, path: join(dir, rel) } as DiscoveredFile;
    });
    const prefilter = createPrefilter(loadMappings());
    const sizes: number[] = [];
    const got: string[] = [];
    for await (const batch of built.readSourcesParallel(files, {
      specs: [prefilter.spec],
      pick: () => 0,
      parallelUpto: 1000,
    })) {
      sizes.push(batch.length);
      for (const s of batch) got.push(shown(s));
    }
    expect(sizes).toEqual([512, 512, 76]);
    expect(got).toEqual([...readSources(files, (_f, bytes) => prefilter.isCandidateBytes(bytes))].map(shown));
    expect(got.filter((g) => g.endsWith('candidate 37'))).toHaveLength(11);
  });
});
