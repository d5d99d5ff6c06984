import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { basicAuthorization } from '../src/client/auth.js';
import { isLoopbackHost, normalizeBaseUrl } from '../src/client/base-url.js';
import {
  ApiAuthError,
  ApiNetworkError,
  ApiNotFoundError,
  ApiResponseError,
  ApiStatusError,
  ApiTimeoutError,
  ClientConfigError,
} from '../src/client/errors.js';
import { parseRetryAfter, retryDelay } from '../src/client/retry.js';
import { type GetRequest, getJson, redactor, type TransportOptions } from '../src/client/transport.js';
import { rejection as failure } from './helpers/rejection.js';

const key = { id: '3f2c1e0a-7b6d-4c5e-8f9a-0b1c2d3e4f50', secret: 'a1b2c3d4'.repeat(8) };
const token = basicAuthorization(key).slice(6);

interface Adhoc {
  url: string;
  hits: { path: string; authorization: string | undefined }[];
  close(): Promise<void>;
}
const open: Adhoc[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

/** A throw-away server on 127.0.0.1:0 whose handler gets the 0-based request number. */
async function adhoc(handler: (req: IncomingMessage, res: ServerResponse, n: number) => void): Promise<Adhoc> {
  const hits: Adhoc['hits'] = [];
  const server = createServer((req, res) => {
    hits.push({ path: req.url ?? '', authorization: req.headers.authorization });
    handler(req, res, hits.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const s: Adhoc = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  open.push(s);
  return s;
}

const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const options = (baseUrl: string, over: Partial<TransportOptions> = {}): TransportOptions => ({
  baseUrl,
  fetch: (input, init) => fetch(input, init),
  timeoutMs: 300,
  retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 50 },
  maxBodyBytes: 1 << 20,
  ...over,
});

const keyed: GetRequest = { path: '/v2/election/data/state/CA/', key };

describe('getJson', () => {
  it('sends Basic auth only when a key is given, and parses JSON', async () => {
    const s = await adhoc((_req, res) => sendJson(res, 200, { ok: true }));
    expect((await getJson(options(s.url), keyed)).json).toEqual({ ok: true });
    expect((await getJson(options(s.url), { path: '/v2/election/field/' })).json).toEqual({ ok: true });
    expect(s.hits).toEqual([
      { path: '/v2/election/data/state/CA/', authorization: `Basic ${token}` },
      { path: '/v2/election/field/', authorization: undefined },
    ]);
  });

  it('times out on a server that never answers', async () => {
    const s = await adhoc(() => {});
    // (Long enough for the request to reach the server on a loaded machine: at 50 ms it sometimes did not.)
    const error = await failure(getJson(options(s.url, { timeoutMs: 400 }), keyed));
    expect(error).toBeInstanceOf(ApiTimeoutError);
    expect(error.message).toBe(`GET ${s.url}/v2/election/data/state/CA/: no complete response within 400 ms`);
    expect(s.hits).toHaveLength(1);
  });

  it('times out on a server that stalls in the middle of the body', async () => {
    const s = await adhoc((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('[{"slug":');
    });
    const error = await failure(getJson(options(s.url, { timeoutMs: 80 }), keyed));
    expect(error).toBeInstanceOf(ApiTimeoutError);
  });

  it('retries 429 honouring Retry-After, then succeeds', async () => {
    const s = await adhoc((_req, res, n) =>
      n === 0 ? sendJson(res, 429, { detail: 'Request was throttled.' }, { 'Retry-After': '0' }) : sendJson(res, 200, [1]),
    );
    const log: string[] = [];
    expect((await getJson(options(s.url, { log: (l) => log.push(l) }), keyed)).json).toEqual([1]);
    expect(s.hits).toHaveLength(2);
    expect(log.map((l) => l.replace(/\(\d+ ms\)/, '(N ms)'))).toEqual([
      `GET ${s.url}/v2/election/data/state/CA/ → 429; retry 1 of 2 in 0 ms`,
      `GET ${s.url}/v2/election/data/state/CA/ → 200 (N ms)`,
    ]);
  });

  it('stops at once when Retry-After asks for longer than maxDelayMs', async () => {
    const s = await adhoc((_req, res) => sendJson(res, 429, { detail: 'Request was throttled.' }, { 'Retry-After': '120' }));
    const error = await failure(getJson(options(s.url), keyed));
    expect(error).toBeInstanceOf(ApiStatusError);
    expect(error.message).toBe(`GET ${s.url}/v2/election/data/state/CA/: 429 Request was throttled. (Retry-After 120s)`);
    expect((error as ApiStatusError).retryAfterMs).toBe(120_000);
    expect(s.hits).toHaveLength(1);
  });

  it('retries 500 a bounded number of times, then reports the status', async () => {
    const s = await adhoc((_req, res) => sendJson(res, 500, { detail: 'A server error occurred.' }));
    const error = await failure(getJson(options(s.url), keyed));
    expect(error).toBeInstanceOf(ApiStatusError);
    expect(error.message).toBe(`GET ${s.url}/v2/election/data/state/CA/: 500 A server error occurred. after 3 attempts`);
    expect({ status: (error as ApiStatusError).status, attempts: (error as ApiStatusError).attempts }).toEqual({
      status: 500,
      attempts: 3,
    });
    expect(s.hits).toHaveLength(3);
  });

  it('recovers from a 503 and does not retry a 400', async () => {
    const s = await adhoc((req, res, n) =>
      req.url?.includes('field') ? sendJson(res, 400, {}) : n === 0 ? sendJson(res, 503, {}) : sendJson(res, 200, { n }),
    );
    expect((await getJson(options(s.url), keyed)).json).toEqual({ n: 1 });
    const error = await failure(getJson(options(s.url), { path: '/v2/election/field/' }));
    expect(error.message).toBe(`GET ${s.url}/v2/election/field/: 400`);
    expect(s.hits).toHaveLength(3);
  });

  it('reports a malformed, empty or HTML body as an invalid response', async () => {
    const bodies: [string, string, string][] = [
      ['application/json', '{"slug": ', 'body is not JSON (application/json, 9 bytes)'],
      ['application/json', '', 'empty body'],
      ['text/html', '<html>Maintenance</html>', 'body is not JSON (text/html, 24 bytes)'],
    ];
    for (const [type, body, problem] of bodies) {
      const s = await adhoc((_req, res) => {
        res.writeHead(200, { 'Content-Type': type });
        res.end(body);
      });
      const error = await failure(getJson(options(s.url), keyed));
      expect(error).toBeInstanceOf(ApiResponseError);
      expect(error.message).toBe(`GET ${s.url}/v2/election/data/state/CA/: invalid response: ${problem}`);
    }
  });

  it('refuses a body larger than the limit', async () => {
    const body = JSON.stringify('x'.repeat(5000));
    const s = await adhoc((req, res) => {
      res.writeHead(200, req.url?.includes('CA') ? { 'Content-Length': String(body.length) } : {});
      res.end(body); // without Content-Length: chunked, so the limit is enforced while reading
    });
    const declared = await failure(getJson(options(s.url, { maxBodyBytes: 1000 }), keyed));
    expect(declared.message).toBe(
      `GET ${s.url}/v2/election/data/state/CA/: invalid response: body of 5002 bytes exceeds the 1000-byte limit`,
    );
    const streamed = await failure(getJson(options(s.url, { maxBodyBytes: 1000 }), { path: '/v2/election/field/' }));
    expect(streamed.message).toBe(`GET ${s.url}/v2/election/field/: invalid response: body exceeds the 1000-byte limit`);
  });

  it('maps 401, 403 and 404 to typed errors with the service detail', async () => {
    const s = await adhoc((req, res) => {
      if (req.url?.includes('CA'))
        sendJson(res, 401, { detail: 'Incorrect API key secret' }, { 'WWW-Authenticate': 'Basic realm="api"' });
      else if (req.url?.includes('override'))
        sendJson(res, 403, { detail: 'You do not have permission to perform this action.' });
      else sendJson(res, 404, { detail: 'Not found.' });
    });
    const e401 = await failure(getJson(options(s.url), keyed));
    expect(e401).toBeInstanceOf(ApiAuthError);
    expect(e401.message).toBe(
      `GET ${s.url}/v2/election/data/state/CA/: 401 Incorrect API key secret (check CIVIC_API_KEY_ID and CIVIC_API_KEY_SECRET)`,
    );
    expect({ status: (e401 as ApiAuthError).status, detail: (e401 as ApiAuthError).detail }).toEqual({
      status: 401,
      detail: 'Incorrect API key secret',
    });
    const e403 = await failure(getJson(options(s.url), { path: '/v2/election/override/', key }));
    expect(e403.message).toBe(
      `GET ${s.url}/v2/election/override/: 403 You do not have permission to perform this action. (the key has no access to this endpoint; check the subscription)`,
    );
    const e404 = await failure(getJson(options(s.url), { path: '/v2/election/data/state/TX/', key }));
    expect(e404).toBeInstanceOf(ApiNotFoundError);
    expect(e404.message).toBe(`GET ${s.url}/v2/election/data/state/TX/: 404 Not found.`);
    expect(s.hits).toHaveLength(3);
  });

  it('reports a refused connection as a network error after bounded retries', async () => {
    const s = await adhoc(() => {});
    const url = s.url;
    await s.close();
    const error = await failure(getJson(options(url), keyed));
    expect(error).toBeInstanceOf(ApiNetworkError);
    expect(error.message).toBe(`GET ${url}/v2/election/data/state/CA/: network error: connection refused (after 3 attempts)`);
    expect((error as ApiNetworkError).code).toBe('ECONNREFUSED');
    expect(error.cause).toBeUndefined();
  });

  it('reports a connection cut mid-answer as a network error and retries it', async () => {
    const s = await adhoc((req, res, n) => (n < 2 ? req.socket.destroy() : sendJson(res, 200, 'third time')));
    expect((await getJson(options(s.url), keyed)).json).toBe('third time');
    expect(s.hits).toHaveLength(3);
  });

  it('follows same-origin redirects with the key, refuses cross-origin ones', async () => {
    const elsewhere = await adhoc((_req, res) => sendJson(res, 200, 'stolen'));
    const s = await adhoc((req, res) => {
      if (req.url === '/v2/election/field') res.writeHead(301, { Location: '/v2/election/field/' }).end();
      else if (req.url === '/v2/election/field/') sendJson(res, 200, ['ok']);
      else res.writeHead(302, { Location: `${elsewhere.url}/x/` }).end();
    });
    expect((await getJson(options(s.url), { path: '/v2/election/field', key })).json).toEqual(['ok']);
    const error = await failure(getJson(options(s.url), keyed));
    expect(error.message).toBe(
      `GET ${s.url}/v2/election/data/state/CA/: invalid response: redirect to another origin (${elsewhere.url}) refused: the API key is sent to ${s.url} only`,
    );
    expect(elsewhere.hits).toEqual([]);
    expect((await getJson(options(s.url), { path: '/v2/elsewhere/' })).json).toBe('stolen');
  });

  it('rejects with the caller’s abort reason', async () => {
    const s = await adhoc(() => {});
    const controller = new AbortController();
    const pending = getJson(options(s.url, { timeoutMs: 5000, signal: controller.signal }), keyed);
    setTimeout(() => controller.abort(new Error('stopped by caller')), 20);
    expect((await failure(pending)).message).toBe('stopped by caller');
  });
});

describe('credentials never leak', () => {
  it('no error, stack, JSON form, inspect output or log line holds the key, even when the server echoes it', async () => {
    const echo = `${key.id}:${key.secret} ${basicAuthorization(key)}`;
    const s = await adhoc((req, res) => {
      const path = req.url ?? '';
      if (path.startsWith('/401')) sendJson(res, 401, { detail: `bad ${echo}` });
      else if (path.startsWith('/500')) sendJson(res, 500, { message: echo });
      else if (path.startsWith('/redirect')) res.writeHead(302, { Location: `http://${key.secret}.localhost:1/` }).end();
      else if (path.startsWith(`/${key.secret}`)) sendJson(res, 404, { detail: echo });
      else if (path.startsWith('/stall')) return;
      else res.writeHead(200, { 'Content-Type': 'application/json' }).end(`{"oops": "${echo}"`);
    });
    const dead = await adhoc(() => {});
    const deadUrl = dead.url;
    await dead.close();
    const log: string[] = [];
    const o = options(s.url, { log: (l) => log.push(l), timeoutMs: 50 });
    const errors = [
      await failure(getJson(o, { path: '/401/', key })),
      await failure(getJson(o, { path: '/500/', key })),
      await failure(getJson(o, { path: '/redirect/', key })),
      await failure(getJson(o, { path: `/${key.secret}/`, key })),
      await failure(getJson(o, { path: '/stall/', key })),
      await failure(getJson(o, { path: '/malformed/', key })),
      await failure(getJson({ ...o, baseUrl: deadUrl }, { path: '/x/', key })),
    ];
    expect(errors.map((e) => e.constructor.name)).toEqual([
      'ApiAuthError',
      'ApiStatusError',
      'ApiResponseError',
      'ApiNotFoundError',
      'ApiTimeoutError',
      'ApiResponseError',
      'ApiNetworkError',
    ]);
    expect(errors[0]?.message).toBe(
      `GET ${s.url}/401/: 401 bad [redacted]:[redacted] Basic [redacted] (check CIVIC_API_KEY_ID and CIVIC_API_KEY_SECRET)`,
    );
    const texts = [
      ...errors.flatMap((e) => [
        e.message,
        e.stack ?? '',
        JSON.stringify(e),
        inspect(e, { depth: 10, showHidden: true }),
        String(e.cause),
      ]),
      ...log,
    ];
    for (const needle of [key.secret, key.id, token]) {
      for (const text of texts) expect(text).not.toContain(needle);
    }
  });

  it('redactor replaces the secret, the key ID and the encoded header', () => {
    expect(redactor(key)(`${key.id}:${key.secret} / ${token}`)).toBe('[redacted]:[redacted] / [redacted]');
    expect(redactor(undefined)('unchanged')).toBe('unchanged');
  });
});

describe('base URL and retry helpers', () => {
  it('normalises good base URLs', () => {
    expect(normalizeBaseUrl('https://api.voteamerica.org/')).toBe('https://api.voteamerica.org');
    expect(normalizeBaseUrl('https://proxy.example/civic/')).toBe('https://proxy.example/civic');
    expect(normalizeBaseUrl('http://127.0.0.1:8000')).toBe('http://127.0.0.1:8000');
    expect(normalizeBaseUrl('http://localhost:8000/')).toBe('http://localhost:8000');
    expect(normalizeBaseUrl('http://[::1]:8000')).toBe('http://[::1]:8000');
  });

  it('refuses bad base URLs without repeating them', () => {
    const refusals: [string, string][] = [
      ['api.voteamerica.org', 'the base URL is not an absolute URL (expected e.g. https://api.voteamerica.org)'],
      ['ftp://api.voteamerica.org', 'the base URL must use https:// (got ftp://)'],
      [
        `https://id:${key.secret}@api.voteamerica.org`,
        'the base URL must not contain credentials: pass the key as keyId/keySecret or CIVIC_API_KEY_ID/CIVIC_API_KEY_SECRET',
      ],
      ['https://api.voteamerica.org/?key=1', 'the base URL must not have a query string or fragment'],
      [
        'http://api.voteamerica.org',
        'plain http:// is refused for api.voteamerica.org: API keys would travel unencrypted (use https://; http is allowed for loopback only)',
      ],
      [
        'https://api.voteamerica.org/v1/',
        'the base URL must not end in /v1: give the host (and any proxy prefix) only; the version picks /v1/ or /v2/',
      ],
    ];
    for (const [input, message] of refusals) expect(() => normalizeBaseUrl(input)).toThrow(new ClientConfigError(message));
  });

  it('knows loopback hosts', () => {
    expect(['localhost', 'app.localhost', '127.0.0.1', '127.8.9.1', '[::1]', '::ffff:127.0.0.1'].map(isLoopbackHost)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['example.com', '10.0.0.1', '128.0.0.1', '[::2]', 'localhost.example.com'].map(isLoopbackHost)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2024-10-01T12:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Tue, 01 Oct 2024 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 01 Oct 2024 11:00:00 GMT', now)).toBe(0);
    expect([parseRetryAfter(null), parseRetryAfter('soon'), parseRetryAfter('-3'), parseRetryAfter('1.5')]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('backs off exponentially with equal jitter, capped', () => {
    const policy = { retries: 5, baseDelayMs: 100, maxDelayMs: 1000 };
    expect([0, 1, 2, 3, 4].map((n) => retryDelay(policy, n, undefined, () => 0))).toEqual([50, 100, 200, 400, 500]);
    expect([0, 1, 2, 3, 4].map((n) => retryDelay(policy, n, undefined, () => 1))).toEqual([100, 200, 400, 800, 1000]);
    expect(retryDelay(policy, 3, 2500)).toBe(2500);
  });
});
