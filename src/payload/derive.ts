import { assertNever } from '../errors.js';
import type { DeleteRule, Derive } from '../mapping/schema.js';
import type { Content } from './codec.js';
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

/** A V1 field V2 deleted, with what restoring it needs (built once per table: `Plan.deletes`). */
export interface DeletedField {
  readonly rule: DeleteRule & { readonly warning?: string };
  /** A Boolean in V1 (restored with `value`). */
  readonly boolean: boolean;
  /** The V2 slugs of the items it is derived from (`anyNonEmpty`, `copy`). */
  readonly sources: readonly string[];
  /** The V2 slug whose overrides it is derived from (`overrides`). */
  readonly overridesOf: string | undefined;
  /** How it is derived, and why it could not be, in words. */
  readonly words: Words;
}

/** The restoring plan of a deleted field. */
export function deletedField(
  rule: DeleteRule & { readonly warning?: string },
  boolean: boolean,
  v2NameOf: (slug: string) => string,
): DeletedField {
  const derive = rule.derive;
  const inputs = derive?.from === 'anyNonEmpty' ? derive.fields : derive?.from === 'copy' ? [derive.field] : [];
  return {
    rule,
    boolean,
    sources: inputs.map(v2NameOf),
    overridesOf: derive?.from === 'overrides' ? v2NameOf(derive.field) : undefined,
    words: derive ? wordsFor(derive) : { from: NOTHING, missing: NOTHING },
  };
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

/** How a rule derives its value (`from`) and why it could not (`missing`), in words. */
export interface Words {
  readonly from: string;
  readonly missing: string;
}

const NOTHING = 'V2 has nothing to derive it from';

function wordsFor(derive: Derive): Words {
  switch (derive.from) {
    case 'anyNonEmpty':
      return {
        from: `"True" when ${derive.fields.join(' or ')} has data (not empty, not "N/A")`,
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
