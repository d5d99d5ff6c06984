import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCodemod } from '../src/codemod/run.js';
import { loadMappings } from '../src/mapping/load.js';
import { upgrade } from '../src/payload/adapt.js';
import type { V1FieldDescriptor } from '../src/payload/schemas.js';
import { findV1Usage } from '../src/report/find.js';
import { gatingFindings } from '../src/report/finding.js';
import { type RunningServer, startServer } from '../src/server/server.js';
import { filesOf, mapSlugs, runApp, type ServerEnv } from './helpers/apps.js';

/**
 * Whole repositories migrate together (`fixtures/repos/<name>`): code, config values (`.env`, JSON,
 * YAML) and recorded payloads the tests read. Each repository is judged as its owner would: its own
 * test command passes before and after, its app gives on V2 data what it gave on V1 data, the
 * payload files it records are the adapter's V2 of the originals, nothing is left for the gate, and
 * a second run changes nothing.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const REPOS = join(ROOT, 'fixtures/repos');
const mappings = loadMappings();

let server: RunningServer;
let env: ServerEnv;
beforeAll(async () => {
  server = await startServer({ mappings });
  const key = server.keys[0] as { id: string; secret: string };
  env = { url: server.url, keyId: key.id, secret: key.secret, hosts: mappings.hosts };
});
afterAll(() => server?.close());

/** A copy of a repository, with this project's `node_modules` linked in (for the repository's own test runner). */
function copyRepo(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `cm-repo-${name}-`));
  cpSync(join(REPOS, name), dir, { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Runs the repository's `npm test` script as its owner would (its `node_modules/.bin` on the PATH), with a clean environment. */
async function ownTests(dir: string): Promise<{ status: number | null; output: string }> {
  const script = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: { test: string } }).scripts.test;
  const childEnv = { PATH: [join(dir, 'node_modules/.bin'), process.env.PATH ?? ''].join(delimiter), HOME: tmpdir(), CI: 'true' };
  return new Promise((resolve) => {
    execFile('sh', ['-c', script], { cwd: dir, encoding: 'utf8', timeout: 120_000, env: childEnv }, (error, stdout, stderr) =>
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, output: `${stdout}\n${stderr}` }),
    );
  });
}

async function migrate(dir: string) {
  const summary = await runCodemod({ cwd: dir, write: true, allowDirty: true, mappings });
  expect(summary.totals.errors, JSON.stringify(summary.files.filter((f) => f.status === 'error'))).toBe(0);
  return summary;
}

async function gating(dir: string) {
  const report = await findV1Usage({ cwd: dir, mappings });
  return gatingFindings(report.findings, 'any').map((f) => `${f.file}:${f.line} ${f.token}: ${f.message}`);
}

/** Behaviour, tests, gate and idempotence of a V1 repository; returns the files before and after. */
async function migratesWhole(name: string) {
  const original = copyRepo(name);
  const before = await runApp(original, 'v1', env);
  expect(before.status, before.stderr).toBe(0);
  const ownBefore = await ownTests(original);
  expect(ownBefore.status, ownBefore.output).toBe(0);

  const migrated = copyRepo(name);
  const summary = await migrate(migrated);
  const after = await runApp(migrated, 'v2', env);
  expect(after.status, after.stderr).toBe(0);
  expect(after.output).toEqual(mapSlugs(before.output, mappings));
  expect(after.requested.length).toBeGreaterThan(0);
  expect(after.requested.every((url) => url.includes('/v2/'))).toBe(true);
  const ownAfter = await ownTests(migrated);
  expect(ownAfter.status, ownAfter.output).toBe(0);

  expect(await gating(migrated)).toEqual([]);
  const again = await migrate(migrated);
  expect(again.totals.changed).toBe(0);
  return { before: filesOf(original), after: filesOf(migrated), summary };
}

describe('whole repositories, judged by behaviour and by their own tests', () => {
  it('config-values: the V1 base and URLs in .env, JSON and YAML config move with the code that reads them', async () => {
    const { before, after, summary } = await migratesWhole('config-values');
    expect(after['.env']).toBe((before['.env'] as string).replace('api.voteamerica.org/v1', 'api.voteamerica.org/v2'));
    expect(after['config/app.json']).toBe(
      (before['config/app.json'] as string).replace('/v1/election/field/', '/v2/election/field/'),
    );
    expect(after['config/app.yml']).toBe(
      (before['config/app.yml'] as string).replace('"https://api.voteamerica.org/v1"', '"https://api.voteamerica.org/v2"'),
    );
    const changed = summary.files.filter((f) => f.status === 'changed').map((f) => f.path);
    expect(changed).toEqual(expect.arrayContaining(['.env', 'config/app.json', 'config/app.yml']));
  });

  it('recorded-payloads: the V1 payloads the tests read become the adapter’s V2 of them, in the same layout', async () => {
    const { before, after } = await migratesWhole('recorded-payloads');
    const fields = JSON.parse(before['test/recorded/fields.json'] as string) as V1FieldDescriptor[];
    const fieldsV2 = upgrade(fields, { kind: 'fields', mappings }).value;
    const stateV2 = upgrade(JSON.parse(before['test/recorded/state-IL.json'] as string), {
      kind: 'state',
      mappings,
      fields,
    }).value;
    expect(JSON.parse(after['test/recorded/fields.json'] as string)).toEqual(fieldsV2);
    expect(JSON.parse(after['test/recorded/state-IL.json'] as string)).toEqual(stateV2);
    // The file keeps its layout: the original's indentation and final newline.
    const layout = (text: string) => [/^\s+/m.exec(text.split('\n')[1] ?? '')?.[0], text.endsWith('\n')];
    expect(layout(after['test/recorded/state-IL.json'] as string)).toEqual(
      layout(before['test/recorded/state-IL.json'] as string),
    );
  });
});
