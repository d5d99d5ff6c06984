import type { ts as TsNamespace } from 'ts-morph';
import { type EndpointModel, PLACEHOLDER, type Route } from '../endpoints/model.js';
import type { Version } from './graph.js';

type Node = TsNamespace.Node;

/**
 * A string the program uses to build an API URL, as the tracker follows it:
 * - `base`: the API's base (`https://api.voteamerica.org/v1`, a host alone, `${HOST}/v2/`);
 * - `path`: a path in the API's own path space, relative to a base (`/election/field/`);
 * - `other`: a path outside that space (`/registration/status/…`), which means a base it is joined with is shared;
 * - `url`: a whole URL or absolute path with a version (`…/v1/election/field/`, or a base joined with a path).
 *
 * `text` is what is known of the string, with one placeholder character for each part built at run
 * time. `origin` is the literal (or template, or `+` chain) the value started from; a joined URL
 * keeps the base and the path it was made of.
 */
export interface UrlValue {
  readonly key: string;
  readonly kind: 'base' | 'path' | 'other' | 'url';
  readonly text: string;
  readonly origin: Node;
  /** A base's or URL's version segment, when it has one (a host alone has none). */
  readonly version?: Version;
  readonly host?: string;
  /** For a joined URL: what it was made of. */
  readonly base?: UrlValue;
  readonly path?: UrlValue;
  /**
   * The version segment is made of two pieces of the program (`'/v' + 1`, `` `${HOST}/${'v1'}` ``,
   * `new URL('v1/…', HOST + '/')`): no one string holds `/v1`, so the codemod cannot move it.
   */
  readonly split?: true;
}

/** A version segment at the start of a URL's path (`/v1`, then its end or `/`, `?`, `#`, a part built at run time); the version is the group. */
const VERSION_SEGMENT = /^\/(v[0-9]+)(?=$|[/?#\0])/;

/** A URL's scheme (if any) and authority: `https://host:port`, `//host`; the host is the group. */
function schemeAndHost(text: string): RegExpExecArray | null {
  return /^(?:[a-z][a-z0-9+.-]*:)?\/\/([^/\0?#]+)/i.exec(text);
}

/** The URL roles of a string as known statically; undefined when it is none of them. */
export function classifyUrl(
  model: EndpointModel,
  text: string,
  origin: Node,
  id: number,
  parts: Pick<UrlValue, 'base' | 'path'> = {},
): UrlValue | undefined {
  // Text that starts with something built at run time is not known to be any of these.
  if (text.startsWith(PLACEHOLDER)) return undefined;
  const key = (kind: string) => `${kind}:${id}:${text}:${parts.base?.key ?? ''}:${parts.path?.key ?? ''}`;
  let rest = text;
  let host: string | undefined;
  const h = schemeAndHost(text);
  if (h) {
    host = (h[1] as string).toLowerCase().replace(/:\d+$/, '');
    if (!model.hosts.has(host)) return undefined;
    rest = text.slice(h[0].length);
  }
  const version = VERSION_SEGMENT.exec(rest);
  const v = version ? (version[1] as string) : undefined;
  const known = v === model.from || v === model.to ? (v as Version) : undefined;
  if (v !== undefined && !known) return undefined;
  const after = v ? rest.slice((version as RegExpExecArray)[0].length) : rest;
  const common = { text, origin, ...parts, ...(host ? { host } : {}), ...(known ? { version: known } : {}) };
  // A base: a host, a version, or both, and nothing (or only a slash) after them.
  if ((host || known) && /^\/?$/.test(after)) return { key: key('base'), kind: 'base', ...common };
  const root = after.replace(/^\//, '').split(/[/?#\0]/, 1)[0] as string;
  if (host || known) {
    // Something built at run time follows the base: a URL whose path is not known here.
    if (after.replace(/^\//, '').startsWith(PLACEHOLDER)) return { key: key('url'), kind: 'url', ...common };
    // Under the API's host or version: the API's path space is what the table knows.
    if (!model.roots.has(root)) return host ? { key: key('other'), kind: 'other', ...common } : undefined;
    return { key: key('url'), kind: 'url', ...common };
  }
  if (!isPathLike(after)) return undefined;
  return model.roots.has(root) ? { key: key('path'), kind: 'path', ...common } : { key: key('other'), kind: 'other', ...common };
}

/** A relative URL path: segments of URL characters with a slash, no spaces, not a module path (`./x`). */
function isPathLike(text: string): boolean {
  if (text.length > 300 || !text.includes('/') || /^\.{1,2}\//.test(text)) return false;
  return /^\/?[A-Za-z0-9_.~%-]+(?:\/[A-Za-z0-9_.~%\0{}:-]*)*(?:[?#][^\s]*)?$/.test(text.replaceAll(PLACEHOLDER, 'x'));
}

/**
 * Whether the version segment of a joined text (`/v1`) starts before `boundary` and ends after it:
 * part of it came from what stands before the join, part from what follows.
 */
export function versionSplitAt(text: string, boundary: number): boolean {
  const h = schemeAndHost(text);
  const from = h ? h[0].length : 0;
  const version = VERSION_SEGMENT.exec(text.slice(from));
  return !!version && from < boundary && boundary < from + version[0].length;
}

/** The path after the version of a versioned URL (`/election/field/`), or undefined. */
export function pathAfterVersion(url: UrlValue): string | undefined {
  if (!url.version) return undefined;
  const i = url.text.indexOf(`/${url.version}`);
  return i === -1 ? undefined : url.text.slice(i + 1 + url.version.length);
}

/** The routes a versioned URL can reach (the endpoint model of both versions). */
export function routesOf(model: EndpointModel, url: UrlValue, open: boolean): readonly Route[] {
  const after = pathAfterVersion(url);
  if (after === undefined || !url.version) return [];
  const path = `/${url.version}${after.split(/[?#]/, 1)[0] as string}`;
  return model.reach(path, open || path.endsWith(PLACEHOLDER));
}

/**
 * What joining a base and what follows it gives, as `new URL(relative, base)` would when `resolve`
 * (a path with a leading slash then replaces the base's path), or as concatenation.
 */
export function joinText(base: string, next: string, resolve: boolean): string {
  if (!resolve) return base + next;
  if (/^[a-z][a-z0-9+.-]*:/i.test(next)) return next;
  const origin = schemeAndHost(base)?.[0] ?? '';
  if (next.startsWith('/')) return origin + next;
  const dir = base.endsWith('/') ? base : base.slice(0, base.lastIndexOf('/') + 1) || `${base}/`;
  return dir + next;
}
