import { type EndpointModel, endpointModel } from '../endpoints/model.js';
import type { Mappings, ResolvedRule } from '../mapping/mappings.js';
import type { PropertyRule, V2Format } from '../mapping/schema.js';
import { V1_RECORD_LISTS } from '../payload/record-lists.js';
import { kindOf } from '../rules/registry.js';
import { createPrefilter, type Prefilter, v1Tokens } from '../scan/prefilter.js';
import { createTokenMatcher, type TokenMatcher } from '../scan/tokens.js';

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
  /** The state record's key that holds its items (`state_information`), from the V1 payload schema. */
  readonly itemListKeys: ReadonlySet<string>;
  /** Field-descriptor properties (`long_name`), by V1 name: renamed only in Civic files. */
  readonly fieldProperties: ReadonlyMap<string, PropertyRule>;
  /** Paths, hosts and versions. */
  readonly model: EndpointModel;
  /** Whole-token matcher over the actionable V1 slugs and renamed field properties, for slugs inside larger strings. */
  readonly stringTokens: TokenMatcher;
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

/**
 * The V2 format of a slug as the table knows it: V2 fields, V1 formats, and the V1 format of a
 * rename's source (the first, in the table's order, whose V1 format is known; `carriers` holds
 * each V2 slug's sources).
 */
function v2FormatOf(
  m: Mappings,
  slug: string,
  rule: ResolvedRule | undefined,
  carriers: ReadonlyMap<string, readonly ResolvedRule[]>,
): V2Format | undefined {
  const field = m.v2Fields.get(slug);
  if (field) return field.format;
  if (rule) {
    const f = m.v1FormatOf(rule.v1);
    return f ? m.formats.get(f) : undefined;
  }
  for (const from of carriers.get(slug) ?? []) {
    const f = m.v1FormatOf(from.v1);
    if (f) return m.formats.get(f);
  }
  return undefined;
}

/** The V2 slug that carries the V1 slug's data one to one (renamed or unchanged), if any: code still reads its item. */
function carriedTo(rule: ResolvedRule): string | undefined {
  const fate = kindOf(rule).payload(rule);
  return fate.fate === 'carried' && fate.known ? fate.v2 : undefined;
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
  // Each rule's fate asked once (asking it per V2 slug was a tenth of a short report's start).
  const carriers = new Map<string, ResolvedRule[]>();
  for (const rule of m.byV1.values()) {
    const to = carriedTo(rule);
    if (to === undefined) continue;
    const list = carriers.get(to);
    if (list) list.push(rule);
    else carriers.set(to, [rule]);
  }
  const consider = (slug: string, rule: ResolvedRule | undefined) => {
    const format = v2FormatOf(m, slug, rule, carriers);
    for (const p of itemProperties.values()) if (p.appliesToFormat === format) itemPropertyBySlug.set(slug, p);
  };
  for (const rules of carriers.values()) for (const rule of rules) consider(rule.v1, rule);
  for (const slug of m.v2Slugs) if (!m.actionableV1.has(slug)) consider(slug, undefined);

  return {
    mappings: m,
    knownSlugs: new Set([...m.v1Slugs, ...m.v2Slugs]),
    itemPropertyBySlug,
    itemProperties,
    itemListKeys: new Set(V1_RECORD_LISTS),
    fieldProperties,
    model: endpointModel(m),
    stringTokens: createTokenMatcher(v1Tokens(m)),
  };
}

const prefilters = new WeakMap<CodemodPlan, Map<boolean, Prefilter>>();

/**
 * Which files the codemod parses: besides the V1 tokens, files that read `.value` of unchanged or
 * V2 Booleans or build relative endpoint paths that move. Of the `/v1/` URLs only the endpoint
 * roots' are rewritten (`/v1/election…`; a bare base URL only behind an API host, itself a
 * needle), so another API's `/v1/` does not cost a parse. `markers`: marker comments count too
 * (the report lists those left over).
 */
export function codemodPrefilter(plan: CodemodPlan, markers = false): Prefilter {
  const byMarkers = prefilters.get(plan) ?? new Map<boolean, Prefilter>();
  prefilters.set(plan, byMarkers);
  let prefilter = byMarkers.get(markers);
  if (!prefilter) {
    const m = plan.mappings;
    prefilter = createPrefilter(m, {
      markers,
      extraTokens: [...plan.itemPropertyBySlug.keys()].filter((s) => s.includes('_') && !m.actionableV1.has(s)),
      versionNeedle: false,
      extraNeedles: [...plan.model.roots].flatMap((root) => [`${root}/`, `/${plan.model.from}/${root}`]),
    });
    byMarkers.set(markers, prefilter);
  }
  return prefilter;
}
