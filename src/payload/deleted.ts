import { assertNever } from '../errors.js';
import type { DeleteRule, Derive } from '../mapping/schema.js';
import { boolText } from './values.js';

/**
 * A deleted V1 field as the plan holds it (built once per table, `Plan.deletes`): what restoring
 * it reads and its words. Restoring it from a record is `derive.ts`'s.
 */

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
