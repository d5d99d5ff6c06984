import type { z } from 'zod';
import { type EndpointResource, type Route as EndpointRoute, endpointModel, fillTemplate } from '../endpoints/model.js';
import { jsonPath } from '../findings/json-path.js';
import { loadMappings } from '../mapping/load.js';
import type { Mappings } from '../mapping/mappings.js';
import { type Recorder, recorderOf, watchHanded } from '../observe/recorder.js';
import {
  overrideListSchema,
  type RegionalOverride,
  type V1FieldDescriptor,
  type V1StateRecord,
  type V2FieldDescriptor,
  type V2StateRecord,
  v1FieldListSchema,
  v1StateRecordSchema,
  v2FieldListSchema,
  v2StateRecordSchema,
} from '../payload/index.js';
import { isStateCode, STATES, stateCodeOf, TERRITORIES } from '../payload/states.js';
import type { ApiKey } from './auth.js';
import { defaultBaseUrl, normalizeBaseUrl } from './base-url.js';
import { type CutoverDiagnostic, reshapeFields, reshapeState } from './cutover.js';
import { ApiResponseError, ApiUnsupportedError, ClientConfigError, InvalidStateCodeError } from './errors.js';
import { DEFAULT_RETRY } from './retry.js';
import { type FetchLike, getJson, type TransportOptions } from './transport.js';

export type ApiVersion = 'v1' | 'v2';

/** Environment variables the client reads when the matching option is absent. */
export const ENV = { keyId: 'CIVIC_API_KEY_ID', keySecret: 'CIVIC_API_KEY_SECRET', baseUrl: 'CIVIC_API_BASE_URL' } as const;

export interface ClientOptions<V extends ApiVersion = ApiVersion, S extends ApiVersion = V> {
  /** Which endpoints to call: `/v1/` (deprecated) or `/v2/`. */
  readonly version: V;
  /**
   * The shape the caller's code expects; defaults to `version`. When it differs, payloads go through
   * the adapter (`upgrade` or `downgrade`), so V1 code can move to the V2 endpoint before it is
   * migrated, and the reverse.
   */
  readonly shape?: S;
  /** The table's current host over https, unless `CIVIC_API_BASE_URL` says otherwise. Plain http is for loopback only. */
  readonly baseUrl?: string;
  /** The API key ID (Basic-auth username); `CIVIC_API_KEY_ID` when absent. */
  readonly keyId?: string;
  /** The API key secret (Basic-auth password); `CIVIC_API_KEY_SECRET` when absent. */
  readonly keySecret?: string;
  /** Where the `CIVIC_API_*` variables are read; `process.env` by default. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** A `fetch` implementation; the global one by default. */
  readonly fetch?: FetchLike;
  /** Per attempt, headers and body included. Default 10 000. */
  readonly timeoutMs?: number;
  /** Retries of 429, 5xx and network failures. Default 2 (three attempts at most). */
  readonly retries?: number;
  /** First backoff delay, doubled each retry (with jitter). Default 500. */
  readonly retryBaseMs?: number;
  /** Longest wait between attempts; a longer `Retry-After` ends the retries. Default 30 000. */
  readonly retryMaxMs?: number;
  /** Largest response body accepted. Default 32 MiB. */
  readonly maxBodyBytes?: number;
  /** V1 state path: the documented `data` form (basic auth, default) or the `early` no-auth `/v1/election/state/{state}/`. */
  readonly v1StatePath?: 'data' | 'early';
  /** The mapping table the adapter uses when reshaping; the bundled one by default. */
  readonly mappings?: Mappings;
  /** Adapter strictness when reshaping: throw on data the table cannot convert instead of reporting it. */
  readonly strict?: boolean;
  /** Receives the adapter's diagnostics whenever a payload is reshaped. */
  readonly onDiagnostics?: (diagnostics: readonly CutoverDiagnostic[], what: string) => void;
  /** One line per request, retry and redirect. Never contains a credential. */
  readonly log?: (line: string) => void;
  /** Aborts every request of this client. */
  readonly signal?: AbortSignal;
  /** How long a field or override list fetched only to reshape another payload is reused. Default 5 minutes. */
  readonly referenceTtlMs?: number;
  /**
   * Record the V1 endpoints this client calls and what the app reads of the V1-shaped data it returns
   * (`civic-migrate/observe`). Default: the recorder `civic-migrate observe` set up, if any; `false`: none.
   */
  readonly recorder?: Recorder | false;
}

