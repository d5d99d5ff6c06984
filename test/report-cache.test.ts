/**
 * The report's cache (`report --cache`, src/files/run-cache.ts): a run answers from the kept findings
 * only while nothing they were decided from changed, and then says exactly what a fresh run says.
 */
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordReads } from '../src/files/read-log.js';
import { saveEntry } from '../src/files/run-cache.js';
import { findV1Usage } from '../src/report/find.js';
import type { ReportResult } from '../src/report/finding.js';
import { appAndRepoDirs } from './helpers/apps.js';
import { bundledMappings } from './helpers/bundled.js';
import { entryOf, markEntry as mark, pickApp } from './helpers/cache.js';

const globalTmpDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

/** A report without its timing, to compare runs. */
function answer(report: ReportResult): unknown {
  const { elapsedMs: _, ...stats } = report.stats;
  return { ...report, stats };
}

interface ReportEntry {
  reads: [string, string][];
  probes: [string, string][];
  value: { findings: { message: string }[] };
}

/** A kept entry whose first finding says `KEPT`: a run that shows it answered from the cache. */
function markEntry(cache: string): void {
  mark<ReportEntry>(cache, (entry) => {
    (entry.value.findings[0] as { message: string }).message = 'KEPT';
  });
}

/** The app of ./helpers/cache.ts with a file of another language, and a cache folder beside it. */
function app(): { dir: string; cache: string } {
  const dir = pickApp('report-cache-');
  writeFileSync(join(dir, 'notes.md'), 'Nothing of the API here.\n');
  return { dir, cache: join(dir, '..', 'cache') };
}

