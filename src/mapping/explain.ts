import { endpointModel } from '../endpoints/model.js';
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
      message: string;
      alsoV2?: readonly V2Origin[];
    }
  | { found: true; query: string; side: 'v2'; origins: readonly V2Origin[]; field?: V2Field; message: string }
  | { found: true; query: string; side: 'property'; property: PropertyRule; fixedBy: FixedBy; message: string }
  | { found: true; query: string; side: 'endpoint'; endpoint: EndpointRule; fixedBy: FixedBy; message: string }
  | { found: false; query: string; suggestions: string[]; message: string };

/** Who fixes code that uses this V1 slug. */
export const fixedBy = (rule: ResolvedRule): FixedBy => kindOf(rule).fixedBy;

/** One sentence saying what happened to a V1 slug. */
export const headline = (rule: ResolvedRule): string => kindOf(rule).headline(rule);

/** What to do about a V1 slug, as sure as the table is. */
export const advice = (rule: ResolvedRule, m: Mappings): string => kindOf(rule).advice(rule, m);

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

/** Explains a V1 slug, a V2 slug, a renamed property (`long_name`) or a V1 endpoint path. */
export function explain(mappings: Mappings, rawQuery: string): Explanation {
  const query = rawQuery.trim();
  const rule = mappings.byV1.get(query);
  const origins = mappings.byV2.get(query);
  if (rule) {
    const by = fixedBy(rule);
    const parts = [headline(rule), advice(rule, mappings), FIX[by]].filter(Boolean);
    if (rule.warning) parts.push(`Warning: ${rule.warning}`);
    // Where else the slug comes from, besides being itself (an unchanged slug's own origin).
    const alsoV2 = origins?.filter((o) => o.kind === 'new' || o.v1 !== query);
    if (alsoV2?.length) parts.push(`Also a V2 slug: ${alsoV2.map((o) => describeOrigin(query, o)).join('; ')}.`);
    return { found: true, query, side: 'v1', rule, fixedBy: by, message: parts.join(' '), ...(alsoV2?.length ? { alsoV2 } : {}) };
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
    return {
      found: true,
      query,
      side: 'property',
      property,
      fixedBy: by,
      message: `V1 property ${code(property.v1)} is ${code(property.v2)} in V2. ${property.description} ${FIX[by]}`,
    };
  }
  const endpoint = findEndpoint(mappings, query);
  if (endpoint) {
    const by: FixedBy = endpoint.v2 ? 'codemod' : 'person';
    const head = endpoint.v2
      ? `V1 endpoint ${code(endpoint.v1)} is ${code(endpoint.v2)} in V2.`
      : `V1 endpoint ${code(endpoint.v1)} has no V2 equivalent.`;
    return { found: true, query, side: 'endpoint', endpoint, fixedBy: by, message: `${head} ${endpoint.description} ${FIX[by]}` };
  }
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

/** Matches a path such as `/v1/election/state/CA/` against the table's templates. */
export function findEndpoint(mappings: Mappings, path: string): EndpointRule | undefined {
  return endpointModel(mappings).find(path)?.rule;
}
