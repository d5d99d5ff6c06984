import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/** An API key: the ID is the Basic-auth username, the secret its password. */
export interface ApiKey {
  readonly id: string;
  readonly secret: string;
}

/** A fresh key shaped like the real service's: a UUID and 64 lower-case hex characters. */
export function generateApiKey(): ApiKey {
  return { id: randomUUID(), secret: randomBytes(32).toString('hex') };
}

/** The `Authorization` header value for a key. */
export function basicAuthorization(key: ApiKey): string {
  return `Basic ${Buffer.from(`${key.id}:${key.secret}`, 'utf8').toString('base64')}`;
}

/**
 * The service's 401 reasons, word for word (DOMAIN.md §1), plus Django REST framework's own
 * messages for a malformed Basic header (the service is built on it).
 */
export const AUTH_DETAIL = {
  missing: 'Authentication credentials were not provided.',
  unknownKey: 'No such API key',
  wrongSecret: 'Incorrect API key secret',
  noCredentials: 'Invalid basic header. No credentials provided.',
  spaces: 'Invalid basic header. Credentials string should not contain spaces.',
  encoding: 'Invalid basic header. Credentials not correctly base64 encoded.',
} as const;

export type AuthResult = { readonly ok: true; readonly keyId: string } | { readonly ok: false; readonly detail: string };

/**
 * Checks an `Authorization` header against a set of keys the way the service does: a header of
 * another scheme counts as no credentials; secrets are compared in constant time.
 */
export function checkBasicAuth(header: string | undefined, keys: ReadonlyMap<string, ApiKey>): AuthResult {
  const parts = (header ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0 || parts[0]?.toLowerCase() !== 'basic') return { ok: false, detail: AUTH_DETAIL.missing };
  if (parts.length === 1) return { ok: false, detail: AUTH_DETAIL.noCredentials };
  if (parts.length > 2) return { ok: false, detail: AUTH_DETAIL.spaces };
  const encoded = parts[1] as string;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 === 1) return { ok: false, detail: AUTH_DETAIL.encoding };
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return { ok: false, detail: AUTH_DETAIL.encoding };
  const key = keys.get(decoded.slice(0, colon));
  if (!key) return { ok: false, detail: AUTH_DETAIL.unknownKey };
  return sameSecret(decoded.slice(colon + 1), key.secret)
    ? { ok: true, keyId: key.id }
    : { ok: false, detail: AUTH_DETAIL.wrongSecret };
}

/** Constant-time comparison of two strings of any length (compares their digests). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}
