/**
 * The codemod's cache (`codemod --cache`, src/files/run-cache.ts): a run takes a kept run's
 * decisions only while nothing they were decided from changed, and then shows and writes exactly
 * what a fresh run shows and writes.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CodemodRunOptions, runCodemod } from '../src/codemod/run.js';
import { appAndRepoDirs } from './helpers/apps.js';
import { bundledMappings } from './helpers/bundled.js';
import { entryOf, markEntry as mark, pickApp } from './helpers/cache.js';

const tmp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

/** A dry run's patches and totals (without its duration). */
async function dryRun(options: CodemodRunOptions) {
  const patches: string[] = [];
  const summary = await runCodemod({ ...options, write: false, diff: true, onFile: (_r, p) => void (p && patches.push(p)) });
  return { patches, totals: summary.totals, typeErrors: summary.typeErrors };
}

interface CodemodEntry {
  value: [string, { edits: { text: string }[] }][];
}

/** A kept entry whose every edit writes `KEPT`: a run that shows it took the kept decisions. */
function markEntry(cache: string): void {
  mark<CodemodEntry>(cache, (entry) => {
    for (const [, r] of entry.value) for (const e of r.edits) e.text = e.text === '' ? '' : 'KEPT';
  });
}

/** The app of ./helpers/cache.ts, committed in a git repository. */
function app(): string {
  const dir = pickApp('codemod-cache-');
  const git = (...args: string[]) => expect(spawnSync('git', args, { cwd: dir }).status).toBe(0);
  git('init', '-q');
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'app');
  return dir;
}

describe('codemod --cache', () => {
  const mappings = bundledMappings();

  it('shows what a run without it shows, on every bundled app and repository, from kept decisions too', async () => {
    const dirs = appAndRepoDirs();
    expect(dirs.length).toBeGreaterThan(15);
    const cache = tmp('codemod-cache-fixtures-');
    for (const dir of dirs) {
      const fresh = await dryRun({ cwd: dir, mappings });
      expect({ dir, ...(await dryRun({ cwd: dir, mappings, cache })) }).toEqual({ dir, ...fresh });
      expect({ dir, ...(await dryRun({ cwd: dir, mappings, cache })) }).toEqual({ dir, ...fresh });
    }
    // An entry for each program inferred (the configured ones keep none).
    expect(readdirSync(cache).length).toBeGreaterThan(10);
  });

  it('takes the kept decisions for an unchanged tree, and decides again when a file they read changes', async () => {
    const dir = app();
    const cache = join(dir, '..', 'cache');
    const fresh = await dryRun({ cwd: dir, mappings, cache });
    expect(fresh.totals).toMatchObject({ changed: 2, edits: 2 });
    markEntry(cache);
    const kept = await dryRun({ cwd: dir, mappings, cache });
    expect(kept.patches.join('')).toContain('+load().then((fields) => console.log(first(fields).KEPT));');
    // The helper (no V1 token) changes: decided again.
    writeFileSync(join(dir, 'pick.js'), '// the first\nexport function first(list) {\n  return list[0];\n}\n');
    markEntry(cache);
    const again = await dryRun({ cwd: dir, mappings, cache });
    expect(again.patches.join('')).not.toContain('KEPT');
    expect(again).toEqual(await dryRun({ cwd: dir, mappings }));
  });

  it('writes from the dry run’s decisions what a fresh --write writes, with the cache folder inside the repository', async () => {
    const dir = app();
    const twin = join(dir, '..', 'twin');
    cpSync(dir, twin, { recursive: true });
    const cache = join(dir, 'kept');
    await dryRun({ cwd: dir, mappings, cache });
    const { entry } = entryOf<CodemodEntry>(cache);
    // The candidates, and the helper the program took in (read again, decided: nothing to change).
    expect(entry.value.map(([path]) => path).sort()).toEqual(['api.js', 'app.js', 'pick.js'].map((f) => join(dir, f)));
    // The kept entry is neither migrated nor uncommitted work the write refuses to touch.
    const written = await runCodemod({ cwd: dir, mappings, cache, write: true });
    const fresh = await runCodemod({ cwd: twin, mappings, write: true });
    expect(written.totals).toEqual(fresh.totals);
    for (const name of ['api.js', 'app.js', 'pick.js'])
      expect(readFileSync(join(dir, name), 'utf8')).toBe(readFileSync(join(twin, name), 'utf8'));
    expect(readFileSync(join(dir, 'app.js'), 'utf8')).toContain('first(fields).description');
    // And the write did take the dry run's decisions: marked ones are what it writes.
    const third = app();
    const thirdCache = join(third, '..', 'cache');
    await dryRun({ cwd: third, mappings, cache: thirdCache });
    markEntry(thirdCache);
    await runCodemod({ cwd: third, mappings, cache: thirdCache, write: true });
    expect(readFileSync(join(third, 'app.js'), 'utf8')).toContain('first(fields).KEPT');
  });

  it('keeps nothing from a write stopped before it decided every file', async () => {
    const dir = app();
    const cache = join(dir, '..', 'cache');
    const stopped = new AbortController();
    stopped.abort();
    const summary = await runCodemod({ cwd: dir, mappings, cache, write: true, signal: stopped.signal });
    expect(summary.totals.skipped).toBeGreaterThan(0);
    expect(() => readdirSync(cache)).toThrow(/ENOENT/);
  });
});
