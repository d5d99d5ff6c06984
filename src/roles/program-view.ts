import type { ts as TsNamespace } from 'ts-morph';
import { skipOuter as skipParens } from '../codemod/ast.js';
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
  private readonly exportsOf = new Map<TsNamespace.SourceFile, ReadonlyMap<string, FunctionLike>>();
  private readonly ownFiles: ReadonlySet<TsNamespace.SourceFile>;

  constructor(private readonly view: ProgramView) {
    this.ownFiles = new Set(view.files.values());
  }

  get ts(): Ts {
    return this.view.ts;
  }

  private makings?: readonly (TsNamespace.NewExpression | TsNamespace.ExpressionWithTypeArguments)[];

  /**
   * Every `new X(…)` and `class … extends X` of the program's own files, found once (what a class is
   * made by and extended by, asked by name wherever the checker can follow the name: `module.exports
   * = class {…}` has none of its own).
   */
  makingSites(): readonly (TsNamespace.NewExpression | TsNamespace.ExpressionWithTypeArguments)[] {
    if (this.makings) return this.makings;
    const { ts } = this;
    const out: (TsNamespace.NewExpression | TsNamespace.ExpressionWithTypeArguments)[] = [];
    const visit = (n: Node): void => {
      if (ts.isNewExpression(n)) out.push(n);
      else if (
        ts.isExpressionWithTypeArguments(n) &&
        ts.isHeritageClause(n.parent) &&
        n.parent.token === ts.SyntaxKind.ExtendsKeyword &&
        ts.isClassLike(n.parent.parent)
      )
        out.push(n);
      ts.forEachChild(n, visit);
    };
    for (const file of this.ownFiles) if (/\b(?:new|extends)\b/.test(file.text)) visit(file);
    this.makings = out;
    return out;
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
   * The places that read the value a declared name holds, across files and in plain JavaScript
   * too, as the expression that holds the value there (`config.base` for the name `base`, the
   * identifier for a variable). Found by the checker's symbols: identifiers of the same text in the
   * name's scope (a local's function, else every file of the program), an import under another
   * name followed to its uses.
   */
  referencesOf(name: Node): readonly Node[] {
    const known = this.refs.get(name);
    if (known) return known;
    const out: Node[] = [];
    this.refs.set(name, out);
    const symbol = this.symbolOf(name);
    if (!symbol || !(this.ts.isIdentifier(name) || this.ts.isPrivateIdentifier(name) || this.ts.isStringLiteralLike(name)))
      return out;
    this.collect(symbol, name.text, this.scopeOf(symbol), out, name);
    return out;
  }

  /**
   * A constructor's parameter property (`constructor(private client: Client)`): the reads of the
   * member it declares (`this.client`), which are not the parameter's.
   */
  parameterPropertyReads(param: TsNamespace.ParameterDeclaration): readonly Node[] {
    const { name } = param;
    const known = this.refs.get(param);
    if (known) return known;
    const out: Node[] = [];
    this.refs.set(param, out);
    if (!this.ts.isIdentifier(name)) return out;
    const [, property] = this.view.checker.getSymbolsOfParameterPropertyDeclaration(param, name.text);
    // (Not the parameter's scope, the constructor: a member is read wherever its object goes.)
    if (property) this.collect(property, name.text, undefined, out, name);
    return out;
  }

  /** The places that read a module's default export (`export default x`, `export =`): its default imports and `require` calls. */
  referencesOfDefault(assignment: TsNamespace.ExportAssignment): readonly Node[] {
    return this.moduleReaders(assignment, assignment.getSourceFile(), assignment.isExportEquals ? 'export=' : 'default');
  }

  /** The places that read what `module.exports = …` sets: `require` calls of the module, its default imports. */
  referencesOfModule(sf: TsNamespace.SourceFile): readonly Node[] {
    return this.moduleReaders(sf, sf, 'export=');
  }

  /**
   * The places that read a module's own value when it is this function or class (`module.exports =
   * fn`, `export default fn`, `export = fn`, `export default function () {…}`): the uses of the names
   * its importers bind it to (`const load = require('./load')`, `import load from './load'`), and a
   * `require` call used as it is (`require('./load')()`).
   */
  readersOfModuleValue(value: Node): readonly Node[] {
    const { ts } = this;
    const readers = this.moduleValueReaders(value)?.() ?? [];
    return readers.flatMap((r) => {
      const holder = r.parent;
      return ts.isCallExpression(r) &&
        holder &&
        ts.isVariableDeclaration(holder) &&
        holder.initializer === r &&
        ts.isIdentifier(holder.name)
        ? this.referencesOf(holder.name)
        : [r];
    });
  }

  /** Whether a function or class is its module's own value (`module.exports = fn`, `export default fn`, …): asked before its readers are looked for. */
  isModuleValue(value: Node): boolean {
    return this.moduleValueReaders(value) !== undefined;
  }

  private moduleValueReaders(value: Node): (() => readonly Node[]) | undefined {
    const { ts } = this;
    const n = outerParens(ts, value);
    const p = n.parent;
    const sf = value.getSourceFile();
    if (
      p &&
      ts.isBinaryExpression(p) &&
      p.right === n &&
      p.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      isModuleExports(ts, skipParens(ts, p.left))
    )
      return () => this.referencesOfModule(sf);
    if (p && ts.isExportAssignment(p)) return () => this.referencesOfDefault(p);
    if (
      (ts.isFunctionDeclaration(value) || ts.isClassDeclaration(value)) &&
      (ts.getCombinedModifierFlags(value) & ts.ModifierFlags.ExportDefault) === ts.ModifierFlags.ExportDefault
    )
      return () => this.moduleReaders(value, sf, 'default');
    return undefined;
  }

  /** A module's exported functions by the name they are exported under (`exports.fields = …`, `export function fields`, `export { f as fields }`). */
  exportedFunctions(sf: TsNamespace.SourceFile): ReadonlyMap<string, FunctionLike> {
    const known = this.exportsOf.get(sf);
    if (known) return known;
    const out = new Map<string, FunctionLike>();
    this.exportsOf.set(sf, out);
    const moduleSymbol = moduleSymbolOf(sf);
    if (!moduleSymbol) return out;
    for (const exported of this.view.checker.getExportsOfModule(moduleSymbol)) {
      const target = this.resolved(exported);
      for (const d of target?.declarations ?? []) {
        const fn = this.functionOf(d);
        if (fn && this.isOwn(fn) && !out.has(exported.name)) out.set(exported.name, fn);
      }
    }
    return out;
  }

  /**
   * The places that read a module whole, as the object of its exports: its `require` calls (`const
   * api = require('./api')`) and the uses of the names it is imported under as a namespace (`import *
   * as api from './api'`).
   */
  wholeModuleReaders(sf: TsNamespace.SourceFile): readonly Node[] {
    const { ts, checker } = this.view;
    const moduleSymbol = moduleSymbolOf(sf);
    const out: Node[] = [...this.referencesOfModule(sf)].filter((r) => ts.isCallExpression(r));
    for (const file of this.ownFiles) {
      if (file === sf || !moduleSymbol) continue;
      for (const statement of file.statements) {
        const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
        if (
          bindings &&
          ts.isNamespaceImport(bindings) &&
          checker.getSymbolAtLocation((statement as TsNamespace.ImportDeclaration).moduleSpecifier) === moduleSymbol
        )
          out.push(...this.referencesOf(bindings.name));
      }
    }
    return out;
  }

  private moduleReaders(key: Node, sf: TsNamespace.SourceFile, name: string): readonly Node[] {
    const known = this.refs.get(key);
    if (known) return known;
    const out: Node[] = [];
    this.refs.set(key, out);
    const moduleSymbol = moduleSymbolOf(sf);
    if (!moduleSymbol) return out;
    const exported =
      // Stryker disable next-line OptionalChaining: a module's symbol always has its exports (the binder makes the table with the symbol)
      moduleSymbol.exports?.get(name as TsNamespace.__String) ?? moduleSymbol.exports?.get('default' as TsNamespace.__String);
    // A default import resolves through the export to what it names (`export default BASE`: the variable).
    this.importersOf(sf, exported && this.resolved(exported), moduleSymbol, out);
    return out;
  }

  /**
   * The uses of the default imports of `target` in the program's other files, and the `require`
   * calls of `moduleSymbol` (a CommonJS module's value) when it is given.
   */
  private importersOf(
    sf: TsNamespace.SourceFile,
    target: TsNamespace.Symbol | undefined,
    moduleSymbol: TsNamespace.Symbol | undefined,
    out: Node[],
  ): void {
    const { ts, checker } = this.view;
    for (const file of this.ownFiles) {
      if (file === sf) continue;
      const visit = (n: Node): void => {
        const local = target && this.defaultBinding(n);
        if (local && this.aliasOf(local) === target) {
          if (ts.isExportSpecifier(n)) this.collect(target, local.text, undefined, out, local);
          else this.collect(checker.getSymbolAtLocation(local) as TsNamespace.Symbol, local.text, file, out, local);
        } else if (
          target &&
          ts.isBindingElement(n) &&
          n.propertyName &&
          ts.isIdentifier(n.propertyName) &&
          n.propertyName.text === 'default' &&
          ts.isIdentifier(n.name) &&
          this.dynamicExport(n) === target
        ) {
          // `const { default: load } = await import('./load.js')`: a default import made at run time.
          this.collect(checker.getSymbolAtLocation(n.name) as TsNamespace.Symbol, n.name.text, file, out, n.name);
        } else if (target && this.loadsWhole(n, sf)) {
          // `import * as api from './load.js'` then `api.default`, `(await import('./load.js')).default`, `const api =
          // await import('./load.js'); api.default`: the default read as a member of the module read whole.
          this.defaultMembers(n, out);
        } else if (
          moduleSymbol &&
          ts.isCallExpression(n) &&
          ts.isIdentifier(n.expression) &&
          // Stryker disable next-line ConditionalExpression: the checker gives a called string the module's symbol only in a `require` call (`import()` calls no identifier)
          n.expression.text === 'require' &&
          n.arguments[0] &&
          ts.isStringLiteralLike(n.arguments[0]) &&
          checker.getSymbolAtLocation(n.arguments[0]) === moduleSymbol
        )
          out.push(n);
        ts.forEachChild(n, visit);
      };
      // Stryker disable next-line ConditionalExpression: a prefilter: a file without these words imports, requires and re-exports nothing (a script's global `m = import(…)` is a promise; awaited at its top level, no valid script)
      if (/\b(?:import|require|export)\b/.test(file.text)) visit(file);
    }
  }

  /** Whether a node reads module `sf` whole: `import * as api from './x'`, or `import('./x')`. */
  private loadsWhole(n: Node, sf: TsNamespace.SourceFile): boolean {
    const { ts, checker } = this.view;
    const specifier = ts.isNamespaceImport(n)
      ? n.parent.parent.moduleSpecifier
      : ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword
        ? n.arguments[0]
        : undefined;
    // Mutation: `!!specifier && isStringLiteralLike(specifier)` -> true is equivalent: no other specifier (a name, a call) has the module's symbol.
    return !!specifier && ts.isStringLiteralLike(specifier) && checker.getSymbolAtLocation(specifier) === moduleSymbolOf(sf);
  }

  /** The `x.default` reads of a module read whole (by a namespace import, or by `import()` awaited there or in a name). */
  private defaultMembers(n: Node, out: Node[]): void {
    const { ts } = this;
    // Stryker disable next-line ArrayDeclaration: each branch below sets it
    let whole: Node[] = [];
    if (ts.isNamespaceImport(n)) whole = [...this.referencesOf(n.name)];
    else {
      let e = outerParens(ts, n);
      if (e.parent && ts.isAwaitExpression(e.parent)) e = outerParens(ts, e.parent);
      const p = e.parent;
      // `import('./load.js').then((m) => m.default())`: the callback's parameter is the module.
      const then = p && ts.isPropertyAccessExpression(p) && p.name.text === 'then' ? p.parent : undefined;
      const cb = then && ts.isCallExpression(then) && then.arguments[0] ? skipParens(ts, then.arguments[0]) : undefined;
      const loaded = cb && this.isFunctionLike(cb) ? cb.parameters[0]?.name : undefined;
      // `const api = await import(…)`, and a member or a default that holds it (`{ api: await import(…) }`, `{ api = … }`).
      const holder = p as { initializer?: Node; name?: Node };
      const name = holder.initializer === e ? holder.name : loaded;
      whole = name && ts.isIdentifier(name) ? [...this.referencesOf(name)] : [e];
    }
    for (const w of whole) {
      const up = outerParens(ts, w);
      const p = up.parent;
      // Mutation: `p.expression === up` -> true is equivalent: a read is never a member access's name (that read is the access itself).
      if (p && ts.isPropertyAccessExpression(p) && p.expression === up && p.name.text === 'default' && !out.includes(p))
        out.push(p);
    }
  }

  /**
   * The name a module's default export is bound to by a declaration: `import B from`, `import { default
   * as B } from`, `import B = require(…)` (of an `export =`), or re-exported under (`export { default
   * as B } from`, `export { default } from`, `export { default as 'b' } from`: read where that export of the
   * re-exporting module is, `ns.default` of its namespace imports too).
   */
  private defaultBinding(n: Node): TsNamespace.Identifier | TsNamespace.StringLiteral | undefined {
    const { ts } = this;
    if (ts.isImportClause(n) || ts.isImportEqualsDeclaration(n)) return n.name;
    if ((ts.isImportSpecifier(n) || ts.isExportSpecifier(n)) && (n.propertyName ?? n.name).text === 'default') return n.name;
    return undefined;
  }

  private symbolOf(name: Node): TsNamespace.Symbol | undefined {
    try {
      return this.view.checker.getSymbolAtLocation(name);
      // Stryker disable next-line BlockStatement: an empty catch gives undefined all the same
    } catch {
      return undefined;
    }
  }

  /** The symbol an import (or any alias) stands for, or the symbol itself. */
  aliasOf(id: Node): TsNamespace.Symbol | undefined {
    const s = this.symbolOf(id);
    return s && this.resolved(s);
  }

  /** What an alias stands for (followed to its end), or the symbol itself. */
  private resolved(s: TsNamespace.Symbol): TsNamespace.Symbol | undefined {
    if (!(s.flags & this.ts.SymbolFlags.Alias)) return s;
    try {
      return this.view.checker.getAliasedSymbol(s);
      // Stryker disable next-line BlockStatement: an empty catch gives undefined all the same
    } catch {
      return undefined;
    }
  }

  /**
   * Where a symbol can be referenced: its function or block when it is a local, else the whole program.
   * Only where identifiers are searched: which of them count is decided by their symbol (`collect`'s
   * `same`), so a wider scope finds the same references (the mutants that widen it are equivalent).
   */
  // Stryker disable all: a wider scope (or none) finds the same references, more slowly
  private scopeOf(symbol: TsNamespace.Symbol): Node | undefined {
    const { ts } = this;
    const decl = symbol.valueDeclaration ?? symbol.declarations?.[0];
    if (!decl) return undefined;
    const local =
      ts.isVariableDeclaration(decl) || ts.isParameter(decl) || ts.isBindingElement(decl) || ts.isFunctionDeclaration(decl);
    if (!local) return undefined;
    for (let n = decl.parent; n; n = n.parent) {
      // A module's own top-level name: that file, unless the module exports it (or is a script whose names are global).
      if (ts.isSourceFile(n)) return this.isModuleLocal(symbol, n) ? n : undefined;
      if (
        this.isFunctionLike(n) ||
        ts.isBlock(n) ||
        ts.isForOfStatement(n) ||
        ts.isForStatement(n) ||
        ts.isForInStatement(n) ||
        ts.isCatchClause(n) ||
        ts.isClassLike(n)
      )
        return n;
    }
    return undefined;
  }

  /** Whether a top-level name of a module is seen only in that file: not exported, in a file that is a module. */
  private isModuleLocal(symbol: TsNamespace.Symbol, sf: TsNamespace.SourceFile): boolean {
    const moduleSymbol = moduleSymbolOf(sf);
    if (!moduleSymbol?.exports) return false;
    for (const exported of moduleSymbol.exports.values()) {
      if (exported === symbol) return false;
      if (exported.flags & this.ts.SymbolFlags.Alias) {
        try {
          if (this.view.checker.getAliasedSymbol(exported) === symbol) return false;
        } catch {
          return false;
        }
      }
      // `module.exports = { load }`, `export default { load }`: an object of exports may name it.
      if (exported.escapedName === 'export=' || exported.escapedName === 'default') return false;
    }
    return true;
  }
  // Stryker restore all

  /** Adds the value nodes of every identifier named `text` in `scope` (a node, or every own file) that stands for `symbol`. */
  private collect(symbol: TsNamespace.Symbol, text: string, scope: Node | undefined, out: Node[], self: Node): void {
    const { ts } = this;
    // Stryker disable next-line ArrayDeclaration: no declaration is a string (a symbol without declarations is matched as itself)
    const declarations = new Set(symbol.declarations ?? []);
    const same = (s: TsNamespace.Symbol | undefined) =>
      // Stryker disable next-line ArrayDeclaration: a string is no declaration of the symbol's
      !!s && (s === symbol || (s.declarations ?? []).some((d) => declarations.has(d)));
    const files = scope ? [scope.getSourceFile()] : [...this.ownFiles];
    for (const file of files) {
      // Stryker disable next-line all: a file without the text has no identifier of it (a prefilter)
      if (!scope && !file.text.includes(text)) continue;
      // A local's scope is walked alone; a program-wide name, through each file's index (built once).
      const ids = scope ? this.identifiersIn(scope, text) : this.identifiers(file).get(text);
      if (!ids) continue;
      for (const id of ids) {
        if (id === self) continue;
        const p = id.parent;
        // `{ fields }`: the checker's symbol there is the object's property; the value read is the variable's.
        // `const { load: L } = await import('./x.js')`: `load` there has none (no library types `import()`); `L`'s is taken.
        const s =
          (p && ts.isShorthandPropertyAssignment(p) && p.name === id
            ? this.view.checker.getShorthandAssignmentValueSymbol(p)
            : this.symbolOf(id)) ?? (ts.isBindingElement(p) ? this.symbolOf(p.name) : undefined);
        if (!s) continue;
        const isImport =
          !!p && (ts.isImportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p) || ts.isImportEqualsDeclaration(p));
        if (
          p &&
          ts.isExportSpecifier(p) &&
          // Stryker disable next-line ConditionalExpression: a specifier's own name (`export { x }`) is the text searched and no value: nothing is added
          p.propertyName === id &&
          ts.isIdentifier(p.name) &&
          (same(s) || same(this.aliasOf(id)))
        ) {
          // `export { BASE as API_BASE }`: read under the exported name wherever it is imported;
          // `export { BASE as default }`, by the module's default imports.
          if (p.name.text === 'default') this.importersOf(id.getSourceFile(), symbol, undefined, out);
          else if (p.name.text !== text) this.collect(symbol, p.name.text, undefined, out, p.name);
        } else if (isImport && (same(s) || same(this.aliasOf(id)))) {
          // An import of it: its uses in that file, under the local name (`import { BASE as B }`: the
          // checker gives `BASE` there the exported symbol itself).
          const local = (p as { name?: TsNamespace.Identifier }).name ?? id;
          if (ts.isIdentifier(local) && local !== self) this.collect(this.symbolOf(local) ?? s, local.text, file, out, local);
        } else if (same(s)) {
          const value = valueNodeOf(ts, id);
          if (value && !out.includes(value)) out.push(value);
        } else if (p && ts.isBindingElement(p) && (p.propertyName ?? p.name) === id && same(this.dynamicExport(p))) {
          // `const { name } = await import('./x.js')`: its uses in that file.
          const local = p.name;
          if (ts.isIdentifier(local)) this.collect(this.symbolOf(local) ?? s, local.text, file, out, local);
        } else if (s.flags & ts.SymbolFlags.Alias && same(this.aliasOf(id))) {
          const value = valueNodeOf(ts, id);
          if (value && !out.includes(value)) out.push(value);
        }
      }
    }
  }

  /** The identifiers named `text` inside a node. */
  private identifiersIn(scope: Node, text: string): Node[] {
    const { ts } = this;
    const out: Node[] = [];
    const visit = (n: Node): void => {
      if ((ts.isIdentifier(n) || ts.isPrivateIdentifier(n)) && n.text === text) out.push(n);
      else if (ts.isStringLiteralLike(n) && n.text === text && n.parent && ts.isElementAccessExpression(n.parent)) out.push(n);
      else ts.forEachChild(n, visit);
    };
    visit(scope);
    return out;
  }

  private readonly idIndex = new Map<TsNamespace.SourceFile, Map<string, Node[]>>();

  /** Every identifier of a file, by its text (built once per file). */
  private identifiers(sf: TsNamespace.SourceFile): Map<string, Node[]> {
    let index = this.idIndex.get(sf);
    if (index) return index;
    index = new Map();
    const { ts } = this;
    // Stryker disable OptionalChaining: the index is made before `add` is called (`?.` is for the closure's type)
    const add = (n: Node, text: string) => {
      const list = index?.get(text);
      if (list) list.push(n);
      else index?.set(text, [n]);
      // Stryker restore OptionalChaining
    };
    const visit = (n: Node): void => {
      if (ts.isIdentifier(n) || ts.isPrivateIdentifier(n)) add(n, n.text);
      else if (ts.isStringLiteralLike(n) && n.parent && ts.isElementAccessExpression(n.parent)) add(n, n.text);
      else ts.forEachChild(n, visit);
    };
    visit(sf);
    this.idIndex.set(sf, index);
    return index;
  }

  /**
   * The function a declaration declares: itself, or the function written as its value
   * (`const f = () => …`, `{ f: () => … }`, a class field `f = () => …`), or the function a name
   * written as its value declares (`{ show }`, `{ show: show }`, `const render = show`).
   */
  functionOf(d: Node, depth = 0): FunctionLike | undefined {
    const { ts } = this;
    if (this.isFunctionLike(d)) return d;
    const value = declaredValue(ts, d);
    if (value && this.isFunctionLike(value)) return value;
    const held = ts.isShorthandPropertyAssignment(d)
      ? this.view.checker.getShorthandAssignmentValueSymbol(d)
      : value && ts.isIdentifier(value)
        ? this.symbolOf(value)
        : undefined;
    const named = held && this.resolved(held);
    const target = named && (named.valueDeclaration ?? named.declarations?.[0]);
    // (A few names deep: `const a = b; const b = a;` names no function.)
    // Mutation: `target !== d` -> true is equivalent: a declaration naming itself is asked again, the same, until the depth ends it.
    return target && target !== d && depth < 4 ? this.functionOf(target, depth + 1) : undefined;
  }

  /** The functions (with bodies, in the program's own files) a call can reach, by the checker. */
  calleesOf(call: TsNamespace.CallExpression | TsNamespace.NewExpression): FunctionLike[] {
    const { ts, checker } = this.view;
    const out: FunctionLike[] = [];
    const take = (d: Node | undefined) => {
      if (d && this.isFunctionLike(d) && d.body && this.isOwn(d) && !out.includes(d)) out.push(d);
    };
    // The callee's symbol names the function (cheaper than resolving the signature); a class's constructor for `new`.
    const callee = skipParens(ts, call.expression);
    // `console.log(…)`, `JSON.parse(…)`, a library's `axios.get(…)`: a chain on a name the program does not declare
    // reaches none of its functions (and typing the chain would cost the most).
    let root: TsNamespace.Expression = callee;
    // Stryker disable next-line LogicalOperator,ConditionalExpression: a shortcut only: a chain on an undeclared name, typed, reaches none too
    while (ts.isPropertyAccessExpression(root) || ts.isElementAccessExpression(root)) root = skipParens(ts, root.expression);
    // Stryker disable next-line EqualityOperator,ConditionalExpression: a shortcut only: a chain on an undeclared name (or the name itself, called), typed, reaches none too
    if (root !== callee && ts.isIdentifier(root) && !this.symbolOf(root)) return out;
    let symbol = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(callee) ? callee.name : callee);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) {
      try {
        symbol = checker.getAliasedSymbol(symbol);
        // Stryker disable next-line BlockStatement: getAliasedSymbol throws only for a symbol that is no alias (checked above)
      } catch {
        symbol = undefined;
      }
    }
    // `const { f } = await import('./x.js')`: the module's export (the checker types `import()` only with a lib).
    const exported =
      symbol?.valueDeclaration && ts.isBindingElement(symbol.valueDeclaration) && this.dynamicExport(symbol.valueDeclaration);
    if (exported) symbol = exported;
    // Stryker disable next-line ArrayDeclaration: a string declares no function and makes no class
    for (const d of symbol?.declarations ?? []) {
      const declared = this.functionOf(d);
      // A class declared, or one a name is given (`module.exports = class {…}`, `const Api = class {…}`).
      const made = ts.isClassLike(d) ? d : declaredValue(ts, d);
      if (declared) take(declared);
      else if (made && ts.isClassLike(made) && ts.isNewExpression(call))
        for (const m of made.members) if (ts.isConstructorDeclaration(m)) take(m);
    }
    for (const fn of this.assignedFunctions(symbol)) take(fn);
    // `Row.load()` on `export default defineComponent({ load() {…} })`, a wrapper the checker cannot type without
    // its library: the method of the object literal it wraps.
    if (!symbol && ts.isPropertyAccessExpression(callee)) {
      const name = callee.name.text;
      // `(await import('./show.js')).default(list)`, `const show = await import('./show.js'); show.default(list)`.
      // Stryker disable next-line ArrayDeclaration: a string declares no function
      for (const d of this.importedExport(callee.expression, name)?.declarations ?? []) take(this.functionOf(d));
      // Mutation: `isIdentifier || isStringLiteral` -> true is equivalent: a computed or numeric name is never a member access's.
      for (const literal of this.wrappedLiterals(callee.expression))
        for (const p of literal.properties)
          if (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name) take(this.functionOf(p));
    }
    if (out.length > 0) return out;
    // A function value a name holds that is not a function literal (`const f = flag ? a : b`, a name destructured
    // from `await import('./x.js')`): what the checker resolves.
    const holds = symbol?.valueDeclaration;
    // `require('./routes')(client)`, `makeHandler()(req)`: the function a call returns, as the checker resolves it.
    if (
      ts.isCallExpression(callee) ||
      (holds && ((ts.isVariableDeclaration(holds) && holds.initializer) || ts.isBindingElement(holds)))
    ) {
      try {
        // Stryker disable next-line OptionalChaining: the checker always gives a signature (an unknown one at worst), and a throw is caught as none
        take(checker.getResolvedSignature(call)?.declaration);
      } catch {
        // no signature
      }
    }
    return out;
  }

  /**
   * The object literals a name holds: written as its value, through a call of one argument
   * (`defineComponent({…})`, `Vue.extend({…})`, `Object.freeze({…})`), copied in (`Object.assign({},
   * { show }, helpers)`, `{ ...helpers }`), declared or exported by default and imported.
   */
  private wrappedLiterals(e: TsNamespace.Expression, depth = 0): TsNamespace.ObjectLiteralExpression[] {
    const { ts, checker } = this.view;
    const name = skipParens(ts, e);
    let symbol = ts.isIdentifier(name) ? this.symbolOf(name) : undefined;
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const d = symbol?.declarations?.[0];
    const value = d && declaredValue(ts, d);
    const held = (x: TsNamespace.Expression): TsNamespace.ObjectLiteralExpression[] => {
      const v = skipParens(ts, x);
      if (!ts.isObjectLiteralExpression(v)) return depth < 4 && ts.isIdentifier(v) ? this.wrappedLiterals(v, depth + 1) : [];
      // (A few names deep: `const a = { ...b }; const b = { ...a };` holds no more.)
      const spread = v.properties.flatMap((p) =>
        ts.isSpreadAssignment(p) && depth < 4 ? this.wrappedLiterals(p.expression, depth + 1) : [],
      );
      return [v, ...spread];
    };
    if (!value) return [];
    if (ts.isCallExpression(value) && value.arguments.length === 1) return held(value.arguments[0] as Expression);
    if (ts.isCallExpression(value) && value.expression.getText() === 'Object.assign') return value.arguments.flatMap(held);
    return held(value);
  }

  /** `let f; … f = () => …`: the functions a variable is assigned after its declaration. */
  assignedFunctions(symbol: TsNamespace.Symbol | undefined): FunctionLike[] {
    const { ts } = this;
    const variable = symbol?.valueDeclaration;
    if (!variable || !ts.isVariableDeclaration(variable) || !ts.isIdentifier(variable.name)) return [];
    return this.referencesOf(variable.name).flatMap((ref) => {
      const p = ref.parent;
      const value =
        p &&
        ts.isBinaryExpression(p) &&
        // Stryker disable next-line ConditionalExpression: a read on the right of `=` is that value itself, a name and no function
        p.left === ref &&
        // `f = …`, and `f ??= …`, `f ||= …`, `f &&= …` (a default set where it is used).
        [
          ts.SyntaxKind.EqualsToken,
          ts.SyntaxKind.QuestionQuestionEqualsToken,
          ts.SyntaxKind.BarBarEqualsToken,
          ts.SyntaxKind.AmpersandAmpersandEqualsToken,
        ].includes(p.operatorToken.kind) &&
        skipParens(ts, p.right);
      return value && this.isFunctionLike(value) ? [value] : [];
    });
  }

  /** The export a name destructured from a dynamic import is (`const { f } = await import('./x.js')`), if the program holds the module. */
  dynamicExport(binding: TsNamespace.BindingElement): TsNamespace.Symbol | undefined {
    const { ts } = this.view;
    const pattern = binding.parent;
    const decl = pattern.parent;
    if (!ts.isObjectBindingPattern(pattern) || !ts.isVariableDeclaration(decl) || !decl.initializer) return undefined;
    const name = binding.propertyName ?? binding.name;
    return ts.isIdentifier(name) ? this.importedExport(decl.initializer, name.text) : undefined;
  }

  /**
   * The export `name` of the module an expression loads at run time (`await import('./x.js')`, or a
   * name declared as one: `const x = await import('./x.js')`), if the program holds it.
   */
  importedExport(e: Expression, name: string): TsNamespace.Symbol | undefined {
    const { ts, checker, program } = this.view;
    const x = skipParens(ts, e);
    const decl = ts.isIdentifier(x) ? this.symbolOf(x)?.valueDeclaration : undefined;
    const loads = decl && ts.isVariableDeclaration(decl) && decl.initializer ? decl.initializer : x;
    const specifier = dynamicImportOf(ts, loads);
    if (specifier === undefined) return undefined;
    const from = e.getSourceFile().fileName;
    const file = ts.resolveModuleName(specifier, from, program.getCompilerOptions(), ts.sys).resolvedModule?.resolvedFileName;
    const sf = file ? program.getSourceFile(file) : undefined;
    const moduleSymbol = sf && checker.getSymbolAtLocation(sf);
    if (!moduleSymbol) return undefined;
    let found = checker.getExportsOfModule(moduleSymbol).find((s) => s.name === name);
    if (found && found.flags & ts.SymbolFlags.Alias) found = checker.getAliasedSymbol(found);
    return found;
  }

  /** The name a function is called by, where the language service can find its calls. */
  nameOf(fn: FunctionLike): Node | undefined {
    const { ts } = this;
    if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn) || ts.isGetAccessorDeclaration(fn)) && fn.name)
      return fn.name;
    // Stryker disable next-line LogicalOperator,ConditionalExpression: a constructor's parent is always its class
    if (ts.isConstructorDeclaration(fn)) return fn.parent && ts.isClassLike(fn.parent) ? fn.parent.name : undefined;
    const n = outerParens(ts, fn);
    const p = n.parent;
    // Stryker disable next-line ConditionalExpression: a function is always in a file (it has a parent)
    if (!p) return undefined;
    // Mutation: `p.initializer === n` -> true is equivalent: a function under these is their initializer (never a name).
    if ((ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) && p.initializer === n)
      return ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) ? p.name : undefined;
    // Mutation: `p.right === n` -> true, and `||` for its `&&`, are equivalent: a function is no target of `=` (and only a binary expression has a `right`).
    if (ts.isBinaryExpression(p) && p.right === n && p.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const left = skipParens(ts, p.left);
      if (ts.isPropertyAccessExpression(left)) return left.name;
      if (ts.isIdentifier(left)) return left;
    }
    // Stryker disable next-line LogicalOperator,ConditionalExpression: an arrow has no name (the named kinds returned above): only a function expression's is returned
    if (ts.isFunctionExpression(fn) && fn.name) return fn.name;
    return undefined;
  }
}

