import type { PropertyRule } from '../mapping/schema.js';
import type { Fact } from '../roles/facts.js';
import type { Concept } from '../roles/graph.js';
import type { ApiRole } from '../roles/role.js';
import type { CodemodPlan } from './plan.js';

/** A fact whose role is a node of the API graph. */
export type ApiFact = Fact & { readonly role: ApiRole };

/** What the roles at a value say about a property rule read or written on it. */
export type RoleVerdict =
  /** No role: the program gives no evidence either way. */
  | { readonly kind: 'none' }
  /** A V1 value of the rule's object: rename (the facts say why). */
  | { readonly kind: 'rename'; readonly facts: readonly ApiFact[] }
  /** A value of the rule's object that keeps the name (V2 data, a field of another format). */
  | { readonly kind: 'keep'; readonly facts: readonly ApiFact[] }
  /** V1 data requested through a base the migration leaves on V1 (shared with another service). */
  | { readonly kind: 'stays'; readonly facts: readonly ApiFact[] }
  /** V1 and V2 data both reach it. */
  | { readonly kind: 'mixed'; readonly facts: readonly ApiFact[] }
  /** Items of fields the rule applies to and of fields it does not both reach it (`(a ? by.x : by.y).value`). */
  | {
      readonly kind: 'formats';
      readonly facts: readonly ApiFact[];
      readonly applies: readonly string[];
      readonly others: readonly string[];
    };

/** The API concept a property rule's object is: a field list's descriptor, a state record's item. */
export function conceptOf(object: PropertyRule['object']): Concept {
  return object === 'field' ? 'descriptor' : 'item';
}

const strengthOf = (fact: Fact) => fact.strength;
const SLUG_MEMBER = 1;

/**
 * Reads the roles a value holds (the facts at the value a property rule's name is read from or
 * written in: the receiver of `x.value`, a destructuring pattern, an object literal; or the data a
 * library reads the name on) and says what to do with the name. Only the
 * strongest evidence counts: a slug-named member (`byField.vbm_no_excuse`) or a shape is outweighed
 * by data the program requests or builds.
 */
export function verdictOf(at: readonly Fact[], p: PropertyRule, plan: CodemodPlan): RoleVerdict {
  const all = at.filter((f): f is ApiFact => f.role.t === 'api');
  if (all.length === 0) return { kind: 'none' };
  const best = Math.max(...all.map(strengthOf));
  const facts = all.filter((f) => strengthOf(f) === best);
  const mine = facts.filter((f) => f.role.node.concept === conceptOf(p.object));
  // Another API value (a record, an override whose `value` is a string): not this rule's object.
  if (mine.length === 0) return { kind: 'keep', facts };
  // Only a slug-named member says what it is: the slug's item, of either version (old V2 code may read the draft's `value`),
  // unless what is read there is an object the program built itself (a copy it keeps under the slug).
  if (best === SLUG_MEMBER) {
    if (at.some((f) => f.role.t === 'site' && f.step === 'heap')) return { kind: 'keep', facts };
    // A slug-named member's role always names its slug.
    const slugs = [...new Set(mine.map((f) => f.role.slug as string))].sort();
    const applies = slugs.filter((s) => plan.itemPropertyBySlug.get(s) === p);
    if (applies.length === 0) return { kind: 'keep', facts: mine };
    if (applies.length === slugs.length) return { kind: 'rename', facts: mine };
    return { kind: 'formats', facts: mine, applies, others: slugs.filter((s) => !applies.includes(s)) };
  }
  const from = plan.model.from;
  const v1 = mine.filter((f) => (f.role.node.version ?? from) === from);
  const v2 = mine.filter((f) => (f.role.node.version ?? from) !== from);
  // A shape alone does not tell the version; data requested from a URL does.
  if (v1.length > 0 && v2.length > 0 && best === 3) return { kind: 'mixed', facts: mine };
  if (v1.length === 0) return { kind: 'keep', facts: v2 };
  if (v1.some((f) => f.role.stays)) return { kind: 'stays', facts: v1.filter((f) => f.role.stays) };
  // Which field's item it is, when the rule applies to one format only, is the read's narrowing (decide.ts):
  // only a slug-named member's role names its slug, and that evidence is the weakest.
  return { kind: 'rename', facts: v1 };
}
