import { z } from 'zod';
import { slug, text } from '../mapping/schema-parts.js';
import { once } from '../once.js';
import { note } from '../vocabulary/notes.js';
import { code } from './format.js';
import type { SlugKind } from './kind.js';

/** A V1 slug that neither V2 table names and that V2 does not have: a person decides. */
export const unknownSchema = once(() =>
  z.strictObject({
    kind: z.literal('unknown'),
    v1: slug(),
    /** What became of it, where the sources say more than nothing (`was a 2020-cycle field, gone in V2`). */
    fate: text().optional(),
    /** The V1 field the sources pair it with (a 2020 field's generic field), when they do. */
    counterpart: slug().optional(),
    /** How the pairing is known, as a phrase (`as the 2020 V1 docs say (…)`). */
    counterpartBasis: text().optional(),
    description: text(),
  }),
);
export type UnknownRule = z.infer<ReturnType<typeof unknownSchema>>;

export const unknown: SlugKind<UnknownRule> = {
  kind: 'unknown',
  get schema() {
    return unknownSchema();
  },
  index: () => ({ declares: [], origins: [], replacesV1: false, actionable: true, v1Format: undefined }),
  validate(rule, ctx) {
    if (rule.counterpart !== undefined) ctx.requireV1(rule.counterpart, 'counterpart');
    if (rule.counterpartBasis !== undefined && rule.counterpart === undefined)
      ctx.fail('"counterpartBasis" without a "counterpart"');
  },

  fixedBy: 'person',
  headline: (rule) => `V1 ${code(rule.v1)} ${rule.fate ?? 'has no known fate in V2'}.`,
  advice: (rule, m) => {
    if (!rule.counterpart) return rule.description;
    const v2 = m.v2SlugsOf(rule.counterpart)[0];
    const now = v2 && v2 !== rule.counterpart ? ` (V2 ${code(v2)})` : v2 ? ' (the same slug in V2)' : '';
    const basis = rule.counterpartBasis ? `, its generic counterpart ${rule.counterpartBasis.replace(/\.$/, '')}` : '';
    return `Read ${code(rule.counterpart)}${now} instead${basis}. ${rule.description}`;
  },
  describeOrigin: () => '',
  guide: {
    title: (n) => `V1 slugs with no known V2 fate (${n})`,
    columns: ['V1 slug', 'Fixed by', 'What to do'],
    row: (r, by, advice) => [code(r.v1), by, advice],
  },

  payload: (rule) => ({ fate: 'carried', v2: rule.v1, known: false }),

  codemod: (rule, place, m) => ({
    kind: 'mark',
    note: note('unknown-fate', { v1: rule.v1, fate: rule.fate, advice: unknown.advice(rule, m), place }),
  }),
  report: { kind: 'unknown-slug', replacement: () => null },
};
