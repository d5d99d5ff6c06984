import type { ts as TsNamespace } from 'ts-morph';
import { apiGraph } from '../roles/graph.js';
import type { Analysis } from './analysis.js';
import { compactText, skipOuter } from './ast.js';

type Node = TsNamespace.Node;
type Expression = TsNamespace.Expression;

/** The item members that hold its field's slug (`field_type`), from the payload schemas. */
const SLUG_MEMBERS: ReadonlySet<string> = (() => {
  const graph = apiGraph();
  const names = new Set<string>();
  for (const node of graph.objects)
    if (node.concept === 'item') for (const [name, m] of node.members) if (m === graph.slug) names.add(name);
  return names;
})();

/**
 * The field a condition above a read narrows an item to: `if (item.field_type === 'x') … item.value`,
 * `item.field_type === 'x' ? item.value : …`, `item.field_type === 'x' && item.value`. Undefined
 * when no enclosing condition (up to the function) compares the receiver's slug with a literal.
 */
export function narrowedSlug(a: Analysis, access: Node, receiver: Expression): string | undefined {
  const { ts, sf } = a.source;
  const subject = compactText(skipOuter(ts, receiver), sf);
  const compared = (cond: Node): string | undefined => {
    let found: string | undefined;
    const search = (x: Node): void => {
      if (found !== undefined || (ts.isFunctionLike(x) && x !== cond)) return;
      if (ts.isBinaryExpression(x)) {
        const op = x.operatorToken.kind;
        if (op === ts.SyntaxKind.EqualsEqualsEqualsToken || op === ts.SyntaxKind.EqualsEqualsToken) {
          for (const [lit, other] of [
            [x.left, x.right],
            [x.right, x.left],
          ] as const) {
            const o = skipOuter(ts, other);
            if (
              ts.isStringLiteralLike(lit) &&
              ts.isPropertyAccessExpression(o) &&
              SLUG_MEMBERS.has(o.name.text) &&
              compactText(o.expression, sf) === subject
            )
              found = lit.text;
          }
        }
      }
      ts.forEachChild(x, search);
    };
    search(cond);
    return found;
  };
  for (let n: Node = access; n.parent && !ts.isFunctionLike(n) && !ts.isSourceFile(n.parent); n = n.parent) {
    const up = n.parent;
    let slug: string | undefined;
    if (ts.isIfStatement(up) && up.thenStatement === n) slug = compared(up.expression);
    else if (ts.isConditionalExpression(up) && up.whenTrue === n) slug = compared(up.condition);
    else if (ts.isBinaryExpression(up) && up.right === n && up.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
      slug = compared(up.left);
    if (slug !== undefined) return slug;
  }
  return undefined;
}
