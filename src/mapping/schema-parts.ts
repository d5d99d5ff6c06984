import { z } from 'zod';
import { once } from '../once.js';

/**
 * The zod pieces every table section shares. The rule kinds (`src/rules/*`) build their row
 * schemas from these; `schema.ts` assembles the table.
 */

/** A field slug: lower-case letters, digits and underscores (V1 had `2020_*` slugs, so a digit may lead). */
export const slug = once(() => z.string().regex(/^[a-z0-9][a-z0-9_]*$/, 'a slug is lower-case letters, digits and underscores'));
export const text = once(() => z.string().min(1));

/** V1 formats the server used (`Markdown`, `Boolean`, `URL`, `Date`) and the older docs' names. */
export const v1FormatSchema = once(() => z.enum(['Markdown', 'Boolean', 'URL', 'Date', 'Text', 'Phone', 'Email']));
/** The V2 formats, as the table's schema and the payload checks name them. */
export const V2_FORMATS = ['Boolean', 'Date', 'Markdown', 'Multi-select', 'Single-select', 'URL'] as const;
export const v2FormatSchema = once(() => z.enum(V2_FORMATS));

export type V1Format = z.infer<ReturnType<typeof v1FormatSchema>>;
export type V2Format = z.infer<ReturnType<typeof v2FormatSchema>>;

/** How sure the table is of a claim: a source states it, it is inferred (the row says from what), or nobody knows. */
export const certaintySchema = once(() => z.enum(['known', 'inferred', 'unknown']));
export type Certainty = z.infer<ReturnType<typeof certaintySchema>>;

/** A V2 field the table declares: its format and, for a select, its options. */
export const v2FieldSchema = once(() =>
  z.strictObject({
    slug: slug(),
    format: v2FormatSchema(),
    options: z.array(slug()).min(1).optional(),
    /** False when only some of the options are known (V2 may have more). */
    optionsComplete: z.boolean().optional(),
    description: text(),
  }),
);
export type V2Field = z.infer<ReturnType<typeof v2FieldSchema>>;
