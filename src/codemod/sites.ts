import type { ts as TsNamespace } from 'ts-morph';
import { domainKeys, isFollowed, isModuleLoad, isModuleSpecifier } from './ast.js';
import type { CodemodPlan } from './plan.js';
import type { Source } from './source.js';
import type { StringUnit } from './urls.js';

type Node = TsNamespace.Node;
type Identifier = TsNamespace.Identifier;
type StringLiteralLike = TsNamespace.StringLiteralLike;

/** Where a property-like name stands. */
export type NamePlace =
  /** `x.name`, `x?.name` */
  | 'access'
  /** `x['name']` */
  | 'element'
  /** a declared or written member: object key, interface/class/enum member, JSX attribute, destructured property */
  | 'member'
  /** `{ name }` in an object literal */
  | 'shorthand'
  /** `{ name }` in a destructuring pattern */
  | 'binding';

/** A property-like name: an identifier or a whole string literal that names a property. */
export interface NameSite {
  readonly node: Identifier | StringLiteralLike;
  readonly name: string;
  readonly place: NamePlace;
}

/** A whole string literal spelled like a slug, used as a value (`=== 'x'`, an argument, an array item). */
export interface ValueSite {
  readonly node: StringLiteralLike;
  readonly token: string;
  /** The "domains" it belongs to (its union, array, comparison…), to tell API strings from look-alikes. */
  readonly keys: readonly string[];
}

/** Any other string or template literal: URLs and slugs inside larger strings live here. */
export interface StringSite {
  readonly node: Node;
  readonly unit: StringUnit;
  /**
   * The expression right before each piece of the unit: a template's substitution, or for the
   * first piece the left side of a `+` (`BASE + '/election/field/'`); undefined where none is.
   */
  readonly before: readonly (TsNamespace.Expression | undefined)[];
}

/** What one walk of the syntax tree finds: data, no decisions. */
export interface Sites {
  readonly names: NameSite[];
  readonly values: ValueSite[];
  readonly strings: StringSite[];
  /** Local names bound to a module (`import * as ns`, `require(…)`): their properties are exports, not API data. */
  readonly moduleObjects: ReadonlySet<string>;
  /** Each domain's slug-shaped strings. */
  readonly domains: ReadonlyMap<string, ReadonlySet<string>>;
}

const SLUG_SHAPED = /^[a-z0-9][a-z0-9_]*$/;

/** Walks the tree once and collects every site a rule could apply to. */
export function collectSites(source: Source, plan: CodemodPlan): Sites {
  const { ts, sf, text } = source;
  const m = plan.mappings;
  const names: NameSite[] = [];
  const values: ValueSite[] = [];
  const strings: StringSite[] = [];
  const moduleObjects = new Set<string>();
  const domains = new Map<string, Set<string>>();

  /** Object literal, class, interface, type literal and enum members: their names are property names. */
  const isMemberLike = (n: Node): boolean =>
    ts.isPropertyAssignment(n) ||
    ts.isMethodDeclaration(n) ||
    ts.isGetAccessorDeclaration(n) ||
    ts.isSetAccessorDeclaration(n) ||
    ts.isPropertyDeclaration(n) ||
    ts.isPropertySignature(n) ||
    ts.isMethodSignature(n) ||
    ts.isEnumMember(n);

  const onString = (node: StringLiteralLike) => {
    if (isModuleSpecifier(ts, node)) return;
    const start = node.getStart(sf);
    const raw = text.slice(start + 1, node.end - 1);
    const exact = raw === node.text;
    const p = node.parent;
    const memberName =
      p &&
      ((isMemberLike(p) && (p as { name?: Node }).name === node) ||
        (ts.isComputedPropertyName(p) && p.parent && isMemberLike(p.parent)) ||
        (ts.isBindingElement(p) && p.propertyName === node));
    if (memberName) {
      if (exact) names.push({ node, name: raw, place: 'member' });
      return;
    }
    if (exact && SLUG_SHAPED.test(raw)) {
      const keys = domainKeys(ts, sf, node);
      for (const key of keys) {
        const set = domains.get(key) ?? new Set<string>();
        set.add(raw);
        domains.set(key, set);
      }
      const element = p && ts.isElementAccessExpression(p) && p.argumentExpression === node;
      if (element || m.actionableV1.has(raw) || plan.fieldProperties.has(raw)) values.push({ node, token: raw, keys });
      return;
    }
    strings.push({
      node,
      unit: { pieces: [{ text: raw, start: start + 1 }], followed: isFollowed(ts, node) },
      before: [leftOfPlus(node)],
    });
  };

  /** `X + 'literal'`: the `X` a literal is appended to. */
  const leftOfPlus = (node: Node): TsNamespace.Expression | undefined => {
    let n = node;
    while (n.parent && ts.isParenthesizedExpression(n.parent)) n = n.parent;
    const p = n.parent;
    return p && ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.PlusToken && p.right === n
      ? p.left
      : undefined;
  };

  const onTemplate = (node: TsNamespace.TemplateExpression) => {
    const piece = (part: Node, tailLength: number) => {
      const start = part.getStart(sf) + 1;
      return { text: text.slice(start, part.end - tailLength), start };
    };
    const pieces = [piece(node.head, 2)];
    for (const span of node.templateSpans) pieces.push(piece(span.literal, ts.isTemplateTail(span.literal) ? 1 : 2));
    const before = [leftOfPlus(node), ...node.templateSpans.map((span) => span.expression)];
    strings.push({ node, unit: { pieces, followed: isFollowed(ts, node) }, before });
  };

  const onIdentifier = (id: Identifier) => {
    const p = id.parent;
    if (!p) return;
    const push = (place: NamePlace) => names.push({ node: id, name: id.text, place });
    if (ts.isPropertyAccessExpression(p) && p.name === id) push('access');
    else if (ts.isShorthandPropertyAssignment(p) && p.name === id) push('shorthand');
    else if (ts.isBindingElement(p) && ts.isObjectBindingPattern(p.parent)) {
      if (p.propertyName === id) push('member');
      else if (!p.propertyName && p.name === id) push('binding');
    } else if ((isMemberLike(p) || ts.isJsxAttribute(p)) && (p as { name?: Node }).name === id) push('member');
  };

  const visit = (node: Node): void => {
    switch (node.kind) {
      case ts.SyntaxKind.ImportDeclaration: {
        const bindings = (node as TsNamespace.ImportDeclaration).importClause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) moduleObjects.add(bindings.name.text);
        return;
      }
      case ts.SyntaxKind.ExportDeclaration:
        return;
      case ts.SyntaxKind.ImportEqualsDeclaration:
        moduleObjects.add((node as TsNamespace.ImportEqualsDeclaration).name.text);
        return;
      case ts.SyntaxKind.VariableDeclaration: {
        const d = node as TsNamespace.VariableDeclaration;
        if (ts.isIdentifier(d.name) && isModuleLoad(ts, d.initializer)) moduleObjects.add(d.name.text);
        break;
      }
      case ts.SyntaxKind.StringLiteral:
      case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
        onString(node as StringLiteralLike);
        return;
      case ts.SyntaxKind.TemplateExpression:
        onTemplate(node as TsNamespace.TemplateExpression);
        break;
      case ts.SyntaxKind.Identifier:
        onIdentifier(node as Identifier);
        return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { names, values, strings, moduleObjects, domains };
}
