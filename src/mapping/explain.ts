import { endpointModel, judgeBase, servedBy } from '../endpoints/model.js';
import { code } from '../rules/format.js';
import type { FixedBy, SlugKind } from '../rules/kind.js';
import { kindOf, SLUG_KINDS } from '../rules/registry.js';
import { closest } from './closest.js';
import type { Mappings, ResolvedRule, V2Origin } from './mappings.js';
import type { EndpointRule, PropertyRule, SlugRule, V2Field } from './schema.js';

export type { FixedBy };

export type Explanation =
  | {
      found: true;
      query: string;
      side: 'v1';
      rule: ResolvedRule;
      fixedBy: FixedBy;
      /** What changed and what to do, without who fixes it (the report adds that for the file at hand). */
      body: string;
      message: string;
      alsoV2?: readonly V2Origin[];
    }
  | { found: true; query: string; side: 'v2'; origins: readonly V2Origin[]; field?: V2Field; message: string }
  | { found: true; query: string; side: 'property'; property: PropertyRule; fixedBy: FixedBy; body: string; message: string }
  | { found: true; query: string; side: 'endpoint'; endpoint: EndpointRule; fixedBy: FixedBy; body: string; message: string }
  | {
      found: true;
      query: string;
      side: 'path';
      /** What the path is: a V1 base, a path no endpoint matches, another service's, V2's own, another host's. */
      path: 'v1-root' | 'v1-base' | 'v1-unknown' | 'other-service' | 'v2' | 'other-host';
      fixedBy: FixedBy;
      body: string;
      message: string;
    }
  | { found: false; query: string; suggestions: string[]; message: string };

/** Who fixes code that uses this V1 slug. */
export const fixedBy = (rule: ResolvedRule): FixedBy => kindOf(rule).fixedBy;

/** One sentence saying what happened to a V1 slug. */
export const headline = (rule: ResolvedRule): string => kindOf(rule).headline(rule);

/** What to do about a V1 slug, as sure as the table is. */
export const advice = (rule: ResolvedRule, m: Mappings): string => kindOf(rule).advice(rule, m);

/** A body and the sentence that says who fixes it. */
const withFix = (body: string, by: FixedBy): string => [body, FIX[by]].filter(Boolean).join(' ');

/** The sentence that says who fixes a use (shared with the report's own messages). */
export const FIX: Readonly<Record<FixedBy, string>> = {
  codemod: '`civic-migrate codemod` rewrites it.',
  person: 'A person must change the code: `civic-migrate codemod` leaves a `civic-migrate:` marker there.',
  nothing: '',
};

function describeOrigin(slug: string, origin: V2Origin): string {
  if (origin.kind === 'new') return `${code(slug)} is new in V2`;
  return (SLUG_KINDS[origin.kind] as SlugKind<SlugRule>).describeOrigin(origin as never);
}

/**
 * Explains a V1 slug, a V2 slug, a renamed property (`long_name`), or anything a user may paste from
 * code that calls the API: an endpoint path, a full URL, a base URL, a host, another service's path.
 */
export function explain(mappings: Mappings, rawQuery: string): Explanation {
  const query = rawQuery.trim();
  const rule = mappings.byV1.get(query);
  const origins = mappings.byV2.get(query);
  if (rule) {
    const by = fixedBy(rule);
    const parts = [headline(rule), advice(rule, mappings)].filter(Boolean);
    if (rule.warning) parts.push(`Warning: ${rule.warning}`);
    // Where else the slug comes from, besides being itself (an unchanged slug's own origin).
    const alsoV2 = origins?.filter((o) => o.kind === 'new' || o.v1 !== query);
    if (alsoV2?.length) parts.push(`Also a V2 slug: ${alsoV2.map((o) => describeOrigin(query, o)).join('; ')}.`);
    const body = parts.join(' ');
    return {
      found: true,
      query,
      side: 'v1',
      rule,
      fixedBy: by,
      body,
      message: withFix(body, by),
      ...(alsoV2?.length ? { alsoV2 } : {}),
    };
  }
  if (origins) {
    const field = mappings.v2Fields.get(query);
    const parts = [`V2 ${code(query)}: ${origins.map((o) => describeOrigin(query, o)).join('; ')}.`];
    if (field) {
      parts.push(`Format ${field.format}.`);
      if (field.options)
        parts.push(
          `Options: ${field.options.join(', ')}${field.optionsComplete === false ? ' (the set may be incomplete)' : ''}.`,
        );
    }
    return { found: true, query, side: 'v2', origins, ...(field ? { field } : {}), message: parts.join(' ') };
  }
  const property = mappings.properties.find((p) => p.v1 === query);
  if (property) {
    const by: FixedBy = property.object === 'field' || property.appliesToFormat ? 'codemod' : 'person';
    const body = `V1 property ${code(property.v1)} is ${code(property.v2)} in V2. ${property.description}`;
    return {
      found: true,
      query,
      side: 'property',
      property,
      fixedBy: by,
      body,
      message: withFix(body, by),
    };
  }
  const { path, host, otherHost } = locate(mappings, query);
  if (otherHost) {
    const hosts = [...endpointModel(mappings).hosts].map(code).join(', ');
    return pathAnswer(
      query,
      'other-host',
      'nothing',
      `${code(otherHost)} is not a Civic Data API host (${hosts}): nothing to migrate.`,
    );
  }
  const endpoint = path === undefined ? undefined : findEndpoint(mappings, path);
  if (endpoint) {
    const by: FixedBy = endpoint.v2 ? 'codemod' : 'person';
    const head = endpoint.v2
      ? `V1 endpoint ${code(endpoint.v1)} is ${code(endpoint.v2)} in V2.`
      : `V1 endpoint ${code(endpoint.v1)} has no V2 equivalent.`;
    const body = `${head} ${endpoint.description}`;
    return { found: true, query, side: 'endpoint', endpoint, fixedBy: by, body, message: withFix(body, by) };
  }
  if (path !== undefined) return explainPath(mappings, query, path, host);
  return notFound(mappings, query);
}

