import type { ts as TsNamespace } from 'ts-morph';
import type { Ts } from '../codemod/typescript.js';

type Node = TsNamespace.Node;
type Expression = TsNamespace.Expression;

/** What the role engine needs of a program: the compiler's objects and the files it may look into. */
export interface ProgramView {
  readonly ts: Ts;
  readonly program: TsNamespace.Program;
  readonly checker: TsNamespace.TypeChecker;
  readonly languageService: TsNamespace.LanguageService;
  /** The program's own source files (not declaration files, not `node_modules`), by absolute path. */
  readonly files: ReadonlyMap<string, TsNamespace.SourceFile>;
}

export type FunctionLike =
  | TsNamespace.FunctionDeclaration
  | TsNamespace.FunctionExpression
  | TsNamespace.ArrowFunction
  | TsNamespace.MethodDeclaration
  | TsNamespace.ConstructorDeclaration
  | TsNamespace.GetAccessorDeclaration;

/** Questions about references and calls, answered by the checker and the language service, memoized. */
export class Calls {
  private readonly refs = new Map<Node, readonly Node[]>();
  private readonly ownFiles: ReadonlySet<TsNamespace.SourceFile>;

  constructor(private readonly view: ProgramView) {
    this.ownFiles = new Set(view.files.values());
  }

  get ts(): Ts {
    return this.view.ts;
  }

  /** Whether a node is in one of the program's own files. */
  isOwn(node: Node): boolean {
    return this.ownFiles.has(node.getSourceFile());
  }

  isFunctionLike(n: Node): n is FunctionLike {
    const { ts } = this;
    return (
      ts.isFunctionDeclaration(n) ||
      ts.isFunctionExpression(n) ||
      ts.isArrowFunction(n) ||
      ts.isMethodDeclaration(n) ||
      ts.isConstructorDeclaration(n) ||
      ts.isGetAccessorDeclaration(n)
    );
  }

  /**
   * The places that read the value a declared name holds: every reference the language service
   * finds (across files, in plain JavaScript too), as the expression that holds the value there
   * (`config.base` for the name `base`, the identifier for a variable).
   */
  referencesOf(name: Node): readonly Node[] {
    const sf = name.getSourceFile();
    return this.referencesAt(name, sf, name.getStart(sf) + (this.ts.isStringLiteralLike(name) ? 1 : 0));
  }

  /** The places that read a module's default export (`export default x`, `export =`): its default imports and `require` calls. */
  referencesOfDefault(assignment: TsNamespace.ExportAssignment): readonly Node[] {
    const sf = assignment.getSourceFile();
    const start = assignment.getStart(sf);
    const word = assignment.isExportEquals ? '=' : 'default';
    const at = sf.text.indexOf(word, start);
    return at === -1 ? [] : this.referencesAt(assignment, sf, at);
  }

  private referencesAt(key: Node, sf: TsNamespace.SourceFile, at: number): readonly Node[] {
    const known = this.refs.get(key);
    if (known) return known;
    const { ts } = this;
    const out: Node[] = [];
    this.refs.set(key, out);
    let found: readonly TsNamespace.ReferencedSymbol[] | undefined;
    try {
      found = this.view.languageService.findReferences(sf.fileName, at);
    } catch {
      found = undefined;
    }
    for (const group of found ?? []) {
      for (const ref of group.references) {
        if (ref.isDefinition) continue;
        const file = this.view.program.getSourceFile(ref.fileName);
        if (!file || !this.ownFiles.has(file)) continue;
        const token = (ts as unknown as { getTokenAtPosition(sf: TsNamespace.SourceFile, pos: number): Node }).getTokenAtPosition(
          file,
          ref.textSpan.start,
        );
        const value = valueNodeOf(ts, token);
        if (value) out.push(value);
      }
    }
    return out;
  }

