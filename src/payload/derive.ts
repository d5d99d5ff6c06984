import { assertNever } from '../errors.js';
import type { Derive } from '../mapping/schema.js';
import type { Content } from './codec.js';
import type { DeletedField } from './deleted.js';
import type { RegionalOverride } from './schemas.js';
import { stateCodeOf } from './states.js';
import type { Plan } from './steps.js';
import { boolText, compareTimes, EPOCH, hasData } from './values.js';

/** The override list given as an option, indexed: which states have overrides for a V2 slug. */
export interface OverrideIndex {
  has(v2Slug: string, stateCode: string): boolean;
}

/** Indexes an override list for `derive: overrides` (V1 or V2 slugs, state codes or names). */
export function indexOverrides(plan: Plan, overrides: readonly RegionalOverride[]): OverrideIndex {
  const states = new Map<string, Set<string>>();
  for (const o of overrides) {
    const slug = plan.v2NameOf(o.field.slug);
    let codes = states.get(slug);
    if (!codes) {
      codes = new Set();
      states.set(slug, codes);
    }
    codes.add(stateCodeOf(o.state) ?? o.state);
  }
  return { has: (v2Slug, stateCode) => states.get(v2Slug)?.has(stateCode) === true };
}

/** What a V2 record offers to rebuild deleted V1 fields. */
export interface DeriveContext {
  /** A V2 item by V2 slug (text and modified_at are all that is read). */
  item(slug: string): { readonly text: string; readonly modified_at: string } | undefined;
  readonly code: string;
  readonly name: string;
  readonly overrides: OverrideIndex | undefined;
  /** The latest `modified_at` of the record (for values that depend on no one item); computed on demand. */
  latest(): string | undefined;
}

/** The restored item's content and time, and how it was derived (`from`) or why it could not be (`why`), in words. */
export type Restored = {
  /** What the V1 item says (`bool` on Booleans) and its time. */
  readonly content: Content;
  readonly modifiedAt: string;
} & ({ readonly how: 'derived'; readonly from: string } | { readonly how: 'emptied'; readonly why: string });

/** A derived value and the time of the items it came from (undefined: none). */
interface Value {
  readonly text: string;
  readonly time: string | undefined;
}

/** The derived value, or undefined when the record lacks what it is derived from. */
function evaluate(field: DeletedField, derive: Derive, ctx: DeriveContext): Value | undefined {
  switch (derive.from) {
    case 'anyNonEmpty': {
      let found = false;
      let data = false;
      let time: string | undefined;
      for (const slug of field.sources) {
        const item = ctx.item(slug);
        if (item === undefined) continue;
        found = true;
        if (!data && hasData(item.text)) data = true;
        if (time === undefined || compareTimes(item.modified_at, time) > 0) time = item.modified_at;
      }
      return found ? { text: boolText(data), time } : undefined;
    }
    case 'copy': {
      const source = field.sources[0];
      const item = source && ctx.item(source);
      return item ? { text: item.text, time: item.modified_at } : undefined;
    }
    case 'constant':
      return { text: boolText(derive.value), time: undefined };
    case 'overrides':
      if (!ctx.overrides) return undefined;
      return {
        text: boolText(ctx.overrides.has(field.overridesOf as string, stateCodeOf(ctx.code) ?? ctx.code)),
        time: undefined,
      };
    default:
      return assertNever(derive);
  }
}

/**
 * The V1 item for a field V2 deleted: derived where the table says how (`derive`), else V1's empty
 * value (`text: ""`, plus `value: false` on Booleans).
 */
export function restoreDeleted(field: DeletedField, ctx: DeriveContext): Restored {
  const value = field.rule.derive ? evaluate(field, field.rule.derive, ctx) : undefined;
  if (value === undefined) {
    const content: Content = field.boolean ? { text: '', bool: false } : { text: '' };
    return { how: 'emptied', content, modifiedAt: ctx.latest() ?? EPOCH, why: field.words.missing };
  }
  const content: Content = field.boolean ? { text: value.text, bool: value.text === boolText(true) } : { text: value.text };
  return { how: 'derived', content, modifiedAt: value.time ?? ctx.latest() ?? EPOCH, from: field.words.from };
}

export type { DeletedField } from './deleted.js';
