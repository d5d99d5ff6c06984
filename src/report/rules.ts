import { explain } from '../mapping/explain.js';
import type { Mappings } from '../mapping/mappings.js';
import type { PropertyRule } from '../mapping/schema.js';
import { kindOf } from '../rules/registry.js';
import { createPrefilter, type Prefilter } from '../scan/prefilter.js';
import { createTokenMatcher, type TokenMatcher } from '../scan/tokens.js';
import { createEndpointScanner, type EndpointScanner } from './endpoints.js';
import type { Confidence, Fixer } from './finding.js';
import type { Verdict } from './verdict.js';

/** A property that V1 sent only on items of one format (`value` on Booleans), read right after a slug. */
export interface ValueProperty {
  readonly rule: PropertyRule;
  /** The verdict when the slug is known to have that format. */
  readonly sure: Verdict;
}

/** Everything the report derives from the table once, before reading any file. */
export interface ReportRules {
  readonly mappings: Mappings;
  readonly prefilter: Prefilter;
  readonly endpoints: EndpointScanner;
  /** Every slug the table knows (V1 and V2), as whole tokens: evidence that a text is about the API. */
  readonly civicSlugs: TokenMatcher;
  /** Treat every file as Civic Data context (as the codemod's configuration can). */
  readonly assumeCivic: boolean;
  /** The verdict for a slug or property token; undefined for V1 slugs known unchanged. */
  tokenVerdict(token: string): Verdict | undefined;
  /** Properties renamed on the field descriptor (`long_name`), whose findings depend on Civic context. */
  readonly contextualProperties: ReadonlyMap<string, PropertyRule>;
  readonly valueProperties: readonly ValueProperty[];
  /** For a V1 slug: `high` when the table says it has `format`, `low` when its format is unknown, undefined when it has another. */
  formatConfidence(slug: string, property: PropertyRule): Confidence | undefined;
}

const asFixer = (by: 'codemod' | 'person' | 'nothing'): Fixer => (by === 'codemod' ? 'codemod' : 'person');

/** Builds the report's view of the table. */
export function createReportRules(mappings: Mappings, options: { assumeCivic?: boolean } = {}): ReportRules {
  const valueRules = mappings.properties.filter((p) => p.appliesToFormat !== undefined);
  const contextual = new Map(mappings.properties.filter((p) => p.appliesToFormat === undefined).map((p) => [p.v1, p]));

  const formatConfidence = (slug: string, property: PropertyRule): Confidence | undefined => {
    const v1 = mappings.v1FormatOf(slug);
    if (v1 === undefined) return 'low';
    return mappings.formats.get(v1) === property.appliesToFormat ? 'high' : undefined;
  };

  // V1 slugs that need no change still matter when code reads `.value` after them.
  const extraTokens = [...mappings.v1Slugs].filter(
    (slug) => !mappings.actionableV1.has(slug) && valueRules.some((p) => formatConfidence(slug, p) !== undefined),
  );
  const endpoints = createEndpointScanner(mappings);
  const prefilter = createPrefilter(mappings, { markers: true, extraTokens, extraNeedles: endpoints.needles });

  const verdicts = new Map<string, Verdict | undefined>();
  const computeVerdict = (token: string): Verdict | undefined => {
    const e = explain(mappings, token);
    if (!e.found) return undefined;
    if (e.side === 'property') {
      const fixedBy = asFixer(e.fixedBy);
      return {
        kind: 'property',
        fixedBy,
        replacement: fixedBy === 'codemod' ? e.property.v2 : null,
        body: e.body,
        sayWhoFixes: true,
        confidence: 'high',
      };
    }
    if (e.side !== 'v1') return undefined;
    const report = kindOf(e.rule).report;
    if (!report) return undefined;
    return {
      kind: report.kind,
      fixedBy: asFixer(e.fixedBy),
      body: e.body,
      sayWhoFixes: true,
      confidence: 'high',
      replacement: report.replacement(e.rule),
    };
  };

  return {
    mappings,
    prefilter,
    endpoints,
    civicSlugs: createTokenMatcher([...mappings.v1Slugs, ...mappings.v2Slugs]),
    assumeCivic: options.assumeCivic ?? false,
    tokenVerdict(token) {
      if (!verdicts.has(token)) verdicts.set(token, computeVerdict(token));
      return verdicts.get(token);
    },
    contextualProperties: contextual,
    valueProperties: valueRules.map((rule) => ({ rule, sure: computeVerdict(rule.v1) as Verdict })),
    formatConfidence,
  };
}

/** A `long_name` in a file with no sign of the Civic Data API: maybe another API's property. */
export function lowConfidenceContextual(property: PropertyRule): Verdict {
  return {
    kind: 'property',
    fixedBy: 'person',
    replacement: null,
    confidence: 'low',
    sayWhoFixes: false,
    body:
      `This file shows no sign of the Civic Data API (no known slug, API host or endpoint path), so \`${property.v1}\` ` +
      `may belong to another API (such as Google Geocoding's address components); the codemod leaves it alone. ` +
      `If it is the Civic Data field list: ${property.description}`,
  };
}

/** A `.value` read after a slug whose format the table does not know. */
export function lowConfidenceValue(property: PropertyRule, slug: string): Verdict {
  return {
    kind: 'property',
    fixedBy: 'person',
    replacement: null,
    confidence: 'low',
    sayWhoFixes: false,
    body:
      `The table does not know the format of \`${slug}\`, and V1 sent \`${property.v1}\` only on ${property.appliesToFormat} items. ` +
      `If \`${slug}\` is a ${property.appliesToFormat} field, read \`${property.v2}\` instead of \`${property.v1}\`.`,
  };
}

export type { Verdict } from './verdict.js';
