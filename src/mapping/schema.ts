import { z } from 'zod';
import { once } from '../once.js';
import { SLUG_RULE_KINDS, slugRuleSchema } from '../rules/registry.js';
import { slug, text, v1FormatSchema, v2FieldSchema, v2FormatSchema } from './schema-parts.js';

export type { ConsolidateRule } from '../rules/consolidate.js';
export type { DeleteRule, Derive } from '../rules/delete.js';
export { deletionCategorySchema, deriveSchema } from '../rules/delete.js';
export type { FootnoteRule } from '../rules/footnote.js';
export { type SlugRule, type SlugRuleKind, slugRuleSchema } from '../rules/registry.js';
export type { RenameRule } from '../rules/rename.js';
export type { UnchangedRule } from '../rules/unchanged.js';
export type { UnknownRule } from '../rules/unknown.js';
export {
  type V1Format,
  V2_FORMATS,
  type V2Field,
  type V2Format,
  v1FormatSchema,
  v2FieldSchema,
  v2FormatSchema,
} from './schema-parts.js';

export const propertyRuleSchema = once(() =>
  z.strictObject({
    kind: z.literal('property'),
    /** Which object carries the property: a field descriptor or a state information item. */
    object: z.enum(['field', 'stateItem']),
    v1: z.string().regex(/^[a-z_]+$/),
    v2: z.string().regex(/^[a-z_]+$/),
    /** Only on items of this format (e.g. V1 `value` on Boolean items). */
    appliesToFormat: v2FormatSchema().optional(),
    description: text(),
  }),
);

const pathTemplate = once(() =>
  z.string().regex(/^\/v[12]\/[a-z/{}_]*\/$/, 'an endpoint path starts with /v1/ or /v2/ and ends with /'),
);

/** What an endpoint returns: the client and the reference server pick endpoints by it. */
export const endpointResourceSchema = once(() => z.enum(['field-list', 'state', 'overrides', 'all-states', 'field-all-states']));
const authSchema = once(() => z.enum(['none', 'basic']));

export const endpointRuleSchema = once(() =>
  z.strictObject({
    v1: pathTemplate(),
    /** The V2 path, or null when V2 has no equivalent (a person must decide). */
    v2: pathTemplate().nullable(),
    auth: authSchema(),
    resource: endpointResourceSchema(),
    /** False for a path V1 never served (a 404) that code calls anyway. */
    existed: z.boolean().optional(),
    description: text(),
  }),
);

/** An endpoint V2 serves (the override list has no V1 row to be the V2 side of). */
export const v2EndpointSchema = once(() =>
  z.strictObject({
    path: pathTemplate(),
    auth: authSchema(),
    resource: endpointResourceSchema(),
  }),
);

export const formatRuleSchema = once(() =>
  z.strictObject({
    v1: v1FormatSchema(),
    v2: v2FormatSchema(),
    note: text().optional(),
  }),
);

export const contradictionSchema = once(() =>
  z.strictObject({
    v1: slug(),
    /** The rule kinds the slug appears under in this table. */
    kinds: z.array(z.enum(SLUG_RULE_KINDS)).min(1),
    /** The kind that wins. */
    resolution: z.enum(SLUG_RULE_KINDS),
    warning: text(),
  }),
);

export const mappingTableSchema = once(() =>
  z.strictObject({
    $schema: z.string().optional(),
    tableVersion: z.literal(1),
    /** Hosts of the Civic Data API seen in customer code. */
    hosts: z.array(z.string().regex(/^[a-z0-9.-]+$/)).min(1),
    /** V2 fields the table knows details of (formats and option sets). */
    v2Fields: z.array(v2FieldSchema()),
    slugs: z.array(slugRuleSchema()),
    properties: z.array(propertyRuleSchema()),
    endpoints: z.array(endpointRuleSchema()).min(1),
    v2Endpoints: z.array(v2EndpointSchema()).min(1),
    /** `/v1/` paths on the Civic hosts that belong to other services. */
    nonElectionPaths: z.array(z.string().regex(/^\/v1\/[a-z_/]*\/$/)),
    formats: z.array(formatRuleSchema()),
    contradictions: z.array(contradictionSchema()),
  }),
);

export type MappingTable = z.infer<ReturnType<typeof mappingTableSchema>>;
export type PropertyRule = z.infer<ReturnType<typeof propertyRuleSchema>>;
export type EndpointRule = z.infer<ReturnType<typeof endpointRuleSchema>>;
export type V2Endpoint = z.infer<ReturnType<typeof v2EndpointSchema>>;
export type EndpointResource = z.infer<ReturnType<typeof endpointResourceSchema>>;
export type FormatRule = z.infer<ReturnType<typeof formatRuleSchema>>;
export type Contradiction = z.infer<ReturnType<typeof contradictionSchema>>;
