import type { ts as TsNamespace } from 'ts-morph';
import type { PropertyRule } from '../../mapping/schema.js';
import type { Analysis } from '../analysis.js';
import { compactText, skipOuter } from '../ast.js';

type Node = TsNamespace.Node;
type Expression = TsNamespace.Expression;

/**
 * Whether the syntax shows that an expression is the state item of a field whose item property
 * `p` is renamed (`value` of a Boolean): `m.vbm_no_excuse`, `m['vbm_no_excuse']`,
 * `items.find((i) => i.field_type === 'vbm_no_excuse')`, or a local name holding one of these
 * (`const item = …`, the parameter of `items.filter(…).map((i) => …)`). Program mode decides by
 * types instead; this is the evidence a lone file gives.
 */
export function isItemOf(a: Analysis, expr: Expression | undefined, p: PropertyRule, depth = 2): boolean {
  if (!expr) return false;
  const { ts } = a.source;
  const e = skipOuter(ts, expr);
  const slugHas = (slug: string) => a.plan.itemPropertyBySlug.get(slug) === p;
  if (ts.isPropertyAccessExpression(e)) return slugHas(e.name.text);
  if (ts.isElementAccessExpression(e) && ts.isStringLiteralLike(e.argumentExpression)) return slugHas(e.argumentExpression.text);
  if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression)) {
    const method = e.expression.name.text;
    const fn = e.arguments[0];
    if ((method === 'find' || method === 'filter') && fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) {
      return comparesTo(a, fn.body, p);
    }
    return false;
  }
  if (ts.isIdentifier(e) && depth > 0) return isItemOf(a, a.source.originOf(e), p, depth - 1);
  return false;
}

/** `if (item.field_type === 'vbm_no_excuse') … item.value`: a condition above the read names the field. */
export function guardedItem(a: Analysis, access: Node, receiver: Expression, p: PropertyRule): boolean {
  const { ts, sf } = a.source;
  const subject = compactText(skipOuter(ts, receiver), sf);
  for (let n: Node = access; n.parent && !ts.isFunctionLike(n) && !ts.isSourceFile(n.parent); n = n.parent) {
    const up = n.parent;
    if (ts.isIfStatement(up) && up.thenStatement === n && comparesTo(a, up.expression, p, subject)) return true;
    if (ts.isConditionalExpression(up) && up.whenTrue === n && comparesTo(a, up.condition, p, subject)) return true;
    if (ts.isBinaryExpression(up) && up.right === n && up.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) {
      if (comparesTo(a, up.left, p, subject)) return true;
    }
  }
  return false;
}

/** True when `n` holds an `=== '<slug>'` comparison with a slug whose item property is `p` (on `subject`, if given). */
function comparesTo(a: Analysis, n: Node, p: PropertyRule, subject?: string): boolean {
  const { ts, sf } = a.source;
  let found = false;
  const search = (x: Node): void => {
    if (found) return;
    if (ts.isBinaryExpression(x)) {
      const op = x.operatorToken.kind;
      if (op === ts.SyntaxKind.EqualsEqualsEqualsToken || op === ts.SyntaxKind.EqualsEqualsToken) {
        const pairs: [Expression, Expression][] = [
          [x.left, x.right],
          [x.right, x.left],
        ];
        for (const [lit, other] of pairs) {
          if (!ts.isStringLiteralLike(lit) || a.plan.itemPropertyBySlug.get(lit.text) !== p) continue;
          const o = skipOuter(ts, other);
          if (subject === undefined || (ts.isPropertyAccessExpression(o) && compactText(o.expression, sf) === subject))
            found = true;
        }
      }
    }
    if (!ts.isFunctionLike(x) || x === n) ts.forEachChild(x, search);
  };
  search(n);
  return found;
}
