import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarizeDiagnostics } from '../src/client/cutover.js';
import { loadMappings } from '../src/mapping/load.js';
import { downgrade, formatDiagnostic, type V2StateRecord } from '../src/payload/index.js';
import { type Dataset, servedData, syntheticDataset } from '../src/server/dataset.js';
import { type RunningServer, startServer } from '../src/server/server.js';
import { runCli } from './helpers/cli.js';

const key = { id: '2b8f6e4c-1a3d-4e5f-9b7c-0d2e4f6a8b1c', secret: 'c0ffee'.repeat(10).slice(0, 64) };
const env = { CIVIC_API_KEY_ID: key.id, CIVIC_API_KEY_SECRET: key.secret };
let dataset: Dataset;
let server: RunningServer;

beforeAll(async () => {
  dataset = syntheticDataset();
  server = await startServer({ keys: [key], data: servedData(dataset) });
});
afterAll(() => server.close());

const pretty = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

describe('civic-migrate fetch', () => {
  it('prints the field list of either version, without a key', async () => {
    expect(await runCli(['fetch', 'fields', '--api', 'v1', '--base-url', server.url])).toEqual({
      code: 0,
      stdout: pretty(dataset.v1.fields),
      stderr: '',
    });
    expect(await runCli(['fetch', 'fields', '--base-url', server.url])).toEqual({
      code: 0,
      stdout: pretty(dataset.v2.fields),
      stderr: '',
    });
  });

  it('prints a state and the overrides with the key from the environment; CIVIC_API_BASE_URL picks the server', async () => {
    const withBase = { ...env, CIVIC_API_BASE_URL: server.url };
    expect(await runCli(['fetch', 'state', 'NM', '--api', 'v1'], { env: withBase })).toEqual({
      code: 0,
      stdout: pretty(dataset.v1.states.get('NM')),
      stderr: '',
    });
    expect(await runCli(['fetch', 'state', 'NM', '--compact'], { env: withBase })).toEqual({
      code: 0,
      stdout: `${JSON.stringify(dataset.v2.states.get('NM'))}\n`,
      stderr: '',
    });
    expect(await runCli(['fetch', 'overrides', '--api', 'v2'], { env: withBase })).toEqual({
      code: 0,
      stdout: pretty(dataset.overrides),
      stderr: '',
    });
    expect(
      await runCli(['fetch', 'state', 'NM', '--api', 'v1', '--v1-path', 'early'], { env: { CIVIC_API_BASE_URL: server.url } }),
    ).toEqual({
      code: 0,
      stdout: pretty(dataset.v1.states.get('NM')),
      stderr: '',
    });
  });

  it('--shape v1 prints V2 data as V1 code reads it, with the adapter’s warnings on stderr', async () => {
    const mappings = loadMappings();
    const expected = downgrade(dataset.v2.states.get('IL') as V2StateRecord, {
      kind: 'state',
      mappings,
      fields: dataset.v2.fields,
      overrides: dataset.overrides,
    });
    const r = await runCli(['fetch', 'state', 'IL', '--api', 'v2', '--shape', 'v1', '--base-url', server.url], { env });
    expect(r).toEqual({
      code: 0,
      stdout: pretty(expected.value),
      stderr: `civic-migrate: reshaping state IL: ${summarizeDiagnostics(expected.diagnostics)}; --verbose lists them\n`,
    });
    expect(summarizeDiagnostics(expected.diagnostics)).toMatch(/^\d+ warnings \(\d+ [a-z-]+(, \d+ [a-z-]+)*\)$/);
    const verbose = await runCli(['fetch', 'state', 'IL', '--shape', 'v1', '--base-url', server.url, '--verbose'], { env });
    expect(verbose.stderr.split('\n').filter((l) => l.startsWith('civic-migrate: '))).toEqual(
      expected.diagnostics.map((d) => `civic-migrate: state IL: ${formatDiagnostic(d)}`),
    );
  });

  it('--verbose logs each request on stderr, never the key', async () => {
    const r = await runCli(['fetch', 'state', 'CA', '--base-url', server.url, '--verbose'], { env });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`^GET ${server.url}/v2/election/data/state/CA/ → 200 \\(\\d+ ms\\)\\n$`));
  });

  it('exit 2 with one line, and no secret, for every failure', async () => {
    const cases: [string[], NodeJS.ProcessEnv, string][] = [
      [
        ['state', 'ca'],
        env,
        'civic-migrate: "ca" is not a state code: use one of the 51 upper-case postal codes (50 states and DC); did you mean CA (California)?\n',
      ],
      [
        ['state', 'CA'],
        { ...env, CIVIC_API_KEY_SECRET: `${key.secret}0` },
        `civic-migrate: GET ${server.url}/v2/election/data/state/CA/: 401 Incorrect API key secret (check CIVIC_API_KEY_ID and CIVIC_API_KEY_SECRET)\n`,
      ],
      [
        ['state', 'CA'],
        { CIVIC_API_KEY_ID: 'a4a4a4a4-0000-4000-8000-000000000000', CIVIC_API_KEY_SECRET: key.secret },
        `civic-migrate: GET ${server.url}/v2/election/data/state/CA/: 401 No such API key (check CIVIC_API_KEY_ID and CIVIC_API_KEY_SECRET)\n`,
      ],
      [
        ['overrides', '--api', 'v1'],
        env,
        'civic-migrate: regional overrides exist in V2 only (GET /v2/election/override/); V1 never had them\n',
      ],
    ];
    for (const [args, e, stderr] of cases) {
      expect(await runCli(['fetch', ...args, '--base-url', server.url], { env: e })).toEqual({ code: 2, stdout: '', stderr });
    }
    const remote = await runCli(['fetch', 'fields', '--base-url', `http://${key.id}:${key.secret}@example.org`], { env });
    expect(remote).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'civic-migrate: the base URL must not contain credentials: pass the key as keyId/keySecret or CIVIC_API_KEY_ID/CIVIC_API_KEY_SECRET\n',
    });
    const insecure = await runCli(['fetch', 'fields', '--base-url', 'http://example.org'], { env });
    expect(insecure.stderr).toBe(
      'civic-migrate: plain http:// is refused for example.org: API keys would travel unencrypted (use https://; http is allowed for loopback only)\n',
    );
  });

  it('usage errors: a state code is needed for state only', async () => {
    expect(await runCli(['fetch', 'state', '--base-url', server.url])).toEqual({
      code: 2,
      stdout: '',
      stderr: "civic-migrate: fetch state needs a state code, e.g. `fetch state CA`\nRun 'civic-migrate --help' for usage.\n",
    });
    expect((await runCli(['fetch', 'fields', 'CA'])).stderr).toBe(
      "civic-migrate: fetch fields takes no state code\nRun 'civic-migrate --help' for usage.\n",
    );
    expect((await runCli(['fetch', 'things'])).code).toBe(2);
  });

  it('help of fetch, serve and verify never shows a credential from the environment', async () => {
    for (const command of ['fetch', 'serve', 'verify']) {
      const r = await runCli([command, '--help'], { env });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`civic-migrate ${command}`);
      expect(r.stdout + r.stderr).not.toContain(key.secret);
      expect(r.stdout + r.stderr).not.toContain(key.id);
    }
  });
});
