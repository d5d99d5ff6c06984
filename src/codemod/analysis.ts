import type { ts as TsNamespace } from 'ts-morph';
import type { CodemodPlan } from './plan.js';
import type { ProgramFacts } from './program/facts.js';
import type { NamePlace, Sites } from './sites.js';
import type { Source } from './source.js';

type Node = TsNamespace.Node;

/** What every decision about one script can ask: the parsed source, the table's plan, what the walk found. */
export interface Analysis {
  readonly source: Source;
  readonly plan: CodemodPlan;
  readonly sites: Sites;
  /** The file shows Civic Data API use (or the caller says so): `long_name` is the field list's. */
  readonly civic: boolean;
  /** Where `long_name` is renamed: by the roles' evidence (`auto`), in every file, nowhere. */
  readonly longName: 'auto' | 'always' | 'never';
  /** In program mode, what the types, references and constants say about this script. */
  readonly program?: ProgramFacts;
}

/** The expression an access reads from (`x` in `x.name` / `x['name']`). */
export function receiverOf(a: Analysis, node: Node): TsNamespace.Expression | undefined {
  const { ts } = a.source;
  const p = node.parent;
  if (p && (ts.isPropertyAccessExpression(p) || ts.isElementAccessExpression(p))) return p.expression;
  return undefined;
}

/** The member node that holds a name (for `member` sites). */
export function memberOf(a: Analysis, node: Node): Node | undefined {
  const p = node.parent;
  if (!p) return undefined;
  return a.source.ts.isComputedPropertyName(p) ? p.parent : p;
}

/** The object a destructuring pattern reads from, when the code shows it: an initializer, or the slug of an enclosing pattern. */
export function patternSource(a: Analysis, pattern: Node): { expr?: TsNamespace.Expression; slug?: string } {
  const { ts } = a.source;
  const p = pattern.parent;
  if (!p) return {};
  if (ts.isVariableDeclaration(p) && p.initializer) return { expr: p.initializer };
  if (ts.isBindingElement(p) && ts.isObjectBindingPattern(p.parent)) {
    const name = p.propertyName ?? p.name;
    if (ts.isIdentifier(name) || ts.isStringLiteralLike(name)) return { slug: name.text };
  }
  return {};
}

/** The container whose names stand beside a member or shorthand name (its object, interface, pattern…). */
export function containerOf(a: Analysis, node: Node, place: NamePlace): Node | undefined {
  const member = place === 'member' ? memberOf(a, node) : node.parent;
  return member?.parent;
}
