/**
 * The CLI's bundle and V8's code cache (src/cli/code-cache.ts, bin/bundle.mjs): the cache is a
 * speed-up and never a source of truth. Each test runs real processes against its own cache
 * directory.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CACHED_FROM_BYTES, cacheDir } from '../src/cli/code-cache.js';
import { digest64, fnv64 } from '../src/hash.js';

const root = new URL('..', import.meta.url).pathname;
const bin = join(root, 'bin/civic-migrate.cjs');
const scratch = mkdtempSync(join(tmpdir(), 'civic-code-cache-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let n = 0;
const freshDir = () => join(scratch, `cache-${n++}`);

/** The bin run in `cwd` (the project's root by default), with only PATH, HOME and `env`. */
const cli = (args: string[], env: Record<string, string>, cwd = root) => {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: scratch, ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};

const entries = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);

describe('where the cache lives', () => {
  it('CIVIC_MIGRATE_CACHE_DIR, else $XDG_CACHE_HOME/civic-migrate, else ~/.cache/civic-migrate; off turns it off', () => {
    expect(cacheDir({ CIVIC_MIGRATE_CACHE_DIR: '/x/y', XDG_CACHE_HOME: '/c' })).toBe('/x/y');
    expect(cacheDir({ XDG_CACHE_HOME: '/c' })).toBe('/c/civic-migrate');
    expect(cacheDir({ CIVIC_MIGRATE_CACHE_DIR: 'off' })).toBeUndefined();
    expect(cacheDir({ CIVIC_MIGRATE_CACHE_DIR: '0' })).toBeUndefined();
    expect(cacheDir({})).toMatch(/[\\/]\.cache[\\/]civic-migrate$/);
  });
});

