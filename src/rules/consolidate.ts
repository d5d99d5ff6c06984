import { z } from 'zod';
import { slug, text } from '../mapping/schema-parts.js';
import { once } from '../once.js';
import { note } from '../vocabulary/notes.js';
import { code } from './format.js';
import type { SlugKind } from './kind.js';

/** A V1 Boolean folded into one option of a V2 Multi-select field. */
export const consolidateSchema = once(() =>
  z.strictObject({
    kind: z.literal('consolidate'),
    v1: slug(),
    /** The Multi-select field it folds into. */
    v2: slug(),
    /** The option that is present when the V1 Boolean was true. */
    option: slug(),
    description: text(),
  }),
);
export type ConsolidateRule = z.infer<ReturnType<typeof consolidateSchema>>;

export const consolidate: SlugKind<ConsolidateRule> = {
  kind: 'consolidate',
  get schema() {
    return consolidateSchema();
  },
  index: (rule) => ({
    declares: [rule.v2],
    origins: [{ slug: rule.v2, origin: { kind: 'consolidate', v1: rule.v1, option: rule.option } }],
    replacesV1: true,
    actionable: true,
    v1Format: 'Boolean',
    consolidation: { v2: rule.v2, option: rule.option },
  }),
  validate(rule, ctx) {
    if (ctx.isReplacedV1(rule.v2)) ctx.fail(`chain: target "${rule.v2}" is itself a migrated V1 slug`);
    const field = ctx.v2Field(rule.v2);
    if (field?.format !== 'Multi-select') ctx.fail(`target "${rule.v2}" is not a Multi-select field declared in "v2Fields"`);
    if (!field?.options?.includes(rule.option))
      ctx.fail(`option "${rule.option}" is not in the option set of "${rule.v2}" (${field?.options?.join(', ')})`);
    ctx.claim(
      'option',
      `${rule.v2}:${rule.option}`,
      (other) => `duplicate: ${other} already maps to "${rule.v2}" option "${rule.option}"`,
    );
  },

  fixedBy: 'person',
  headline: (rule) =>
    `V1 ${code(rule.v1)} is option ${code(rule.option)} of the V2 Multi-select field ${code(rule.v2)} (consolidated).`,
  advice: (rule) => rule.description,
  describeOrigin: (origin) => `option ${code(origin.option)} comes from the V1 Boolean ${code(origin.v1)}`,
  guide: {
    title: (n) => `Booleans consolidated into Multi-select fields (${n})`,
    columns: ['V1 slug', 'V2 field', 'Option', 'Fixed by', 'What to do'],
    row: (r, by, advice) => [code(r.v1), code(r.v2), code(r.option), by, advice],
    after: (m) => [
      'Option sets:',
      '',
      ...m.table.v2Fields.flatMap((f) =>
        f.options
          ? [
              `- ${code(f.slug)} (${f.format}): ${f.options.map(code).join(', ')}${f.optionsComplete === false ? ' — known options only; V2 may have more' : ''}`,
            ]
          : [],
      ),
      '',
    ],
  },

  payload: (rule) => ({ fate: 'option', v2: rule.v2, option: rule.option }),

  codemod: (rule, place) => ({
    kind: 'mark',
    note: note('consolidated', { v1: rule.v1, v2: rule.v2, option: rule.option, place }),
  }),
  report: { kind: 'consolidate', replacement: () => null },
};
