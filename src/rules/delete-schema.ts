import { z } from 'zod';
import { slug, text, v1FormatSchema } from '../mapping/schema-parts.js';
import { once } from '../once.js';

/**
 * A deleted field's row: its schema and type alone, so that what every kind shares (`kind.ts`'s
 * payload fate) can name it without importing the kind.
 */

/** How a deleted field can be rebuilt for V1 code from V2 data. */
export const deriveSchema = once(() =>
  z.discriminatedUnion('from', [
    /** Boolean: true when any of the fields has a non-empty `text`. */
    z.strictObject({ from: z.literal('anyNonEmpty'), fields: z.array(slug()).min(1) }),
    /** The same `text` as another field. */
    z.strictObject({ from: z.literal('copy'), field: slug() }),
    /** A constant Boolean. */
    z.strictObject({ from: z.literal('constant'), value: z.boolean() }),
    /** Boolean: true when the override list has an entry for this field in the state. */
    z.strictObject({ from: z.literal('overrides'), field: slug() }),
  ]),
);
export type Derive = z.infer<ReturnType<typeof deriveSchema>>;

export const deletionCategorySchema = once(() => z.enum(['redundant', 'not-tracked', 'too-difficult', '2022-specific']));

/** A V1 slug V2 deleted; some can be rebuilt from V2 data (`derive`). */
export const deleteSchema = once(() =>
  z.strictObject({
    kind: z.literal('delete'),
    v1: slug(),
    category: deletionCategorySchema(),
    format: v1FormatSchema().optional(),
    /** The field(s) to use instead (V2 slugs). */
    replacement: z.array(slug()).min(1).optional(),
    /** Present when `replacement` is the table's inference, not SPEC's: from what. */
    replacementBasis: text().optional(),
    derive: deriveSchema().optional(),
    reason: text(),
    description: text(),
  }),
);
export type DeleteRule = z.infer<ReturnType<typeof deleteSchema>>;
