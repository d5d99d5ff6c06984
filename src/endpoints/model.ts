import { jsonPath } from '../findings/json-path.js';
import type { Mappings } from '../mapping/mappings.js';
import type { EndpointResource, EndpointRule, MappingTable } from '../mapping/schema.js';

export type { EndpointResource };

/**
 * The one endpoint model, built from the table once: every tool that reads, writes or serves an
 * API path asks it (the codemod and the report to judge a path found in code, `explain`, the
 * client to build a request, the reference server to route one). No path, host or version is
 * written in code anywhere else.
 *
 * Paths are plain strings in which a part built at run time (`${code}`, `{state}`, `%s`) is one
 * `PLACEHOLDER` character, so that a path found in code and a template share one matcher.
 */
export const PLACEHOLDER = '\0';

export type Segment = { readonly kind: 'literal'; readonly text: string } | { readonly kind: 'param'; readonly name: string };

/** An endpoint template (`/v1/election/state/{state}/`) cut into segments. */
export interface Template {
  readonly text: string;
  /** After the leading `/`, without the trailing empty one: `v1`, `election`, `state`, `{state}`. */
  readonly segments: readonly Segment[];
  /** The text before the first parameter (`/v1/election/state/`), or the whole template. */
  readonly head: string;
  /** The text from the first parameter on (`{state}/`), or ''. */
  readonly tail: string;
  /** The parameters' names, in order (`state`). */
  readonly params: readonly string[];
}

/** A V1 endpoint of the table, with what moving it to V2 takes. */
export interface Endpoint {
  readonly rule: EndpointRule;
  readonly v1: Template;
  readonly v2: Template | undefined;
  /** The V2 text that replaces the V1 head, or undefined when no span edit can express the move (or there is no V2 twin). */
  readonly v2Head: string | undefined;
  /** The V2 twin asks for other authentication than this V1 endpoint did: moving it needs a person too. */
  readonly authChanges: boolean;
}

/** An endpoint that exists, of either version: what the client calls and the reference server answers. */
export interface Route {
  readonly version: string;
  readonly template: Template;
  readonly auth: 'none' | 'basic';
  readonly resource: EndpointResource;
}

/** A span of a path to replace, in offsets of the path text. */
export interface PathEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** What the table says of a V1 path found in code. */
export type PathVerdict =
  /** Every endpoint it can reach moves the same way: this edit moves it. */
  | { readonly kind: 'rewrite'; readonly edit: PathEdit; readonly endpoints: readonly Endpoint[] }
  /** It reaches endpoints V2 has no equivalent of. */
  | { readonly kind: 'none'; readonly endpoints: readonly Endpoint[] }
  /** It can reach endpoints that move differently (or that no span edit can move). */
  | { readonly kind: 'ambiguous'; readonly endpoints: readonly Endpoint[] }
  /** Under the API's root but no endpoint the table knows. */
  | { readonly kind: 'unknown' }
  /** A route pattern (`/v1/election/state/:state/`), not a request. */
  | { readonly kind: 'route' };

export interface EndpointModel {
  /** The API's hosts, lower case. */
  readonly hosts: ReadonlySet<string>;
  /** The version segments: `v1` (what code is moved from) and `v2`. */
  readonly from: string;
  readonly to: string;
  readonly endpoints: readonly Endpoint[];
  /** Every endpoint that exists: the V1 rows V1 served, and V2's. */
  readonly routes: readonly Route[];
  /** First segments after the version (`election`): where an endpoint path starts. */
  readonly roots: ReadonlySet<string>;
  /** Fixed parts after the version that name a resource (`/election/field/`): evidence that code calls the API. */
  readonly stems: readonly string[];
  /** Fixed parts of V1 paths that moved beyond their version (`/election/state/`): V1-only even without `/v1`. */
  readonly movedStems: readonly string[];
  /** Judges a V1 path (`/v1/…`, with placeholders); `open` when more text follows at run time. */
  judge(path: string, open: boolean): PathVerdict;
  /** The V1 endpoint whose template matches a concrete path, if any. */
  find(path: string): Endpoint | undefined;
  /** The endpoint of a resource in a version (`auth` picks among V1's two state paths), or undefined. */
  route(version: string, resource: EndpointResource, auth?: 'none' | 'basic'): Route | undefined;
  /** The endpoint a concrete request path reaches, with its parameters (`{state: 'CA'}`). */
  match(path: string): { readonly route: Route; readonly params: Readonly<Record<string, string>> } | undefined;
  /**
   * The routes of either version a path found in code can reach (`/v2/election/data/state/\0/`,
   * placeholders for parts built at run time); `open` when more text follows at run time.
   */
  reach(path: string, open: boolean): readonly Route[];
}

function parseTemplate(text: string): Template {
  const segments: Segment[] = text
    .slice(1)
    .split('/')
    .filter((s, i, all) => !(s === '' && i === all.length - 1))
    .map((s) => (s.startsWith('{') && s.endsWith('}') ? { kind: 'param', name: s.slice(1, -1) } : { kind: 'literal', text: s }));
  const brace = text.indexOf('{');
  return {
    text,
    segments,
    head: brace === -1 ? text : text.slice(0, brace),
    tail: brace === -1 ? '' : text.slice(brace),
    params: segments.flatMap((s) => (s.kind === 'param' ? [s.name] : [])),
  };
}

