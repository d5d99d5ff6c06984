import { z } from 'zod';
import { note } from '../codemod/notes.js';
import { slug, text, v1FormatSchema } from '../mapping/schema-parts.js';
import { code } from './format.js';
import type { SlugKind } from './kind.js';

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
export type Derive = z.infer<typeof deriveSchema>;

export const deletionCategorySchema = z.enum(['redundant', 'not-tracked', 'too-difficult', '2022-specific']);

/** A V1 slug V2 deleted; some can be rebuilt from V2 data (`derive`). */
export const deleteSchema = z.strictObject({
  kind: z.literal('delete'),
  v1: slug,
  category: deletionCategorySchema,
  format: v1FormatSchema.optional(),
  /** The field(s) to use instead (V2 slugs). */
  replacement: z.array(slug).min(1).optional(),
  /** Present when `replacement` is the table's inference, not SPEC's: from what. */
  replacementBasis: text.optional(),
  derive: deriveSchema.optional(),
  reason: text,
  description: text,
});
export type DeleteRule = z.infer<typeof deleteSchema>;

/** The V2 fields a derive rule reads. */
const deriveSources = (derive: Derive): string[] =>
  derive.from === 'anyNonEmpty' ? derive.fields : derive.from === 'constant' ? [] : [derive.field];

export const deleted: SlugKind<DeleteRule> = {
  kind: 'delete',
  schema: deleteSchema,
  index: (rule) => ({ declares: [], origins: [], replacesV1: true, actionable: true, v1Format: rule.format }),
  validate(rule, ctx) {
    if (!ctx.inContradiction) for (const r of rule.replacement ?? []) ctx.requireV2(r, 'replacement');
    if (rule.derive) for (const f of deriveSources(rule.derive)) ctx.requireV2(f, 'derive field');
    if (rule.replacementBasis !== undefined && rule.replacement === undefined)
      ctx.fail('"replacementBasis" without a "replacement"');
  },

  fixedBy: 'person',
  headline: (rule) => `V1 ${code(rule.v1)} is deleted in V2 (${rule.category}): ${rule.reason}`,
  advice: (rule) =>
    rule.replacementBasis
      ? `${rule.description} The replacement is ${rule.replacementBasis.replace(/\.$/, '')}.`
      : rule.description,
  describeOrigin: () => '',
  guide: {
    title: (n) => `Deleted slugs (${n})`,
    columns: ['V1 slug', 'Category', 'Use instead', 'Fixed by', 'What to do'],
    row: (r, by, advice) => [
      code(r.v1),
      r.category,
      (r.replacement ?? []).map(code).join(', ') + (r.replacementBasis ? ' (inferred)' : '') || '—',
      by,
      advice + (r.warning ? ` **Warning:** ${r.warning}` : ''),
    ],
  },

  payload: (rule) => ({ fate: 'deleted', rule }),

  codemod: (rule, place, m) => ({
    kind: 'mark',
    note: note('deleted', { v1: rule.v1, category: rule.category, reason: rule.reason, advice: deleted.advice(rule, m), place }),
  }),
  report: { kind: 'delete', replacement: () => null },
};
