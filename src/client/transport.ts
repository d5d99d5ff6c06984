import { type ApiKey, basicAuthorization } from './auth.js';
import {
  ApiAuthError,
  ApiNetworkError,
  ApiNotFoundError,
  ApiResponseError,
  ApiStatusError,
  ApiTimeoutError,
  type RequestInfo,
} from './errors.js';
import { isRetryableStatus, parseRetryAfter, type RetryPolicy, retryDelay, sleep } from './retry.js';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface TransportOptions {
  /** Normalised base URL (see `normalizeBaseUrl`). */
  readonly baseUrl: string;
  readonly fetch: FetchLike;
  /** Per attempt, covering the headers and the whole body. */
  readonly timeoutMs: number;
  readonly retry: RetryPolicy;
  /** Largest body read, in bytes; a larger answer is an invalid response. */
  readonly maxBodyBytes: number;
  readonly log?: (line: string) => void;
  readonly signal?: AbortSignal;
}

/** A GET that needs the key, or not. `key` is resolved lazily so that keyless calls need none. */
export interface GetRequest {
  readonly path: string;
  readonly key?: ApiKey;
}

const MAX_REDIRECTS = 5;
const USER_AGENT = 'civic-migrate (+https://www.npmjs.com/package/civic-migrate)';

/**
 * GET + JSON with the client's guarantees: bounded time per attempt, bounded retries (429, 5xx and
 * network failures, honouring `Retry-After`), same-origin redirects only when a key is sent, typed
 * errors, and no credential in any message, log line or thrown object.
 */
export async function getJson(options: TransportOptions, request: GetRequest): Promise<{ json: unknown; info: RequestInfo }> {
  const redact = redactor(request.key);
  const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': USER_AGENT };
  if (request.key) headers.Authorization = basicAuthorization(request.key);
  let url = `${options.baseUrl}${request.path}`;
  const maxAttempts = options.retry.retries + 1;

  for (let attempt = 1, redirects = 0; ; attempt++) {
    const info: RequestInfo = { method: 'GET', url: redact(url), attempts: attempt };
    const outcome = await attemptOnce(options, url, headers, info, redact);
    if (outcome.kind === 'redirect') {
      const next = checkRedirect(url, outcome.location, request.key !== undefined, info, redact);
      if (++redirects > MAX_REDIRECTS) throw new ApiStatusError(info, outcome.status, `more than ${MAX_REDIRECTS} redirects`);
      options.log?.(`GET ${info.url} → ${outcome.status} redirect to ${redact(next)}`);
      url = next;
      attempt--;
      continue;
    }
    if (outcome.kind === 'ok') {
      options.log?.(`GET ${info.url} → ${outcome.status} (${outcome.ms} ms)`);
      return { json: outcome.json, info };
    }
    const error = outcome.error;
    const retryable = outcome.kind === 'retry' && attempt < maxAttempts;
    const wait = retryable ? retryDelay(options.retry, attempt - 1, outcome.retryAfterMs) : 0;
    if (!retryable || wait > options.retry.maxDelayMs) throw error;
    options.log?.(`GET ${info.url} → ${outcome.reason}; retry ${attempt} of ${options.retry.retries} in ${wait} ms`);
    await sleep(wait, options.signal);
  }
}

type Outcome =
  | { kind: 'ok'; json: unknown; status: number; ms: number }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'retry'; error: Error; reason: string; retryAfterMs?: number }
  | { kind: 'fail'; error: Error };

async function attemptOnce(
  options: TransportOptions,
  url: string,
  headers: Record<string, string>,
  info: RequestInfo,
  redact: (s: string) => string,
): Promise<Outcome> {
  const started = Date.now();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const onUserAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onUserAbort, { once: true });
  try {
    let response: Response;
    let body: Uint8Array;
    try {
      options.signal?.throwIfAborted();
      response = await options.fetch(url, { method: 'GET', headers, redirect: 'manual', signal: controller.signal });
      body = await readBody(response, options.maxBodyBytes, info);
    } catch (error) {
      if (error instanceof ApiResponseError) return { kind: 'fail', error };
      if (options.signal?.aborted) throw options.signal.reason;
      if (timedOut) return { kind: 'fail', error: new ApiTimeoutError(info, options.timeoutMs) };
      const { code, reason } = describeNetworkError(error, redact);
      return { kind: 'retry', error: new ApiNetworkError(info, code, reason), reason: `network error (${code ?? reason})` };
    }
    const { status } = response;
    if (status >= 300 && status < 400 && status !== 304) {
      const location = response.headers.get('location');
      if (location) return { kind: 'redirect', status, location };
    }
    if (status >= 200 && status < 300) {
      const text = new TextDecoder('utf-8', { fatal: false }).decode(body);
      try {
        return { kind: 'ok', json: JSON.parse(text), status, ms: Date.now() - started };
      } catch {
        const type = response.headers.get('content-type') ?? 'no content type';
        const problem = text.trim() === '' ? 'empty body' : `body is not JSON (${type}, ${body.length} bytes)`;
        return { kind: 'fail', error: new ApiResponseError(info, '', problem) };
      }
    }
    const detail = errorDetail(body, redact);
    if (status === 401 || status === 403) {
      return {
        kind: 'fail',
        error: new ApiAuthError(info, status, detail, authHint(status, headers.Authorization !== undefined)),
      };
    }
    if (status === 404) return { kind: 'fail', error: new ApiNotFoundError(info, detail) };
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    const error = new ApiStatusError(info, status, detail, retryAfterMs);
    return isRetryableStatus(status) ? { kind: 'retry', error, reason: String(status), retryAfterMs } : { kind: 'fail', error };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onUserAbort);
  }
}

