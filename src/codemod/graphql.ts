import type { RuleRef } from '../findings/record.js';
import { type GraphqlSource, graphqlRenames, parseGraphql } from '../graphql/documents.js';
import type { PropertyRule } from '../mapping/schema.js';
import type { ApiNode } from '../roles/graph.js';
import { kindOf } from '../rules/registry.js';
import { type Note, note } from '../vocabulary/notes.js';
import type { CodemodPlan } from './plan.js';
import { conceptOf } from './role-verdict.js';

/** What the codemod decides in one GraphQL document: renames (offsets in the file) and markers. */
export interface GraphqlDecisions {
  readonly renames: readonly { start: number; end: number; text: string; from: string; to: string; rule: RuleRef }[];
  readonly marks: readonly { at: number; token: string; note: Note; rule: RuleRef }[];
}

/**
 * Decides a GraphQL document (Gatsby's `createTypes` SDL, a query, a `.graphql` file): the fields
 * of a type the program fills with V1 API objects (`types`, from the roles) are renamed from the
 * table (a selection keeps its result key, `long_name: description`, so the code reading the
 * result stays right); a name the table renames on a type nothing links to the API gets a marker
 * when `usesApi` (the program uses the API). Undefined when the text is no GraphQL document.
 */
export function decideGraphql(
  source: GraphqlSource,
  types: ReadonlyMap<string, ApiNode>,
  plan: CodemodPlan,
  usesApi: boolean,
): GraphqlDecisions | undefined {
  const m = plan.mappings;
  // Types declared elsewhere name Gatsby's roots (`allCivicField` → `CivicField`).
  const known = [...types.keys()].map((name) => ({
    name,
    kind: 'object' as const,
    extension: false,
    nameAt: { start: 0, end: 0 },
    fields: [],
  }));
  const doc = parseGraphql(source, { types: known });
  if (!doc) return undefined;
  const ruleOf = (typeName: string | undefined, field: string): PropertyRule | undefined => {
    const api = typeName === undefined ? undefined : types.get(typeName);
    const p = plan.fieldProperties.get(field) ?? plan.itemProperties.get(field);
    return api && p && api.version === plan.model.from && conceptOf(p.object) === api.concept && !p.appliesToFormat
      ? p
      : undefined;
  };
  const edits = graphqlRenames(doc, (type, field) => ruleOf(type, field)?.v2, { keepResultKeys: true });
  const renames = edits.map((e) => ({
    start: e.start,
    end: e.end,
    text: e.text,
    from: e.from,
    to: e.to,
    rule: { kind: 'property', v1: (ruleOf(e.parentType, e.from) as PropertyRule).v1 } as RuleRef,
  }));
  const marks: GraphqlDecisions['marks'][number][] = [];
  if (usesApi) {
    const named = [
      ...doc.types.flatMap((t) => t.fields.map((f) => ({ name: f.name, at: f.at, type: t.name as string | undefined }))),
      ...doc.selections.map((s) => ({ name: s.name, at: s.at, type: s.parentType })),
    ];
    for (const { name, at, type } of named) {
      if (edits.some((e) => e.start === at.start)) continue;
      const api = type === undefined ? undefined : types.get(type);
      if (api && api.version !== plan.model.from) continue;
      const p = plan.fieldProperties.get(name);
      const rule = m.actionableV1.has(name) ? m.byV1.get(name) : undefined;
      if (!p && !rule) continue;
      const fate = rule && kindOf(rule).payload(rule);
      const v2 = p?.v2 ?? (fate?.fate === 'carried' && fate.known ? fate.v2 : undefined);
      const params = { name, ...(type ? { type } : {}), ...(v2 ? { v2 } : {}) };
      const ref: RuleRef = p ? { kind: 'property', v1: p.v1 } : { kind: (rule as NonNullable<typeof rule>).kind, v1: name };
      marks.push({ at: at.start, token: name, note: note('graphql-unlinked', params), rule: ref });
    }
  }
  return { renames, marks };
}