/** Matches a path such as `/v1/election/state/CA/` against the table's templates. */
export function findEndpoint(mappings: Mappings, path: string): EndpointRule | undefined {
  return endpointModel(mappings).find(path)?.rule;
}

/** The path a pasted string names (`/v1/…`, or a URL's path), its host, or the foreign host it names. */
function locate(mappings: Mappings, query: string): { path?: string; host?: string; otherHost?: string } {
  const hosts = endpointModel(mappings).hosts;
  if (hosts.has(query.toLowerCase())) return { path: '/', host: query.toLowerCase() };
  if (query.startsWith('/')) return { path: query.split(/[?#]/, 1)[0] as string };
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(query)) return {};
  let url: URL;
  try {
    url = new URL(query);
  } catch {
    return {};
  }
  const host = url.hostname.toLowerCase();
  return hosts.has(host) ? { path: url.pathname, host } : { otherHost: host };
}

const pathAnswer = (
  query: string,
  path: Extract<Explanation, { side: 'path' }>['path'],
  by: FixedBy,
  message: string,
): Explanation => ({
  found: true,
  query,
  side: 'path',
  path,
  fixedBy: by,
  body: message,
  message: withFix(message, by),
});

/** A path no endpoint template matches: a base, the version root, another service's, or unknown. */
function explainPath(mappings: Mappings, query: string, path: string, host: string | undefined): Explanation {
  const model = endpointModel(mappings);
  const [version, root] = path.split('/').slice(1);
  const shown = code(query);
  if (!version)
    return pathAnswer(
      query,
      'v1-root',
      'nothing',
      `${shown} is the Civic Data API's host: it is the same in V2; only the paths after it change.`,
    );
  if (version === model.to) return pathAnswer(query, 'v2', 'nothing', `${shown} is a V2 path: nothing to migrate.`);
  if (version !== model.from) return notFound(mappings, query);
  if (!root)
    return pathAnswer(
      query,
      'v1-root',
      host ? 'codemod' : 'nothing',
      `${shown} is the V1 version root; V2's is ${code(`/${model.to}/`)}. The endpoint paths joined to it move on their own, some beyond the version (\`civic-migrate mappings\` lists them).` +
        (host
          ? ''
          : ` The codemod changes it only in a base URL with an API host (a bare ${code(`/${model.from}/`)} may belong to another API): if this one is the Civic Data API's, change it by hand.`),
    );
  // The API's path space is closed (what the table knows): any other root is another service's.
  if (!model.roots.has(root))
    return pathAnswer(
      query,
      'other-service',
      'nothing',
      `${shown} is outside the Civic Data API's paths (${[...model.roots].map((r) => code(`/${model.from}/${r}/`)).join(', ')}): another service on the same host keeps its path, nothing to migrate. A base URL joined with it stays on V1.`,
    );
  const base = judgeBase(model, path);
  if (base?.kind === 'rewrite') {
    const to = `${path.slice(0, base.edit.start)}${base.edit.text}${path.slice(base.edit.end)}`;
    return pathAnswer(
      query,
      'v1-base',
      'codemod',
      `V1 base ${code(path)} is ${code(to)} in V2: every endpoint under it moves the same way.`,
    );
  }
  if (base?.kind === 'ambiguous' || base?.kind === 'none') {
    const moves = [
      ...new Set(servedBy(base.endpoints).map(({ rule: e }) => `${code(e.v1)} → ${e.v2 ? code(e.v2) : 'no V2 equivalent'}`)),
    ];
    return pathAnswer(
      query,
      'v1-base',
      'person',
      `V1 base ${code(path)}: the endpoints under it move differently in V2 (${moves.join('; ')}). Change the base and the paths joined to it together, by hand.`,
    );
  }
  return pathAnswer(
    query,
    'v1-unknown',
    'person',
    `${code(path)} is under the Civic Data API's V1 root but is no endpoint the table knows: check it against the V2 endpoints by hand (\`civic-migrate mappings\` lists them).`,
  );
}

function notFound(mappings: Mappings, query: string): Explanation {
  const names = [...mappings.v1Slugs, ...mappings.v2Slugs, ...mappings.properties.map((p) => p.v1)];
  const suggestions = closest(query, new Set(names));
  const hint = suggestions.length ? ` Closest known: ${suggestions.join(', ')}.` : '';
  return {
    found: false,
    query,
    suggestions,
    message: `${code(query)} is not in the table (${mappings.source}).${hint} If your account has this field, add it with --mappings FILE.`,
  };
}