describe('report --cache', () => {
  const mappings = bundledMappings();

  it('says what a run without it says, on every bundled app and repository, from a kept entry too', async () => {
    const dirs = appAndRepoDirs();
    expect(dirs.length).toBeGreaterThan(15);
    const cache = globalTmpDir('report-cache-fixtures-');
    for (const dir of dirs) {
      const fresh = answer(await findV1Usage({ cwd: dir, mappings }));
      const kept = await findV1Usage({ cwd: dir, mappings, cache });
      const again = await findV1Usage({ cwd: dir, mappings, cache });
      expect({ dir, report: answer(kept) }).toEqual({ dir, report: fresh });
      expect({ dir, report: answer(again) }).toEqual({ dir, report: fresh });
    }
  });

  it('answers an unchanged tree from the kept findings, and keeps what the decisions read', async () => {
    const { dir, cache } = app();
    const first = await findV1Usage({ cwd: dir, mappings, cache });
    expect(first.findings.map((f) => `${f.file}:${f.line} ${f.token}`)).toEqual([
      'api.js:2 /v1/election/field/',
      'app.js:3 long_name',
    ]);
    const { entry } = entryOf<ReportEntry>(cache);
    // The helper is no candidate: the program took it in, and the entry says in which state.
    expect(entry.reads.map(([path]) => path)).toContain(join(dir, 'pick.js'));
    // Where `./pick.js` was looked for: TypeScript's own file first, then the script.
    expect(entry.probes).toEqual(
      expect.arrayContaining([
        [`file\0${join(dir, 'pick.ts')}`, '0'],
        [`file\0${join(dir, 'pick.js')}`, '1'],
      ]),
    );
    markEntry(cache);
    const second = await findV1Usage({ cwd: dir, mappings, cache });
    expect(second.findings[0]?.message).toBe('KEPT');
    expect(second.stats.filesScanned).toBe(first.stats.filesScanned);
    expect(second.stats.filesCandidate).toBe(first.stats.filesCandidate);
  });

  it('decides again when a file the decisions read changes, though it holds no V1 token', async () => {
    const { dir, cache } = app();
    const before = await findV1Usage({ cwd: dir, mappings, cache });
    markEntry(cache);
    // The helper moves down two lines: the finding's evidence through it moves too.
    writeFileSync(join(dir, 'pick.js'), '// the first item\n\nexport function first(list) {\n  return list[0];\n}\n');
    const after = await findV1Usage({ cwd: dir, mappings, cache });
    expect(answer(after)).toEqual(answer(await findV1Usage({ cwd: dir, mappings })));
    expect(after.findings.map((f) => f.message)).not.toContain('KEPT');
    const steps = (r: ReportResult) => r.findings[1]?.evidence?.filter((s) => s.file === 'pick.js').map((s) => s.line);
    expect(steps(before)).toEqual([1, 2, 2]);
    expect(steps(after)).toEqual([3, 4, 4]);
  });

  it('decides again when a candidate changes, a script is added, or an import resolves elsewhere', async () => {
    const { dir, cache } = app();
    await findV1Usage({ cwd: dir, mappings, cache });
    const fresh = async () => answer(await findV1Usage({ cwd: dir, mappings }));
    const changes = [
      () => appendFileSync(join(dir, 'app.js'), '// more\n'),
      () => writeFileSync(join(dir, 'other.js'), 'export const x = 1;\n'),
      // Out of the search (ignored), yet `./pick.js` now resolves to it, as TypeScript resolves.
      () => {
        writeFileSync(join(dir, '.gitignore'), 'pick.ts\n');
        markEntry(cache);
        return findV1Usage({ cwd: dir, mappings, cache }).then(() => {
          markEntry(cache);
          writeFileSync(join(dir, 'pick.ts'), 'export function first(list: unknown[]) {\n  return list[0];\n}\n');
        });
      },
    ];
    for (const change of changes) {
      markEntry(cache);
      await change();
      const report = await findV1Usage({ cwd: dir, mappings, cache });
      expect(report.findings.map((f) => f.message)).not.toContain('KEPT');
      expect(answer(report)).toEqual(await fresh());
    }
  });

  it('takes an entry it cannot read for a miss, and does not search a cache folder inside the tree', async () => {
    const { dir } = app();
    const cache = join(dir, 'kept');
    await findV1Usage({ cwd: dir, mappings, cache });
    const { file } = entryOf<ReportEntry>(cache);
    // The entry names V1 slugs: a run that searched it would find them.
    expect((await findV1Usage({ cwd: dir, mappings })).findings.some((f) => f.file.startsWith('kept/'))).toBe(true);
    const fresh = answer(await findV1Usage({ cwd: dir, mappings, exclude: ['/kept'] }));
    for (const broken of ['{', '[]', JSON.stringify({ format: 1, key: 'x' }), '\u0000\u0001']) {
      writeFileSync(file, broken);
      const report = await findV1Usage({ cwd: dir, mappings, cache });
      expect(answer(report)).toEqual(fresh);
      // Written anew, and read by the next run.
      expect(entryOf<ReportEntry>(cache).entry.value.findings).toHaveLength(2);
      expect(answer(await findV1Usage({ cwd: dir, mappings, cache }))).toEqual(fresh);
    }
    // An entry of the format before this one (its stat records one string), its key and all: a miss.
    mark<ReportEntry & { format: number }>(cache, (entry) => {
      entry.format = 1;
      (entry.value.findings[0] as { message: string }).message = 'KEPT';
    });
    expect(answer(await findV1Usage({ cwd: dir, mappings, cache }))).toEqual(fresh);
  });

  it('says why it could not keep the findings, and still answers in full', async () => {
    const { dir } = app();
    const blocked = join(dir, '..', 'a-file');
    writeFileSync(blocked, 'not a folder\n');
    const unwritten: string[] = [];
    const report = await findV1Usage({ cwd: dir, mappings, cache: blocked, onCacheUnwritten: (_f, why) => unwritten.push(why) });
    expect(answer(report)).toEqual(answer(await findV1Usage({ cwd: dir, mappings })));
    expect(unwritten).toHaveLength(1);
    expect(unwritten[0]).toMatch(/already exists/);
  });

  it('reads again only the candidates and the files whose stat changed, once the files have settled', async () => {
    const { dir, cache } = app();
    for (let i = 0; i < 40; i++) writeFileSync(join(dir, `util${i}.js`), `export const u${i} = ${i};\n`);
    writeFileSync(join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    // A file changed within two seconds of a run is read by the next one whatever its stat says.
    await new Promise((r) => setTimeout(r, 2100));
    const read: number[] = [];
    const onCacheAnswer = (n: number) => void read.push(n);
    const first = await findV1Usage({ cwd: dir, mappings, cache, onCacheAnswer });
    expect(read).toEqual([]);
    const second = await findV1Usage({ cwd: dir, mappings, cache, onCacheAnswer });
    // The two candidates: the 40 scripts passed over, the helper, the notes and the image are taken as they were.
    expect(read).toEqual([2]);
    expect(answer(second)).toEqual(answer(first));
    expect(second.stats.skippedFiles.binary).toBe(1);
    // A passed-over file that now names a V1 slug: its stat changed, so it is read, and found.
    appendFileSync(join(dir, 'util7.js'), 'export const s = (x) => x.vbm_no_excuse;\n');
    const third = await findV1Usage({ cwd: dir, mappings, cache, onCacheAnswer });
    expect(read).toEqual([2]);
    expect(third.findings.map((f) => `${f.file} ${f.token}`)).toContain('util7.js vbm_no_excuse');
    expect(answer(third)).toEqual(answer(await findV1Usage({ cwd: dir, mappings })));
    // The next run reads the three candidates, util7.js now among them.
    await findV1Usage({ cwd: dir, mappings, cache, onCacheAnswer });
    expect(read).toEqual([2, 3]);
    // A passed-over file changes that the decisions read (api.js exports the data: its importers were
    // searched): decided again. Changed within two seconds of that run, it is not recorded: the
    // next run reads it again, with the candidates.
    writeFileSync(join(dir, 'util8.js'), 'export const u8 = 80;\n');
    await findV1Usage({ cwd: dir, mappings, cache, onCacheAnswer });
    expect(read).toEqual([2, 3]);
    await findV1Usage({ cwd: dir, mappings, cache, onCacheAnswer });
    expect(read).toEqual([2, 3, 4]);
  });

  it('keeps a folder to its most recently used entries, and a hit counts as a use', async () => {
    const cache = globalTmpDir('report-cache-prune-');
    const hours = (h: number) => new Date(Date.now() - h * 3_600_000);
    for (let i = 0; i < 5; i++) {
      const name = join(cache, `run-${String(i).repeat(16)}.json`);
      writeFileSync(name, '{}');
      utimesSync(name, hours(10 - i), hours(10 - i));
    }
    const stale = join(cache, `run-${'a'.repeat(16)}.json.123.tmp`);
    const fresh = join(cache, `run-${'b'.repeat(16)}.json.456.tmp`);
    writeFileSync(stale, '');
    utimesSync(stale, hours(2), hours(2));
    writeFileSync(fresh, '');
    writeFileSync(join(cache, 'notes.txt'), 'not an entry\n');
    expect(saveEntry(join(cache, `run-${'c'.repeat(16)}.json`), 'k', recordReads().close(), {}, 3)).toBeUndefined();
    expect(readdirSync(cache).sort()).toEqual(
      [
        `run-${'3'.repeat(16)}.json`,
        `run-${'4'.repeat(16)}.json`,
        `run-${'b'.repeat(16)}.json.456.tmp`,
        `run-${'c'.repeat(16)}.json`,
        'notes.txt',
      ].sort(),
    );

    const { dir, cache: kept } = app();
    await findV1Usage({ cwd: dir, mappings, cache: kept });
    const { file } = entryOf<ReportEntry>(kept);
    utimesSync(file, hours(5), hours(5));
    await findV1Usage({ cwd: dir, mappings, cache: kept });
    expect(Date.now() - statSync(file).mtimeMs).toBeLessThan(60_000);
  });

  it('keeps nothing for a table built in memory or a configured program', async () => {
    const { dir, cache } = app();
    const { mappingsFromJson } = await import('../src/mapping/load.js');
    const table = JSON.parse(readFileSync('mappings/v1-to-v2.json', 'utf8'));
    await findV1Usage({ cwd: dir, mappings: mappingsFromJson(table), cache });
    writeFileSync(
      join(dir, 'jsconfig.json'),
      JSON.stringify({ compilerOptions: { allowJs: true, checkJs: false }, include: ['*.js'] }),
    );
    const configured = await findV1Usage({ cwd: dir, mappings, cache });
    expect(configured.program).toEqual({ config: 'jsconfig.json' });
    expect(() => readdirSync(cache)).toThrow(/ENOENT/);
  });
});
