import { note } from '../vocabulary/notes.js';
import { type DeleteRule, type Derive, deleteSchema } from './delete-schema.js';
import { code } from './format.js';
import type { SlugKind } from './kind.js';

export { type DeleteRule, type Derive, deleteSchema, deletionCategorySchema, deriveSchema } from './delete-schema.js';

export const deleted: SlugKind<DeleteRule> = {
  kind: 'delete',
  get schema() {
    return deleteSchema();
  },
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

/** The V2 fields a derive rule reads. */
const deriveSources = (derive: Derive): string[] =>
  derive.from === 'anyNonEmpty' ? derive.fields : derive.from === 'constant' ? [] : [derive.field];
