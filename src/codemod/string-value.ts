import type { ts as TsNamespace } from 'ts-morph';
import { skipOuter } from './ast.js';
import type { Source } from './source.js';
import type { Ts } from './typescript.js';

type Node = TsNamespace.Node;
type Expression = TsNamespace.Expression;

/**
 * Where the constant value of a name is written: the initializer of the `const` it names, or of
 * the property of a read-only object it reads (`API.base` of `{ base: … } as const`). Undefined when
 * the name may hold anything else. The program answers with the type checker (across imports);
 * without one, `fileConstants` answers from the file's own declarations.
 */
export type ResolveName = (name: TsNamespace.Identifier | TsNamespace.PropertyAccessExpression) => Expression | undefined;

/**
 * The string an expression always has, when its parts are literals or constants: a string, a
 * template or a `+` chain of such parts, a constant that holds one (base URLs built from a host
 * constant: `` `${HOST}/v1` ``, `HOST + '/v1'`). Undefined when some part may vary.
 */
export function stringValue(ts: Ts, expr: Expression, resolve: ResolveName, depth = 0): string | undefined {
  if (depth > 8) return undefined;
  const e = skipOuter(ts, expr);
  if (ts.isStringLiteralLike(e)) return e.text;
  if (ts.isTemplateExpression(e)) {
    let out = e.head.text;
    for (const span of e.templateSpans) {
      const part = stringValue(ts, span.expression, resolve, depth + 1);
      if (part === undefined) return undefined;
      out += part + span.literal.text;
    }
    return out;
  }
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = stringValue(ts, e.left, resolve, depth + 1);
    const right = left === undefined ? undefined : stringValue(ts, e.right, resolve, depth + 1);
    return right === undefined ? undefined : (left as string) + right;
  }
  if (!ts.isIdentifier(e) && !ts.isPropertyAccessExpression(e)) return undefined;
  const init = resolve(e);
  return init === undefined ? undefined : stringValue(ts, init, resolve, depth + 1);
}

/** An object literal whose properties cannot change: `{…} as const`, or `Object.freeze({…})`. */
export function isConstObject(ts: Ts, o: Node): boolean {
  let up = o.parent;
  while (up && ts.isParenthesizedExpression(up)) up = up.parent;
  if (up && ts.isAsExpression(up) && up.type.getText() === 'const') return true;
  return !!up && ts.isCallExpression(up) && up.expression.getText() === 'Object.freeze';
}

/** `init` when it initializes a `const` (a `let`, a `var`, a loop variable or a parameter may change). */
export function constInitializer(ts: Ts, init: Expression | undefined): Expression | undefined {
  const decl = init?.parent;
  return decl && ts.isVariableDeclaration(decl) && decl.initializer === init && ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const
    ? init
    : undefined;
}

/** The read-only object literal a constant's initializer is (`{…} as const`, `Object.freeze({…})`). */
function readOnlyObject(ts: Ts, init: Expression | undefined): TsNamespace.ObjectLiteralExpression | undefined {
  if (!init) return undefined;
  let e: Expression = init;
  while (ts.isParenthesizedExpression(e)) e = e.expression;
  if (ts.isAsExpression(e)) e = skipOuter(ts, e.expression);
  else if (ts.isCallExpression(e) && e.arguments.length === 1) e = skipOuter(ts, e.arguments[0] as Expression);
  return ts.isObjectLiteralExpression(e) && isConstObject(ts, e) ? e : undefined;
}

/**
 * Constants of one file, without a type checker: a name declared by a `const` in an enclosing scope
 * (found by the same lexical walk that finds where a local gets its value), or a property of such a
 * read-only object (written once, no spread). An imported name is not known here: the program knows it.
 */
export function fileConstants(source: Source): ResolveName {
  const { ts } = source;
  return (name) => {
    if (ts.isIdentifier(name)) return constInitializer(ts, source.originOf(name));
    if (!ts.isIdentifier(name.expression)) return undefined;
    const object = readOnlyObject(ts, constInitializer(ts, source.originOf(name.expression)));
    if (!object || object.properties.some((p) => !ts.isPropertyAssignment(p))) return undefined;
    const key = name.name.text;
    const props = object.properties.filter(
      (p): p is TsNamespace.PropertyAssignment =>
        ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteralLike(p.name)) && p.name.text === key,
    );
    return props.length === 1 ? (props[0] as TsNamespace.PropertyAssignment).initializer : undefined;
  };
}
