import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ApiKey, checkBasicAuth, generateApiKey } from '../client/auth.js';
import { type EndpointModel, type Route as EndpointRoute, endpointModel } from '../endpoints/model.js';
import { CivicMigrateError } from '../errors.js';
import { loadMappings } from '../mapping/load.js';
import type { Mappings } from '../mapping/mappings.js';
import type { Recorder } from '../observe/recorder.js';
import type { Dataset, ServedData } from './dataset.js';

export type { ServedData } from './dataset.js';

/** What the reference server answers with: JSON-ready payloads of both versions. */
export interface ServerOptions {
  /** TCP port; 0 (the default) picks a free one. */
  readonly port?: number;
  /** Interface to listen on; 127.0.0.1 by default. */
  readonly host?: string;
  /** Accepted keys; one demo key is generated when absent or empty (see `keys` in the result). */
  readonly keys?: readonly ApiKey[];
  /**
   * What to serve: a `Dataset` (`syntheticDataset()`, `loadDataset(dir)`) or raw `ServedData`.
   * Default: the bundled synthetic dataset of all 51 states.
   */
  readonly data?: Dataset | ServedData;
  /** The table used to build the default dataset; the bundled one by default. */
  readonly mappings?: Mappings;
  /** One line per request (method, path without query, status, time). Never holds a credential. */
  readonly log?: (line: string) => void;
  /** How long `close()` lets open requests finish before it cuts connections. */
  readonly shutdownGraceMs?: number;
  /**
   * Records the V1 endpoints the app under test calls (`civic-migrate/observe`): the template of
   * every GET or HEAD routed to a V1 endpoint that is answered (200) or refused for its key (401).
   * Not counted: V2, redirects, 404s (unknown paths and states), OPTIONS and other methods.
   */
  readonly recorder?: Recorder;
}

export interface RunningServer {
  /** Base URL for a client, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  readonly url: string;
  readonly port: number;
  readonly host: string;
  readonly keys: readonly ApiKey[];
  /** True when the keys were generated because none were given. */
  readonly demoKey: boolean;
  /** Stops accepting connections, lets open requests finish (up to the grace time), then resolves. */
  close(): Promise<void>;
}

/** A server that cannot start (port in use, no permission). */
export class ServerStartError extends CivicMigrateError {}

const NOT_FOUND = { detail: 'Not found.' };
const ALLOW = 'GET, HEAD, OPTIONS';

/** `v1`: the template of the V1 endpoint matched, as the endpoint model (and the client's recorder) spell it. */
type Route =
  | { readonly kind: 'json'; readonly body: Buffer; readonly auth: boolean; readonly v1?: string }
  | { readonly kind: 'not-found'; readonly auth: boolean; readonly v1?: string }
  | { readonly kind: 'redirect'; readonly location: string };

const toBody = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');

/**
 * The routes of both versions, from the endpoint model, each bound to the data it serves
 * (serialised once). Matching mirrors the service: a keyed endpoint checks Basic auth before the
 * state code (a bad key answers 401 even for an unknown state), an endpoint V1 never served or
 * whose shape is undocumented answers 404, and a known path without its trailing slash is
 * redirected (Django's APPEND_SLASH).
 */
function buildRouter(data: ServedData, model: EndpointModel): (path: string) => Route {
  const toBodies = (states: ReadonlyMap<string, unknown>) => new Map([...states].map(([code, r]) => [code, toBody(r)]));
  const byVersion = {
    [model.from]: { fields: toBody(data.v1Fields), states: toBodies(data.v1States), overrides: undefined },
    [model.to]: { fields: toBody(data.v2Fields), states: toBodies(data.v2States), overrides: toBody(data.overrides) },
  };
  /** The body a route answers with for its parameters; null for a missing state; undefined when the server has no such data. */
  const serve = (route: EndpointRoute, params: Readonly<Record<string, string>>): Buffer | null | undefined => {
    const served = byVersion[route.version];
    switch (route.resource) {
      case 'field-list':
        return served?.fields;
      case 'state':
        return served?.states.get(params[route.template.params[0] ?? ''] ?? '') ?? null;
      case 'overrides':
        return served?.overrides;
      default:
        return undefined;
    }
  };
  const match = (path: string): Route | undefined => {
    const found = model.match(path);
    if (!found) return undefined;
    const body = serve(found.route, found.params);
    if (body === undefined) return undefined;
    const auth = found.route.auth === 'basic';
    const v1 = found.route.version === model.from ? found.route.template.text : undefined;
    return body ? { kind: 'json', body, auth, v1 } : { kind: 'not-found', auth, v1 };
  };
  return (path) => {
    const route = match(path);
    if (route) return route;
    if (!path.endsWith('/') && match(`${path}/`)) return { kind: 'redirect', location: `${path}/` };
    return { kind: 'not-found', auth: false };
  };
}