const versionOf = (template: string) => template.split('/')[1] as string;
const literalAt = (t: Template, i: number) => {
  const s = t.segments[i];
  return s?.kind === 'literal' ? s.text : undefined;
};

/** A segment built at run time may be any segment; a parameter is any non-empty segment. */
const segmentMatches = (template: Segment, actual: string) =>
  actual.includes(PLACEHOLDER) || (template.kind === 'param' ? actual.length > 0 : template.text === actual);

const models = new WeakMap<Mappings, EndpointModel>();

/** The endpoint model of a table (built once per table). */
export function endpointModel(m: Mappings): EndpointModel {
  let model = models.get(m);
  if (!model) {
    model = buildModel(m.table);
    models.set(m, model);
  }
  return model;
}

function buildModel(table: MappingTable): EndpointModel {
  // The schema makes both lists non-empty; the first row of each names its version.
  const from = versionOf((table.endpoints[0] as EndpointRule).v1);
  const to = versionOf((table.v2Endpoints[0] as { path: string }).path);
  const v2Auth = new Map(table.v2Endpoints.map((e) => [e.path, e.auth]));

  const endpoints = table.endpoints.map((rule): Endpoint => {
    const v1 = parseTemplate(rule.v1);
    const v2 = rule.v2 ? parseTemplate(rule.v2) : undefined;
    // A span edit moves the fixed head; the parameters and what follows them must stay as they are.
    const v2Head = v2 && v1.tail === v2.tail ? v2.head : undefined;
    const twinAuth = rule.v2 ? v2Auth.get(rule.v2) : undefined;
    return { rule, v1, v2, v2Head, authChanges: twinAuth !== undefined && twinAuth !== rule.auth };
  });

  const routes: Route[] = [
    ...table.endpoints
      .filter((e) => e.existed !== false)
      .map((e) => ({ version: from, template: parseTemplate(e.v1), auth: e.auth, resource: e.resource })),
    ...table.v2Endpoints.map((e) => ({ version: to, template: parseTemplate(e.path), auth: e.auth, resource: e.resource })),
  ];

  const roots = new Set<string>();
  for (const e of endpoints) {
    const root = literalAt(e.v1, 1);
    if (root) roots.add(root);
  }

  /** `/v1/election/data/state/{state}/` → `/election/data/state/`: the fixed part after the version. */
  const stem = (template: Template) => template.head.slice(template.head.indexOf('/', 1));
  const stems = new Set<string>();
  for (const e of endpoints) {
    stems.add(stem(e.v1));
    if (e.v2) stems.add(stem(e.v2));
  }
  for (const r of routes) stems.add(stem(r.template));
  const movedStems = [...new Set(endpoints.filter((e) => e.v2 && stem(e.v1) !== stem(e.v2)).map((e) => stem(e.v1)))];

  /** How one endpoint moves the path text: null when V2 has no equivalent, undefined when no span edit can. */
  const editFor = (e: Endpoint, path: string): PathEdit | null | undefined => {
    if (!e.v2) return null;
    const { head } = e.v1;
    const v2Head = e.v2Head;
    if (v2Head === undefined) return undefined;
    if (path.startsWith(head)) return { start: 0, end: head.length, text: v2Head };
    if (`${path}/` === head) return { start: 0, end: path.length, text: v2Head.slice(0, -1) };
    // The path stops inside the fixed head: only a move of the version segment is certain.
    const version = `/${from}/`;
    if (head.startsWith(version) && v2Head === `/${to}/${head.slice(version.length)}` && path.startsWith(version)) {
      return { start: 1, end: 1 + from.length, text: to };
    }
    return undefined;
  };

  const judge = (path: string, open: boolean): PathVerdict => {
    const segments = path.slice(1).split('/');
    if (segments.some((s) => s.startsWith(':'))) return { kind: 'route' };
    let found: Endpoint[];
    if (!open) {
      if (segments.at(-1) === '') segments.pop();
      found = endpoints.filter(
        (e) =>
          e.v1.segments.length === segments.length && e.v1.segments.every((t, k) => segmentMatches(t, segments[k] as string)),
      );
    } else {
      const full = segments.slice(0, -1);
      const partial = segments.at(-1) as string;
      const prefixMatches = (e: Endpoint) => full.every((s, k) => segmentMatches(e.v1.segments[k] as Segment, s));
      found = endpoints.filter((e) => {
        if (e.v1.segments.length <= full.length || !prefixMatches(e)) return false;
        const next = e.v1.segments[full.length] as Segment;
        return partial === '' || partial.includes(PLACEHOLDER) || next.kind === 'param' || next.text.startsWith(partial);
      });
      if (found.length === 0 && partial === '')
        found = endpoints.filter((e) => e.v1.segments.length === full.length && prefixMatches(e));
    }
    if (found.length === 0) return { kind: 'unknown' };
    const edits = found.map((e) => editFor(e, path));
    if (edits.every((r) => r === null)) return { kind: 'none', endpoints: found };
    const first = edits[0];
    if (first && edits.every((r) => r && r.start === first.start && r.end === first.end && r.text === first.text)) {
      return { kind: 'rewrite', edit: first, endpoints: found };
    }
    return { kind: 'ambiguous', endpoints: found };
  };

  const find = (path: string): Endpoint | undefined => {
    const segments = path.slice(1).split('/');
    if (segments.at(-1) === '') segments.pop();
    return endpoints.find(
      (e) =>
        e.v1.segments.length === segments.length &&
        e.v1.segments.every((t, k) => (t.kind === 'param' ? (segments[k] as string).length > 0 : t.text === segments[k])),
    );
  };

  const route: EndpointModel['route'] = (version, resource, auth) =>
    routes.find((r) => r.version === version && r.resource === resource && (auth === undefined || r.auth === auth));

  const match: EndpointModel['match'] = (path) => {
    if (!path.startsWith('/') || !path.endsWith('/')) return undefined;
    const segments = path.slice(1, -1).split('/');
    for (const r of routes) {
      if (r.template.segments.length !== segments.length) continue;
      const params: Record<string, string> = {};
      const ok = r.template.segments.every((t, k) => {
        const actual = segments[k] as string;
        if (t.kind === 'literal') return t.text === actual;
        params[t.name] = actual;
        return actual.length > 0;
      });
      if (ok) return { route: r, params };
    }
    return undefined;
  };

  const reach: EndpointModel['reach'] = (path, open) => {
    const segments = path.slice(1).split('/');
    if (!open && segments.at(-1) === '') segments.pop();
    return routes.filter((r) => {
      const t = r.template.segments;
      if (!open) return t.length === segments.length && t.every((s, k) => segmentMatches(s, segments[k] as string));
      const full = segments.slice(0, -1);
      const partial = segments.at(-1) as string;
      if (t.length < full.length || !full.every((s, k) => segmentMatches(t[k] as Segment, s))) return false;
      if (t.length === full.length) return partial === '';
      const next = t[full.length] as Segment;
      return partial === '' || partial.includes(PLACEHOLDER) || next.kind === 'param' || next.text.startsWith(partial);
    });
  };

  return {
    hosts: new Set(table.hosts.map((h) => h.toLowerCase())),
    from,
    to,
    endpoints,
    routes,
    roots,
    stems: [...stems].filter((s) => s.split('/').filter(Boolean).length >= 2).sort(),
    movedStems,
    judge,
    find,
    route,
    match,
    reach,
  };
}

