import { z } from 'zod';
import { slug, text } from '../mapping/schema-parts.js';
import { once } from '../once.js';
import { note } from '../vocabulary/notes.js';
import { code, list } from './format.js';
import type { SlugKind } from './kind.js';

/** A V1 `*_notes` field whose text now stands in the `footnotes` of V2 fields. */
export const footnoteSchema = once(() =>
  z.strictObject({
    kind: z.literal('footnote'),
    v1: slug(),
    /** V2 fields whose `footnotes` now hold the notes. */
    targets: z.array(slug()).min(1),
    /** True when the targets are this table's inference, not published. */
    inferred: z.boolean(),
    description: text(),
  }),
);
export type FootnoteRule = z.infer<ReturnType<typeof footnoteSchema>>;

export const footnote: SlugKind<FootnoteRule> = {
  kind: 'footnote',
  get schema() {
    return footnoteSchema();
  },
  index: (rule) => ({
    declares: [],
    origins: rule.targets.map((target) => ({ slug: target, origin: { kind: 'footnote', v1: rule.v1 } as const })),
    replacesV1: true,
    actionable: true,
    v1Format: undefined,
    footnoteTargets: rule.targets,
  }),
  validate(rule, ctx) {
    const seen = new Set<string>();
    for (const target of rule.targets) {
      if (seen.has(target)) ctx.fail(`footnote target "${target}" is listed twice`);
      seen.add(target);
    }
    for (const target of rule.targets) {
      ctx.requireV2(target, 'footnote target');
      ctx.claim('footnote target', target, (other) => `footnote target "${target}" already receives ${other}'s notes`);
    }
  },

  fixedBy: 'person',
  headline: (rule) =>
    `V1 ${code(rule.v1)} moved into the footnotes of ${list(rule.targets)}${rule.inferred ? ' (targets inferred)' : ''}.`,
  advice: (rule) => rule.description,
  describeOrigin: (origin) => `its footnotes hold the former V1 ${code(origin.v1)}`,
  guide: {
    title: (n) => `Notes moved into footnotes (${n})`,
    columns: ['V1 slug', 'Footnotes now on', 'Fixed by', 'What to do'],
    row: (r, by, advice) => [code(r.v1), r.targets.map(code).join(', ') + (r.inferred ? ' (inferred)' : ''), by, advice],
  },

  payload: (rule) => ({ fate: 'footnotes', targets: rule.targets, inferred: rule.inferred }),

  codemod: (rule, place) => ({
    kind: 'mark',
    note: note('footnote', { v1: rule.v1, targets: rule.targets, inferred: rule.inferred, place }),
  }),
  report: { kind: 'footnote', replacement: () => null },
};
