import type { ts as TsNamespace } from 'ts-morph';
import type { RoleAnalysis } from '../../roles/analysis.js';
import type { ProgramView } from '../../roles/program-view.js';
import type { RenameLocation } from './civic-types.js';
import type { ProgramContext } from './project.js';

type Node = TsNamespace.Node;

/**
 * What the program says about one script, for the decisions the syntax cannot make alone: the
 * renames decided by declared types' symbols, whom a property name belongs to, and the roles the
 * program's values hold (the role engine's analysis, the same for every file).
 */
export interface ProgramFacts {
  /** The renames the program decided in this script (V1 members and everything that names them). */
  readonly renames: readonly RenameLocation[];
  /**
   * Whom a property name at an access, member or binding site belongs to: `civic` (a V1 member:
   * its rename is in `renames`), `other` (the checker resolves it to another member: leave it),
   * `unknown` (no declared type: the roles decide).
   */
  ownerOf(name: Node): 'civic' | 'other' | 'unknown';
  /** What the role engine says about the program's values (the same analysis for every file). */
  readonly roles: RoleAnalysis;
}

/** The facts about one file of an open program. */
export function programFacts(
  ctx: ProgramView,
  sf: TsNamespace.SourceFile,
  renames: readonly RenameLocation[],
  roles: RoleAnalysis,
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

  return { renames, ownerOf, roles };
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
