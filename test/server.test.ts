import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_DETAIL, basicAuthorization, checkBasicAuth, generateApiKey } from '../src/client/auth.js';
import { type RunningServer, type ServedData, ServerStartError, startServer } from '../src/server/server.js';

/** A tiny hand-made dataset: the routing and auth rules do not depend on the payload contents. */
const data: ServedData = {
  v1Fields: [{ slug: 'f1', long_name: 'F one', field_format: 'Markdown' }],
  v2Fields: [{ slug: 'f1', description: 'F one', field_format: 'Markdown' }],
  v1States: new Map([['CA', { code: 'CA', name: 'California', state_information: [{ field_type: 'f1', text: 'v1' }] }]]),
  v2States: new Map([['CA', { code: 'CA', name: 'California', state_information: [{ field_type: 'f1', text: 'v2' }] }]]),
  overrides: [{ state: 'California', region: { name: 'Alameda County' }, field: { slug: 'f1' }, value: 'x' }],
};

const key = { id: '6a0b3f0e-2f1b-4a4e-9a51-0c1a9a7b5d11', secret: 'f'.repeat(64) };
const other = { id: '00000000-0000-4000-8000-000000000000', secret: '0'.repeat(64) };
const logs: string[] = [];
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ port: 0, keys: [key, other], data, log: (line) => logs.push(line) });
});
afterAll(() => server.close());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request (node:http, so redirects are not followed and any header can be sent). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, { method, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const auth = (k = key) => ({ Authorization: basicAuthorization(k) });
const json = (a: Answer) => ({ status: a.status, type: a.headers['content-type'], body: JSON.parse(a.body) as unknown });
const unauthorized = (detail: string) => ({ status: 401, type: 'application/json', body: { detail } });
const notFound = { status: 404, type: 'application/json', body: { detail: 'Not found.' } };

describe('reference server routes', () => {
  it('serves both field lists without auth', async () => {
    expect(json(await get('/v1/election/field/'))).toEqual({ status: 200, type: 'application/json', body: data.v1Fields });
    expect(json(await get('/v2/election/field/'))).toEqual({ status: 200, type: 'application/json', body: data.v2Fields });
  });

  it('serves state data of both versions with a valid key, any of the configured keys', async () => {
    expect(json(await get('/v1/election/data/state/CA/', auth()))).toEqual({
      status: 200,
      type: 'application/json',
      body: data.v1States.get('CA'),
    });
    expect(json(await get('/v2/election/data/state/CA/', auth(other)))).toEqual({
      status: 200,
      type: 'application/json',
      body: data.v2States.get('CA'),
    });
  });

  it('serves the early no-auth V1 state path', async () => {
    expect(json(await get('/v1/election/state/CA/'))).toEqual({
      status: 200,
      type: 'application/json',
      body: data.v1States.get('CA'),
    });
    expect(json(await get('/v1/election/state/ca/'))).toEqual(notFound);
  });

  it('serves overrides on V2 only, with auth', async () => {
    expect(json(await get('/v2/election/override/', auth()))).toEqual({
      status: 200,
      type: 'application/json',
      body: data.overrides,
    });
    expect(json(await get('/v2/election/override/'))).toEqual(unauthorized(AUTH_DETAIL.missing));
    expect(json(await get('/v1/election/override/', auth()))).toEqual(notFound);
    expect(json(await get('/v1/election/override/'))).toEqual(notFound);
  });

  it('answers 404 {"detail":"Not found."} for lower-case, territory and unknown codes (after auth)', async () => {
    for (const code of ['ca', 'PR', 'GU', 'ZZ', 'CAL', 'TX']) {
      expect(json(await get(`/v2/election/data/state/${code}/`, auth()))).toEqual(notFound);
      expect(json(await get(`/v1/election/data/state/${code}/`, auth()))).toEqual(notFound);
    }
    expect(json(await get('/v2/election/data/state/ZZ/'))).toEqual(unauthorized(AUTH_DETAIL.missing));
  });

  it('answers 404 for unknown paths', async () => {
    for (const path of ['/', '/v3/election/field/', '/v2/election/', '/v2/election/data/state/', '/v1/uptime/']) {
      expect(json(await get(path))).toEqual(notFound);
    }
  });

  it('redirects a known path without its trailing slash, keeping the query', async () => {
    const a = await get('/v2/election/field?x=1');
    expect({ status: a.status, location: a.headers.location }).toEqual({ status: 301, location: '/v2/election/field/?x=1' });
    const b = await get('/v1/election/data/state/CA', auth());
    expect({ status: b.status, location: b.headers.location }).toEqual({ status: 301, location: '/v1/election/data/state/CA/' });
    expect(json(await get('/v2/nothing'))).toEqual(notFound);
  });

  it('answers HEAD like GET without a body, refuses other methods with 405', async () => {
    const head = await get('/v2/election/field/', {}, 'HEAD');
    expect({ status: head.status, length: head.headers['content-length'], body: head.body }).toEqual({
      status: 200,
      length: String(JSON.stringify(data.v2Fields).length),
      body: '',
    });
    const post = await get('/v2/election/field/', {}, 'POST');
    expect({ ...json(post), allow: post.headers.allow }).toEqual({
      status: 405,
      type: 'application/json',
      body: { detail: 'Method "POST" not allowed.' },
      allow: 'GET, HEAD, OPTIONS',
    });
  });
});

describe('reference server authentication', () => {
  const cases: [string, Record<string, string>, string][] = [
    ['no header', {}, AUTH_DETAIL.missing],
    ['another scheme', { Authorization: 'Bearer abc' }, AUTH_DETAIL.missing],
    ['Basic without credentials', { Authorization: 'Basic' }, AUTH_DETAIL.noCredentials],
    ['credentials with spaces', { Authorization: 'Basic abc def' }, AUTH_DETAIL.spaces],
    ['not base64', { Authorization: 'Basic !!!!' }, AUTH_DETAIL.encoding],
    ['no colon', { Authorization: `Basic ${Buffer.from('justanid').toString('base64')}` }, AUTH_DETAIL.encoding],
    ['unknown key', auth(generateApiKey()), AUTH_DETAIL.unknownKey],
    ['wrong secret', auth({ id: key.id, secret: 'e'.repeat(64) }), AUTH_DETAIL.wrongSecret],
    ['secret of another key', auth({ id: key.id, secret: other.secret }), AUTH_DETAIL.wrongSecret],
    ['empty secret', auth({ id: key.id, secret: '' }), AUTH_DETAIL.wrongSecret],
  ];
  for (const [name, headers, detail] of cases) {
    it(`401 with the service's detail and WWW-Authenticate: ${name}`, async () => {
      for (const path of ['/v1/election/data/state/CA/', '/v2/election/data/state/CA/', '/v2/election/override/']) {
        const a = await get(path, headers);
        expect({ ...json(a), challenge: a.headers['www-authenticate'] }).toEqual({
          ...unauthorized(detail),
          challenge: 'Basic realm="api"',
        });
      }
    });
  }

  it('checkBasicAuth accepts a lower-case scheme and surrounding spaces', () => {
    const keys = new Map([[key.id, key]]);
    expect(checkBasicAuth(`  basic ${basicAuthorization(key).slice(6)}  `, keys)).toEqual({ ok: true, keyId: key.id });
  });

  it('generates a demo key shaped like the real ones when none is given', async () => {
    const demo = await startServer({ data });
    try {
      expect(demo.demoKey).toBe(true);
      expect(demo.keys).toHaveLength(1);
      expect(demo.keys[0]?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(demo.keys[0]?.secret).toMatch(/^[0-9a-f]{64}$/);
      expect(demo.url).toBe(`http://127.0.0.1:${demo.port}`);
    } finally {
      await demo.close();
    }
  });
});

describe('reference server lifecycle and logs', () => {
  it('logs one line per request, without query strings or credentials', async () => {
    logs.length = 0;
    await get('/v2/election/data/state/CA/?api_key=leak', auth());
    await get('/v2/election/override/', auth({ id: key.id, secret: 'wrong-secret' }));
    expect(logs.map((l) => l.replace(/ [\d.]+ms$/, ''))).toEqual([
      'GET /v2/election/data/state/CA/ 200',
      'GET /v2/election/override/ 401',
    ]);
    expect(logs.join('\n')).not.toContain(key.secret);
    expect(logs.join('\n')).not.toContain('leak');
  });

  it('refuses a port in use with one clear line', async () => {
    await expect(startServer({ port: server.port, data })).rejects.toThrow(
      new ServerStartError(
        `cannot start the reference server: port ${server.port} is already in use (use --port 0 for a free one)`,
      ),
    );
  });

  it('close() stops listening, waits for keep-alive connections, and can be called twice', async () => {
    const s = await startServer({ data });
    const res = await fetch(`${s.url}/v2/election/field/`);
    expect(res.status).toBe(200);
    await res.text();
    await Promise.all([s.close(), s.close()]);
    await expect(fetch(`${s.url}/v2/election/field/`)).rejects.toThrow('fetch failed');
  });
});

describe('reference server on every interface', () => {
  it('gives a loopback URL a client accepts', async () => {
    const s = await startServer({ host: '0.0.0.0', data });
    try {
      expect(s.url).toBe(`http://127.0.0.1:${s.port}`);
      expect((await fetch(`${s.url}/v2/election/field/`)).status).toBe(200);
    } finally {
      await s.close();
    }
  });
});
