import { z } from 'zod';
import { note } from '../codemod/notes.js';
import { slug, text } from '../mapping/schema-parts.js';
import { code } from './format.js';
import type { SlugKind } from './kind.js';

/** A V1 slug that neither V2 table names and that V2 does not have: a person decides. */
export const unknownSchema = z.strictObject({
  kind: z.literal('unknown'),
  v1: slug,
  description: text,
});
export type UnknownRule = z.infer<typeof unknownSchema>;

export const unknown: SlugKind<UnknownRule> = {
  kind: 'unknown',
  schema: unknownSchema,
  index: () => ({ declares: [], origins: [], replacesV1: false, actionable: true, v1Format: undefined }),
  validate: () => {},

  fixedBy: 'person',
  headline: (rule) => `V1 ${code(rule.v1)} has no known fate in V2.`,
  describeOrigin: () => '',
  guide: {
    title: (n) => `V1 slugs with no known V2 fate (${n})`,
    columns: ['V1 slug', 'Fixed by', 'What to do'],
    row: (r, by) => [code(r.v1), by, r.description],
  },

  codemod: (rule, place) => ({ kind: 'mark', note: note('unknown-fate', { v1: rule.v1, advice: rule.description, place }) }),
  report: { kind: 'unknown-slug', replacement: () => null },
};
