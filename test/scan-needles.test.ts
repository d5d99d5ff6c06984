import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCodemod } from '../src/codemod/run.js';
import { discoverFiles } from '../src/files/discover.js';
import { createBytesReader, readBytesSync } from '../src/files/read.js';
import { loadMappings } from '../src/mapping/load.js';
import { createNeedleSearch } from '../src/scan/prefilter.js';
import { writeTree } from './helpers/tree.js';

const tree = (files: Record<string, string>) => writeTree(files, 'civic-needles-');

describe('createNeedleSearch', () => {
  const needles = ['/v1/', '/v1/election', 'election/', 'api.voteamerica.org', 'api.voteamerica.com', 'civic-migrate:', 'ab'];
  const pieces = fc.constantFrom(...needles, 'api.voteamerica.', 'election', 'lection/', '/v1', 'a', 'b', '/', ' ', 'é', '\n');

  it('answers as `needles.some((n) => bytes.includes(n))`, needles sharing an anchor included', () => {
    fc.assert(
      fc.property(fc.subarray(needles, { minLength: 1 }), fc.array(pieces, { maxLength: 10 }), (some, parts) => {
        const bytes = Buffer.from(parts.join(''), 'utf8');
        expect(createNeedleSearch(some)(bytes)).toBe(some.some((n) => bytes.includes(n)));
      }),
      { numRuns: 3000 },
    );
  });

  it('finds a needle at the very start and end of the bytes, and not one cut short', () => {
    const search = createNeedleSearch(['api.voteamerica.org', 'api.voteamerica.com']);
    expect(search(Buffer.from('api.voteamerica.org'))).toBe(true);
    expect(search(Buffer.from('x = "https://api.voteamerica.com'))).toBe(true);
    expect(search(Buffer.from('x = "https://api.voteamerica.co'))).toBe(false);
    expect(search(Buffer.from('pi.voteamerica.org'))).toBe(false);
  });

  it('refuses a needle it could not find on bytes', () => {
    expect(() => createNeedleSearch(['café/'])).toThrow('needle "café/" is not ASCII (or empty); the prefilter needs ASCII');
  });
});

describe('createBytesReader', () => {
  it('reads each file whole into one reused buffer, as readBytesSync does', () => {
    const big = 'x'.repeat(200_000);
    const root = tree({ 'a.txt': 'small', 'b.txt': big, 'c.txt': '', 'd.txt': 'after the big one' });
    const read = createBytesReader();
    for (const name of ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'a.txt']) {
      const r = read(join(root, name));
      const expected = readBytesSync(join(root, name));
      expect(r.kind).toBe('bytes');
      expect(r.kind === 'bytes' && expected.kind === 'bytes' && r.bytes.equals(expected.bytes)).toBe(true);
    }
    expect(read(join(root, 'b.txt'), 1000)).toEqual({ kind: 'skipped', reason: 'too-large', bytes: 200_000 });
    expect(read(join(root, 'missing.txt')).kind).toBe('error');
  });
});

describe('discovery paths', () => {
  it('gives paths relative to cwd for a walk that starts above it', async () => {
    const root = tree({ 'x.ts': '', 'sub/a.ts': '', 'sub/deep/b.ts': '', 'other/c.ts': '' });
    const { files } = await discoverFiles({ cwd: join(root, 'sub'), paths: ['..'], gitignore: false });
    expect(files.map((f) => f.rel)).toEqual(['../other/c.ts', '../x.ts', 'a.ts', 'deep/b.ts']);
  });
});

describe('codemod prefilter', () => {
  it('parses no file for another API’s `/v1/` URL, and still marks a Civic `/v1/election` that no other needle shows', async () => {
    const root = tree({
      'other.js': "fetch('https://api.example.com/v1/users/');\n",
      'broken-other.js': "fetch('/v1/users/' +);\n",
      'civic.js': "fetch('/v1/election' + '/field/');\n",
    });
    const summary = await runCodemod({ cwd: root, mappings: loadMappings(), gitignore: false });
    expect(summary.files.map((f) => [f.path, f.status])).toEqual([
      ['broken-other.js', 'unchanged'],
      ['civic.js', 'changed'],
      ['other.js', 'unchanged'],
    ]);
    expect(summary.files[1]?.markers.map((m) => [m.cause, m.line, m.column, m.added])).toEqual([['endpoint', 1, 8, true]]); // on the path, inside the quote
    expect(summary.totals.parsed).toBe(1);
  });
});
