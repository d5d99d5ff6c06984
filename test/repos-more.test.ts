import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AppRun, filesOf, referenceServer, runApp } from './helpers/apps.js';
import { bundledMappings } from './helpers/bundled.js';
import { copyRepo, gateFindings, gating, migrate, ownTests, REPOS } from './helpers/repos.js';

/**
 * More whole repositories (`fixtures/repos/<name>`), judged as their owners would judge them:
 * - shared-env-base: the `.env` base is shared with another VoteAmerica service, so it stays on V1;
 *   the Civic Data API calls joined with it are marked for a person, and the app keeps working on
 *   V1 (nothing that reads V1 data is moved to V2 without its request);
 * - v2-already: a repository already on V2 is left byte for byte as it is.
 */
const mappings = bundledMappings();

const serverEnv = referenceServer(mappings);

/** The 1-based line of a file's only line containing `needle`. */
function lineOf(text: string, needle: string): number {
  const lines = text.split('\n');
  const at = lines.flatMap((line, i) => (line.includes(needle) ? [i + 1] : []));
  expect(at, `one line holding ${needle}`).toHaveLength(1);
  return at[0] as number;
}

describe('shared-env-base: a base shared with another service stays on V1', () => {
  const V1_ENV = [
    '# One base for every VoteAmerica service this app calls (Civic Data API and official lookup)',
    'VA_BASE=https://api.voteamerica.org/v1',
    '# Left over from an old deploy; nothing reads it',
    'CIVIC_UNUSED=https://api.voteamerica.org/v1/election/field/',
    '',
  ].join('\n');

  let before: AppRun;
  let migrated: string;
  let after: Record<string, string>;
  beforeAll(async () => {
    const original = copyRepo('shared-env-base');
    before = await runApp(original, 'v1', serverEnv());
    migrated = copyRepo('shared-env-base');
    await migrate(migrated, mappings);
    after = filesOf(migrated);
  }, 120_000);

  it('the original app works on V1 and its own tests pass', async () => {
    expect(before.status, before.stderr).toBe(0);
    expect(before.output).toEqual({
      label: 'Polls open',
      polls: 'Wisconsin: polls open. Voters must sign the envelope; a witness is not required.',
      noExcuse: true,
      official: 'official',
    });
    expect(before.requested).toEqual([
      'https://api.voteamerica.org/v1/election/field/',
      'https://api.voteamerica.org/v1/election/data/state/WI/',
      'https://api.voteamerica.org/v1/official/address/',
    ]);
    const own = await ownTests(copyRepo('shared-env-base'));
    expect(own.status, own.output).toBe(0);
  });

  it('.env: the shared base stays; the unread full field-list URL (same path in V2) moves', () => {
    expect(filesOf(join(REPOS, 'shared-env-base'))['.env']).toBe(V1_ENV);
    expect(after['.env']).toBe(
      V1_ENV.replace(
        'CIVIC_UNUSED=https://api.voteamerica.org/v1/election/field/',
        'CIVIC_UNUSED=https://api.voteamerica.org/v2/election/field/',
      ),
    );
  });

  it('the migrated app still works on V1, asking the same V1 URLs for the same output', async () => {
    const run = await runApp(migrated, 'v1', serverEnv());
    expect(run.status, run.stderr).toBe(0);
    expect(run.output).toEqual(before.output);
    expect(run.requested).toEqual(before.requested);
  });

  it('what reads V1 data through the shared base keeps its V1 names', () => {
    const summary = after['src/summary.js'] as string;
    expect(summary).toContain("label: fields.find((f) => f.slug === 'polls_open')?.long_name,");
    expect(summary).toContain("noExcuse: item('vbm_no_excuse')?.value === true,");
  });

  it('the repository’s own tests still pass', async () => {
    const own = await ownTests(migrated);
    expect(own.status, own.output).toBe(0);
  });

  it('the gate is not empty: the shared base, the API calls joined with it, the V1 reads they feed and the test data that goes with them', async () => {
    const summary = after['src/summary.js'] as string;
    const va = after['src/va.js'] as string;
    const test = after['test/summary.test.js'] as string;
    const gate = await gateFindings(migrated, mappings);
    expect(gate.map((f) => `${f.file}:${f.line} ${f.token}`)).toEqual([
      '.env:2 /v1',
      `src/summary.js:${lineOf(summary, '?.long_name,')} long_name`,
      `src/summary.js:${lineOf(summary, 'noExcuse: item(')} vbm_no_excuse`,
      `src/summary.js:${lineOf(summary, 'noExcuse: item(')} value`,
      `src/va.js:${lineOf(va, 'export const fieldList')} /election/field/`,
      `src/va.js:${lineOf(va, 'export const stateData')} /election/data/state/\${code}/`,
      // The test's V1 literals go where the shared base's V1 data goes: they stay V1 with it.
      `test/summary.test.js:${lineOf(test, "long_name: 'Polls open'")} long_name`,
      `test/summary.test.js:${lineOf(test, "field_type: 'vbm_no_excuse'")} vbm_no_excuse`,
      `test/summary.test.js:${lineOf(test, "field_type: 'vbm_no_excuse'")} value`,
    ]);
    // The calls are marked in the code, naming the other service that keeps the base on V1.
    const marked = gate.filter((f) => f.file === 'src/va.js');
    expect(marked).toHaveLength(2);
    for (const f of marked) expect(f.message).toContain('`/v1/official/address/` (another service that stays on V1)');
    expect(va.match(/\/\/ civic-migrate: /g)).toHaveLength(2);
  });

  it('a second run changes nothing', async () => {
    const again = await migrate(migrated, mappings);
    expect(again.totals.changed).toBe(0);
    expect(filesOf(migrated)).toEqual(after);
  });
});

describe('v2-already: a repository already on V2 is left as it is', () => {
  it('codemod --write changes no byte; the gate is empty; its own tests pass; the app works on V2', async () => {
    const original = filesOf(join(REPOS, 'v2-already'));
    expect(Object.keys(original)).toEqual([
      '.env',
      'config/app.json',
      'package.json',
      'src/civic.js',
      'src/env.js',
      'src/main.js',
      'src/voting.js',
      'test/recorded/state-WI.json',
      'test/voting.test.js',
    ]);
    const dir = copyRepo('v2-already');
    const summary = await migrate(dir, mappings);
    expect(summary.totals.changed).toBe(0);
    expect(summary.totals.markersAdded).toBe(0);
    expect(filesOf(dir)).toEqual(original);

    expect(await gating(dir, mappings)).toEqual([]);
    const own = await ownTests(dir);
    expect(own.status, own.output).toBe(0);

    const run = await runApp(dir, 'v2', serverEnv());
    expect(run.status, run.stderr).toBe(0);
    expect(run.output).toEqual({
      label: 'Vbm no excuse',
      noExcuse: true,
      methods: ['fax', 'in_person', 'mail', 'phone'],
      regions: [
        'Milwaukee County: https://milwaukee-county.example.gov/gov-tool-absentee-request/',
        'Dane County: https://dane-county.example.gov/gov-tool-absentee-request/',
      ],
    });
    expect(run.requested).toEqual([
      'https://api.voteamerica.org/v2/election/field/',
      'https://api.voteamerica.org/v2/election/data/state/WI/',
      'https://api.voteamerica.org/v2/election/override/',
    ]);
  });
});
