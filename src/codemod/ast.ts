import type { ts as TsNamespace } from 'ts-morph';
import type { Ts } from './typescript.js';

type Node = TsNamespace.Node;
type Expression = TsNamespace.Expression;

/** The syntax errors the parser found (TypeScript keeps them on the source file, unexported). */
export function parseErrors(sf: TsNamespace.SourceFile): readonly TsNamespace.DiagnosticWithLocation[] {
  return (sf as unknown as { parseDiagnostics?: TsNamespace.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
}

/** `3:14: ')' expected.` for the first syntax error. */
export function describeParseError(ts: Ts, sf: TsNamespace.SourceFile, d: TsNamespace.DiagnosticWithLocation): string {
  const { line, character } = sf.getLineAndCharacterOfPosition(d.start);
  return `${line + 1}:${character + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
}

/** Drops parentheses, `!`, `as T`, `satisfies T` and `<T>` around an expression. */
export function skipOuter(ts: Ts, node: Expression): Expression {
  let e = node;
  for (;;) {
    if (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e)) {
      e = e.expression;
    } else if (ts.isTypeAssertionExpression(e)) {
      e = e.expression;
    } else return e;
  }
}

/**
 * Source text without whitespace: a stable key for "the same expression". A long expression (an
 * inline function, a long chain) is keyed by its position instead, so that no key costs more than
 * a short copy.
 */
export function compactText(node: Node, sf: TsNamespace.SourceFile): string {
  if (node.end - node.pos > 256) return `@${node.pos}`;
  return node.getText(sf).replace(/\s+/g, '');
}

/** `require('x')` or `import('x')` (awaited or not). */
export function isModuleLoad(ts: Ts, node: Expression | undefined): boolean {
  if (!node) return false;
  let e = skipOuter(ts, node);
  if (ts.isAwaitExpression(e)) e = skipOuter(ts, e.expression);
  if (!ts.isCallExpression(e)) return false;
  return (ts.isIdentifier(e.expression) && e.expression.text === 'require') || e.expression.kind === ts.SyntaxKind.ImportKeyword;
}

/** A string that names a module (import/export/require paths, `declare module '…'`): never rewritten. */
export function isModuleSpecifier(ts: Ts, node: Node): boolean {
  const p = node.parent;
  if (!p) return false;
  if (ts.isImportDeclaration(p) || ts.isExportDeclaration(p) || ts.isExternalModuleReference(p) || ts.isModuleDeclaration(p))
    return true;
  if (ts.isLiteralTypeNode(p) && p.parent && ts.isImportTypeNode(p.parent)) return true;
  if (ts.isCallExpression(p) && p.arguments[0] === node) return isModuleLoad(ts, p);
  return false;
}

/** True when the string is followed by more text at run time (`'/v1/election/state/' + code`, `path.join('/v1', x)`). */
export function isFollowed(ts: Ts, node: Node): boolean {
  let n = node;
  for (;;) {
    const p = n.parent;
    if (!p) return false;
    if (ts.isParenthesizedExpression(p)) {
      n = p;
      continue;
    }
    if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      if (p.left === n) return continuesPath(ts, p.right);
      n = p;
      continue;
    }
    if (ts.isCallExpression(p) && ts.isPropertyAccessExpression(p.expression)) {
      const method = p.expression.name.text;
      const i = p.arguments.indexOf(n as Expression);
      if (i !== -1 && i < p.arguments.length - 1 && (method === 'join' || method === 'resolve')) return true;
    }
    return false;
  }
}

/** False when what follows is a literal that cannot extend a URL path (`' ('`, `'?x=1'`); true for any other expression. */
function continuesPath(ts: Ts, next: Expression): boolean {
  let e = skipOuter(ts, next);
  while (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) e = skipOuter(ts, e.left);
  const first = ts.isStringLiteralLike(e) ? e.text.charAt(0) : ts.isTemplateExpression(e) ? e.head.text.charAt(0) : undefined;
  return first === undefined || first === '' || /[A-Za-z0-9_\-.~%{}/]/.test(first);
}

/** The statement (or class/interface member) that holds the node. */
export function enclosingStatement(ts: Ts, node: Node): Node {
  let n = node;
  while (n.parent && !ts.isSourceFile(n.parent) && !ts.isBlock(n.parent) && !ts.isModuleBlock(n.parent)) n = n.parent;
  return n;
}

/**
 * Keys of the "domains" a string literal belongs to: the other strings in the same union type,
 * array, `switch`, comparisons with the same expression, arguments at the same position of the
 * same function or receiver, values of the same property name… A slug spelled string among
 * strings that are not slugs is not about the API (a `'early_voting'` phase, a PDF form key).
 */
export function domainKeys(ts: Ts, sf: TsNamespace.SourceFile, node: Node): string[] {
  let n: Node = node;
  let p = n.parent;
  while (p && ts.isParenthesizedExpression(p)) {
    n = p;
    p = p.parent;
  }
  if (!p) return [];
  if (ts.isLiteralTypeNode(p)) {
    const up = p.parent;
    return up && ts.isUnionTypeNode(up) ? [`union@${up.pos}`] : [];
  }
  if (ts.isArrayLiteralExpression(p)) return [`array@${p.pos}`];
  if (ts.isCaseClause(p)) return [`case@${p.parent.pos}`];
  if (ts.isConditionalExpression(p)) return [`cond@${p.pos}`];
  if (ts.isBinaryExpression(p)) {
    const op = p.operatorToken.kind;
    const other = p.left === n ? p.right : p.left;
    if (
      op === ts.SyntaxKind.EqualsEqualsEqualsToken ||
      op === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
      op === ts.SyntaxKind.EqualsEqualsToken ||
      op === ts.SyntaxKind.ExclamationEqualsToken
    ) {
      return [`cmp:${compactText(other, sf)}`];
    }
    if (op === ts.SyntaxKind.InKeyword && p.left === n) return [`in:${compactText(p.right, sf)}`];
    return [];
  }
  if ((ts.isCallExpression(p) || ts.isNewExpression(p)) && p.arguments) {
    const i = p.arguments.indexOf(n as Expression);
    if (i === -1) return [];
    const keys = [`call:${compactText(p.expression, sf)}#${i}`];
    if (ts.isPropertyAccessExpression(p.expression)) keys.push(`recv:${compactText(p.expression.expression, sf)}#${i}`);
    return keys;
  }
  if (ts.isElementAccessExpression(p)) return [`elem:${compactText(p.expression, sf)}`];
  if (ts.isPropertyAssignment(p) && p.initializer === n) {
    const name = ts.isIdentifier(p.name) || ts.isStringLiteralLike(p.name) ? p.name.text : undefined;
    return name ? [`prop:${name}`] : [];
  }
  if (ts.isJsxAttribute(p)) return [`jsx:${p.name.getText(sf)}`];
  if (ts.isJsxExpression(p) && p.parent && ts.isJsxAttribute(p.parent)) return [`jsx:${p.parent.name.getText(sf)}`];
  return [];
}

/** True when offset `at` lies inside a comment (not a string, template or other token). */
export function isInComment(ts: Ts, sf: TsNamespace.SourceFile, at: number): boolean {
  const text = sf.text;
  let node: Node = sf;
  for (;;) {
    let inside: Node | undefined;
    let gapStart = node === sf ? 0 : node.getStart(sf);
    let gapEnd = node.end;
    ts.forEachChild(node, (child) => {
      if (child.end <= at) {
        gapStart = child.end;
        return undefined;
      }
      if (child.pos <= at) inside = child;
      else gapEnd = Math.min(gapEnd, child.pos);
      return inside ? true : undefined;
    });
    if (inside) {
      const start = inside.getStart(sf);
      if (at < start) return commentCovers(ts, text, inside.pos, start, at);
      node = inside;
      continue;
    }
    // Between children: only punctuation, keywords and trivia are there.
    return commentCovers(ts, text, gapStart, gapEnd, at);
  }
}

/** Scans `[from, to)` (trivia and simple tokens only) for a comment holding `at`. */
function commentCovers(ts: Ts, text: string, from: number, to: number, at: number): boolean {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text, undefined, from, to - from);
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    const start = scanner.getTokenStart();
    if (start > at) return false;
    if (
      (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) &&
      at < scanner.getTokenEnd()
    ) {
      return true;
    }
  }
  return false;
}
