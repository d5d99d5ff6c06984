import type { ts as TsNamespace } from 'ts-morph';
import { LineIndex } from '../findings/position.js';
import { skipOuter } from './ast.js';
import type { Ts } from './typescript.js';

type Node = TsNamespace.Node;
type Expression = TsNamespace.Expression;

/**
 * One parsed script and the indexes every step asks of it, each built once and queried in
 * O(log n) or O(1): the analysis of a one-line bundle must stay linear in its size.
 */
export class Source {
  readonly lines: LineIndex;
  private readonly siblings = new Map<Node, string[]>();

  /**
   * `within`: the script is a part of a larger file (a Vue `<script>` block) that starts at
   * `offset` there; positions are then reported in that file's lines.
   */
  constructor(
    readonly ts: Ts,
    readonly text: string,
    readonly sf: TsNamespace.SourceFile,
    private readonly within?: { readonly lines: LineIndex; readonly offset: number },
  ) {
    this.lines = new LineIndex(text);
  }

  /** Where a node's first token starts (after its leading trivia). */
  start(node: Node): number {
    return node.getStart(this.sf);
  }

  /** Where the script starts in the file it is part of (0 for a whole file). */
  get offset(): number {
    return this.within?.offset ?? 0;
  }

  /** 1-based line and column (in code points) of an offset, in the file the script is part of. */
  position(offset: number): { line: number; column: number } {
    return this.within ? this.within.lines.position(this.within.offset + offset) : this.lines.position(offset);
  }

  /** The offset where a string literal's text starts (after its quote), or an identifier's. */
  tokenStart(node: Node): number {
    const start = this.start(node);
    return this.ts.isStringLiteralLike(node) ? start + 1 : start;
  }

  /** The names declared in a container (object literal, interface, class, type literal, enum, binding pattern, JSX attributes), once each. */
  namesIn(container: Node): readonly string[] {
    let names = this.siblings.get(container);
    if (!names) {
      names = memberNames(this.ts, container);
      this.siblings.set(container, names);
    }
    return names;
  }
}

/** The leftmost identifier of an access chain (`a` in `a.b[c].d()`). */
export function chainRoot(ts: Ts, node: Expression): TsNamespace.Identifier | undefined {
  let e = skipOuter(ts, node);
  for (;;) {
    if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e) || ts.isCallExpression(e))
      e = skipOuter(ts, e.expression);
    else return ts.isIdentifier(e) ? e : undefined;
  }
}

function memberNames(ts: Ts, container: Node): string[] {
  let list: readonly Node[] = [];
  if (ts.isObjectLiteralExpression(container)) list = container.properties;
  else if (ts.isInterfaceDeclaration(container) || ts.isClassLike(container) || ts.isTypeLiteralNode(container))
    list = container.members;
  else if (ts.isEnumDeclaration(container)) list = container.members;
  else if (ts.isObjectBindingPattern(container)) list = container.elements;
  else if (ts.isJsxAttributes(container)) list = container.properties;
  const names: string[] = [];
  for (const s of list) {
    if (ts.isBindingElement(s)) {
      const name = s.propertyName ?? s.name;
      if (ts.isIdentifier(name) || ts.isStringLiteralLike(name)) names.push(name.text);
      continue;
    }
    const name = (s as { name?: TsNamespace.PropertyName }).name;
    if (!name) continue;
    if (ts.isIdentifier(name) || ts.isStringLiteralLike(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name))
      names.push(name.text);
    else if (ts.isComputedPropertyName(name) && ts.isStringLiteralLike(name.expression)) names.push(name.expression.text);
  }
  return names;
}
