import { z } from 'zod';
import { slug, text, v1FormatSchema } from '../mapping/schema-parts.js';
import { once } from '../once.js';
import { code } from './format.js';
import type { SlugKind } from './kind.js';

/** A V1 slug seen in real code that neither V2 table names: presumed the same in V2. */
export const unchangedSchema = once(() =>
  z.strictObject({
    kind: z.literal('unchanged'),
    v1: slug(),
    /** False: seen in real code, named by neither table, presumed the same in V2. */
    verified: z.boolean(),
    format: v1FormatSchema().optional(),
    description: text(),
  }),
);
export type UnchangedRule = z.infer<ReturnType<typeof unchangedSchema>>;

export const unchanged: SlugKind<UnchangedRule> = {
  kind: 'unchanged',
  get schema() {
    return unchangedSchema();
  },
  index: (rule) => ({
    declares: [rule.v1],
    origins: [{ slug: rule.v1, origin: { kind: 'unchanged', v1: rule.v1 } }],
    replacesV1: false,
    actionable: false,
    v1Format: rule.format,
  }),
  validate: () => {},

  fixedBy: 'nothing',
  headline: (rule) =>
    `V1 ${code(rule.v1)} is named by neither migration table: presumed the same slug in V2${rule.verified ? ' (checked against V2 data)' : ' (unverified)'}.`,
  advice: (rule) => rule.description,
  describeOrigin: () => 'the same slug as in V1 (presumed unchanged)',
  guide: {
    title: (n) => `V1 slugs presumed unchanged (${n})`,
    intro: ['Named by neither migration table; seen in real code and presumed the same in V2 (unverified).', ''],
    columns: ['Slug', 'Verified'],
    row: (r) => [code(r.v1), r.verified ? 'yes' : 'no'],
  },

  payload: (rule) => ({ fate: 'carried', v2: rule.v1, known: true }),

  codemod: () => ({ kind: 'none' }),
  report: undefined,
};