/** Checks the table's endpoint sections against each other; returns the first problem with its row. */
export function endpointProblems(table: MappingTable): { row: string; problem: string } | undefined {
  const from = `/${versionOf((table.endpoints[0] as EndpointRule).v1)}/`;
  const to = `/${versionOf((table.v2Endpoints[0] as { path: string }).path)}/`;
  const v2Paths = new Map(table.v2Endpoints.map((e) => [e.path, e]));
  for (const [i, e] of table.endpoints.entries()) {
    const row = jsonPath(['endpoints', i]);
    if (!e.v1.startsWith(from)) return { row, problem: `"v1" must start with ${from} like the first row` };
    if (e.v2 === null) continue;
    if (!e.v2.startsWith(to)) return { row, problem: `"v2" must start with ${to}` };
    const twin = v2Paths.get(e.v2);
    if (!twin) return { row, problem: `"v2" ${e.v2} is not in "v2Endpoints"` };
    if (twin.resource !== e.resource)
      return { row, problem: `resource "${e.resource}" differs from its V2 twin's ("${twin.resource}")` };
  }
  for (const [i, e] of table.v2Endpoints.entries()) {
    if (!e.path.startsWith(to)) return { row: `v2Endpoints[${i}]`, problem: `"path" must start with ${to}` };
  }
  return undefined;
}

/** A template with its parameters filled in (`{state}` → `CA`), each value encoded as one path segment. */
/**
 * How a V1 path that code may extend moves when it is a base (a prefix of endpoint templates, as
 * `/v1/election/`): like an open path. Undefined when no endpoint lies under it.
 */
export function judgeBase(model: EndpointModel, path: string): Extract<PathVerdict, { endpoints: unknown }> | undefined {
  const verdict = model.judge(path.endsWith('/') ? path : `${path}/`, true);
  return 'endpoints' in verdict ? verdict : undefined;
}

export function fillTemplate(template: Template, params: Readonly<Record<string, string>>): string {
  const parts = template.segments.map((s) => (s.kind === 'literal' ? s.text : encodeURIComponent(params[s.name] ?? '')));
  return `/${parts.join('/')}/`;
}

/** `/v1/election/state/\0/` → `/v1/election/state/…/` for messages and tokens. */
export const showPath = (path: string) => path.replaceAll(PLACEHOLDER, '…');

/** The endpoints V1 really served among candidates (a V1 path that never existed is no move), or all. */
export const servedBy = (candidates: readonly Endpoint[]) => {
  const served = candidates.filter((e) => e.rule.existed !== false);
  return served.length ? served : candidates;
};