describe('the CLI with its code cache', () => {
  it('the first run writes one entry for the command, the next runs use it and answer the same', () => {
    const dir = freshDir();
    // (With --json: `explain SLUG` alone runs from its own small bundle, tested below.)
    const first = cli(['explain', 'vbm_no_excuse', '--json'], { CIVIC_MIGRATE_CACHE_DIR: dir });
    expect(first.code).toBe(0);
    expect(first.stderr).toBe('');
    expect(entries(dir)).toEqual([expect.stringMatching(/^bundle\.cjs\.explain\.[0-9a-f]{16}\.v8$/)]);
    const written = readFileSync(join(dir, entries(dir)[0] as string));
    const second = cli(['explain', 'vbm_no_excuse', '--json'], { CIVIC_MIGRATE_CACHE_DIR: dir });
    expect(second).toEqual(first);
    // Accepted, so not rewritten.
    expect(readFileSync(join(dir, entries(dir)[0] as string)).equals(written)).toBe(true);
    // --version alone loads no bundle; --help's command has an entry of its own (and its output is kept).
    const version = cli(['--version'], { CIVIC_MIGRATE_CACHE_DIR: dir });
    expect(version.stdout).toBe(`${JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version}\n`);
    expect(entries(dir)).toHaveLength(1);
    expect(cli(['--help'], { CIVIC_MIGRATE_CACHE_DIR: dir }).code).toBe(0);
    expect(entries(dir)).toEqual([
      expect.stringMatching(/^bundle\.cjs\.explain\.[0-9a-f]{16}\.v8$/),
      expect.stringMatching(/^bundle\.cjs\.help\.[0-9a-f]{16}\.v8$/),
      expect.stringMatching(/^help\.[0-9a-f]{16}\.[0-9a-f]{16}\.txt$/),
    ]);
  });

  it('a damaged entry is rejected by V8, the run answers as before, and the entry is written anew', () => {
    const dir = freshDir();
    const clean = cli(['explain', 'long_name'], { CIVIC_MIGRATE_CACHE_DIR: dir });
    const [entry] = entries(dir);
    writeFileSync(join(dir, entry as string), Buffer.from('not V8 code at all'.repeat(100)));
    const again = cli(['explain', 'long_name'], { CIVIC_MIGRATE_CACHE_DIR: dir });
    expect(again).toEqual(clean);
    expect(readFileSync(join(dir, entry as string)).toString('latin1')).not.toContain('not V8 code at all');
  });

  it('off: nothing is written anywhere, and the answer is the same', () => {
    const xdg = freshDir();
    const off = cli(['explain', 'vbm_no_excuse'], { CIVIC_MIGRATE_CACHE_DIR: 'off', XDG_CACHE_HOME: xdg });
    expect(off).toEqual(cli(['explain', 'vbm_no_excuse'], { CIVIC_MIGRATE_CACHE_DIR: freshDir() }));
    expect(existsSync(xdg)).toBe(false);
  });

  it('a cache directory that cannot be made costs nothing but the cache: same answer, nothing on stderr', () => {
    const blocker = join(scratch, 'a-file');
    writeFileSync(blocker, 'in the way');
    const r = cli(['explain', 'vbm_no_excuse'], { CIVIC_MIGRATE_CACHE_DIR: join(blocker, 'cache') });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('has_no_excuse_absentee');
  });

  it('the report of a TypeScript file keeps TypeScript compiled too', () => {
    const dir = freshDir();
    const tree = join(scratch, 'one-ts');
    mkdirSync(tree);
    writeFileSync(join(tree, 'a.ts'), 'export const v = (s: { vbm_no_excuse: string }) => s.vbm_no_excuse;\n');
    const first = cli(['report', '--no-config', '--format', 'json', '--fail-on', 'none', tree], { CIVIC_MIGRATE_CACHE_DIR: dir });
    expect(first.code).toBe(0);
    expect(entries(dir).some((e) => /^typescript\.js\.[0-9a-f]{16}\.v8$/.test(e))).toBe(true);
    const second = cli(['report', '--no-config', '--format', 'json', '--fail-on', 'none', tree], {
      CIVIC_MIGRATE_CACHE_DIR: dir,
    });
    const strip = (s: string) => s.replace(/"elapsedMs": \d+(\.\d+)?/g, '"elapsedMs": 0');
    expect(strip(second.stdout)).toBe(strip(first.stdout));
  });

  it('without the bundle (a build of tsc alone) the bin runs the modules of dist/', () => {
    const copy = join(scratch, 'no-bundle');
    for (const part of ['bin', 'dist', 'mappings', 'package.json'])
      cpSync(join(root, part), join(copy, part), { recursive: true });
    rmSync(join(copy, 'dist/cli/bundle.cjs'));
    rmSync(join(copy, 'dist/cli/quick.cjs'));
    symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
    const r = spawnSync(process.execPath, [join(copy, 'bin/civic-migrate.cjs'), 'explain', 'vbm_no_excuse'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', CIVIC_MIGRATE_CACHE_DIR: freshDir() },
    });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(cli(['explain', 'vbm_no_excuse'], { CIVIC_MIGRATE_CACHE_DIR: freshDir() }).stdout);
  });
});

describe('an install whose path has a space and a #', () => {
  it('still runs from the bundle (its path is a file path, not a URL path)', () => {
    const copy = join(scratch, 'with space #1');
    for (const part of ['bin', 'dist', 'mappings', 'package.json'])
      cpSync(join(root, part), join(copy, part), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
    const dir = freshDir();
    // Both bundles: `explain SLUG` runs from its own, with --json from the CLI's.
    for (const args of [
      ['explain', 'vbm_no_excuse'],
      ['explain', 'vbm_no_excuse', '--json'],
    ]) {
      const r = spawnSync(process.execPath, [join(copy, 'bin/civic-migrate.cjs'), ...args], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', CIVIC_MIGRATE_CACHE_DIR: dir },
      });
      expect(r.stderr).toBe('');
      expect(r.stdout).toContain('has_no_excuse_absentee');
    }
    expect(entries(dir)).toEqual([
      expect.stringMatching(/^bundle\.cjs\.explain\.[0-9a-f]{16}\.v8$/),
      expect.stringMatching(/^quick\.cjs\.quick\.[0-9a-f]{16}\.v8$/),
    ]);
  });
});

