import { execFileSync } from 'node:child_process';
import { chmodSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IoError, UsageError } from '../src/errors.js';
import { discoverFiles } from '../src/files/discover.js';
import { readSources } from '../src/files/sources.js';
import { writeTree } from './helpers/tree.js';

const tree = (files: Record<string, string>) => writeTree(files, 'civic-discover-');

const rels = async (options: Parameters<typeof discoverFiles>[0]) => (await discoverFiles(options)).files.map((f) => f.rel);

describe('discoverFiles', () => {
  const root = tree({
    '.gitignore': 'generated/\n*.log\n',
    'src/a.ts': '',
    'src/b.js': '',
    'src/nested/.gitignore': 'secret.ts\n',
    'src/nested/secret.ts': '',
    'src/nested/c.tsx': '',
    'src/app.log': '',
    'generated/x.ts': '',
    'node_modules/pkg/index.js': '',
    'dist/out.js': '',
    '.cache/y.js': '',
    'README.md': '',
    '.eslintrc.js': '',
  });
  execFileSync('git', ['init', '-q'], { cwd: root });

  it('walks the tree sorted, honouring nested .gitignore files and skipping dependencies, build output and dot-folders', async () => {
    const result = await discoverFiles({ cwd: root });
    expect(result.files.map((f) => f.rel)).toEqual([
      '.eslintrc.js',
      '.gitignore',
      'README.md',
      'src/a.ts',
      'src/b.js',
      'src/nested/.gitignore',
      'src/nested/c.tsx',
    ]);
    expect(result.files[3]?.path).toBe(join(root, 'src/a.ts'));
    expect(result.skipped).toEqual({
      gitignored: 3,
      excluded: 0,
      'default-skip': 4,
      'symlink-outside': 0,
      'symlink-loop': 0,
      unreadable: 0,
    });
  });

  it('filters by extension, include and exclude (gitignore syntax)', async () => {
    expect(await rels({ cwd: root, extensions: ['ts', 'tsx'] })).toEqual(['src/a.ts', 'src/nested/c.tsx']);
    expect(await rels({ cwd: root, extensions: ['ts', 'tsx', 'js'], exclude: ['nested/'] })).toEqual([
      '.eslintrc.js',
      'src/a.ts',
      'src/b.js',
    ]);
    expect(await rels({ cwd: root, include: ['src/**/*.ts*'] })).toEqual(['src/a.ts', 'src/nested/c.tsx']);
  });

  it('applies .gitignore from the repository root to a sub-folder path, relative to cwd', async () => {
    expect(await rels({ cwd: join(root, 'src'), paths: ['nested'] })).toEqual(['nested/.gitignore', 'nested/c.tsx']);
    expect(await rels({ cwd: root, paths: ['src/nested'], gitignore: false })).toEqual([
      'src/nested/.gitignore',
      'src/nested/c.tsx',
      'src/nested/secret.ts',
    ]);
  });

  it('expands globs itself and takes named files and folders, even skipped ones', async () => {
    expect(await rels({ cwd: root, paths: ['src/**/*.{ts,tsx}'] })).toEqual(['src/a.ts', 'src/nested/c.tsx']);
    expect(await rels({ cwd: root, paths: ['dist', 'src/b.js'] })).toEqual(['dist/out.js', 'src/b.js']);
  });

  it('rejects a path that does not exist and a glob that matches nothing', async () => {
    await expect(discoverFiles({ cwd: root, paths: ['nope'] })).rejects.toThrow(new IoError('nope', 'cannot read: no such file'));
    await expect(discoverFiles({ cwd: root, paths: ['**/*.rb'] })).rejects.toThrow(
      new UsageError('no file matches the pattern "**/*.rb"'),
    );
  });

  it('follows symlinks inside the given paths only, once, without looping', async () => {
    const outside = tree({ 'evil.ts': '' });
    const t = tree({ 'a/x.ts': '', 'b/y.ts': '' });
    symlinkSync(join(t, 'a'), join(t, 'b', 'link-to-a'));
    symlinkSync(t, join(t, 'a', 'loop'));
    symlinkSync(outside, join(t, 'out'));
    symlinkSync(join(outside, 'evil.ts'), join(t, 'evil-link.ts'));
    symlinkSync(join(t, 'missing'), join(t, 'broken.ts'));
    const result = await discoverFiles({ cwd: t });
    expect(result.files.map((f) => f.rel)).toEqual(['a/x.ts', 'b/y.ts']);
    expect(result.skipped['symlink-outside']).toBe(2);
    expect(result.skipped['symlink-loop']).toBe(2);
    expect(result.errors).toEqual([{ rel: 'broken.ts', message: 'broken symlink: no such file' }]);
  });

  it('reports an unreadable folder and goes on', async () => {
    if (process.getuid?.() === 0) return; // root reads everything
    const t = tree({ 'ok/a.ts': '', 'locked/b.ts': '' });
    chmodSync(join(t, 'locked'), 0);
    const result = await discoverFiles({ cwd: t });
    chmodSync(join(t, 'locked'), 0o755);
    expect(result.files.map((f) => f.rel)).toEqual(['ok/a.ts']);
    expect(result.errors).toEqual([{ rel: 'locked', message: 'permission denied' }]);
  });
});

describe('readSources, the file loop of the codemod and the report', () => {
  const root = tree({ 'bom.ts': '\uFEFFconst a = 1;\r\n', 'big.txt': 'x'.repeat(100), 'e.txt': 'é' });
  writeFileSync(join(root, 'bin.dat'), Buffer.from([0x41, 0x00, 0x42]));
  writeFileSync(join(root, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
  const read = (names: string[], maxBytes?: number, isCandidate = () => true) =>
    [
      ...readSources(
        names.map((rel) => ({ rel, path: join(root, rel) })),
        isCandidate,
        maxBytes,
      ),
    ].map(({ file, ...rest }) => rest);

  it('keeps the BOM and line endings, so writing the text back gives the same bytes', () => {
    expect(read(['bom.ts', 'e.txt'])).toEqual([
      { kind: 'candidate', text: '\uFEFFconst a = 1;\r\n', bytes: 17 },
      { kind: 'candidate', text: 'é', bytes: 2 },
    ]);
  });

  it('skips binary, too large and invalid UTF-8 files; an unreadable file is an error record', () => {
    expect(read(['bin.dat', 'latin1.txt', 'none.txt'])).toEqual([
      { kind: 'skipped', reason: 'binary', bytes: 3 },
      { kind: 'skipped', reason: 'invalid-utf8', bytes: 4 },
      { kind: 'error', message: 'cannot read: no such file' },
    ]);
    expect(read(['big.txt'], 50)).toEqual([{ kind: 'skipped', reason: 'too-large', bytes: 100 }]);
  });

  it('decodes only what the prefilter passes', () => {
    expect(read(['e.txt'], undefined, () => false)).toEqual([{ kind: 'passed', bytes: 2 }]);
  });
});
