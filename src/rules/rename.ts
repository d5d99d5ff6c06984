import { z } from 'zod';
import type { V1Format } from '../mapping/schema-parts.js';
import { certaintySchema, slug, text, v1FormatSchema, v2FormatSchema } from '../mapping/schema-parts.js';
import { once } from '../once.js';
import { note } from '../vocabulary/notes.js';
import { code } from './format.js';
import type { SlugKind, TableView } from './kind.js';

/** A V1 slug with a new name in V2: same field, same item, another `field_type`. */
export const renameSchema = once(() =>
  z.strictObject({
    kind: z.literal('rename'),
    v1: slug(),
    v2: slug(),
    /** The V1 format, where a source gives it or it is inferred; absent when unknown. */
    format: v1FormatSchema().optional(),
    /** The V2 format the table believes, where it has grounds (`basis`); absent when unknown. */
    v2Format: v2FormatSchema().optional(),
    /**
     * How sure the format claims are: `known` (a source states both formats), `inferred` (from
     * `basis`: SPEC's naming conventions, the 2020 docs), `unknown` (SPEC gives only the new name;
     * also when absent).
     */
    formatCertainty: certaintySchema().optional(),
    /** Where the format claims come from. */
    basis: text().optional(),
    /** What to do, in code (the headline says what changed). */
    description: text(),
  }),
);
export type RenameRule = z.infer<ReturnType<typeof renameSchema>>;

export const rename: SlugKind<RenameRule> = {
  kind: 'rename',
  get schema() {
    return renameSchema();
  },
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
  advice: (rule, m) => `${rule.description} ${formatSentence(rule, m)}`,
  describeOrigin: (origin) => `renamed from V1 ${code(origin.v1)}`,
  guide: {
    title: (n) => `Renamed slugs (${n})`,
    columns: ['V1 slug', 'V2 slug', 'Format', 'Fixed by', 'What to do'],
    row: (r, by, advice) => [
      code(r.v1),
      code(r.v2),
      `${r.format ?? '?'} → ${r.v2Format ?? '?'} (${r.formatCertainty ?? 'unknown'})`,
      by,
      advice + (r.warning ? ` **Warning:** ${r.warning}` : ''),
    ],
  },

  payload: (rule) => ({ fate: 'carried', v2: rule.v2, known: true }),

  codemod: (rule, place, m) => {
    if (place !== 'code') return { kind: 'mark', note: note('renamed-elsewhere', { v1: rule.v1, v2: rule.v2, place }) };
    const also = formatChange(rule, m);
    return { kind: 'rename', to: rule.v2, ...(also ? { also } : {}) };
  },
  report: { kind: 'rename', replacement: (rule) => rule.v2 },
};

const v2Of = (format: V1Format | undefined, m?: TableView) => (format ? (m?.formats.get(format) ?? format) : undefined);

/**
 * V1 and V2 formats that the table has grounds to call different, a V1 format read as what the
 * server sent (the older docs' Text, Phone and Email were Markdown): code reading `text` may break.
 */
function formatChange(rule: RenameRule, m?: TableView) {
  const to = rule.v2Format;
  if (!rule.format || !to || v2Of(rule.format, m) === to) return undefined;
  return note('format-may-change', { v1: rule.v1, v2: rule.v2, from: rule.format, to, basis: rule.basis ?? '' });
}

/** What the table knows of the field's format across the rename, as sure as it is and no surer. */
function formatSentence(rule: RenameRule, m?: TableView): string {
  const from = v2Of(rule.format, m);
  const to = rule.v2Format;
  const grounds = rule.basis?.replace(/\.$/, '');
  const basis = grounds === undefined ? '' : `: ${grounds}`;
  const changes = formatChange(rule, m) !== undefined;
  switch (rule.formatCertainty) {
    case 'known': {
      const source = grounds === undefined ? '' : ` (${grounds})`;
      if (changes) return `Its format changes from ${from} to ${to}${source}, so check how the code reads its \`text\`.`;
      return `Its format stays ${to ?? from}${source}.`;
    }
    case 'inferred':
      if (changes)
        return `Its format likely changes from ${from} to ${to}, so check how the code reads its \`text\` (inferred${basis}).`;
      if (!from && to)
        return `V2's field is presumably ${to} and V1's format is not known, so check how the code reads its \`text\` (inferred${basis}).`;
      return `Its format is presumably still ${to ?? from} (inferred${basis}).`;
    default: // 'unknown', or no claim
      return 'Whether its format or meaning changed is not known (SPEC gives only the new name): check the V2 field list before relying on its `text`.';
  }
}