describe('large CommonJS modules', () => {
  /** A CommonJS file over the threshold whose export says which version of it ran. */
  const writeModule = (file: string, version: string) => {
    const pad = `// ${'x'.repeat(CACHED_FROM_BYTES)}\n`;
    writeFileSync(
      file,
      `${pad}module.exports = { version: ${JSON.stringify(version)}, dir: __dirname, req: typeof require.resolve.paths };\n`,
    );
  };
  const load = (file: string, dir: string | undefined) =>
    spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { loadLargeModulesFast } from ${JSON.stringify(join(root, 'dist/cli/code-cache.js'))};
         import { createRequire } from 'node:module';
         loadLargeModulesFast(${JSON.stringify(dir)});
         console.log(JSON.stringify(createRequire(import.meta.url)(${JSON.stringify(file)})));`,
      ],
      { encoding: 'utf8' },
    );

  it('load as Node loads them (exports, __dirname, require), and an edited file is never served the old code', () => {
    const dir = freshDir();
    const mod = join(scratch, 'big.cjs');
    writeModule(mod, 'one');
    const first = load(mod, dir);
    expect(first.stderr).toBe('');
    expect(JSON.parse(first.stdout)).toEqual({ version: 'one', dir: scratch, req: 'function' });
    expect(entries(dir)).toEqual([expect.stringMatching(/^big\.cjs\.[0-9a-f]{16}\.v8$/)]);
    expect(JSON.parse(load(mod, dir).stdout).version).toBe('one');
    // Same length, new text and time: a new entry, the new code; the old entry is dropped.
    writeModule(mod, 'two');
    utimesSync(mod, new Date(), new Date(Date.now() + 5000));
    expect(JSON.parse(load(mod, dir).stdout).version).toBe('two');
    expect(entries(dir)).toHaveLength(1);
  });

  it('read as UTF-8 when they are not ASCII, with the cache and without it', () => {
    const mod = join(scratch, 'big-utf8.js');
    writeModule(mod, 'é → ✓ 𝒱');
    for (const dir of [freshDir(), undefined]) {
      const r = load(mod, dir);
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout).version).toBe('é → ✓ 𝒱');
    }
  });

  it('leave an ES module (a package of "type": "module") to Node', () => {
    const pkg = join(scratch, 'esm-package');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, 'package.json'), '{"type":"module"}');
    const pad = `// ${'x'.repeat(CACHED_FROM_BYTES)}\n`;
    writeFileSync(join(pkg, 'big.js'), `${pad}export const version = 'esm';\n`);
    const dir = freshDir();
    const r = load(join(pkg, 'big.js'), dir);
    // Node 20.19 and later load it as an ES module (require of ESM); no cache entry is made for it.
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ version: 'esm' });
    expect(entries(dir)).toEqual([]);
  });
});

describe('--help, kept', () => {
  it('prints what the parser prints, per width and locale, from the second run on without the CLI', () => {
    const dir = freshDir();
    for (const LANG of ['C', 'de_DE.UTF-8']) {
      const rendered = cli(['--help'], { CIVIC_MIGRATE_CACHE_DIR: 'off', LANG });
      expect(rendered.code).toBe(0);
      const first = cli(['--help'], { CIVIC_MIGRATE_CACHE_DIR: dir, LANG });
      const kept = cli(['--help'], { CIVIC_MIGRATE_CACHE_DIR: dir, LANG });
      expect([first.stdout, kept.stdout]).toEqual([rendered.stdout, rendered.stdout]);
      expect(cli(['-h'], { CIVIC_MIGRATE_CACHE_DIR: dir, LANG }).stdout).toBe(rendered.stdout);
    }
    // German help is German (yargs reads the locale): an entry of its own beside the C locale's.
    expect(cli(['--help'], { CIVIC_MIGRATE_CACHE_DIR: dir, LANG: 'de_DE.UTF-8' }).stdout).toContain('Optionen:');
    expect(entries(dir).filter((e) => e.startsWith('help.'))).toEqual([
      expect.stringMatching(/^help\.[0-9a-f]{16}\.[0-9a-f]{16}\.txt$/),
      expect.stringMatching(/^help\.[0-9a-f]{16}\.[0-9a-f]{16}\.txt$/),
    ]);
  });

  it("is rendered again for another build of the CLI, and the old build's help is dropped", () => {
    const copy = join(scratch, 'rebuilt');
    for (const part of ['bin', 'dist', 'mappings', 'package.json'])
      cpSync(join(root, part), join(copy, part), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
    const dir = freshDir();
    const help = () =>
      spawnSync(process.execPath, [join(copy, 'bin/civic-migrate.cjs'), '--help'], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', CIVIC_MIGRATE_CACHE_DIR: dir, LANG: 'C' },
      }).stdout;
    const before = help();
    const kept = () => entries(dir).filter((e) => e.startsWith('help.'));
    const [old] = kept();
    // Another build: the bundle's text changed (the usage line), and its time.
    const bundle = join(copy, 'dist/cli/bundle.cjs');
    writeFileSync(
      bundle,
      readFileSync(bundle, 'utf8').replace('Migrate Civic Data API integrations', 'Migrate Civic Data API integrationz'),
    );
    utimesSync(bundle, new Date(), new Date(Date.now() + 5000));
    const after = help();
    expect(after).toBe(before.replace('integrations', 'integrationz'));
    expect(help()).toBe(after);
    expect(kept()).toHaveLength(1);
    expect(kept()).not.toContain(old);
  });
});

