import type { ts as TsNamespace } from 'ts-morph';
import type { PropertyRule } from '../../mapping/schema.js';
import type { ProgramView } from '../../roles/program-view.js';
import type { CodemodPlan } from '../plan.js';

type Node = TsNamespace.Node;

/**
 * The V1 shapes of the Civic Data API, by the property rule's object: the keys a field descriptor
 * and a state item have in V1 (SPEC.md, Resources). A declaration holding a rule's V1 property and
 * another key of its object (not the all-purpose `text`) is taken for that object.
 */
const SHAPES: Readonly<Record<PropertyRule['object'], readonly string[]>> = {
  field: ['slug', 'field_format'],
  stateItem: ['field_type', 'modified_at'],
};

/** A declared member of a V1 Civic type whose name V2 changed (`long_name`, a Boolean item's `value`). */
export interface CivicMember {
  /** The member's name node (identifier or string literal) in its declaration. */
  readonly name: TsNamespace.Identifier | TsNamespace.StringLiteral;
  readonly rule: PropertyRule;
}

/** Where the program renames a V1 member, by file: the span and its replacement text (`bool_value: value` for a shorthand). */
export interface RenameLocation {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly from: string;
  readonly rule: PropertyRule;
}

/**
 * Finds the program's V1 Civic types structurally (interfaces, type literals, classes, object
 * literals given to a schema builder such as `z.object({...})`, JSDoc typedefs) and returns the
 * members V2 renamed, with the rule that renames each. Syntax only, plus the checker for the
 * members of an interface's base types and a member's declared type.
 */
