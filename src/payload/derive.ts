import type { DeleteRule, Derive } from '../mapping/schema.js';
import { assertNever } from '../mapping/validate.js';
import type { Plan } from './plan.js';
import type { RegionalOverride, V1StateItem } from './schemas.js';
import { stateCodeOf } from './states.js';
import { boolText, compareTimes, EPOCH } from './values.js';

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
  readonly plan: Plan;
  /** A V2 item by V2 slug (text and modified_at are all that is read). */
  item(slug: string): { readonly text: string; readonly modified_at: string } | undefined;
  readonly code: string;
  readonly name: string;
  readonly overrides: OverrideIndex | undefined;
  /** The latest `modified_at` of the record (for values that depend on no one item); computed on demand. */
  latest(): string | undefined;
}

/**
 * The result; `from` and `why` are the same string for every record (built once per table row), so
 * callers can memoize the messages they make from them.
 */
export type Restored =
  | { readonly how: 'derived'; readonly item: V1StateItem; readonly from: string }
  | { readonly how: 'emptied'; readonly item: V1StateItem; readonly why: string };

/** How a rule derives its value (`from`) and why it could not (`missing`), in words. */
interface Words {
  readonly from: string;
  readonly missing: string;
}

const NOTHING = 'V2 has nothing to derive it from';

function wordsFor(derive: Derive): Words {
  switch (derive.from) {
    case 'anyNonEmpty':
      return {
        from: `"True" when ${derive.fields.join(' or ')} has data`,
        missing: `none of ${derive.fields.join(', ')} is in the record`,
      };
    case 'copy':
      return { from: `copied from ${derive.field}`, missing: `${derive.field} is not in the record` };
    case 'constant':
      return { from: `always "${boolText(derive.value)}"`, missing: NOTHING };
    case 'overrides':
      return {
        from: `"True" when the override list has ${derive.field} overrides for the state`,
        missing: `it is derived from ${derive.field} overrides: pass the V2 override list`,
      };
    default:
      return assertNever(derive);
  }
}

const wordCache = new WeakMap<Derive, Words>();

function wordsOf(derive: Derive): Words {
  let words = wordCache.get(derive);
  if (!words) {
    words = wordsFor(derive);
    wordCache.set(derive, words);
  }
  return words;
}

/** A derived value and the time of the items it came from (undefined: none). */
interface Value {
  readonly text: string;
  readonly time: string | undefined;
}

/** The derived value, or undefined when the record lacks what it is derived from. */
function evaluate(derive: Derive, ctx: DeriveContext): Value | undefined {
  const { plan } = ctx;
  switch (derive.from) {
    case 'anyNonEmpty': {
      let found = false;
      let data = false;
      let time: string | undefined;
      for (const slug of derive.fields) {
        const item = ctx.item(plan.v2NameOf(slug));
        if (item === undefined) continue;
        found = true;
        if (!data && item.text.trim() !== '') data = true;
        if (time === undefined || compareTimes(item.modified_at, time) > 0) time = item.modified_at;
      }
      return found ? { text: boolText(data), time } : undefined;
    }
    case 'copy': {
      const item = ctx.item(plan.v2NameOf(derive.field));
      return item ? { text: item.text, time: item.modified_at } : undefined;
    }
    case 'constant':
      return { text: boolText(derive.value), time: undefined };
    case 'overrides':
      if (!ctx.overrides) return undefined;
      return {
        text: boolText(ctx.overrides.has(plan.v2NameOf(derive.field), stateCodeOf(ctx.code) ?? ctx.code)),
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
export function restoreDeleted(rule: DeleteRule, ctx: DeriveContext): Restored {
  const boolean = ctx.plan.v2FormatOfV1(rule.v1) === 'Boolean';
  const value = rule.derive ? evaluate(rule.derive, ctx) : undefined;
  if (value === undefined) {
    const item: V1StateItem = boolean
      ? { text: '', field_type: rule.v1, modified_at: ctx.latest() ?? EPOCH, value: false }
      : { text: '', field_type: rule.v1, modified_at: ctx.latest() ?? EPOCH };
    return { how: 'emptied', item, why: rule.derive ? wordsOf(rule.derive).missing : NOTHING };
  }
  const modified = value.time ?? ctx.latest() ?? EPOCH;
  const item: V1StateItem = boolean
    ? { text: value.text, field_type: rule.v1, modified_at: modified, value: value.text === boolText(true) }
    : { text: value.text, field_type: rule.v1, modified_at: modified };
  return { how: 'derived', item, from: wordsOf(rule.derive as Derive).from };
}