describe('fnv64, the cache key', () => {
  it('is FNV-1a 64 (the published test vectors)', () => {
    expect([fnv64(''), fnv64('a'), fnv64('foobar')]).toEqual(['cbf29ce484222325', 'af63dc4c8601ec8c', '85944171f73967e8']);
  });
});

describe('digest64, the bundled table’s digest', () => {
  it('tells apart texts that differ in one byte, in the last word, in length (padding), or in a character outside ASCII', () => {
    const table = readFileSync(join(root, 'mappings/v1-to-v2.json'), 'utf8');
    const texts = [
      table,
      table.replace('vbm_no_excuse', 'vbm_no_excusf'),
      `${table.slice(0, -1)}!`,
      `${table}\u0000`,
      `${table} `,
      table.replace('vbm_no_excuse', 'vbm_no_excusé'),
      '',
      'abc',
      'abc\u0000',
    ];
    const digests = texts.map(digest64);
    expect(new Set(digests).size).toBe(texts.length);
    for (const d of digests) expect(d).toMatch(/^[0-9a-f]{16}$/);
    expect(digest64(table)).toBe(digest64(`${table}`));
  });
});

describe('the bundles', () => {
  it('have no native import() left: a vm.Script would need an experimental loader for it (a warning on stderr)', () => {
    for (const file of ['bundle.cjs', 'quick.cjs', 'quick-report.cjs']) {
      const bundle = readFileSync(join(root, 'dist/cli', file), 'utf8');
      expect({ file, imports: bundle.match(/[^\w$.]import\(/g) ?? [] }).toEqual({ file, imports: [] });
    }
  });
});

describe('explain SLUG from its own bundle (src/cli/quick.ts)', () => {
  const project = (files: Record<string, string>) => {
    const dir = join(scratch, `project-${n++}`);
    mkdirSync(dir);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return dir;
  };
  it('answers as the whole CLI does, without loading it', () => {
    for (const query of [
      'vbm_no_excuse',
      'has_no_excuse_absentee',
      'long_name',
      '/v1/election/field/',
      'vbm_no_excuze',
      'nope',
    ]) {
      const dir = freshDir();
      const quick = cli(['explain', query], { CIVIC_MIGRATE_CACHE_DIR: dir });
      // The same call through the parser: a flag that changes nothing takes the whole CLI.
      const whole = cli(['explain', query, '--no-json'], { CIVIC_MIGRATE_CACHE_DIR: freshDir() });
      expect({ query, ...quick }).toEqual({ query, ...whole });
      expect(entries(dir)).toEqual([expect.stringMatching(/^quick\.cjs\.quick\.[0-9a-f]{16}\.v8$/)]);
    }
  });

  it('leaves `explain help` to the parser: the command’s help, exit 0', () => {
    const dir = freshDir();
    const help = cli(['explain', 'help'], { CIVIC_MIGRATE_CACHE_DIR: dir });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^civic-migrate explain <slug>\n/);
    expect(help).toEqual(cli(['explain', '--help'], { CIVIC_MIGRATE_CACHE_DIR: freshDir() }));
    expect(entries(dir)).toEqual([
      expect.stringMatching(/^bundle\.cjs\.explain\./),
      expect.stringMatching(/^quick\.cjs\.quick\./),
    ]);
  });

  it("takes the config's table, and leaves a config it cannot use to the whole CLI", () => {
    const table = JSON.parse(readFileSync(join(root, 'mappings/v1-to-v2.json'), 'utf8')) as { slugs: { v1?: string }[] };
    table.slugs = table.slugs.filter((row) => row.v1 !== 'vbm_no_excuse');
    const own = project({ 'table.json': JSON.stringify(table), 'civic-migrate.config.json': '{ "mappings": "table.json" }' });
    const dir = freshDir();
    const quick = cli(['explain', 'vbm_no_excuse'], { CIVIC_MIGRATE_CACHE_DIR: dir }, own);
    expect(quick.code).toBe(1);
    expect(quick.stdout).toContain(`\`vbm_no_excuse\` is not in the table (${join(own, 'table.json')})`);
    expect(quick).toEqual(cli(['explain', 'vbm_no_excuse', '--no-json'], { CIVIC_MIGRATE_CACHE_DIR: freshDir() }, own));
    expect(entries(dir)).toEqual([expect.stringMatching(/^quick\.cjs\.quick\./)]);
    // A table that is not there: the same one line, exit 2.
    const missing = project({ 'civic-migrate.config.json': '{ "mappings": "gone.json" }' });
    const gone = cli(['explain', 'vbm_no_excuse'], { CIVIC_MIGRATE_CACHE_DIR: freshDir() }, missing);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toMatch(/^civic-migrate: .*gone\.json.*\n$/);
    expect(gone).toEqual(cli(['explain', 'vbm_no_excuse', '--no-json'], { CIVIC_MIGRATE_CACHE_DIR: freshDir() }, missing));
    // A config that does not parse is the whole CLI's to explain (both bundles load).
    const broken = project({ 'civic-migrate.config.json': '{ "mappings": ' });
    const bad = freshDir();
    const r = cli(['explain', 'vbm_no_excuse'], { CIVIC_MIGRATE_CACHE_DIR: bad }, broken);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^civic-migrate: .*civic-migrate\.config\.json/);
    expect(entries(bad)).toEqual([
      expect.stringMatching(/^bundle\.cjs\.explain\./),
      expect.stringMatching(/^quick\.cjs\.quick\./),
    ]);
  });
});