  /** The functions (with bodies, in the program's own files) a call can reach, by the checker. */
  calleesOf(call: TsNamespace.CallExpression | TsNamespace.NewExpression): FunctionLike[] {
    const { ts, checker } = this.view;
    let decl: Node | undefined;
    try {
      decl = checker.getResolvedSignature(call)?.declaration;
    } catch {
      decl = undefined;
    }
    const out: FunctionLike[] = [];
    const take = (d: Node | undefined) => {
      if (d && this.isFunctionLike(d) && d.body && this.isOwn(d) && !out.includes(d)) out.push(d);
    };
    take(decl);
    if (out.length > 0) return out;
    // A class without an explicit constructor, or a name whose signature the checker did not settle.
    const callee = skipParens(ts, call.expression);
    let symbol = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(callee) ? callee.name : callee);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) {
      try {
        symbol = checker.getAliasedSymbol(symbol);
      } catch {
        symbol = undefined;
      }
    }
    for (const d of symbol?.declarations ?? []) {
      if (this.isFunctionLike(d)) take(d);
      else if (
        (ts.isVariableDeclaration(d) || ts.isPropertyAssignment(d) || ts.isPropertyDeclaration(d)) &&
        d.initializer &&
        this.isFunctionLike(skipParens(ts, d.initializer))
      )
        take(skipParens(ts, d.initializer));
      else if (ts.isBinaryExpression(d.parent) && this.isFunctionLike(skipParens(ts, d.parent.right)))
        take(skipParens(ts, d.parent.right));
    }
    return out;
  }

  /** The name a function is called by, where the language service can find its calls. */
  nameOf(fn: FunctionLike): Node | undefined {
    const { ts } = this;
    if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn) || ts.isGetAccessorDeclaration(fn)) && fn.name)
      return fn.name;
    if (ts.isConstructorDeclaration(fn)) return fn.parent && ts.isClassLike(fn.parent) ? fn.parent.name : undefined;
    let n: Node = fn;
    while (n.parent && ts.isParenthesizedExpression(n.parent)) n = n.parent;
    const p = n.parent;
    if (!p) return undefined;
    if ((ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) && p.initializer === n)
      return ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) ? p.name : undefined;
    if (ts.isBinaryExpression(p) && p.right === n && p.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const left = skipParens(ts, p.left);
      if (ts.isPropertyAccessExpression(left)) return left.name;
      if (ts.isIdentifier(left)) return left;
    }
    if (ts.isFunctionExpression(fn) && fn.name) return fn.name;
    return undefined;
  }
}

/** Drops parentheses, `!`, `as T`, `satisfies T` and `<T>` around an expression. */
export function skipParens(ts: Ts, node: Expression): Expression {
  let e = node;
  for (;;) {
    if (
      ts.isParenthesizedExpression(e) ||
      ts.isNonNullExpression(e) ||
      ts.isAsExpression(e) ||
      ts.isSatisfiesExpression(e) ||
      ts.isTypeAssertionExpression(e)
    )
      e = e.expression;
    else return e;
  }
}

/** The expression that holds a referenced name's value: `o.name` for a member, the identifier itself for a variable. */
function valueNodeOf(ts: Ts, token: Node): Node | undefined {
  const p = token.parent;
  if (!p) return undefined;
  if (ts.isIdentifier(token) || ts.isPrivateIdentifier(token)) {
    if (ts.isPropertyAccessExpression(p) && p.name === token) return p;
    if (ts.isImportSpecifier(p) || ts.isExportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p)) return undefined;
    if ((ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p)) && p.name === token)
      return undefined;
    return token;
  }
  if (ts.isStringLiteralLike(token) && ts.isElementAccessExpression(p) && p.argumentExpression === token) return p;
  // `require('./config')` names the module whose `module.exports` is referenced: the call holds it.
  if (
    ts.isStringLiteralLike(token) &&
    ts.isCallExpression(p) &&
    p.arguments[0] === token &&
    p.expression.kind !== ts.SyntaxKind.ImportKeyword
  )
    return p;
  return undefined;
}