/** The symbol of a module (its exports), bound with its file; none for a script. */
function moduleSymbolOf(sf: TsNamespace.SourceFile): TsNamespace.Symbol | undefined {
  return (sf as unknown as { symbol?: TsNamespace.Symbol }).symbol;
}

/** `module.exports` itself (what `require` of the module gives). */
export function isModuleExports(ts: Ts, e: Node): boolean {
  return (
    ts.isPropertyAccessExpression(e) &&
    e.name.text === 'exports' &&
    ts.isIdentifier(e.expression) &&
    e.expression.text === 'module'
  );
}

/**
 * The value a declaration gives its name: a variable's or member's initializer, a default export's
 * expression (`export default (fields) => …`), the right side of the assignment it is the target of
 * (`exports.load = function …`: the member written) or is (`module.exports = class {…}`: the checker
 * declares a module's `export=` by the assignment itself).
 */
export function declaredValue(ts: Ts, d: Node): Expression | undefined {
  if ((ts.isVariableDeclaration(d) || ts.isPropertyAssignment(d) || ts.isPropertyDeclaration(d)) && d.initializer)
    return skipParens(ts, d.initializer);
  if (ts.isExportAssignment(d)) return skipParens(ts, d.expression);
  const p = d.parent;
  const a = ts.isBinaryExpression(d) ? d : p && ts.isBinaryExpression(p) && p.left === d ? p : undefined;
  return a?.operatorToken.kind === ts.SyntaxKind.EqualsToken ? skipParens(ts, a.right) : undefined;
}