/**
 * Starts the local reference server of the Civic Data API (both versions) and resolves once it
 * listens. Customers run their migrated integration against it offline; tests use it on port 0.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const demoKey = !options.keys || options.keys.length === 0;
  const keys = demoKey ? [generateApiKey()] : [...(options.keys as readonly ApiKey[])];
  const keyMap = new Map(keys.map((k) => [k.id, k]));
  const route = buildRouter(await resolveData(options), endpointModel(options.mappings ?? loadMappings()));
  const log = options.log;
  const host = options.host ?? '127.0.0.1';

  const server: Server = createServer((req, res) => {
    const started = process.hrtime.bigint();
    if (log) {
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        log(`${req.method} ${pathOf(req)} ${res.statusCode} ${ms.toFixed(1)}ms`);
      });
    }
    handle(req, res, route, keyMap, options.recorder);
  });
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;

  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const reason =
        error.code === 'EADDRINUSE'
          ? `port ${options.port} is already in use (use --port 0 for a free one)`
          : error.code === 'EACCES'
            ? `no permission to listen on port ${options.port}`
            : error.code === 'EADDRNOTAVAIL'
              ? `address ${host} is not available on this machine`
              : error.message;
      reject(new ServerStartError(`cannot start the reference server: ${reason}`));
    };
    server.once('error', onError);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', onError);
      resolve();
    });
  });

  const address = server.address() as AddressInfo;
  // Listening on every interface: the URL to print and to call is the loopback one.
  const reachable = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  const urlHost = reachable.includes(':') ? `[${reachable}]` : reachable;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${address.port}`,
    port: address.port,
    host: address.address,
    keys,
    demoKey,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), options.shutdownGraceMs ?? 2_000);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}

async function resolveData(options: ServerOptions): Promise<ServedData> {
  const { data } = options;
  if (data && !('v1' in data)) return data;
  const { servedData, syntheticDataset } = await import('./dataset.js');
  return servedData(data ?? syntheticDataset(options.mappings));
}

/** The path without query string: queries are never logged (some clients put keys there). */
function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

function handle(
  req: IncomingMessage,
  res: ServerResponse,
  route: (path: string) => Route,
  keys: ReadonlyMap<string, ApiKey>,
  recorder: Recorder | undefined,
): void {
  req.resume(); // a GET has no body worth reading; drain whatever came
  const method = req.method ?? 'GET';
  const path = pathOf(req);
  const target = route(path);
  const head = method === 'HEAD';

  if (target.kind === 'redirect') {
    const query = (req.url ?? '').slice(path.length);
    res.writeHead(301, { Location: `${target.location}${query}`, 'Content-Length': '0' });
    res.end();
    return;
  }
  if (method === 'OPTIONS') {
    res.writeHead(target.kind === 'json' ? 204 : 404, { Allow: ALLOW, 'Content-Length': '0' });
    res.end();
    return;
  }
  if (method !== 'GET' && !head) {
    const status = target.kind === 'json' ? 405 : 404;
    send(res, status, toBody(status === 405 ? { detail: `Method "${method}" not allowed.` } : NOT_FOUND), false, {
      Allow: ALLOW,
    });
    return;
  }
  if (target.auth) {
    const auth = checkBasicAuth(req.headers.authorization, keys);
    if (!auth.ok) {
      if (target.v1 !== undefined) recorder?.endpoint(target.v1);
      send(res, 401, toBody({ detail: auth.detail }), head, { 'WWW-Authenticate': 'Basic realm="api"' });
      return;
    }
  }
  if (target.kind === 'not-found') send(res, 404, toBody(NOT_FOUND), head);
  else {
    if (target.v1 !== undefined) recorder?.endpoint(target.v1);
    send(res, 200, target.body, head);
  }
}

function send(res: ServerResponse, status: number, body: Buffer, head: boolean, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': String(body.length),
    Vary: 'Accept, Authorization',
    Allow: ALLOW,
    ...headers,
  });
  res.end(head ? undefined : body);
}
