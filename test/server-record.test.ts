/**
 * The reference server records which V1 endpoints the app under test calls (`startServer({ recorder })`,
 * `civic-migrate serve --record FILE`), in the usage format of `civic-migrate/observe`.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../src/client/client.js';
import { createRecorder, usageSchema } from '../src/observe/index.js';
import { type RunningServer, startServer } from '../src/server/server.js';
import { untilBanner } from './helpers/serve.js';

const root = new URL('..', import.meta.url).pathname;
const key = { id: '9d7a4a2e-5b1c-4f3e-a2d1-6c0b8e9f7a35', secret: '5e'.repeat(32) };
const basic = (k: { id: string; secret: string }) => `Basic ${Buffer.from(`${k.id}:${k.secret}`).toString('base64')}`;

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'civic-serve-record-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('startServer({ recorder })', () => {
  const recorder = createRecorder();
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ keys: [key], recorder });
  });
  afterAll(() => server.close());

  const get = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${server.url}${path}`, { redirect: 'manual', ...init });
    await res.arrayBuffer();
    return res.status;
  };

  it('counts the V1 endpoints called by template: answered or refused for the key; not V2, 404s, redirects or OPTIONS', async () => {
    const auth = { headers: { Authorization: basic(key) } };
    expect(
      await Promise.all([
        get('/v1/election/field/'),
        get('/v1/election/field/'),
        get('/v1/election/data/state/CA/', auth),
        get('/v1/election/data/state/WI/', { ...auth, method: 'HEAD' }),
        get('/v1/election/data/state/WI/', { headers: { Authorization: basic({ id: key.id, secret: 'wrong' }) } }),
        get('/v1/election/state/IL/'),
        // not counted:
        get('/v1/election/data/state/ZZ/', auth),
        get('/v1/election/override/', auth),
        get('/v1/election/nothing/'),
        get('/v1/election/field'),
        get('/v1/election/field/', { method: 'OPTIONS' }),
        get('/v1/election/field/', { method: 'POST' }),
        get('/v2/election/field/'),
        get('/v2/election/data/state/CA/', auth),
        get('/v2/election/override/', auth),
      ]),
    ).toEqual([200, 200, 200, 200, 401, 200, 404, 404, 404, 301, 204, 405, 200, 200, 200]);
    const usage = recorder.snapshot();
    expect(usage.endpoints).toEqual({
      '/v1/election/data/state/{state}/': 3,
      '/v1/election/field/': 2,
      '/v1/election/state/{state}/': 1,
    });
    expect(usage.items).toEqual({});
    expect(usageSchema.safeParse(usage).success).toBe(true);
  });

  it('records the same templates a V1 client records', async () => {
    const own = createRecorder();
    const before = { ...recorder.snapshot().endpoints };
    const client = createClient({ version: 'v1', baseUrl: server.url, keyId: key.id, keySecret: key.secret, recorder: own });
    await client.fields();
    await client.state('CA');
    const after = recorder.snapshot().endpoints;
    const served = Object.fromEntries(
      Object.entries(after)
        .map(([t, n]) => [t, n - (before[t] ?? 0)])
        .filter(([, n]) => n !== 0),
    );
    expect(served).toEqual(own.snapshot().endpoints);
    expect(served).toEqual({ '/v1/election/data/state/{state}/': 1, '/v1/election/field/': 1 });
  });
});

describe('civic-migrate serve --record FILE (a real process)', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('writes the V1 endpoints called, with counts, when stopped with %s', async (signal) => {
    const file = join(tmp, `usage-${signal}.json`);
    const child: ChildProcessWithoutNullStreams = spawn(
      process.execPath,
      [join(root, 'bin/civic-migrate.cjs'), 'serve', '--port', '0', '--quiet', '--record', file],
      { cwd: tmp, env: { PATH: process.env.PATH } },
    );
    const served = await untilBanner(child);
    const out = served.stdout();
    const { exit } = served;
    expect(out).toContain(`Recording the V1 endpoints called in ${file}.\n`);
    const url = /V1: (http:\/\/127\.0\.0\.1:\d+)\/v1\//.exec(out)?.[1] as string;
    const id = /CIVIC_API_KEY_ID=(\S+)/.exec(out)?.[1] as string;
    const secret = /CIVIC_API_KEY_SECRET=(\S+)/.exec(out)?.[1] as string;
    expect((await fetch(`${url}/v1/election/field/`)).status).toBe(200);
    expect((await fetch(`${url}/v1/election/data/state/CA/`, { headers: { Authorization: basic({ id, secret }) } })).status).toBe(
      200,
    );
    expect((await fetch(`${url}/v2/election/field/`)).status).toBe(200);
    child.kill(signal);
    expect(await exit).toBe(0);
    expect(served.stderr()).toBe('');
    expect(existsSync(file)).toBe(true);
    const usage = JSON.parse(readFileSync(file, 'utf8'));
    expect(usage.endpoints).toEqual({ '/v1/election/data/state/{state}/': 1, '/v1/election/field/': 1 });
    expect(usage.command).toBe('civic-migrate serve');
    expect(usage.pid).toBe(child.pid);
    expect(usageSchema.safeParse(usage).success).toBe(true);
    expect(existsSync(`${file}.${child.pid}.tmp`)).toBe(false);
  });
});
