import type { ts as TsNamespace } from 'ts-morph';
import type { PropertyRule } from '../../mapping/schema.js';
import type { Analysis } from '../analysis.js';
import { compactText, skipOuter } from '../ast.js';
import { chainRoot } from '../source.js';

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
  // The program's own copies (`m[it.field_type] = { value: it.value }`) are not V1 items.
  const root = chainRoot(ts, e);
  if (root && copyMaps(a).has(root.text) && root !== e) return false;
  // An element of a record's item list holds V1's `value` exactly when its field is a Boolean.
  if (isItemList(a, e, 0)) return false;
  if (isListElement(a, e)) return true;
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
  if (ts.isIdentifier(e) && depth > 0) {
    const origin = a.source.originOf(e);
    // `for (const it of record.state_information)`, `record.state_information.map((it) => …)`.
    if (origin && isItemList(a, origin, 0) && isIteratedBy(a, e)) return true;
    return isItemOf(a, origin, p, depth - 1);
  }
  return false;
}

/** Array methods that pass each element to their callback, or return one element. */
const ELEMENT_METHODS = new Set([
  'find',
  'findLast',
  'filter',
  'map',
  'forEach',
  'some',
  'every',
  'flatMap',
  'sort',
  'slice',
  'reverse',
  'at',
]);

/** `record.state_information`, and what array methods make of it (`….filter(…)`, `….slice(…)`). */
function isItemList(a: Analysis, expr: Expression, depth: number): boolean {
  const { ts } = a.source;
  const e = skipOuter(ts, expr);
  if (ts.isPropertyAccessExpression(e)) return a.plan.itemListKeys.has(e.name.text);
  if (ts.isElementAccessExpression(e) && ts.isStringLiteralLike(e.argumentExpression))
    return a.plan.itemListKeys.has(e.argumentExpression.text);
  if (depth < 4 && ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression)) {
    const method = e.expression.name.text;
    return (
      (method === 'filter' || method === 'slice' || method === 'sort' || method === 'reverse') &&
      isItemList(a, e.expression.expression, depth + 1)
    );
  }
  return false;
}

/** One element of an item list: `list[0]`, `list.find(…)`, `list.at(…)`. */
function isListElement(a: Analysis, e: Expression): boolean {
  const { ts } = a.source;
  if (ts.isElementAccessExpression(e) && !ts.isStringLiteralLike(e.argumentExpression)) return isItemList(a, e.expression, 0);
  if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression)) {
    const method = e.expression.name.text;
    return (method === 'find' || method === 'findLast' || method === 'at') && isItemList(a, e.expression.expression, 0);
  }
  return false;
}

/** The name is a `for … of` variable or the first parameter of an element callback (not, say, a `reduce` accumulator). */
function isIteratedBy(a: Analysis, id: TsNamespace.Identifier): boolean {
  const { ts } = a.source;
  for (let n: Node | undefined = id.parent; n; n = n.parent) {
    if (ts.isFunctionLike(n)) {
      const index = n.parameters.findIndex((q) => ts.isIdentifier(q.name) && q.name.text === id.text);
      if (index === -1) continue;
      const call = n.parent;
      if (!call || !ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) return false;
      const method = call.expression.name.text;
      return (
        index === (method === 'reduce' || method === 'reduceRight' ? 1 : 0) &&
        (ELEMENT_METHODS.has(method) || method.startsWith('reduce'))
      );
    }
    if ((ts.isForOfStatement(n) || ts.isForInStatement(n)) && ts.isVariableDeclarationList(n.initializer)) {
      if (n.initializer.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === id.text))
        return ts.isForOfStatement(n);
    }
  }
  return false;
}

const copies = new WeakMap<object, Set<string>>();

/**
 * Names of the program's own maps that hold copies of V1 items' Boolean (`m[it.field_type] =
 * { text: it.text, value: it.value }`, `m.set(k, { value: … })`, `const m = Object.fromEntries(…
 * [k, { value: it.value }])`): a `value` read from them is the copy's, which the codemod leaves
 * as it is (the copy is made from the renamed read), so write and read stay together.
 */
function copyMaps(a: Analysis): ReadonlySet<string> {
  let names = copies.get(a.source);
  if (names) return names;
  names = new Set<string>();
  const { ts, sf } = a.source;
  const itemProps = [...a.plan.itemProperties.keys()];
  const copiesValue = (o: TsNamespace.ObjectLiteralExpression) =>
    o.properties.some((p) => {
      const name = p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;
      if (!name || !itemProps.includes(name)) return false;
      if (ts.isShorthandPropertyAssignment(p)) return true;
      return ts.isPropertyAssignment(p) && ts.isPropertyAccessExpression(skipOuter(ts, p.initializer));
    });
  const target = (o: Node): string | undefined => {
    let n = o;
    while (n.parent && ts.isParenthesizedExpression(n.parent)) n = n.parent;
    const p = n.parent;
    if (p && ts.isBinaryExpression(p) && p.right === n && p.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const left = skipOuter(ts, p.left);
      if (ts.isElementAccessExpression(left) || ts.isPropertyAccessExpression(left)) return chainRoot(ts, left)?.text;
    }
    if (
      p &&
      ts.isCallExpression(p) &&
      p.arguments[1] === n &&
      ts.isPropertyAccessExpression(p.expression) &&
      p.expression.name.text === 'set'
    )
      return chainRoot(ts, p.expression.expression)?.text;
    // `const m = Object.fromEntries(list.map((it) => [k, { value: it.value }]))` and the like.
    for (let up: Node | undefined = p; up && !ts.isBlock(up) && !ts.isSourceFile(up); up = up.parent) {
      if (ts.isVariableDeclaration(up) && ts.isIdentifier(up.name)) return up.name.text;
    }
    return undefined;
  };
  const visit = (n: Node): void => {
    if (ts.isObjectLiteralExpression(n) && copiesValue(n)) {
      const name = target(n);
      if (name) names?.add(name);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  copies.set(a.source, names);
  return names;
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
