import type { Mappings, ResolvedRule } from '../mapping/mappings.js';
import type { EndpointRule, PropertyRule, V2Format } from '../mapping/schema.js';
import { v1Tokens } from '../scan/prefilter.js';
import { createTokenMatcher, type TokenMatcher } from '../scan/tokens.js';

/** An endpoint template cut into `/`-separated segments (`{state}` is a parameter segment). */
export interface EndpointShape {
  readonly rule: EndpointRule;
  /** Segments of the V1 path after the leading `/`, trailing empty segment dropped: `['v1', 'election', 'state', '{state}']`. */
  readonly segments: readonly string[];
  /** The V1 text before the first parameter (`/v1/election/state/`), or the whole path. */
  readonly v1Head: string;
  /** The V2 text that replaces `v1Head`, or undefined when no span edit can express the move. */
  readonly v2Head: string | undefined;
  /** Another endpoint reaching the same V2 path asks for other authentication (the rewrite needs a person too). */
  readonly authChanges: boolean;
}

/**
 * What the codemod derives from the table, once per table: every decision below is driven by
 * these sets, never by a slug written in the code.
 */
export interface CodemodPlan {
  readonly mappings: Mappings;
  /** Every slug the table knows (V1 and V2): a string beside these is about the API. */
  readonly knownSlugs: ReadonlySet<string>;
  /** Slugs whose item's V1 property is renamed, by slug (`vbm_no_excuse` → the Boolean rule `value` → `bool_value`). */
  readonly itemPropertyBySlug: ReadonlyMap<string, PropertyRule>;
  /** Item properties that apply to one format (`value`), by V1 name. */
  readonly itemProperties: ReadonlyMap<string, PropertyRule>;
  /** Field-descriptor properties (`long_name`), by V1 name: renamed only in Civic files. */
  readonly fieldProperties: ReadonlyMap<string, PropertyRule>;
  readonly endpoints: readonly EndpointShape[];
  /** First path segments after the version (`election`): where an endpoint path starts. */
  readonly endpointRoots: ReadonlySet<string>;
  /** Segments of `/v1/` paths that are other services (`uptime`, `leouptime`, `official`). */
  readonly nonElectionRoots: ReadonlySet<string>;
  readonly hosts: ReadonlySet<string>;
  /** Whole-token matcher over the actionable V1 slugs and renamed field properties, for slugs inside larger strings. */
  readonly stringTokens: TokenMatcher;
  /** The version segments: `v1` (rewritten) and `v2`. */
  readonly from: string;
  readonly to: string;
}

const plans = new WeakMap<Mappings, CodemodPlan>();

export function planFor(m: Mappings): CodemodPlan {
  let plan = plans.get(m);
  if (!plan) {
    plan = buildPlan(m);
    plans.set(m, plan);
  }
  return plan;
}

/** The V2 format of a slug as the table knows it: V2 fields, V1 formats, and the V1 format of a rename's source. */
function v2FormatOf(m: Mappings, slug: string, rule: ResolvedRule | undefined): V2Format | undefined {
  const field = m.v2Fields.get(slug);
  if (field) return field.format;
  if (rule) {
    const f = m.v1FormatOf(rule.v1);
    return f ? m.formats.get(f) : undefined;
  }
  for (const origin of m.byV2.get(slug) ?? []) {
    if (origin.kind === 'rename' || origin.kind === 'unchanged') {
      const f = m.v1FormatOf(origin.v1);
      if (f) return m.formats.get(f);
    }
  }
  return undefined;
}

function buildPlan(m: Mappings): CodemodPlan {
  const itemProperties = new Map<string, PropertyRule>();
  const fieldProperties = new Map<string, PropertyRule>();
  for (const p of m.properties) {
    if (p.object === 'field') fieldProperties.set(p.v1, p);
    else if (p.appliesToFormat) itemProperties.set(p.v1, p);
  }

  // The item property applies where the code still reads the item after the migration: renamed
  // and unchanged V1 slugs, and V2 slugs (old V2 code may read the draft's `value`). Consolidated
  // or deleted slugs get a marker instead.
  const itemPropertyBySlug = new Map<string, PropertyRule>();
  const consider = (slug: string, rule: ResolvedRule | undefined) => {
    const format = v2FormatOf(m, slug, rule);
    for (const p of itemProperties.values()) if (p.appliesToFormat === format) itemPropertyBySlug.set(slug, p);
  };
  for (const rule of m.byV1.values()) if (rule.kind === 'rename' || rule.kind === 'unchanged') consider(rule.v1, rule);
  for (const slug of m.v2Slugs) if (!m.actionableV1.has(slug)) consider(slug, undefined);

  const versionOf = (path: string) => path.split('/')[1] as string;
  const from = versionOf(m.endpoints[0]?.v1 ?? '/v1/');
  const to = versionOf(m.endpoints.find((e) => e.v2)?.v2 ?? '/v2/');
  const endpoints = m.endpoints.map((rule): EndpointShape => {
    const segments = rule.v1.split('/').slice(1, -1);
    const brace = rule.v1.indexOf('{');
    const v1Head = brace === -1 ? rule.v1 : rule.v1.slice(0, brace);
    let v2Head: string | undefined;
    if (rule.v2) {
      const brace2 = rule.v2.indexOf('{');
      const v2Tail = brace2 === -1 ? '' : rule.v2.slice(brace2);
      const v1Tail = brace === -1 ? '' : rule.v1.slice(brace);
      // A span edit moves the fixed head; the parameters and what follows them must stay as they are.
      if (v1Tail === v2Tail) v2Head = brace2 === -1 ? rule.v2 : rule.v2.slice(0, brace2);
    }
    // The V2 path's authentication is that of the V1 endpoint it merely re-versions.
    const twin = m.endpoints.find((o) => o.v2 === rule.v2 && o.v2 === o.v1.replace(`/${from}/`, `/${to}/`));
    const authChanges = rule.v2 !== null && twin !== undefined && twin.auth !== rule.auth;
    return { rule, segments, v1Head, v2Head, authChanges };
  });
  const endpointRoots = new Set(endpoints.map((e) => e.segments[1]).filter((s): s is string => !!s && !s.startsWith('{')));
  const nonElectionRoots = new Set(m.nonElectionPaths.map((p) => p.split('/')[2]).filter((s): s is string => !!s));

  return {
    mappings: m,
    knownSlugs: new Set([...m.v1Slugs, ...m.v2Slugs]),
    itemPropertyBySlug,
    itemProperties,
    fieldProperties,
    endpoints,
    endpointRoots,
    nonElectionRoots,
    hosts: new Set(m.hosts),
    stringTokens: createTokenMatcher(v1Tokens(m)),
    from,
    to,
  };
}
