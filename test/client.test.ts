import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CivicClient, type ClientOptions, createClient } from '../src/client/client.js';
import {
  ApiAuthError,
  ApiNotFoundError,
  ApiResponseError,
  ApiUnsupportedError,
  ClientConfigError,
  InvalidStateCodeError,
} from '../src/client/errors.js';
import { loadMappings } from '../src/mapping/load.js';
import {
  type Diagnostic,
  downgrade,
  type RegionalOverride,
  type V1FieldDescriptor,
  type V1StateRecord,
  type V2FieldDescriptor,
  type V2StateRecord,
} from '../src/payload/index.js';
import { STATE_CODES } from '../src/payload/states.js';
import { type Dataset, servedData, syntheticDataset } from '../src/server/dataset.js';
import { type RunningServer, startServer } from '../src/server/server.js';
import { rejection as failure } from './helpers/rejection.js';

const key = { id: '9d7a4a2e-5b1c-4f3e-a2d1-6c0b8e9f7a35', secret: '5e'.repeat(32) };
let dataset: Dataset;
let server: RunningServer;
const requests: string[] = [];

beforeAll(async () => {
  dataset = syntheticDataset();
  server = await startServer({
    keys: [key],
    data: servedData(dataset),
    log: (line) => requests.push(line.replace(/ [\d.]+ms$/, '')),
  });
});
afterAll(() => server.close());

/** A client of the test server; the key comes from the env unless options say otherwise. */
function client<V extends 'v1' | 'v2', S extends 'v1' | 'v2' = V>(options: Omit<ClientOptions<V, S>, 'baseUrl'>): CivicClient<S> {
  return createClient<V, S>({
    baseUrl: server.url,
    env: { CIVIC_API_KEY_ID: key.id, CIVIC_API_KEY_SECRET: key.secret },
    retryBaseMs: 1,
    timeoutMs: 2000,
    ...options,
  });
}

/** Requests the server logged while `fn` ran. */
async function served(fn: () => Promise<unknown>): Promise<string[]> {
  requests.length = 0;
  await fn().catch(() => {});
  return [...requests];
}

describe('client against the reference server: every endpoint of both versions', () => {
  it('V1: field list, every state, the early path; overrides are a typed error without a request', async () => {
    const v1 = client({ version: 'v1' });
    expect(await v1.fields()).toEqual(dataset.v1.fields);
    for (const code of STATE_CODES) expect(await v1.state(code)).toEqual(dataset.v1.states.get(code));
    expect(await client({ version: 'v1', v1StatePath: 'early', env: {} }).state('WY')).toEqual(dataset.v1.states.get('WY'));
    const log = await served(async () => {
      const error = await failure(v1.overrides());
      expect(error).toBeInstanceOf(ApiUnsupportedError);
      expect(error.message).toBe('regional overrides exist in V2 only (GET /v2/election/override/); V1 never had them');
    });
    expect(log).toEqual([]);
  });

  it('V2: field list, every state, overrides', async () => {
    const v2 = client({ version: 'v2' });
    expect(await v2.fields()).toEqual(dataset.v2.fields);
    for (const code of STATE_CODES) expect(await v2.state(code)).toEqual(dataset.v2.states.get(code));
    expect(await v2.overrides()).toEqual(dataset.overrides);
  });

  it('hits exactly the documented paths', async () => {
    expect(
      await served(async () => {
        const v1 = client({ version: 'v1' });
        const v2 = client({ version: 'v2' });
        await v1.fields();
        await v1.state('CA');
        await client({ version: 'v1', v1StatePath: 'early' }).state('CA');
        await v2.fields();
        await v2.state('CA');
        await v2.overrides();
      }),
    ).toEqual([
      'GET /v1/election/field/ 200',
      'GET /v1/election/data/state/CA/ 200',
      'GET /v1/election/state/CA/ 200',
      'GET /v2/election/field/ 200',
      'GET /v2/election/data/state/CA/ 200',
      'GET /v2/election/override/ 200',
    ]);
  });

  it('needs no key for the field list', async () => {
    expect(await client({ version: 'v2', env: {} }).fields()).toEqual(dataset.v2.fields);
  });
});

