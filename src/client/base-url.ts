import { isIP } from 'node:net';
import { loadMappings } from '../mapping/load.js';
import type { Mappings } from '../mapping/mappings.js';
import { ClientConfigError } from './errors.js';

/** The real service: the table's current host (its first). */
export function defaultBaseUrl(mappings: Mappings = loadMappings()): string {
  return `https://${mappings.hosts[0]}`;
}

/** True for `localhost`, `*.localhost`, 127.0.0.0/8 and ::1 (and its IPv4-mapped form). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || /^::ffff:127\./.test(host) || /^::ffff:7f[0-9a-f]{2}:/.test(host);
  return false;
}

/**
 * Checks a base URL (`https://api.voteamerica.org`, or a proxy prefix such as
 * `https://proxy.example/civic`) and returns it without a trailing slash.
 *
 * Refused: other schemes, user info (credentials belong in the key options, and a URL is printed
 * in error messages), query or fragment, a path already ending in `/v1` or `/v2` (the client adds
 * the version), and plain `http://` to anything but loopback (Basic auth would travel in clear).
 * The messages never repeat the URL itself, since a refused URL may hold a secret.
 */
export function normalizeBaseUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new ClientConfigError(`the base URL is not an absolute URL (expected e.g. ${defaultBaseUrl()})`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ClientConfigError(`the base URL must use https:// (got ${url.protocol}//)`);
  }
  if (url.username || url.password) {
    throw new ClientConfigError(
      'the base URL must not contain credentials: pass the key as keyId/keySecret or CIVIC_API_KEY_ID/CIVIC_API_KEY_SECRET',
    );
  }
  if (url.search || url.hash) throw new ClientConfigError('the base URL must not have a query string or fragment');
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new ClientConfigError(
      `plain http:// is refused for ${url.hostname}: API keys would travel unencrypted (use https://; http is allowed for loopback only)`,
    );
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (/\/v[12]$/.test(path)) {
    throw new ClientConfigError(
      `the base URL must not end in ${path.slice(-3)}: give the host (and any proxy prefix) only; the version picks /v1/ or /v2/`,
    );
  }
  return `${url.origin}${path}`;
}