type FieldsOf<S extends ApiVersion> = S extends 'v1' ? V1FieldDescriptor[] : V2FieldDescriptor[];
type StateOf<S extends ApiVersion> = S extends 'v1' ? V1StateRecord : V2StateRecord;

export interface CivicClient<S extends ApiVersion = ApiVersion> {
  readonly version: ApiVersion;
  readonly shape: S;
  readonly baseUrl: string;
  /** `GET /election/field/` (no key needed), in the caller's shape. */
  fields(): Promise<FieldsOf<S>>;
  /** `GET /election/data/state/{code}/` for one of the 51 upper-case codes, in the caller's shape. */
  state(code: string): Promise<StateOf<S>>;
  /** `GET /election/override/` — V2 only: on a V1 client it throws `ApiUnsupportedError` without a request. */
  overrides(): Promise<RegionalOverride[]>;
}

const SCHEMAS = {
  v1: { fields: v1FieldListSchema, state: v1StateRecordSchema },
  v2: { fields: v2FieldListSchema, state: v2StateRecordSchema },
} as const;

/**
 * A typed client of the Civic Data API. The key is kept in a closure: it is not a property of the
 * client and never appears in an error, a log line or a thrown object.
 */
export function createClient<V extends ApiVersion, S extends ApiVersion = V>(options: ClientOptions<V, S>): CivicClient<S> {
  const version = checkVersion(options.version, 'version');
  const shape = checkVersion(options.shape ?? options.version, 'shape') as S;
  const env = options.env ?? process.env;
  const mappings = options.mappings ?? loadMappings();
  const baseUrl = normalizeBaseUrl(options.baseUrl ?? nonEmpty(env[ENV.baseUrl]) ?? defaultBaseUrl(mappings));
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') throw new ClientConfigError('no fetch implementation: use Node 20+ or pass options.fetch');
  const transport: TransportOptions = {
    baseUrl,
    fetch: fetchImpl,
    timeoutMs: positive(options.timeoutMs, 10_000, 'timeoutMs'),
    retry: {
      retries: count(options.retries, DEFAULT_RETRY.retries, 'retries'),
      baseDelayMs: positive(options.retryBaseMs, DEFAULT_RETRY.baseDelayMs, 'retryBaseMs'),
      maxDelayMs: positive(options.retryMaxMs, DEFAULT_RETRY.maxDelayMs, 'retryMaxMs'),
    },
    maxBodyBytes: positive(options.maxBodyBytes, 32 * 1024 * 1024, 'maxBodyBytes'),
    log: options.log,
    signal: options.signal,
  };
  const credentials = resolveKey(options.keyId, options.keySecret, env);
  const key = (): ApiKey => {
    if (credentials.key) return credentials.key;
    throw new ClientConfigError(credentials.problem);
  };
  const ttl = options.referenceTtlMs ?? 5 * 60_000;
  const model = endpointModel(mappings);
  /** The table's endpoint of a resource in this client's version (it exists: the table is validated). */
  const endpoint = (resource: EndpointResource, auth?: 'none' | 'basic') => {
    const route = model.route(version, resource, auth);
    if (!route) throw new ApiUnsupportedError(unsupported(resource));
    return route;
  };
  const unsupported = (resource: EndpointResource) => {
    const elsewhere = [model.from, model.to].find((v) => v !== version && model.route(v, resource));
    const other = elsewhere ? model.route(elsewhere, resource) : undefined;
    return other
      ? `${resource === 'overrides' ? 'regional overrides' : resource} exist in ${elsewhere?.toUpperCase()} only (GET ${other.template.text}); ${version.toUpperCase()} never had them`
      : `the ${version.toUpperCase()} API has no ${resource} endpoint`;
  };

  async function get<T extends z.ZodType>(
    route: EndpointRoute,
    params: Readonly<Record<string, string>>,
    schema: T,
  ): Promise<z.infer<T>> {
    if (version === 'v1') recorder()?.endpoint(route.template.text);
    const path = fillTemplate(route.template, params);
    const { json, info } = await getJson(transport, { path, key: route.auth === 'basic' ? key() : undefined });
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ApiResponseError(info, jsonPath(issue?.path ?? []), issue?.message ?? 'does not match the schema');
    }
    return parsed.data;
  }

  const rawFields = () => get(endpoint('field-list'), {}, SCHEMAS[version].fields);
  const rawOverrides = () => get(endpoint('overrides'), {}, overrideListSchema);
  // Lists fetched only to reshape other payloads are shared and reused for `ttl`.
  const referenceFields = cached(rawFields, ttl);
  const referenceOverrides = cached(rawOverrides, ttl);
  // The client watches what it hands the app itself (handed), with its own recorder option.
  const reshape = {
    mappings: options.mappings,
    strict: options.strict,
    onDiagnostics: options.onDiagnostics,
    recorder: false as const,
  };
  /** Asked on each call: `civic-migrate observe` may set the process's recorder after the client is made. */
  const recorder = () => recorderOf(options.recorder);
  /** V1-shaped data handed to the app, watched when there is a recorder (a reshaped payload already is). */
  const handed = <T>(kind: 'fields' | 'state' | 'overrides', value: T): T => {
    const r = shape === 'v1' ? recorder() : undefined;
    return r ? watchHanded(r, kind, value) : value;
  };

  return {
    version,
    shape,
    baseUrl,
    async fields() {
      const fields = await rawFields();
      return handed('fields', version === shape ? fields : reshapeFields(fields, version, reshape)) as FieldsOf<S>;
    },
    async state(code: string) {
      checkStateCode(code);
      // V1 had two state paths: the documented keyed one, and the early one without a key.
      const early = version === 'v1' && options.v1StatePath === 'early';
      const route = endpoint('state', version === 'v1' ? (early ? 'none' : 'basic') : undefined);
      const record = await get(route, { [route.template.params[0] ?? '']: code }, SCHEMAS[version].state);
      if (version === shape) return handed('state', record) as StateOf<S>;
      // Reshaping a state needs its field list (formats, options) and, from V2, the overrides
      // (some deleted V1 fields are rebuilt from them).
      const [fields, overrides] = await Promise.all([referenceFields(), version === 'v2' ? referenceOverrides() : undefined]);
      return handed('state', reshapeState(record, version, { ...reshape, fields, overrides })) as StateOf<S>;
    },
    async overrides() {
      return rawOverrides();
    },
  };
}