describe('keys', () => {
  it('reports a missing key before any request', async () => {
    const log = await served(async () => {
      const error = await failure(client({ version: 'v2', env: { CIVIC_API_KEY_ID: key.id } }).state('CA'));
      expect(error).toEqual(
        new ClientConfigError(
          'this endpoint needs an API key: set CIVIC_API_KEY_SECRET (or pass keyId/keySecret); keys come from the customer dashboard',
        ),
      );
      const none = await failure(client({ version: 'v2', env: {} }).overrides());
      expect(none.message).toBe(
        'this endpoint needs an API key: set CIVIC_API_KEY_ID and CIVIC_API_KEY_SECRET (or pass keyId/keySecret); keys come from the customer dashboard',
      );
    });
    expect(log).toEqual([]);
  });

  it('maps unknown and wrong keys to ApiAuthError with the service detail', async () => {
    const unknown = await failure(
      client({ version: 'v2', keyId: 'b7c2a1d0-0000-4000-8000-000000000001', keySecret: key.secret }).state('CA'),
    );
    expect(unknown).toBeInstanceOf(ApiAuthError);
    expect(unknown.message).toBe(
      `GET ${server.url}/v2/election/data/state/CA/: 401 No such API key (check CIVIC_API_KEY_ID and CIVIC_API_KEY_SECRET)`,
    );
    const wrong = await failure(client({ version: 'v1', keyId: key.id, keySecret: 'f'.repeat(64) }).state('CA'));
    expect({ status: (wrong as ApiAuthError).status, detail: (wrong as ApiAuthError).detail }).toEqual({
      status: 401,
      detail: 'Incorrect API key secret',
    });
  });

  it('prefers options over the environment, trimming stray whitespace', async () => {
    const c = client({
      version: 'v2',
      keyId: ` ${key.id}\n`,
      keySecret: `${key.secret}\r\n`,
      env: { CIVIC_API_KEY_ID: 'wrong' },
    });
    expect(await c.state('VT')).toEqual(dataset.v2.states.get('VT'));
  });

  it('keeps the key out of the client object, and out of every error', async () => {
    const c = client({ version: 'v2' });
    expect(JSON.stringify(c)).not.toContain(key.secret);
    expect(inspect(c, { depth: 5, showHidden: true })).not.toContain(key.secret);
    const errors = [
      await failure(client({ version: 'v2', keyId: key.id, keySecret: `${key.secret}x` }).state('CA')),
      await failure(client({ version: 'v2', keyId: `${key.id}x`, keySecret: key.secret }).overrides()),
      await failure(client({ version: 'v2', keyId: key.id, keySecret: 'short' }).state('CA')),
      await failure(client({ version: 'v2' }).state('ca')),
      await failure(client({ version: 'v1' }).overrides()),
      await failure(client({ version: 'v2', baseUrl: 'http://127.0.0.1:1' } as never).state('CA')),
      await failure(
        createClient({ version: 'v2', baseUrl: 'http://127.0.0.1:1', keyId: key.id, keySecret: key.secret, retries: 0 }).state(
          'CA',
        ),
      ),
    ].concat(
      await (async () => {
        try {
          createClient({ version: 'v2', baseUrl: `https://${key.id}:${key.secret}@example.org` });
          return [];
        } catch (error) {
          return [error as Error];
        }
      })(),
    );
    expect(errors.map((e) => e.constructor.name)).toEqual([
      'ApiAuthError',
      'ApiAuthError',
      'ApiAuthError',
      'InvalidStateCodeError',
      'ApiUnsupportedError',
      'ApiNetworkError',
      'ApiNetworkError',
      'ClientConfigError',
    ]);
    for (const e of errors) {
      for (const text of [e.message, e.stack ?? '', JSON.stringify(e), inspect(e, { depth: 10, showHidden: true })]) {
        expect(text).not.toContain(key.secret);
        expect(text).not.toContain(key.id);
      }
    }
  });
});

describe('state codes', () => {
  const cases: [string, string][] = [
    [
      'ca',
      '"ca" is not a state code: use one of the 51 upper-case postal codes (50 states and DC); did you mean CA (California)?',
    ],
    [
      'Illinois',
      '"Illinois" is not a state code: use one of the 51 upper-case postal codes (50 states and DC); did you mean IL (Illinois)?',
    ],
    [
      'PR',
      '"PR" is not a state code: use one of the 51 upper-case postal codes (50 states and DC); PR (Puerto Rico) is a territory: the API has no data for it',
    ],
    ['ZZ', '"ZZ" is not a state code: use one of the 51 upper-case postal codes (50 states and DC), e.g. CA'],
    ['', '"" is not a state code: use one of the 51 upper-case postal codes (50 states and DC), e.g. CA'],
    ['CA/../..', '"CA/../.." is not a state code: use one of the 51 upper-case postal codes (50 states and DC), e.g. CA'],
  ];
  it('are checked before any request, with a hint', async () => {
    const log = await served(async () => {
      for (const [code, message] of cases) {
        for (const c of [client({ version: 'v1' }), client({ version: 'v2', shape: 'v1' })]) {
          const error = await failure(c.state(code));
          expect(error).toBeInstanceOf(InvalidStateCodeError);
          expect(error.message).toBe(message);
        }
      }
    });
    expect(log).toEqual([]);
  });

  it('a state the server lacks is ApiNotFoundError', async () => {
    const small = await startServer({ keys: [key], data: { ...servedData(dataset), v2States: new Map() } });
    try {
      const error = await failure(
        createClient({ version: 'v2', baseUrl: small.url, keyId: key.id, keySecret: key.secret }).state('CA'),
      );
      expect(error).toBeInstanceOf(ApiNotFoundError);
      expect(error.message).toBe(`GET ${small.url}/v2/election/data/state/CA/: 404 Not found.`);
    } finally {
      await small.close();
    }
  });
});