export function findCivicMembers(ctx: ProgramView, plan: CodemodPlan): CivicMember[] {
  const { ts, checker } = ctx;
  const rules = plan.mappings.properties;
  const members: CivicMember[] = [];

  /** The names a container declares, with the checker's help for interfaces and classes (their base types count). */
  const keysOf = (container: Node): Set<string> => {
    const keys = new Set<string>();
    if (ts.isInterfaceDeclaration(container) || ts.isClassLike(container) || ts.isTypeLiteralNode(container)) {
      for (const p of checker.getTypeAtLocation(container).getProperties()) keys.add(p.getName());
    }
    const list: readonly Node[] = ts.isObjectLiteralExpression(container)
      ? container.properties
      : ts.isJSDocTypeLiteral(container)
        ? (container.jsDocPropertyTags ?? [])
        : [];
    for (const p of list) {
      const name = (p as { name?: Node }).name;
      if (name && (ts.isIdentifier(name) || ts.isStringLiteral(name))) keys.add(name.text);
      else if (name && ts.isQualifiedName(name)) keys.add(name.right.text);
    }
    return keys;
  };

  /** A Boolean rule's member must be Boolean (or untyped): another `value` is not V1's. */
  const fitsFormat = (member: Node, rule: PropertyRule): boolean => {
    if (rule.appliesToFormat !== 'Boolean') return true;
    if (ts.isPropertyAssignment(member)) return /\bboolean\s*\(/.test(member.initializer.getText());
    if (ts.isJSDocPropertyTag(member)) return !member.typeExpression || /boolean/i.test(member.typeExpression.getText());
    const type = checker.getTypeAtLocation(member);
    if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return true;
    const parts = type.isUnion() ? type.types : [type];
    return parts.every((t) => t.flags & (ts.TypeFlags.BooleanLike | ts.TypeFlags.Undefined | ts.TypeFlags.Null));
  };

  const consider = (member: Node, name: Node | undefined, container: Node) => {
    if (!name || !(ts.isIdentifier(name) || ts.isStringLiteral(name))) return;
    const rule = rules.find((r) => r.v1 === name.text);
    if (!rule) return;
    const keys = keysOf(container);
    if (!SHAPES[rule.object].some((k) => keys.has(k))) return;
    if (!fitsFormat(member, rule)) return;
    members.push({ name, rule });
  };

  const isSchemaObject = (n: TsNamespace.ObjectLiteralExpression) => {
    const call = n.parent;
    if (!call || !ts.isCallExpression(call) || call.arguments[0] !== n) return false;
    const callee = call.expression;
    const method = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
    return /^(strict|loose|passthrough)?[oO]bject$/.test(method);
  };

  const visit = (n: Node): void => {
    if (ts.isPropertySignature(n) || ts.isPropertyDeclaration(n)) consider(n, n.name, n.parent);
    else if (ts.isPropertyAssignment(n) && ts.isObjectLiteralExpression(n.parent) && isSchemaObject(n.parent))
      consider(n, n.name, n.parent);
    else if (ts.isJSDocPropertyTag(n) && n.parent && ts.isJSDocTypeLiteral(n.parent)) {
      const name = ts.isQualifiedName(n.name) ? n.name.right : n.name;
      consider(n, name, n.parent);
    }
    // JSDoc lives beside the nodes, not among their children.
    for (const doc of (n as { jsDoc?: readonly Node[] }).jsDoc ?? []) visit(doc);
    ts.forEachChild(n, visit);
  };
  // A file that names none of the shapes' keys declares no V1 type: not walked.
  const keys = [...new Set(Object.values(SHAPES).flat())];
  for (const sf of ctx.files.values()) if (keys.some((k) => sf.text.includes(k))) visit(sf);
  return members;
}

/**
 * The files that import one of `roots` (resolved by the checker), with the roots: where a declared
 * type's members are named most (a value of the type reaches other files through these).
 */
function dependents(ctx: ProgramView, roots: readonly TsNamespace.SourceFile[]): TsNamespace.SourceFile[] {
  const { ts, checker } = ctx;
  const importers = new Map<TsNamespace.SourceFile, TsNamespace.SourceFile[]>();
  for (const sf of ctx.program.getSourceFiles()) {
    if (sf.isDeclarationFile && !ctx.files.has(sf.fileName)) continue;
    for (const specifier of (sf as unknown as { imports?: readonly TsNamespace.StringLiteralLike[] }).imports ?? []) {
      const target = checker.getSymbolAtLocation(specifier)?.declarations?.find(ts.isSourceFile);
      if (!target) continue;
      const list = importers.get(target);
      if (list) list.push(sf);
      else importers.set(target, [sf]);
    }
  }
  const out = new Set<TsNamespace.SourceFile>(roots);
  for (const root of roots) for (const importer of importers.get(root) ?? []) out.add(importer);
  return [...out];
}

/** The compiler's find-all-references as a rename, over chosen files only (what the language service runs over every file). */
interface FindAllReferences {
  FindReferencesUse: { Rename: number };
  findReferenceOrRenameEntries<T>(
    program: TsNamespace.Program,
    token: TsNamespace.CancellationToken,
    files: readonly TsNamespace.SourceFile[],
    node: Node,
    position: number,
    options: object,
    convert: (entry: unknown, node: Node, checker: TsNamespace.TypeChecker) => T,
  ): T[] | undefined;
  toRenameLocation(
    entry: unknown,
    node: Node,
    checker: TsNamespace.TypeChecker,
    prefixAndSuffix: boolean,
    quote: number,
  ): TsNamespace.RenameLocation;
}

/** A rename's locations, searched in `files` only; undefined where this TypeScript does not offer it (the language service answers then). */
function findRename(
  ctx: ProgramView,
  name: Node,
  at: number,
  files: readonly TsNamespace.SourceFile[],
): readonly TsNamespace.RenameLocation[] | undefined {
  const far = (ctx.ts as unknown as { FindAllReferences?: FindAllReferences }).FindAllReferences;
  if (typeof far?.findReferenceOrRenameEntries !== 'function' || typeof far.toRenameLocation !== 'function') return undefined;
  const token = { isCancellationRequested: () => false, throwIfCancellationRequested: () => {} };
  const options = {
    findInStrings: false,
    findInComments: false,
    providePrefixAndSuffixTextForRename: true,
    use: far.FindReferencesUse.Rename,
  };
  try {
    return (
      far.findReferenceOrRenameEntries(ctx.program, token, files, name, at, options, (e, n, c) =>
        far.toRenameLocation(e, n, c, true, 0),
      ) ?? []
    );
  } catch {
    return undefined;
  }
}

/**
 * Every place the program names a V1 member, as a rename finds them (receivers, parameters,
 * generics, destructuring, contextually typed object literals, element access by string), plus the
 * string literal types a rename does not reach (`Pick<T, 'long_name'>`, `T['value']`). By absolute
 * file path. A large program is searched where the names are (`within`: the files that show V1
 * usage, with the declaring files and their importers): a name missed elsewhere is what the
 * type-check before writing reports.
 */
export function renameLocations(
  ctx: ProgramView,
  members: readonly CivicMember[],
  within?: readonly TsNamespace.SourceFile[],
): Map<string, RenameLocation[]> {
  const { ts, checker } = ctx;
  const byFile = new Map<string, RenameLocation[]>();
  const seen = new Set<string>();
  const add = (file: string, loc: RenameLocation) => {
    const key = `${file}\u0000${loc.start}`;
    if (seen.has(key)) return;
    seen.add(key);
    const list = byFile.get(file) ?? [];
    list.push(loc);
    byFile.set(file, list);
  };
  const declared = new Set<Node>(members.map((m) => m.name.parent));

  // Searched: the declaring files, their importers and the files that show V1 usage (`within`); every file when not given.
  const searched =
    members.length === 0
      ? []
      : within
        ? [...new Set([...dependents(ctx, [...new Set(members.map((m) => m.name.getSourceFile()))]), ...within])]
        : [...ctx.files.values()];
  for (const { name, rule } of members) {
    const file = name.getSourceFile().fileName;
    const at = name.getStart() + (ts.isStringLiteral(name) ? 1 : 0);
    const locations =
      findRename(ctx, name, at, searched) ??
      ctx.languageService.findRenameLocations(file, at, false, false, { providePrefixAndSuffixTextForRename: true }) ??
      [];
    for (const l of locations) {
      const start = l.textSpan.start;
      const end = start + l.textSpan.length;
      add(l.fileName, { start, end, text: `${l.prefixText ?? ''}${rule.v2}${l.suffixText ?? ''}`, from: rule.v1, rule });
    }
  }

  // String literal types naming a member: `Pick<Item, 'value'>`, `Omit<…>`, `Item['value']`.
  const ownerHasMember = (typeNode: Node | undefined, literal: string): PropertyRule | undefined => {
    if (!typeNode) return undefined;
    const property = checker.getTypeAtLocation(typeNode).getProperty(literal);
    for (const d of property?.getDeclarations() ?? []) {
      if (declared.has(d)) return members.find((m) => m.name.parent === d)?.rule;
    }
    return undefined;
  };
  const visit = (n: Node): void => {
    if (ts.isLiteralTypeNode(n) && ts.isStringLiteral(n.literal)) {
      const literal = n.literal.text;
      let owner: Node | undefined;
      let up: Node = n;
      while (up.parent && ts.isUnionTypeNode(up.parent)) up = up.parent;
      const p = up.parent;
      if (p && ts.isTypeReferenceNode(p) && p.typeArguments?.includes(up as TsNamespace.TypeNode)) owner = p.typeArguments[0];
      else if (p && ts.isIndexedAccessTypeNode(p) && p.indexType === up) owner = p.objectType;
      const rule = owner && owner !== up ? ownerHasMember(owner, literal) : undefined;
      if (rule) {
        const start = n.literal.getStart() + 1;
        add(n.getSourceFile().fileName, { start, end: n.literal.end - 1, text: rule.v2, from: literal, rule });
      }
    }
    ts.forEachChild(n, visit);
  };
  for (const sf of ctx.files.values()) {
    if (members.some((m) => sf.text.includes(m.rule.v1))) visit(sf);
  }
  return byFile;
}
