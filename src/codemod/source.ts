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
  private readonly bindings = new Map<Node, Map<string, Expression | undefined>>();
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

  /**
   * Where a local name gets its value, found by a lexical walk up from `id` (no type checker):
   * a `const x = init`, a `for (const x of list)`, or the parameter of a callback passed to a
   * method (`list.find((x) => …)` gives `list`). The declarations of each statement list are
   * indexed once.
   */
  originOf(id: TsNamespace.Identifier): Expression | undefined {
    const { ts } = this;
    const name = id.text;
    for (let n: Node | undefined = id.parent; n; n = n.parent) {
      if (ts.isFunctionLike(n)) {
        const param = n.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === name);
        if (param) {
          const call = n.parent;
          if (call && ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression))
            return call.expression.expression;
          return undefined;
        }
      }
      if ((ts.isForOfStatement(n) || ts.isForInStatement(n)) && ts.isVariableDeclarationList(n.initializer)) {
        if (n.initializer.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name)) return n.expression;
      }
      const declared = this.declaredIn(n);
      if (declared?.has(name)) return declared.get(name);
    }
    return undefined;
  }

  /** The names a statement list declares with `var`/`let`/`const`, with their initializers (first declaration wins). */
  private declaredIn(n: Node): Map<string, Expression | undefined> | undefined {
    const { ts } = this;
    const statements =
      ts.isSourceFile(n) || ts.isBlock(n) || ts.isModuleBlock(n) || ts.isCaseClause(n) || ts.isDefaultClause(n)
        ? n.statements
        : undefined;
    if (!statements) return undefined;
    let map = this.bindings.get(n);
    if (!map) {
      map = new Map();
      for (const s of statements) {
        if (!ts.isVariableStatement(s)) continue;
        for (const d of s.declarationList.declarations) {
          if (ts.isIdentifier(d.name) && !map.has(d.name.text)) map.set(d.name.text, d.initializer);
        }
      }
      this.bindings.set(n, map);
    }
    return map;
  }

  /** The source texts an expression comes from: itself and, through local names, up to `depth` origins. */
  originTexts(expr: Expression, depth = 2): string[] {
    const texts = [expr.getText(this.sf)];
    const root = chainRoot(this.ts, expr);
    if (root && depth > 0) {
      const origin = this.originOf(root);
      if (origin && origin !== expr) texts.push(...this.originTexts(origin, depth - 1));
    }
    return texts;
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