/** The outermost of the parentheses around a node (the node itself when there are none): what its parent sees. */
export function outerParens(ts: Ts, node: Node): Node {
  let n = node;
  while (n.parent && ts.isParenthesizedExpression(n.parent)) n = n.parent;
  return n;
}

/**
 * The library function a callee names, by what it is imported as (under any local name) from a
 * module `from` accepts, or as a global of that name the program does not declare (auto-imports);
 * undefined when `named` does not accept the name, or for anything else.
 */
export function importedFunction(
  ts: Ts,
  checker: TsNamespace.TypeChecker,
  callee: Expression,
  named: (name: string) => boolean,
  from: (specifier: string) => boolean,
): string | undefined {
  const e = skipParens(ts, callee);
  // Mutation: -> false is equivalent: a callee of another kind has no symbol and no `text` (but a string literal, never called).
  if (!ts.isIdentifier(e)) return undefined;
  const symbol = checker.getSymbolAtLocation(e);
  const decl = symbol?.declarations?.[0];
  const name = !symbol ? e.text : decl && ts.isImportSpecifier(decl) ? (decl.propertyName ?? decl.name).text : undefined;
  if (name === undefined || !named(name)) return undefined;
  if (!decl) return name;
  const specifier = (decl as TsNamespace.ImportSpecifier).parent.parent.parent.moduleSpecifier;
  return ts.isStringLiteral(specifier) && from(specifier.text) ? name : undefined;
}

/** Drops parentheses, `!`, `as T`, `satisfies T` and `<T>` around an expression (the codemod's `skipOuter`). */
export { skipParens };

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
  // Stryker disable next-line LogicalOperator: the tokens given are identifiers (returned above) and the strings an element access is indexed by
  if (ts.isStringLiteralLike(token) && ts.isElementAccessExpression(p) && p.argumentExpression === token) return p;
  return undefined;
}

/** The module `import('./x.js')` or `await import('./x.js')` loads, when written as a string. */
export function dynamicImportOf(ts: Ts, expr: Expression): string | undefined {
  let e = skipParens(ts, expr);
  if (ts.isAwaitExpression(e)) e = skipParens(ts, e.expression);
  if (!ts.isCallExpression(e) || e.expression.kind !== ts.SyntaxKind.ImportKeyword) return undefined;
  const [arg] = e.arguments;
  return arg && ts.isStringLiteralLike(arg) ? arg.text : undefined;
}
