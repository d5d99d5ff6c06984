import type { ts as TsNamespace } from 'ts-morph';
import type { StaysOnV1 } from '../vocabulary/notes.js';
import type { ApiNode } from './graph.js';
import type { Maker } from './instances.js';
import type { UrlValue } from './url-value.js';

type Node = TsNamespace.Node;

/**
 * A role: what a value of the program holds, as far as the API is concerned. Roles are interned
 * (one object per key), so a fact is a (node, role) pair and sets of roles are sets of keys.
 *
 * - `api`: a node of the API graph (a V1 state record, an item, a descriptor…); `slug` when the
 *   item or descriptor is known to be one field's; `weak` when only a slug-named member read says so
 *   (`byField.vbm_no_excuse`), which any other role at the same place outweighs; `stays` when the
 *   data comes from a URL the migration leaves on V1, and why: `shared`, through a base shared with
 *   another service; `split`, from a URL whose version is made of two pieces (`'/v' + 1`).
 * - `site`: an object, array or map the program builds itself (its literal, or the call that
 *   makes it): what is stored in it is kept per member (the heap), so reads find it again.
 * - `promise` / `response`: a promise of a role, an HTTP response whose body is a role.
 * - `fn`: a function value (a callback handed around).
 * - `url`: a string that is part of an API URL (a base, a path, a whole URL).
 * - `client`: an HTTP client object configured with a base URL (`axios.create({ baseURL })`).
 * - `instance`: an instance of one of the program's own classes or constructor functions (`new CivicClient()`), followed where
 *   the checker cannot type it (plain JavaScript hands it through parameters and members): its
 *   methods are the ones called on it, and what its methods store on `this` is kept per member.
 */
export type Role =
  | {
      readonly t: 'api';
      readonly key: string;
      readonly node: ApiNode;
      readonly slug?: string;
      readonly weak?: true;
      readonly stays?: StaysOnV1;
    }
  | {
      readonly t: 'site';
      readonly key: string;
      readonly site: Node;
      /** `settled`: the awaited view of `Promise.allSettled([…])`; `outcome`: one of its elements, `{ status, value }` (its site the promise given). */
      readonly what: 'object' | 'array' | 'map' | 'awaited' | 'pair' | 'settled' | 'outcome';
    }
  | { readonly t: 'promise'; readonly key: string; readonly of: Role }
  | { readonly t: 'response'; readonly key: string; readonly of: Role }
  | { readonly t: 'fn'; readonly key: string; readonly fn: TsNamespace.SignatureDeclaration }
  | { readonly t: 'url'; readonly key: string; readonly url: UrlValue }
  | { readonly t: 'client'; readonly key: string; readonly base: Role }
  | { readonly t: 'instance'; readonly key: string; readonly cls: Maker };

export type ApiRole = Extract<Role, { t: 'api' }>;
export type SiteRole = Extract<Role, { t: 'site' }>;
export type UrlRole = Extract<Role, { t: 'url' }>;
export type InstanceRole = Extract<Role, { t: 'instance' }>;

/** Interns roles for one analysis: node identities are numbered on first use. */
export class Roles {
  private readonly byKey = new Map<string, Role>();
  private readonly ids = new WeakMap<object, number>();
  private next = 0;

  /** A stable number for a node (or any object) within this analysis. */
  id(o: object): number {
    let id = this.ids.get(o);
    if (id === undefined) {
      id = this.next++;
      this.ids.set(o, id);
    }
    return id;
  }

  private intern<R extends Role>(role: R): R {
    const known = this.byKey.get(role.key);
    if (known) return known as R;
    this.byKey.set(role.key, role);
    return role;
  }

  api(node: ApiNode, extra: { slug?: string | undefined; weak?: boolean; stays?: StaysOnV1 | undefined } = {}): ApiRole {
    const key = `api:${node.id}:${extra.slug ?? ''}:${extra.weak ? 'w' : ''}:${extra.stays ?? ''}`;
    return this.intern({
      t: 'api',
      key,
      node,
      ...(extra.slug ? { slug: extra.slug } : {}),
      ...(extra.weak ? { weak: true as const } : {}),
      ...(extra.stays ? { stays: extra.stays } : {}),
    });
  }

  site(site: Node, what: SiteRole['what']): SiteRole {
    return this.intern({ t: 'site', key: `site:${this.id(site)}:${what}`, site, what });
  }

  promise(of: Role): Role {
    return this.intern({ t: 'promise', key: `promise(${of.key})`, of });
  }

  response(of: Role): Role {
    return this.intern({ t: 'response', key: `response(${of.key})`, of });
  }

  fn(fn: TsNamespace.SignatureDeclaration): Role {
    return this.intern({ t: 'fn', key: `fn:${this.id(fn)}`, fn });
  }

  url(url: UrlValue): UrlRole {
    return this.intern({ t: 'url', key: `url:${url.key}`, url });
  }

  client(base: Role): Role {
    return this.intern({ t: 'client', key: `client(${base.key})`, base });
  }

  instance(cls: Maker): InstanceRole {
    return this.intern({ t: 'instance', key: `instance:${this.id(cls)}`, cls });
  }
}

/** Whether a role is a list: the API's (a field list, state information) or an array the program builds. */
/** The names of the global object in browsers, workers and Node: the program's one site stored on by name (`window.fields = …`). */
export const GLOBAL_OBJECT_NAMES: ReadonlySet<string> = new Set(['window', 'globalThis', 'self', 'global']);

export const isListRole = (r: Role): boolean =>
  (r.t === 'api' && r.node.kind === 'list') || (r.t === 'site' && (r.what === 'array' || r.what === 'settled'));

/** The role a promise resolves to (`await`): the promised role, or the role itself. */
export const awaited = (r: Role): Role => (r.t === 'promise' ? r.of : r);

/** The API data a role brings, through promises and responses (a promise of a response whose body is it). */
export function payloadOf(role: Role): ApiRole | undefined {
  let r: Role = role;
  while (r.t === 'promise' || r.t === 'response') r = r.of;
  return r.t === 'api' ? r : undefined;
}