function checkVersion(value: unknown, name: string): ApiVersion {
  if (value === 'v1' || value === 'v2') return value;
  throw new ClientConfigError(`${name} must be 'v1' or 'v2'`);
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new ClientConfigError(`${name} must be a positive number of milliseconds`);
  return value;
}

function count(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0 || value > 10) throw new ClientConfigError(`${name} must be an integer from 0 to 10`);
  return value;
}

const nonEmpty = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** The key from options, else the environment. Problems are reported only when a keyed call is made. */
function resolveKey(
  keyId: string | undefined,
  keySecret: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): { key: ApiKey; problem?: undefined } | { key?: undefined; problem: string } {
  const id = nonEmpty(keyId) ?? nonEmpty(env[ENV.keyId]);
  const secret = nonEmpty(keySecret) ?? nonEmpty(env[ENV.keySecret]);
  if (id && secret) {
    if (id.includes(':')) return { problem: `the API key ID must not contain ':' (check ${ENV.keyId})` };
    if (/[\r\n]/.test(secret)) return { problem: `the API key secret must be one line (check ${ENV.keySecret})` };
    return { key: { id, secret } };
  }
  const missing = [id ? undefined : ENV.keyId, secret ? undefined : ENV.keySecret].filter(Boolean).join(' and ');
  return {
    problem: `this endpoint needs an API key: set ${missing} (or pass keyId/keySecret); keys come from the customer dashboard`,
  };
}

/** Checks a `{state}` before any request; the hint points at the right code when it can. */
export function checkStateCode(code: unknown): asserts code is string {
  if (isStateCode(code)) return;
  const text = typeof code === 'string' ? code : String(code);
  const upper = text.trim().toUpperCase();
  let hint: string | undefined;
  if (Object.hasOwn(TERRITORIES, upper)) hint = `${upper} (${TERRITORIES[upper]}) is a territory: the API has no data for it`;
  else {
    const match = stateCodeOf(text);
    if (match) hint = `did you mean ${match} (${STATES[match]})?`;
  }
  throw new InvalidStateCodeError(text, hint);
}

/** Memoises an async loader for `ttl` ms; a failure is not kept. */
function cached<T>(load: () => Promise<T>, ttl: number): () => Promise<T> {
  let entry: { value: Promise<T>; at: number } | undefined;
  return () => {
    if (!entry || Date.now() - entry.at > ttl) {
      const value = load();
      const current = { value, at: Date.now() };
      entry = current;
      value.catch(() => {
        if (entry === current) entry = undefined;
      });
    }
    return entry.value;
  };
}
