import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { type CodemodSummary, runCodemod } from '../../src/codemod/run.js';
import type { Mappings } from '../../src/mapping/mappings.js';
import { findV1Usage } from '../../src/report/find.js';
import { type Finding, gatingFindings } from '../../src/report/finding.js';
import { filesOf, mapSlugs, runApp, type ServerEnv } from './apps.js';

/**
 * The harness of the fixture repositories (`fixtures/repos/<name>`): a repository is copied with
 * this project's `node_modules` linked in, migrated with `codemod --write`, and judged as its owner
 * would judge it: its own test command, its app's behaviour on each version's data, the gate.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const REPOS = join(ROOT, 'fixtures/repos');

/** A copy of a repository, with this project's `node_modules` linked in (for the repository's own test runner). */
export function copyRepo(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `cm-repo-${name}-`));
  cpSync(join(REPOS, name), dir, { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Runs the repository's `npm test` script as its owner would (its `node_modules/.bin` on the PATH), with a clean environment. */
export async function ownTests(dir: string): Promise<{ status: number | null; output: string }> {
  const script = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: { test: string } }).scripts.test;
  const childEnv = { PATH: [join(dir, 'node_modules/.bin'), process.env.PATH ?? ''].join(delimiter), HOME: tmpdir(), CI: 'true' };
  return new Promise((resolve) => {
    execFile('sh', ['-c', script], { cwd: dir, encoding: 'utf8', timeout: 120_000, env: childEnv }, (error, stdout, stderr) =>
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, output: `${stdout}\n${stderr}` }),
    );
  });
}

/** `codemod --write` on a folder, with no file in error. */
export async function migrate(dir: string, mappings: Mappings): Promise<CodemodSummary> {
  const summary = await runCodemod({ cwd: dir, write: true, allowDirty: true, mappings });
  expect(summary.totals.errors, JSON.stringify(summary.files.filter((f) => f.status === 'error'))).toBe(0);
  return summary;
}

/** What the report's gate (`--fail-on any`) still finds. */
export async function gateFindings(dir: string, mappings: Mappings): Promise<Finding[]> {
  const report = await findV1Usage({ cwd: dir, mappings });
  return gatingFindings(report.findings, 'any');
}

/** What the report's gate still finds, one line each. */
export async function gating(dir: string, mappings: Mappings): Promise<string[]> {
  return (await gateFindings(dir, mappings)).map((f) => `${f.file}:${f.line} ${f.token}: ${f.message}`);
}

/**
 * Behaviour, own tests, gate and idempotence of a V1 repository: the app on V1 data before and on
 * V2 data after gives the same output (V1 slugs mapped), asking only V2 URLs; the repository's
 * tests pass before and after; nothing is left for the gate; a second run changes nothing.
 * Returns the files before and after.
 */
export async function migratesWhole(name: string, env: ServerEnv, mappings: Mappings) {
  const original = copyRepo(name);
  const before = await runApp(original, 'v1', env);
  expect(before.status, before.stderr).toBe(0);
  const ownBefore = await ownTests(original);
  expect(ownBefore.status, ownBefore.output).toBe(0);

  const migrated = copyRepo(name);
  const summary = await migrate(migrated, mappings);
  const after = await runApp(migrated, 'v2', env);
  expect(after.status, after.stderr).toBe(0);
  expect(after.output).toEqual(mapSlugs(before.output, mappings));
  expect(after.requested.length).toBeGreaterThan(0);
  expect(after.requested.every((url) => url.includes('/v2/'))).toBe(true);
  const ownAfter = await ownTests(migrated);
  expect(ownAfter.status, ownAfter.output).toBe(0);

  expect(await gating(migrated, mappings)).toEqual([]);
  const again = await migrate(migrated, mappings);
  expect(again.totals.changed).toBe(0);
  return { before: filesOf(original), after: filesOf(migrated), summary };
}
