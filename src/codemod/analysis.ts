import type { ts as TsNamespace } from 'ts-morph';
import type { CodemodPlan } from './plan.js';
import type { ProgramFacts } from './program/facts.js';
import type { Sites } from './sites.js';
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
  /** What the program (configured, inferred, or the script alone) says about this script: its types and roles. */
  readonly program: ProgramFacts;
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
