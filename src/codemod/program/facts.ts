import type { ts as TsNamespace } from 'ts-morph';
import type { RoleAnalysis } from '../../roles/analysis.js';
import type { ProgramView } from '../../roles/program-view.js';
import { constInitializer, isConstObject, type ResolveName, stringValue } from '../string-value.js';
import type { RenameLocation } from './civic-types.js';
import type { ProgramContext } from './project.js';

type Node = TsNamespace.Node;
type Expression = TsNamespace.Expression;

/**
 * What the program says about one script, for the decisions the syntax cannot make alone: the
 * renames decided by symbols, whom a property name belongs to, the value of a constant (across
 * imports), and the paths the program builds on a base URL constant.
 */
export interface ProgramFacts {
  /** The renames the program decided in this script (V1 members and everything that names them). */
  readonly renames: readonly RenameLocation[];
  /**
   * Whom a property name at an access, member or binding site belongs to: `civic` (a V1 member:
   * its rename is in `renames`), `other` (the checker resolves it to another member: leave it),
   * `unknown` (no type information: the syntax decides).
   */
  ownerOf(name: Node): 'civic' | 'other' | 'unknown';
  /** The string an expression always is, when the program fixes it (a literal, a constant, across imports). */
  stringOf(expr: Expression): string | undefined;
  /**
   * For a string that initializes a constant: the texts the program appends to that constant
   * wherever it builds a string on it (`${BASE}/election/field/` gives `/election/field/`).
   * Undefined when the string initializes no constant.
   */
  pathsBuiltOn(literal: Node): readonly string[] | undefined;
  /** What the role engine says about the program's values (the same analysis for every file). */
  readonly roles?: RoleAnalysis;
}

/** The facts about one file of an open program. */
export function programFacts(
  ctx: ProgramView,
  sf: TsNamespace.SourceFile,
  renames: readonly RenameLocation[],
  roles?: RoleAnalysis,
): ProgramFacts {
  const { ts, checker } = ctx;
  const renamed = new Set(renames.map((r) => r.start));

  const propertyOf = (name: Node): TsNamespace.Symbol | undefined => {
    const p = name.parent;
    if (p && ts.isBindingElement(p)) {
      const property = p.propertyName ?? p.name;
      if (!ts.isIdentifier(property) && !ts.isStringLiteral(property)) return undefined;
      return checker.getTypeAtLocation(p.parent).getProperty(property.text);
    }
    if (p && ts.isShorthandPropertyAssignment(p)) return checker.getContextualType(p.parent)?.getProperty(p.name.text);
    return checker.getSymbolAtLocation(name);
  };

  const ownerOf: ProgramFacts['ownerOf'] = (name) => {
    const start = name.getStart(sf) + (ts.isStringLiteral(name) ? 1 : 0);
    if (renamed.has(start)) return 'civic';
    const symbol = propertyOf(name);
    if (!symbol) return 'unknown';
    const roots = checker.getRootSymbols(symbol);
    // A declared type settles it; a member the checker only infers from a value (an object literal,
    // an assignment `this.x = …`) does not: the data flow decides those.
    const declared = roots.some((s) => (s.getDeclarations() ?? []).some((d) => isTypeMember(d)));
    return declared ? 'other' : 'unknown';
  };
  const isTypeMember = (d: Node) =>
    ts.isPropertySignature(d) ||
    ts.isMethodSignature(d) ||
    ts.isPropertyDeclaration(d) ||
    ts.isJSDocPropertyTag(d) ||
    ts.isGetAccessorDeclaration(d) ||
    ts.isSetAccessorDeclaration(d) ||
    ts.isEnumMember(d);

  /** Where a name's constant value is written, as the type checker sees it (across imports). */
  const resolve: ResolveName = (e) => {
    let symbol = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(e) ? e.name : e);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    // A property read through a mapped type (`Object.freeze` gives `Readonly<…>`) has no value declaration of its own: its one declaration is the original.
    const decl = symbol?.valueDeclaration ?? (symbol?.declarations?.length === 1 ? symbol.declarations[0] : undefined);
    if (!decl) return undefined;
    if (ts.isVariableDeclaration(decl)) return constInitializer(ts, decl.initializer);
    if (ts.isPropertyAssignment(decl) && isConstObject(ts, decl.parent)) return decl.initializer;
    return undefined;
  };

  const pathsBuiltOn: ProgramFacts['pathsBuiltOn'] = (literal) => {
    let init: Node = literal;
    while (init.parent && (ts.isParenthesizedExpression(init.parent) || ts.isAsExpression(init.parent))) init = init.parent;
    const decl = init.parent;
    if (!decl || !ts.isVariableDeclaration(decl) || decl.initializer !== init || !ts.isIdentifier(decl.name)) return undefined;
    if (!(ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const)) return undefined;
    const paths: string[] = [];
    const refs = ctx.languageService.findReferences(sf.fileName, decl.name.getStart(sf)) ?? [];
    for (const group of refs) {
      for (const ref of group.references) {
        if (ref.isDefinition) continue;
        const file = ctx.program.getSourceFile(ref.fileName);
        const node = file && nodeAt(ts, file, ref.textSpan.start);
        const appended = node && appendedText(ts, node);
        if (appended !== undefined) paths.push(appended);
      }
    }
    return paths;
  };

  return { renames, ownerOf, stringOf: (e) => stringValue(ts, e, resolve), pathsBuiltOn, ...(roles ? { roles } : {}) };
}

/** The text a string expression appends right after `node` (`${node}/x/` or `node + '/x/'`), if any. */
function appendedText(ts: ProgramContext['ts'], node: Node): string | undefined {
  let n = node;
  while (n.parent && (ts.isParenthesizedExpression(n.parent) || ts.isPropertyAccessExpression(n.parent))) n = n.parent;
  const p = n.parent;
  if (p && ts.isTemplateSpan(p) && p.expression === n) return p.literal.text;
  if (p && ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.PlusToken && p.left === n) {
    let right: Node = p.right;
    while (ts.isBinaryExpression(right) && right.operatorToken.kind === ts.SyntaxKind.PlusToken) right = right.left;
    if (ts.isStringLiteralLike(right)) return right.text;
    if (ts.isTemplateExpression(right)) return right.head.text;
  }
  return undefined;
}

/** The innermost node of a file that starts at or covers `pos` (an identifier, a literal…). */
export function nodeAt(ts: ProgramContext['ts'], sf: TsNamespace.SourceFile, pos: number): Node | undefined {
  let found: Node | undefined;
  const visit = (n: Node): void => {
    if (pos < n.getStart(sf) || pos >= n.end) return;
    found = n;
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(sf, visit);
  return found;
}
