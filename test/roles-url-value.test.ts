/**
 * What a string is to the role engine's URL tracking (src/roles/url-value.ts, #28 mutation testing):
 * a base, a path in the API's space, a path outside it, a whole URL, or none of these; what joining
 * two strings gives; the path and routes of a versioned URL. Each case asserts the whole answer.
 */
import type { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { endpointModel, PLACEHOLDER } from '../src/endpoints/model.js';
import { loadMappings } from '../src/mapping/load.js';
import { Roles } from '../src/roles/role.js';
import { classifyUrl, joinText, pathAfterVersion, routesOf, type UrlValue } from '../src/roles/url-value.js';

const model = endpointModel(loadMappings());
const $ = PLACEHOLDER;
const origin = { kind: 0 } as unknown as ts.Node;
const classify = (text: string, parts: Pick<UrlValue, 'base' | 'path'> = {}, id = 1) =>
  classifyUrl(model, text, origin, id, parts);

/** `kind host version`, the parts of a URL that a test can see, or `none`. */
function seen(text: string): string {
  const u = classify(text);
  return u ? [u.kind, u.host ?? '-', u.version ?? '-'].join(' ') : 'none';
}

describe('classifyUrl', () => {
  it('knows a base: the API host, a version, or both, with nothing after them but a slash', () => {
    expect(seen('https://api.voteamerica.org/v1')).toBe('base api.voteamerica.org v1');
    expect(seen('https://api.voteamerica.org/v2/')).toBe('base api.voteamerica.org v2');
    expect(seen('https://api.voteamerica.org')).toBe('base api.voteamerica.org -');
    expect(seen('//api.voteamerica.com/v1')).toBe('base api.voteamerica.com v1');
    expect(seen('HTTPS://API.VoteAmerica.org:8443/v1/')).toBe('base api.voteamerica.org v1');
    expect(seen('/v1')).toBe('base - v1');
    expect(seen('/v2/')).toBe('base - v2');
    expect(seen(`/v1${$}`)).toBe('url - v1');
  });

  it('refuses another host, an unknown version, and text that starts at run time', () => {
    expect(seen('https://example.com/v1/election/field/')).toBe('none');
    expect(seen('https://api.voteamerica.org.example.com/v1')).toBe('none');
    expect(seen('https://api.voteamerica.org/v3/election/field/')).toBe('none');
    expect(seen('/v3/election/field/')).toBe('none');
    expect(seen(`${$}/election/field/`)).toBe('none');
    expect(seen(`${$}https://api.voteamerica.org/v1`)).toBe('none');
    // `v10` is a version this table does not know, not `v1`; `v1x` is no version but a path segment.
    expect(seen('/v10/election/field/')).toBe('none');
    expect(seen('/v1x/election/')).toBe('other - -');
  });

  it('a port is not part of the host, but only digits after a colon are a port', () => {
    expect(seen('http://api.voteamerica.org:80/v2/election/field/')).toBe('url api.voteamerica.org v2');
    expect(seen('http://api.voteamerica.org:8a/v2')).toBe('none');
    expect(seen('http://api.voteamerica.org:ab/v2')).toBe('none');
    expect(seen('http://api.voteamerica.org:/v2')).toBe('none');
  });

  it('knows a whole URL: the API path space under a host or a version', () => {
    expect(seen('https://api.voteamerica.org/v1/election/field/')).toBe('url api.voteamerica.org v1');
    expect(seen('/v1/election/data/state/CA/')).toBe('url - v1');
    expect(seen('/v2/election/field/?limit=1#top')).toBe('url - v2');
    expect(seen('/v1?x=1')).toBe('none');
    // Something built at run time right after the base: a URL whose path is not known.
    expect(seen(`https://api.voteamerica.org/v1/${$}`)).toBe('url api.voteamerica.org v1');
    expect(seen(`https://api.voteamerica.org/v1/${$}/field/`)).toBe('url api.voteamerica.org v1');
    expect(seen(`https://api.voteamerica.org/v1/election/${$}/`)).toBe('url api.voteamerica.org v1');
  });

  it('under the host but outside the API path space: another service (`other`); under a version alone: nothing', () => {
    expect(seen('https://api.voteamerica.org/registration/status/')).toBe('other api.voteamerica.org -');
    expect(seen('https://api.voteamerica.org/v1/registration/')).toBe('other api.voteamerica.org v1');
    expect(seen('/v1/registration/')).toBe('none');
    expect(seen(`/v1/registration/${$}`)).toBe('none');
  });

  it('knows relative paths, inside the API space or not, and refuses what is not a URL path', () => {
    expect(seen('/election/field/')).toBe('path - -');
    expect(seen('election/field/')).toBe('path - -');
    expect(seen(`/election/data/state/${$}/`)).toBe('path - -');
    expect(seen('/election/field/?state=CA#x')).toBe('path - -');
    expect(seen('election.json/x')).toBe('other - -');
    expect(seen('/registration/status/')).toBe('other - -');
    // A part built at run time is a segment of its own.
    expect(seen(`/${$}`)).toBe('other - -');
    // A version or a host counts only at the start.
    expect(seen('election/v1/field')).toBe('path - -');
    expect(seen('see https://api.voteamerica.org/v1')).toBe('none');
    expect(seen('election/./field')).toBe('path - -');
    for (const text of ['./election/field', '../election/field', 'election', 'hello world/election', '/election/ field', '']) {
      expect([text, seen(text)]).toEqual([text, 'none']);
    }
  });

  it('a path of up to 300 characters', () => {
    const path = (n: number) => `/election/${'a'.repeat(n - '/election/'.length)}`;
    expect(path(300)).toHaveLength(300);
    expect(seen(path(300))).toBe('path - -');
    expect(seen(path(301))).toBe('none');
  });

  it('keeps the origin and the parts a joined URL was made of; equal inputs give equal keys, other parts other keys', () => {
    const base = classify('https://api.voteamerica.org/v1') as UrlValue;
    const otherBase = classify('https://api.voteamerica.org/v1', {}, 2) as UrlValue;
    const path = classify('/election/field/') as UrlValue;
    const url = classify('https://api.voteamerica.org/v1/election/field/', { base, path }) as UrlValue;
    expect(url).toEqual({
      key: url.key,
      kind: 'url',
      text: 'https://api.voteamerica.org/v1/election/field/',
      origin,
      base,
      path,
      host: 'api.voteamerica.org',
      version: 'v1',
    });
    expect(Object.keys(path)).toEqual(['key', 'kind', 'text', 'origin']);
    const again = (parts: Pick<UrlValue, 'base' | 'path'>, id = 1) =>
      (classify('https://api.voteamerica.org/v1/election/field/', parts, id) as UrlValue).key;
    expect(again({ base, path })).toBe(url.key);
    const otherPath = classify('/election/field/', {}, 3) as UrlValue;
    const keys = [
      url.key,
      again({ base: otherBase, path }),
      again({ base, path: otherPath }),
      again({ base }),
      again({ path }),
      again({}),
      again({ base, path }, 2),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(base.key).not.toBe(otherBase.key);
  });
});

describe('joinText', () => {
  const base = 'https://api.voteamerica.org/v1';
  it('concatenates when not resolving', () => {
    expect(joinText(base, '/election/field/', false)).toBe(`${base}/election/field/`);
    expect(joinText(base, 'https://example.com/', false)).toBe(`${base}https://example.com/`);
  });
  it('resolves as new URL(next, base) does', () => {
    for (const [b, next] of [
      [base, '/election/field/'],
      [`${base}/`, 'election/field/'],
      [base, 'election/field/'],
      [`${base}/election/`, 'field/'],
      [base, 'https://example.com/x'],
      [base, 'mailto:a@b'],
    ] as const) {
      expect([b, next, joinText(b, next, true)]).toEqual([b, next, new URL(next, b).href]);
    }
  });
  it('resolves against a base without a host', () => {
    expect(joinText('/v1', '/election/field/', true)).toBe('/election/field/');
    expect(joinText('/v1/', 'election/field/', true)).toBe('/v1/election/field/');
    expect(joinText('/v1', 'election/field/', true)).toBe('/election/field/');
    expect(joinText('v1', 'election/field/', true)).toBe('v1/election/field/');
  });
});

describe('the path and routes of a versioned URL', () => {
  const url = (text: string) => classify(text) as UrlValue;
  it('the path after the version', () => {
    expect(pathAfterVersion(url('https://api.voteamerica.org/v1/election/field/'))).toBe('/election/field/');
    expect(pathAfterVersion(url('/v2/election/field/?x=1'))).toBe('/election/field/?x=1');
    expect(pathAfterVersion(url('/v1'))).toBe('');
    expect(pathAfterVersion(url('/election/field/'))).toBeUndefined();
    expect(pathAfterVersion(url('https://api.voteamerica.org/registration/'))).toBeUndefined();
    expect(pathAfterVersion({ ...url('/v1/election/field/'), text: '/election/field/' })).toBeUndefined();
  });

  const routes = (text: string, open = false) =>
    routesOf(model, url(text), open).map((r) => `${r.version} ${r.resource} ${r.template.text}`);
  it('the routes it reaches: its query and fragment left out, open when it ends at run time', () => {
    expect(routes('https://api.voteamerica.org/v1/election/field/?x=1#y')).toEqual(['v1 field-list /v1/election/field/']);
    expect(routes('/v2/election/field/')).toEqual(['v2 field-list /v2/election/field/']);
    expect(routes('/election/field/')).toEqual([]);
    expect(routes(`/v1/election/${$}`)).toEqual(routes('/v1/election/', true));
    expect(routes(`/v1/election/${$}`).length).toBeGreaterThan(1);
    expect(routes('/v1/election/')).toEqual([]);
  });
});

describe('Roles', () => {
  const node = { id: 7 } as never;
  it('interns: one object per key, numbered nodes', () => {
    const roles = new Roles();
    const a = { x: 1 };
    const b = { x: 1 };
    expect([roles.id(a), roles.id(b), roles.id(a)]).toEqual([0, 1, 0]);
    expect(roles.api(node)).toBe(roles.api(node, {}));
    const variants = [
      roles.api(node),
      roles.api(node, { slug: 'vbm_no_excuse' }),
      roles.api(node, { weak: true }),
      roles.api(node, { stays: 'shared' }),
      roles.api(node, { slug: 'vbm_no_excuse', weak: true, stays: 'shared' }),
      roles.api(node, { stays: 'split' }),
    ];
    expect(new Set(variants).size).toBe(6);
    expect(variants[4]).toEqual({ t: 'api', key: variants[4]?.key, node, slug: 'vbm_no_excuse', weak: true, stays: 'shared' });
    expect(variants[5]).toEqual({ t: 'api', key: variants[5]?.key, node, stays: 'split' });
    expect(Object.keys(variants[0] as object)).toEqual(['t', 'key', 'node']);
    const fn = { kind: 0 } as unknown as ts.SignatureDeclaration;
    expect(roles.fn(fn)).toBe(roles.fn(fn));
    expect(roles.fn(fn)).toEqual({ t: 'fn', key: roles.fn(fn).key, fn });
    expect(roles.fn(fn)).not.toBe(roles.fn({ kind: 0 } as unknown as ts.SignatureDeclaration));
    const u = roles.url(classify('/v1') as UrlValue);
    expect(roles.client(u)).toBe(roles.client(u));
    expect(roles.client(u)).not.toBe(roles.client(roles.url(classify('/v2') as UrlValue)));
    expect(roles.promise(u)).not.toBe(roles.response(u));
    expect(roles.promise(roles.response(u))).toBe(roles.promise(roles.response(u)));
  });
});
