import { CivicMigrateError } from '../errors.js';

/**
 * Typed failures of the Civic Data API client. Every one is a `CivicMigrateError` (one line, exit 2).
 *
 * None of them ever holds a credential: messages are built from redacted text, `cause` is never
 * the original low-level error (whose message or properties could echo a request), and no
 * property keeps the options the client was created with.
 */
export type ApiErrorKind =
  | 'auth'
  | 'not-found'
  | 'status'
  | 'timeout'
  | 'network'
  | 'invalid-response'
  | 'unsupported'
  | 'invalid-state'
  | 'config';

export abstract class ApiError extends CivicMigrateError {
  abstract readonly kind: ApiErrorKind;
}

/** Where a request went, without credentials (the client refuses URLs with user info). */
export interface RequestInfo {
  readonly method: string;
  readonly url: string;
  /** How many attempts were made (1 when the request was not retried). */
  readonly attempts: number;
}

abstract class RequestError extends ApiError {
  readonly method: string;
  readonly url: string;
  readonly attempts: number;
  constructor(request: RequestInfo, message: string, options?: { cause?: unknown }) {
    super(`${request.method} ${request.url}: ${message}`, options);
    this.method = request.method;
    this.url = request.url;
    this.attempts = request.attempts;
  }
}

/** 401 (no, unknown or wrong key) or 403 (key without access). `detail` is the service's own reason. */
export class ApiAuthError extends RequestError {
  readonly kind = 'auth' as const;
  constructor(
    request: RequestInfo,
    readonly status: number,
    readonly detail: string | undefined,
    hint: string,
  ) {
    super(request, `${status} ${detail ?? (status === 401 ? 'Unauthorized' : 'Forbidden')} (${hint})`);
  }
}

/** 404: unknown path, or a state code the service does not have. */
export class ApiNotFoundError extends RequestError {
  readonly kind = 'not-found' as const;
  readonly status = 404;
  constructor(
    request: RequestInfo,
    readonly detail: string | undefined,
  ) {
    super(request, `404 ${detail ?? 'Not Found'}`);
  }
}

/** Any other non-2xx status, after retries for 429 and 5xx. */
export class ApiStatusError extends RequestError {
  readonly kind = 'status' as const;
  constructor(
    request: RequestInfo,
    readonly status: number,
    readonly detail: string | undefined,
    /** For 429/503: how long the service asked to wait, when it said so. */
    readonly retryAfterMs?: number,
  ) {
    const wait = retryAfterMs === undefined ? '' : ` (Retry-After ${Math.ceil(retryAfterMs / 1000)}s)`;
    const tries = request.attempts > 1 ? ` after ${request.attempts} attempts` : '';
    super(request, `${status}${detail ? ` ${detail}` : ''}${wait}${tries}`);
  }
}

/** No complete answer within `timeoutMs` (headers and body). */
export class ApiTimeoutError extends RequestError {
  readonly kind = 'timeout' as const;
  constructor(
    request: RequestInfo,
    readonly timeoutMs: number,
  ) {
    super(request, `no complete response within ${timeoutMs} ms`);
  }
}

/** The connection failed (refused, reset, DNS…). `code` is the system error code when known. */
export class ApiNetworkError extends RequestError {
  readonly kind = 'network' as const;
  constructor(
    request: RequestInfo,
    readonly code: string | undefined,
    reason: string,
  ) {
    super(request, `network error: ${reason}${request.attempts > 1 ? ` (after ${request.attempts} attempts)` : ''}`);
  }
}

/** A 2xx answer that is not JSON or does not match the version's schema. `path` locates the problem. */
export class ApiResponseError extends RequestError {
  readonly kind = 'invalid-response' as const;
  constructor(
    request: RequestInfo,
    readonly path: string,
    readonly problem: string,
  ) {
    super(request, `invalid response: ${path ? `${path}: ` : ''}${problem}`);
  }
}

/** An operation the chosen API version does not have (overrides on V1). No request is made. */
export class ApiUnsupportedError extends ApiError {
  readonly kind = 'unsupported' as const;
}

/** A state code that is not one of the 51 upper-case codes. No request is made. */
export class InvalidStateCodeError extends ApiError {
  readonly kind = 'invalid-state' as const;
  /**
   * @param code what the caller passed
   * @param hint e.g. `did you mean IL?` or `PR (Puerto Rico) is a territory: the API has no data for it`
   */
  constructor(
    readonly code: string,
    hint?: string,
  ) {
    const shown = JSON.stringify(code.length > 24 ? `${code.slice(0, 24)}…` : code);
    super(
      `${shown} is not a state code: use one of the 51 upper-case postal codes (50 states and DC)${hint ? `; ${hint}` : ', e.g. CA'}`,
    );
  }
}

/** Bad client options: base URL, plain http to a remote host, missing credentials. */
export class ClientConfigError extends ApiError {
  readonly kind = 'config' as const;
}
