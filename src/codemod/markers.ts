import type { ts as TsNamespace } from 'ts-morph';
import { MARKER_PREFIX } from '../scan/marker.js';
import type { Source } from './source.js';
import type { Edit } from './types.js';
import type { Ts } from './typescript.js';

type Node = TsNamespace.Node;

/** Where a marker goes: the start of the line of the statement (or member, element…) it is about. */
export interface Anchor {
  /** Offset of the line start (after a BOM on the first line). */
  readonly pos: number;
  /** The indentation of the anchored line, copied for the marker. */
  readonly indent: string;
  /** Inside JSX children a comment must be written `{/* … *\/}`. */
  readonly jsx: boolean;
}

/** Nodes above which a comment line reads well: statements, members, elements, arguments, JSX children. */
function isAnchorKind(ts: Ts, node: Node): boolean {
  const p = node.parent;
  if (!p) return false;
  switch (p.kind) {
    case ts.SyntaxKind.SourceFile:
    case ts.SyntaxKind.Block:
    case ts.SyntaxKind.ModuleBlock:
    case ts.SyntaxKind.CaseClause:
    case ts.SyntaxKind.DefaultClause:
      return ts.isStatement(node) || ts.isClassDeclaration(node) || ts.isFunctionDeclaration(node);
    case ts.SyntaxKind.CaseBlock:
    case ts.SyntaxKind.ClassDeclaration:
    case ts.SyntaxKind.ClassExpression:
    case ts.SyntaxKind.InterfaceDeclaration:
    case ts.SyntaxKind.TypeLiteral:
    case ts.SyntaxKind.EnumDeclaration:
    case ts.SyntaxKind.ObjectLiteralExpression:
    case ts.SyntaxKind.ArrayLiteralExpression:
    case ts.SyntaxKind.ObjectBindingPattern:
    case ts.SyntaxKind.JsxAttributes:
      return true;
    case ts.SyntaxKind.CallExpression:
    case ts.SyntaxKind.NewExpression:
      return (p as TsNamespace.CallExpression).arguments?.includes(node as TsNamespace.Expression) ?? false;
    case ts.SyntaxKind.JsxElement:
    case ts.SyntaxKind.JsxFragment:
      return isJsxChild(ts, node);
    default:
      return false;
  }
}

function isJsxChild(ts: Ts, node: Node): boolean {
  const p = node.parent;
  if (!p || !(ts.isJsxElement(p) || ts.isJsxFragment(p))) return false;
  return p.children.includes(node as TsNamespace.JsxChild);
}

/**
 * The nearest enclosing node that starts its own line at a place where a comment line is valid:
 * in its leading trivia (so never inside a template literal or a string), or among JSX children.
 */
export function findAnchor(source: Source, node: Node): Anchor | undefined {
  const { ts, sf, text } = source;
  for (let n: Node | undefined = node; n && n.kind !== ts.SyntaxKind.SourceFile; n = n.parent) {
    if (!isAnchorKind(ts, n)) continue;
    const start = n.getStart(sf);
    const ls = source.lines.lineStartAt(start);
    const indent = text.slice(ls, start);
    if (!/^[ \t]*$/.test(indent)) continue;
    if (isJsxChild(ts, n)) return { pos: ls, indent, jsx: true };
    if (n.getFullStart() <= ls) return { pos: ls, indent, jsx: false };
  }
  return sharedLineAnchor(source, node);
}

/** `a(); b('early_voting');`: the marker for `b` goes above the line, where `a()` starts it. */
function sharedLineAnchor(source: Source, node: Node): Anchor | undefined {
  const { sf, text } = source;
  let statement: Node | undefined = node;
  while (statement?.parent && !('statements' in statement.parent)) statement = statement.parent;
  const list = (statement?.parent as { statements?: readonly Node[] } | undefined)?.statements;
  if (!statement || !list) return undefined;
  const ls = source.lines.lineStartAt(statement.getStart(sf));
  // The first statement of the list that starts on this line (statements are in text order).
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as Node).getStart(sf) < ls) lo = mid + 1;
    else hi = mid;
  }
  const first = list[lo];
  if (!first) return undefined;
  const start = first.getStart(sf);
  const indent = text.slice(ls, start);
  if (/^[ \t]*$/.test(indent) && first.getFullStart() <= ls) return { pos: ls, indent, jsx: false };
  return undefined;
}

/** The comment text of a marker, without indentation or line break. */
export function markerComment(message: string, jsx: boolean): string {
  const oneLine = message.replace(/[\r\n\u2028\u2029]+/g, ' ');
  return jsx ? `{/* ${MARKER_PREFIX} ${oneLine.replace(/\*\//g, '* /')} */}` : `// ${MARKER_PREFIX} ${oneLine}`;
}

/**
 * What a marker is about: its first `code span` (the slug, property or path) when the message starts
 * with one, else the whole message. A marker an earlier version worded differently is still the same
 * marker, so a second run (even of a newer civic-migrate) adds nothing.
 */
export function markerSubject(comment: string): string | undefined {
  const body = /civic-migrate:\s*(.*?)\s*(?:\*\/\})?$/.exec(comment)?.[1];
  if (body === undefined) return undefined;
  return /^`[^`]+`/.exec(body)?.[0] ?? body;
}

/** The comment lines directly above the line that starts at `pos` (a marker already there is not added again). */
export function commentLinesAbove(source: Source, pos: number): string[] {
  const lines: string[] = [];
  for (let line = source.lines.lineOf(pos) - 1; line >= 0; line--) {
    const text = source.lines.lineText(line).trim();
    if (!(text.startsWith('//') || text.startsWith('/*') || text.startsWith('{/*') || text.startsWith('*'))) break;
    lines.push(text);
  }
  return lines;
}

/** The line break the anchored line ends with (so CRLF files get CRLF markers). */
function lineBreakAt(text: string, pos: number): string {
  const nl = text.indexOf('\n', pos);
  if (nl > 0 && text.charCodeAt(nl - 1) === 13) return '\r\n';
  if (nl !== -1) return '\n';
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/** One insertion holding the given markers' comment lines, above the anchored line. */
export function markerEdit(text: string, anchor: Anchor, messages: readonly string[]): Edit {
  const eol = lineBreakAt(text, anchor.pos);
  return {
    start: anchor.pos,
    end: anchor.pos,
    text: messages.map((m) => `${anchor.indent}${markerComment(m, anchor.jsx)}${eol}`).join(''),
  };
}
