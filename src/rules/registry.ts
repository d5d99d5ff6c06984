import { z } from 'zod';
import { once } from '../once.js';
import { consolidate } from './consolidate.js';
import { deleted } from './delete.js';
import { footnote } from './footnote.js';
import type { SlugKind } from './kind.js';
import { rename } from './rename.js';
import { unchanged } from './unchanged.js';
import { unknown } from './unknown.js';

/**
 * The rule kinds of the table's `slugs` section, in the order the guide lists them. A new kind is
 * a module beside these (a `SlugKind`, which the compiler holds to every facet) and one line
 * here: every tool asks the kind (`kindOf(rule)`) instead of switching on it.
 */
export const SLUG_KINDS = {
  rename,
  consolidate,
  footnote,
  delete: deleted,
  unknown,
  unchanged,
} as const;

type Registry = typeof SLUG_KINDS;
export type SlugRuleKind = keyof Registry;
/** A row of the table's `slugs` section. */
export type SlugRule = { [K in SlugRuleKind]: z.output<Registry[K]['schema']> }[SlugRuleKind];

/** Every kind's name, in registry order. */
export const SLUG_RULE_KINDS = Object.keys(SLUG_KINDS) as SlugRuleKind[];

/** The union of the kinds' row schemas. */
export const slugRuleSchema: () => z.ZodType<SlugRule, SlugRule> = once(
  () =>
    z.discriminatedUnion(
      'kind',
      Object.values(SLUG_KINDS).map((k) => k.schema) as unknown as [z.ZodObject],
    ) as unknown as z.ZodType<SlugRule, SlugRule>,
);

/** The behaviour of a row's kind. */
export function kindOf<R extends SlugRule>(rule: R): SlugKind<R> {
  return SLUG_KINDS[rule.kind as SlugRuleKind] as unknown as SlugKind<R>;
}
