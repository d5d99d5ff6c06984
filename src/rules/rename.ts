import { z } from 'zod';
import { note } from '../codemod/notes.js';
import { slug, text, v1FormatSchema } from '../mapping/schema-parts.js';
import { code } from './format.js';
import type { SlugKind } from './kind.js';

/** A V1 slug with a new name in V2: same field, same item, another `field_type`. */
export const renameSchema = z.strictObject({
  kind: z.literal('rename'),
  v1: slug,
  v2: slug,
  /** Format when the naming conventions or SPEC state it; absent when unknown. */
  format: v1FormatSchema.optional(),
  description: text,
});
export type RenameRule = z.infer<typeof renameSchema>;

export const rename: SlugKind<RenameRule> = {
  kind: 'rename',
  schema: renameSchema,
  index: (rule) => ({
    declares: [rule.v2],
    origins: [{ slug: rule.v2, origin: { kind: 'rename', v1: rule.v1 } }],
    replacesV1: true,
    actionable: true,
    v1Format: rule.format,
  }),
  validate(rule, ctx) {
    if (rule.v2 === rule.v1) ctx.fail(`renames "${rule.v1}" to itself; use kind "unchanged"`);
    if (ctx.isReplacedV1(rule.v2)) ctx.fail(`chain: target "${rule.v2}" is itself a migrated V1 slug`);
    ctx.claim('rename target', rule.v2, (other) => `duplicate target: ${other} is also renamed to "${rule.v2}"`);
  },

  fixedBy: 'codemod',
  headline: (rule) => `V1 ${code(rule.v1)} is V2 ${code(rule.v2)} (renamed).`,
  describeOrigin: (origin) => `renamed from V1 ${code(origin.v1)}`,
  guide: {
    title: (n) => `Renamed slugs (${n})`,
    columns: ['V1 slug', 'V2 slug', 'Fixed by', 'What to do'],
    row: (r, by) => [code(r.v1), code(r.v2), by, r.description + (r.warning ? ` **Warning:** ${r.warning}` : '')],
  },

  codemod: (rule, place) =>
    place === 'code'
      ? { kind: 'rename', to: rule.v2 }
      : { kind: 'mark', note: note('renamed-elsewhere', { v1: rule.v1, v2: rule.v2, place }) },
  report: { kind: 'rename', replacement: (rule) => rule.v2 },
};