describe('cutover shapes', () => {
  it('V1 endpoint in the V2 shape gives exactly what the V2 endpoint gives', async () => {
    const shim = client({ version: 'v1', shape: 'v2' });
    const fields: V2FieldDescriptor[] = await shim.fields();
    expect(fields).toEqual(dataset.v2.fields);
    for (const code of ['AK', 'CA', 'IL', 'WI']) {
      const record: V2StateRecord = await shim.state(code);
      expect(record).toEqual(dataset.v2.states.get(code));
    }
    await expect(shim.overrides()).rejects.toThrow(ApiUnsupportedError);
  });

  it('V2 endpoint in the V1 shape gives the adapter’s downgrade, with overrides for rebuilt fields', async () => {
    const mappings = loadMappings();
    const diagnostics: [string, Diagnostic[]][] = [];
    const shim = client({ version: 'v2', shape: 'v1', onDiagnostics: (d, what) => diagnostics.push([what, [...d]]) });
    const fields: V1FieldDescriptor[] = await shim.fields();
    expect(fields).toEqual(downgrade(dataset.v2.fields, { kind: 'fields', mappings }).value);
    for (const code of ['IL', 'TX']) {
      const record: V1StateRecord = await shim.state(code);
      const expected = downgrade(dataset.v2.states.get(code) as V2StateRecord, {
        kind: 'state',
        mappings,
        fields: dataset.v2.fields,
        overrides: dataset.overrides,
      });
      expect(record).toEqual(expected.value);
      expect(diagnostics.find(([what]) => what === `state ${code}`)?.[1]).toEqual(expected.diagnostics);
    }
    const overrides: RegionalOverride[] = await shim.overrides();
    expect(overrides).toEqual(dataset.overrides);
  });

  it('fetches the reference lists a reshape needs once, and reuses them', async () => {
    const shim = client({ version: 'v2', shape: 'v1' });
    expect(
      await served(async () => {
        await shim.state('CA');
        await shim.state('NY');
      }),
    ).toEqual([
      'GET /v2/election/data/state/CA/ 200',
      'GET /v2/election/field/ 200',
      'GET /v2/election/override/ 200',
      'GET /v2/election/data/state/NY/ 200',
    ]);
  });
});

describe('invalid responses and options', () => {
  it('names the schema path of a response that breaks it', async () => {
    const bad = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({ code: 'CA', name: 'California', state_information: [{ field_type: 7, text: '', modified_at: 'x' }] }),
      );
    });
    await new Promise<void>((resolve) => bad.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(bad.address() as AddressInfo).port}`;
      const error = await failure(
        createClient({ version: 'v2', baseUrl: url, keyId: key.id, keySecret: key.secret }).state('CA'),
      );
      expect(error).toBeInstanceOf(ApiResponseError);
      expect({ path: (error as ApiResponseError).path, message: error.message }).toEqual({
        path: '$.state_information[0].field_type',
        message: `GET ${url}/v2/election/data/state/CA/: invalid response: $.state_information[0].field_type: Invalid input: expected string, received number`,
      });
    } finally {
      bad.closeAllConnections();
      await new Promise((resolve) => bad.close(resolve));
    }
  });

  it('refuses bad options at creation', () => {
    const refusals: [Partial<ClientOptions>, string][] = [
      [{ version: 'v3' as never }, "version must be 'v1' or 'v2'"],
      [{ version: 'v2', shape: 'V1' as never }, "shape must be 'v1' or 'v2'"],
      [{ version: 'v2', timeoutMs: 0 }, 'timeoutMs must be a positive number of milliseconds'],
      [{ version: 'v2', retries: 100 }, 'retries must be an integer from 0 to 10'],
      [
        { version: 'v2', baseUrl: 'http://api.voteamerica.org' },
        'plain http:// is refused for api.voteamerica.org: API keys would travel unencrypted (use https://; http is allowed for loopback only)',
      ],
    ];
    for (const [options, message] of refusals) {
      expect(() => createClient({ version: 'v2', ...options } as ClientOptions)).toThrow(new ClientConfigError(message));
    }
  });

  it('defaults to the real service, or CIVIC_API_BASE_URL', () => {
    expect(createClient({ version: 'v2', env: {} }).baseUrl).toBe('https://api.voteamerica.org');
    expect(createClient({ version: 'v2', env: { CIVIC_API_BASE_URL: 'http://localhost:8000/' } }).baseUrl).toBe(
      'http://localhost:8000',
    );
  });

  it('uses an injected fetch', async () => {
    const seen: string[] = [];
    const c = createClient({
      version: 'v2',
      baseUrl: 'https://civic.example',
      env: {},
      fetch: async (url, init) => {
        seen.push(`${init.method} ${url} ${new Headers(init.headers).get('accept')}`);
        return new Response(JSON.stringify([{ slug: 'x', description: 'X', field_format: 'URL' }]), { status: 200 });
      },
    });
    expect(await c.fields()).toEqual([{ slug: 'x', description: 'X', field_format: 'URL' }]);
    expect(seen).toEqual(['GET https://civic.example/v2/election/field/ application/json']);
  });
});