/** Reads the body up to `max` bytes (a larger answer is refused, never buffered whole). */
async function readBody(response: Response, max: number, info: RequestInfo): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await response.body?.cancel().catch(() => {});
    throw new ApiResponseError(info, '', `body of ${declared} bytes exceeds the ${max}-byte limit`);
  }
  if (!response.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw new ApiResponseError(info, '', `body exceeds the ${max}-byte limit`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Follows a redirect only where a key may go: same origin when authenticated, never https → http. */
function checkRedirect(
  from: string,
  location: string,
  authenticated: boolean,
  info: RequestInfo,
  redact: (s: string) => string,
): string {
  const source = new URL(from);
  let target: URL;
  try {
    target = new URL(location, source);
  } catch {
    throw new ApiResponseError(info, '', 'redirect to an invalid location');
  }
  if (target.username || target.password) throw new ApiResponseError(info, '', 'redirect to a URL with credentials refused');
  if (source.protocol === 'https:' && target.protocol !== 'https:') {
    throw new ApiResponseError(info, '', 'redirect from https to another scheme refused');
  }
  if (authenticated && target.origin !== source.origin) {
    throw new ApiResponseError(
      info,
      '',
      `redirect to another origin (${redact(target.origin)}) refused: the API key is sent to ${source.origin} only`,
    );
  }
  target.hash = '';
  return target.href;
}

function authHint(status: number, sentKey: boolean): string {
  if (status === 403) return 'the key has no access to this endpoint; check the subscription';
  return sentKey ? 'check CIVIC_API_KEY_ID and CIVIC_API_KEY_SECRET' : 'this endpoint needs an API key';
}

/** The service's `detail` (or `message`/`error`) from an error body, one line, redacted, bounded. */
function errorDetail(body: Uint8Array, redact: (s: string) => string): string | undefined {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body).toString('utf8'));
  } catch {
    return undefined;
  }
  if (!json || typeof json !== 'object') return undefined;
  const record = json as Record<string, unknown>;
  const raw = [record.detail, record.message, record.error].find((v) => typeof v === 'string') as string | undefined;
  if (raw === undefined) return undefined;
  const line = redact(raw).replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line || undefined;
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'DNS lookup failed (temporary)',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed',
  UND_ERR_SOCKET: 'connection closed by the server',
  UND_ERR_CONNECT_TIMEOUT: 'connect timeout',
  UND_ERR_HEADERS_OVERFLOW: 'response headers too large',
  UND_ERR_RES_CONTENT_LENGTH_MISMATCH: 'body shorter than its Content-Length',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed TLS certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate not trusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate does not match the host',
};

/**
 * A one-line reason from a fetch failure. Only the system error code and a redacted message are
 * kept; the original error object is dropped so nothing it references can leak.
 */
function describeNetworkError(error: unknown, redact: (s: string) => string): { code: string | undefined; reason: string } {
  let node: unknown = error;
  let code: string | undefined;
  let message = '';
  for (let depth = 0; node && depth < 5; depth++) {
    const e = node as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string') code = e.code;
    if (typeof e.message === 'string' && e.message && e.message !== 'fetch failed') message = e.message;
    node = e.cause;
  }
  const known = code ? NETWORK_REASONS[code] : undefined;
  const reason = known ?? (redact(message).replace(/\s+/g, ' ').trim().slice(0, 200) || 'request failed');
  return { code, reason: code && !known ? `${reason} (${code})` : reason };
}

/** Replaces the key ID, the secret and the encoded header value wherever they appear. */
export function redactor(key: ApiKey | undefined): (s: string) => string {
  if (!key) return (s) => s;
  const needles = [basicAuthorization(key).slice('Basic '.length), key.secret, ...(key.id.length >= 4 ? [key.id] : [])]
    .filter((n) => n.length > 0)
    .sort((a, b) => b.length - a.length);
  return (s) => needles.reduce((text, needle) => text.split(needle).join('[redacted]'), s);
}
