import { z } from 'zod';

/**
 * zod schemas for the Civic Data API payloads of both versions. They describe the wire shapes of
 * SPEC.md and are tolerant of what the real service sends (DOMAIN.md §2–3): unknown extra properties
 * are kept (loose objects), V1 `value` is accepted on items, V2 `footnotes`, `bool_value` and
 * `multiselect_value` may be absent or null.
 */

/** Any non-empty identifier: the adapter reports slugs it does not know, it does not reject them. */
export const slugSchema = z.string().min(1);
const slug = slugSchema;

/** ISO-8601 date-time, as the server sends `modified_at` (`2020-07-24T16:22:42Z`, with or without a fraction). */
const TIMESTAMP_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;
const timestamp = z.string().regex(TIMESTAMP_RE, 'expected an ISO-8601 date-time such as 2020-07-24T16:22:42Z');

// ─── Field lists ────────────────────────────────────────────────────────────────────────────────

/** V1 `GET /v1/election/field/` item. `field_format` is one of Markdown, Boolean, URL, Date (older docs: Text, Phone, Email). */
export const v1FieldDescriptorSchema = z.looseObject({
  slug,
  /** V1 name of `description`. */
  long_name: z.string(),
  field_format: z.string().min(1),
});

/** V2 `GET /v2/election/field/` item. `options` only for Multi-select and Single-select. */
export const v2FieldDescriptorSchema = z.looseObject({
  slug,
  description: z.string(),
  field_format: z.string().min(1),
  options: z.array(z.string().min(1)).nullish(),
});

export const v1FieldListSchema = z.array(v1FieldDescriptorSchema);
export const v2FieldListSchema = z.array(v2FieldDescriptorSchema);

// ─── State records ──────────────────────────────────────────────────────────────────────────────

/** V1 state information item. `value` (undocumented) is sent on Boolean items only. */
export const v1StateItemSchema = z.looseObject({
  text: z.string(),
  field_type: slug,
  modified_at: timestamp,
  value: z.boolean().optional(),
});

/**
 * V2 state information item. `bool_value` only on Boolean fields, `multiselect_value` only on
 * Multi-select fields; `footnotes` is a string ("" when none; null or absent tolerated on input).
 * An early V2 draft sent one `value` for every format: tolerated on input.
 */
export const v2StateItemSchema = z.looseObject({
  field_type: slug,
  text: z.string(),
  bool_value: z.boolean().nullish(),
  multiselect_value: z.array(z.string()).nullish(),
  footnotes: z.string().nullish(),
  modified_at: timestamp,
});

export const v1StateRecordSchema = z.looseObject({
  code: z.string(),
  name: z.string(),
  state_information: z.array(v1StateItemSchema),
});

export const v2StateRecordSchema = z.looseObject({
  code: z.string(),
  name: z.string(),
  state_information: z.array(v2StateItemSchema),
});

// ─── Regional overrides (V2 only) ───────────────────────────────────────────────────────────────

/** `state` is a code (`IL`) or a name (`Illinois`): the docs are ambiguous, both are accepted. */
export const regionalOverrideSchema = z.looseObject({
  state: z.string().min(1),
  region: z.looseObject({ name: z.string() }),
  field: z.looseObject({ slug }),
  value: z.string(),
});

export const overrideListSchema = z.array(regionalOverrideSchema);

export type V1FieldDescriptor = z.infer<typeof v1FieldDescriptorSchema>;
export type V2FieldDescriptor = z.infer<typeof v2FieldDescriptorSchema>;
export type V1StateItem = z.infer<typeof v1StateItemSchema>;
export type V2StateItem = z.infer<typeof v2StateItemSchema>;
export type V1StateRecord = z.infer<typeof v1StateRecordSchema>;
export type V2StateRecord = z.infer<typeof v2StateRecordSchema>;
export type RegionalOverride = z.infer<typeof regionalOverrideSchema>;

export type PayloadKind = 'fields' | 'state' | 'overrides';
export type PayloadVersion = 'v1' | 'v2';

export type V1Payload = V1FieldDescriptor[] | V1StateRecord | RegionalOverride[];
export type V2Payload = V2FieldDescriptor[] | V2StateRecord | RegionalOverride[];
