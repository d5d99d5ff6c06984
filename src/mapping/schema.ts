import { z } from 'zod';

/** A field slug: lower-case letters, digits and underscores (V1 had `2020_*` slugs, so a digit may lead). */
const slug = z.string().regex(/^[a-z0-9][a-z0-9_]*$/, 'a slug is lower-case letters, digits and underscores');
const text = z.string().min(1);

/** V1 formats the server used (`Markdown`, `Boolean`, `URL`, `Date`) and the older docs' names. */
export const v1FormatSchema = z.enum(['Markdown', 'Boolean', 'URL', 'Date', 'Text', 'Phone', 'Email']);
export const v2FormatSchema = z.enum(['Boolean', 'Date', 'Markdown', 'Multi-select', 'Single-select', 'URL']);

const renameRule = z.strictObject({
  kind: z.literal('rename'),
  v1: slug,
  v2: slug,
  /** Format when the naming conventions or SPEC state it; absent when unknown. */
  format: v1FormatSchema.optional(),
  description: text,
});

const consolidateRule = z.strictObject({
  kind: z.literal('consolidate'),
  v1: slug,
  /** The Multi-select field it folds into. */
  v2: slug,
  /** The option that is present when the V1 Boolean was true. */
  option: slug,
  description: text,
});

const footnoteRule = z.strictObject({
  kind: z.literal('footnote'),
  v1: slug,
  /** V2 fields whose `footnotes` now hold the notes. */
  targets: z.array(slug).min(1),
  /** True when the targets are this table's inference, not published. */
  inferred: z.boolean(),
  description: text,
});

/** How a deleted field can be rebuilt for V1 code from V2 data. */
export const deriveSchema = z.discriminatedUnion('from', [
  /** Boolean: true when any of the fields has a non-empty `text`. */
  z.strictObject({ from: z.literal('anyNonEmpty'), fields: z.array(slug).min(1) }),
  /** The same `text` as another field. */
  z.strictObject({ from: z.literal('copy'), field: slug }),
  /** A constant Boolean. */
  z.strictObject({ from: z.literal('constant'), value: z.boolean() }),
  /** Boolean: true when the override list has an entry for this field in the state. */
  z.strictObject({ from: z.literal('overrides'), field: slug }),
]);

export const deletionCategorySchema = z.enum(['redundant', 'not-tracked', 'too-difficult', '2022-specific']);

const deleteRule = z.strictObject({
  kind: z.literal('delete'),
  v1: slug,
  category: deletionCategorySchema,
  format: v1FormatSchema.optional(),
  /** For redundant deletions: the field(s) to use instead. */
  replacement: z.array(slug).min(1).optional(),
  derive: deriveSchema.optional(),
  reason: text,
  description: text,
});

const unchangedRule = z.strictObject({
  kind: z.literal('unchanged'),
  v1: slug,
  /** False: seen in real code, named by neither table, presumed the same in V2. */
  verified: z.boolean(),
  format: v1FormatSchema.optional(),
  description: text,
});

const unknownRule = z.strictObject({
  kind: z.literal('unknown'),
  v1: slug,
  description: text,
});

export const slugRuleSchema = z.discriminatedUnion('kind', [
  renameRule,
  consolidateRule,
  footnoteRule,
  deleteRule,
  unchangedRule,
  unknownRule,
]);

export const v2FieldSchema = z.strictObject({
  slug,
  format: v2FormatSchema,
  options: z.array(slug).min(1).optional(),
  /** False when only some of the options are known (V2 may have more). */
  optionsComplete: z.boolean().optional(),
  description: text,
});

export const propertyRuleSchema = z.strictObject({
  kind: z.literal('property'),
  /** Which object carries the property: a field descriptor or a state information item. */
  object: z.enum(['field', 'stateItem']),
  v1: z.string().regex(/^[a-z_]+$/),
  v2: z.string().regex(/^[a-z_]+$/),
  /** Only on items of this format (e.g. V1 `value` on Boolean items). */
  appliesToFormat: v2FormatSchema.optional(),
  description: text,
});

const pathTemplate = z.string().regex(/^\/v[12]\/[a-z/{}_]*\/$/, 'an endpoint path starts with /v1/ or /v2/ and ends with /');

export const endpointRuleSchema = z.strictObject({
  v1: pathTemplate,
  /** The V2 path, or null when V2 has no equivalent (a person must decide). */
  v2: pathTemplate.nullable(),
  auth: z.enum(['none', 'basic']),
  description: text,
});

export const formatRuleSchema = z.strictObject({
  v1: v1FormatSchema,
  v2: v2FormatSchema,
  note: text.optional(),
});

export const contradictionSchema = z.strictObject({
  v1: slug,
  /** The rule kinds the slug appears under in this table. */
  kinds: z.array(z.enum(['rename', 'consolidate', 'footnote', 'delete', 'unchanged', 'unknown'])).min(1),
  /** The kind that wins. */
  resolution: z.enum(['rename', 'consolidate', 'footnote', 'delete', 'unchanged', 'unknown']),
  warning: text,
});

export const mappingTableSchema = z.strictObject({
  $schema: z.string().optional(),
  tableVersion: z.literal(1),
  /** Hosts of the Civic Data API seen in customer code. */
  hosts: z.array(z.string().regex(/^[a-z0-9.-]+$/)).min(1),
  /** V2 fields the table knows details of (formats and option sets). */
  v2Fields: z.array(v2FieldSchema),
  slugs: z.array(slugRuleSchema),
  properties: z.array(propertyRuleSchema),
  endpoints: z.array(endpointRuleSchema),
  /** `/v1/` paths on the Civic hosts that belong to other services. */
  nonElectionPaths: z.array(z.string().regex(/^\/v1\/[a-z_/]*\/$/)),
  formats: z.array(formatRuleSchema),
  contradictions: z.array(contradictionSchema),
});

export type MappingTable = z.infer<typeof mappingTableSchema>;
export type SlugRule = z.infer<typeof slugRuleSchema>;
export type SlugRuleKind = SlugRule['kind'];
export type RenameRule = z.infer<typeof renameRule>;
export type ConsolidateRule = z.infer<typeof consolidateRule>;
export type FootnoteRule = z.infer<typeof footnoteRule>;
export type DeleteRule = z.infer<typeof deleteRule>;
export type UnchangedRule = z.infer<typeof unchangedRule>;
export type UnknownRule = z.infer<typeof unknownRule>;
export type Derive = z.infer<typeof deriveSchema>;
export type V2Field = z.infer<typeof v2FieldSchema>;
export type PropertyRule = z.infer<typeof propertyRuleSchema>;
export type EndpointRule = z.infer<typeof endpointRuleSchema>;
export type FormatRule = z.infer<typeof formatRuleSchema>;
export type Contradiction = z.infer<typeof contradictionSchema>;
export type V1Format = z.infer<typeof v1FormatSchema>;
export type V2Format = z.infer<typeof v2FormatSchema>;
