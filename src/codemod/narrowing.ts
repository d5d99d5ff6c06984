import type { ts as TsNamespace } from 'ts-morph';
import { apiGraph } from '../roles/graph.js';
import type { Analysis } from './analysis.js';
import { compactText, skipOuter } from './ast.js';

type Node = TsNamespace.Node;
type Expression = TsNamespace.Expression;

/** Whether an item's member of this name holds its field's slug (`field_type`), from the payload schemas. */
function isSlugMember(name: string): boolean {
  const graph = apiGraph();
  return graph.objects.some((node) => node.concept === 'item' && node.members.get(name) === graph.slug);
}

/**
 * The field a condition above a read narrows an item to: `if (item.field_type === 'x') … item.value`,
 * `item.field_type === 'x' ? item.value : …`, `item.field_type === 'x' && item.value`, or the item a
 * search picks (`items.find((i) => i.field_type === 'x').value`). Undefined when no enclosing
 * condition (up to the function) compares the receiver's slug with a literal.
 */
export function narrowedSlug(a: Analysis, access: Node, receiver: Expression): string | undefined {
  const { ts, sf } = a.source;
  const subject = compactText(skipOuter(ts, receiver), sf);
  const compared = (cond: Node): string | undefined => {
    let found: string | undefined;
    const search = (x: Node): void => {
      if (found !== undefined || (ts.isFunctionLike(x) && x !== cond)) return;
      if (ts.isBinaryExpression(x)) found = slugComparedWith(a, x, subject) ?? found;
      ts.forEachChild(x, search);
    };
    search(cond);
    return found;
  };
  // `items.find((i) => i.field_type === 'x')?.value`: the item the callback picks is the field's.
  const picked = pickedSlug(a, skipOuter(ts, receiver));
  if (picked !== undefined) return picked;
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

/** The slug a search's callback requires of the element it picks: `find((i) => i.field_type === 'x')`, `find(function (i) { return … })`. */
function pickedSlug(a: Analysis, receiver: Expression): string | undefined {
  const { ts } = a.source;
  if (!ts.isCallExpression(receiver) || !ts.isPropertyAccessExpression(receiver.expression)) return undefined;
  // Array searches whose result is the one element their callback accepts.
  const method = receiver.expression.name.text;
  if (method !== 'find' && method !== 'findLast') return undefined;
  const callback = receiver.arguments[0] && skipOuter(ts, receiver.arguments[0]);
  if (!callback || !(ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) return undefined;
  const param = callback.parameters[0]?.name;
  if (!param || !ts.isIdentifier(param)) return undefined;
  let body: Node | undefined = callback.body;
  if (ts.isBlock(body)) {
    const only = body.statements.length === 1 ? body.statements[0] : undefined;
    body = only && ts.isReturnStatement(only) ? only.expression : undefined;
  }
  if (!body) return undefined;
  // The whole condition must be the comparison (an `||` would accept other fields).
  const test = skipOuter(ts, body as Expression);
  return ts.isBinaryExpression(test) ? slugComparedWith(a, test, param.text) : undefined;
}

/** `subject.field_type === 'x'` (either side, `==` too): the slug `x`, when `subject` (compact text) is the one compared. */
function slugComparedWith(a: Analysis, x: TsNamespace.BinaryExpression, subject: string): string | undefined {
  const { ts, sf } = a.source;
  const op = x.operatorToken.kind;
  if (op !== ts.SyntaxKind.EqualsEqualsEqualsToken && op !== ts.SyntaxKind.EqualsEqualsToken) return undefined;
  for (const [lit, other] of [
    [x.left, x.right],
    [x.right, x.left],
  ] as const) {
    const o = skipOuter(ts, other);
    if (
      ts.isStringLiteralLike(lit) &&
      ts.isPropertyAccessExpression(o) &&
      isSlugMember(o.name.text) &&
      compactText(o.expression, sf) === subject
    )
      return lit.text;
  }
  return undefined;
}

/** The slug an object literal spells for itself: `{ field_type: 'x', value: true }` is the item of field `x`. */
export function literalSlug(a: Analysis, literal: Node): string | undefined {
  const { ts } = a.source;
  if (!ts.isObjectLiteralExpression(literal)) return undefined;
  for (const member of literal.properties) {
    if (!ts.isPropertyAssignment(member)) continue;
    const name = ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) ? member.name.text : undefined;
    const init = skipOuter(ts, member.initializer);
    if (name !== undefined && isSlugMember(name) && ts.isStringLiteralLike(init)) return init.text;
  }
  return undefined;
}