describe('report from its own bundle (src/cli/quick-report.ts)', () => {
  const steady = (r: { code: number | null; stdout: string; stderr: string }) => ({
    ...r,
    stdout: r.stdout.replace(/"elapsedMs": \d+/g, '"elapsedMs": 0'),
  });
  it('answers as the whole CLI does, without loading it, on a pipe as on a file', () => {
    const dir = join(scratch, `project-${n++}`);
    mkdirSync(dir);
    writeFileSync(join(dir, 'geo.py'), 'KEY = "vbm_no_excuse"\n');
    writeFileSync(
      join(dir, 'api.ts'),
      "export const load = () => fetch('https://api.civicdata.example/v1/election/field/').then((r) => r.json());\n",
    );
    for (const format of ['text', 'json']) {
      const cache = freshDir();
      const quick = cli(['report', '--format', format, '--fail-on', 'none'], { CIVIC_MIGRATE_CACHE_DIR: cache }, dir);
      expect(quick.code).toBe(0);
      expect(quick.stdout).toContain(format === 'json' ? '"filesAffected": 2' : 'geo.py');
      // A flag the quick path leaves to the parser: the whole CLI, the same answer.
      const whole = cli(
        ['report', '--format', format, '--fail-on', 'none', '--no-assume-civic'],
        { CIVIC_MIGRATE_CACHE_DIR: freshDir() },
        dir,
      );
      expect(steady(quick)).toEqual(steady(whole));
      expect(entries(cache).filter((e) => e.includes('.cjs.'))).toEqual([
        expect.stringMatching(/^quick-report\.cjs\.report\.[0-9a-f]{16}\.v8$/),
      ]);
    }
    // Standard output a file (not a pipe): the same bytes.
    const out = join(scratch, `out-${n++}.json`);
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${bin}" report --format json --fail-on none > "${out}"`], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: scratch, CIVIC_MIGRATE_CACHE_DIR: 'off' },
    });
    expect(r.status).toBe(0);
    expect(steady({ code: 0, stdout: readFileSync(out, 'utf8'), stderr: '' }).stdout).toBe(
      steady(cli(['report', '--format', 'json', '--fail-on', 'none'], { CIVIC_MIGRATE_CACHE_DIR: 'off' }, dir)).stdout,
    );
  });
});
