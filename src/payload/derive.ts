import type { DeleteRule, Derive } from '../mapping/schema.js';
import { assertNever } from '../mapping/validate.js';
import type { Plan } from './plan.js';
import type { RegionalOverride, V1StateItem } from './schemas.js';
import { stateCodeOf } from './states.js';
import { boolText, EPOCH, latestTime } from './values.js';

/** What a V2 record offers to rebuild deleted V1 fields. */
export interface DeriveContext {
  readonly plan: Plan;
  /** A V2 item by V2 slug (text and modified_at are all that is read). */
  item(slug: string): { readonly text: string; readonly modified_at: string } | undefined;
  readonly code: string;
  readonly name: string;
  readonly overrides: readonly RegionalOverride[] | undefined;
  /** The latest `modified_at` of the record (for values that depend on no one item); computed on demand. */
  latest(): string | undefined;
}

export type Restored =
  | { readonly how: 'derived'; readonly item: V1StateItem; readonly from: string }
  | { readonly how: 'emptied'; readonly item: V1StateItem; readonly why: string };

type Outcome = { text: string; times: string[]; from: string } | { missing: string };

function evaluate(derive: Derive, ctx: DeriveContext): Outcome {
  const get = (slug: string) => ctx.item(ctx.plan.v2NameOf(slug));
  switch (derive.from) {
    case 'anyNonEmpty': {
      const present = derive.fields.map(get).filter((i) => i !== undefined);
      if (present.length === 0) return { missing: `none of ${derive.fields.join(', ')} is in the record` };
      return {
        text: boolText(present.some((i) => i.text.trim() !== '')),
        times: present.map((i) => i.modified_at),
        from: `"True" when ${derive.fields.join(' or ')} has data`,
      };
    }
    case 'copy': {
      const item = get(derive.field);
      if (!item) return { missing: `${derive.field} is not in the record` };
      return { text: item.text, times: [item.modified_at], from: `copied from ${derive.field}` };
    }
    case 'constant':
      return { text: boolText(derive.value), times: [], from: `always "${boolText(derive.value)}"` };
    case 'overrides': {
      if (!ctx.overrides) return { missing: `it is derived from ${derive.field} overrides: pass the V2 override list` };
      const code = stateCodeOf(ctx.code) ?? ctx.code;
      const has = ctx.overrides.some(
        (o) => ctx.plan.v2NameOf(o.field.slug) === ctx.plan.v2NameOf(derive.field) && (stateCodeOf(o.state) ?? o.state) === code,
      );
      return {
        text: boolText(has),
        times: [],
        from: `"True" when the override list has ${derive.field} overrides for the state`,
      };
    }
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
  const outcome: Outcome = rule.derive ? evaluate(rule.derive, ctx) : NOTHING;
  if ('missing' in outcome) {
    const item: V1StateItem = boolean
      ? { text: '', field_type: rule.v1, modified_at: ctx.latest() ?? EPOCH, value: false }
      : { text: '', field_type: rule.v1, modified_at: ctx.latest() ?? EPOCH };
    return { how: 'emptied', item, why: outcome.missing };
  }
  const modified = (outcome.times.length > 0 ? latestTime(outcome.times) : undefined) ?? ctx.latest() ?? EPOCH;
  const item: V1StateItem = boolean
    ? { text: outcome.text, field_type: rule.v1, modified_at: modified, value: outcome.text === boolText(true) }
    : { text: outcome.text, field_type: rule.v1, modified_at: modified };
  return { how: 'derived', item, from: outcome.from };
}

const NOTHING: Outcome = { missing: 'V2 has nothing to derive it from' };
