import type { ts as TsNamespace } from 'ts-morph';
import type { ResolvedRule } from '../mapping/mappings.js';
import type { PropertyRule } from '../mapping/schema.js';
import { kindOf } from '../rules/registry.js';
import { ignoredLines as findIgnoredLines, IGNORE_DIRECTIVE } from '../scan/marker.js';
import {
  compactText,
  describeParseError,
  domainKeys,
  enclosingStatement,
  isFollowed,
  isInComment,
  isModuleLoad,
  isModuleSpecifier,
  originOf,
  originTexts,
  parseErrors,
  propertyNameText,
  skipOuter,
} from './ast.js';
import { applyEdits, sortEdits } from './edits.js';
import { findAnchor, markerEdit, markerPresent } from './markers.js';
import { type MarkerNote, propertyInStringNote, word } from './messages.js';
import type { CodemodPlan } from './plan.js';
import type { Change, ChangeKind, Edit, Marker } from './types.js';
import type { Ts } from './typescript.js';
import { nonElectionUse, type StringUnit, scanUrls, virtualText } from './urls.js';

type Node = TsNamespace.Node;
type Identifier = TsNamespace.Identifier;
type StringLiteralLike = TsNamespace.StringLiteralLike;

/**
 * Names that show a `long_name` is Google Geocoding's (`address_components[].long_name` beside
 * `short_name`), not the Civic field list's (DOMAIN.md §6).
 */
const GEOCODING_CHAIN = 'address_component';
const GEOCODING_SIBLING = 'short_name';
const isGeocodingText = (t: string) => t.includes(GEOCODING_CHAIN) || t.includes(GEOCODING_SIBLING);
/** A copy of a short string that shares no memory with the text it was sliced from. */
const detach = (s: string) => ` ${s}`.slice(1);
const SLUG_SHAPED = /^[a-z0-9][a-z0-9_]*$/;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export interface ScriptContext {
  readonly ts: Ts;
  readonly plan: CodemodPlan;
  /** The file shows Civic Data API use (or the caller says so): `long_name` is renamed. */
  readonly civic: boolean;
  readonly markers: boolean;
}

export interface ScriptResult {
  readonly output: string;
  readonly edits: readonly Edit[];
  readonly changes: readonly Change[];
  readonly markers: readonly Marker[];
  readonly error?: string;
}

/** Where a property-like name stands. */
type NameSite =
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

interface ValueSite {
  readonly node: StringLiteralLike;
  readonly token: string;
  readonly keys: readonly string[];
}

/**
 * Rewrites one script (a TS/JS file, or a Vue `<script>` block's content): collects span edits and
 * markers on the original text, applies them once, and checks that the result parses.
 */
export function transformScript(text: string, fileName: string, kind: TsNamespace.ScriptKind, ctx: ScriptContext): ScriptResult {
  const { ts, plan } = ctx;
  const m = plan.mappings;
  // JSDoc is not needed (markers and rewrites never look into comments): skipping it is a large
  // saving on JS files, which TypeScript otherwise parses for type annotations.
  const options = { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone };
  const sf = ts.createSourceFile(fileName, text, options, true, kind);
  const errors = parseErrors(sf);
  if (errors.length > 0) {
    return {
      output: text,
      edits: [],
      changes: [],
      markers: [],
      error: `syntax error at ${describeParseError(ts, sf, errors[0]!)}`,
    };
  }

  const edits: Edit[] = [];
  const changes: Change[] = [];
  const notes: { node: Node; note: MarkerNote }[] = [];
  const valueSites: ValueSite[] = [];
  const domains = new Map<string, Set<string>>();
  const units: { node: Node; unit: StringUnit }[] = [];
  const moduleObjects = new Set<string>();
  const hasBom = text.charCodeAt(0) === 0xfeff;

  // Lines a person has checked: `// civic-migrate-ignore` on the line, `…-ignore-next-line` above it.
  const ignoredLines = text.includes(IGNORE_DIRECTIVE)
    ? findIgnoredLines(
        text,
        (at) => isInComment(ts, sf, at),
        (at) => sf.getLineAndCharacterOfPosition(at).line,
      )
    : new Set<number>();
  const ignored = (node: Node) =>
    ignoredLines.size > 0 && ignoredLines.has(sf.getLineAndCharacterOfPosition(node.getStart(sf)).line);

  const position = (node: Node) => {
    const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    return { line: line + 1, column: character + 1 - (hasBom && line === 0 ? 1 : 0) };
  };
  // `from` may be a slice of the file's text: copy it, or each record would keep the whole text alive.
  const change = (node: Node, kindOf: ChangeKind, from: string, to: string) =>
    changes.push({ kind: kindOf, ...position(node), from: detach(from), to: detach(to) });
  const note = (node: Node, n: MarkerNote | undefined) => {
    if (n && !ignored(node)) notes.push({ node, note: n });
  };

  /** Replaces a name (identifier or the inside of a string literal) and records the change. */
  const rename = (
    node: Identifier | StringLiteralLike,
    site: NameSite,
    from: string,
    to: string,
    kindOf: ChangeKind,
  ): boolean => {
    if (ignored(node)) return true;
    if (ts.isIdentifier(node)) {
      if (!IDENTIFIER.test(to)) return false;
      const start = node.getStart(sf);
      const replacement = site === 'shorthand' || site === 'binding' ? `${to}: ${from}` : to;
      edits.push({ start, end: node.end, text: replacement });
    } else {
      edits.push({ start: node.getStart(sf) + 1, end: node.end - 1, text: to });
    }
    change(node, kindOf, from, to);
    return true;
  };

  // ---- pass 1: walk the tree -------------------------------------------------------------

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
      if (exact) onName(node, raw, 'member');
      return;
    }
    if (exact && SLUG_SHAPED.test(raw)) {
      const keys = domainKeys(ts, sf, node);
      for (const key of keys) {
        const set = domains.get(key) ?? new Set<string>();
        set.add(raw);
        domains.set(key, set);
      }
      if (p && ts.isElementAccessExpression(p) && p.argumentExpression === node) {
        valueSites.push({ node, token: raw, keys });
        return;
      }
      if (m.actionableV1.has(raw) || plan.fieldProperties.has(raw)) valueSites.push({ node, token: raw, keys });
      return;
    }
    units.push({ node, unit: { pieces: [{ text: raw, start: start + 1 }], followed: isFollowed(ts, node) } });
  };

  const onTemplate = (node: TsNamespace.TemplateExpression) => {
    const piece = (part: Node, tailLength: number) => {
      const start = part.getStart(sf) + 1;
      return { text: text.slice(start, part.end - tailLength), start };
    };
    const pieces = [piece(node.head, 2)];
    for (const span of node.templateSpans) {
      pieces.push(piece(span.literal, ts.isTemplateTail(span.literal) ? 1 : 2));
    }
    units.push({ node, unit: { pieces, followed: isFollowed(ts, node) } });
  };

  const onIdentifier = (id: Identifier) => {
    const p = id.parent;
    if (!p) return;
    if (ts.isPropertyAccessExpression(p) && p.name === id) onName(id, id.text, 'access');
    else if (ts.isShorthandPropertyAssignment(p) && p.name === id) onName(id, id.text, 'shorthand');
    else if (ts.isBindingElement(p) && ts.isObjectBindingPattern(p.parent)) {
      if (p.propertyName === id) onName(id, id.text, 'member');
      else if (!p.propertyName && p.name === id) onName(id, id.text, 'binding');
    } else if ((isMemberLike(p) || ts.isJsxAttribute(p)) && (p as { name?: Node }).name === id) onName(id, id.text, 'member');
  };

  /** Object literal, class, interface, type literal and enum members: their names are property names. */
  function isMemberLike(n: Node): boolean {
    return (
      ts.isPropertyAssignment(n) ||
      ts.isMethodDeclaration(n) ||
      ts.isGetAccessorDeclaration(n) ||
      ts.isSetAccessorDeclaration(n) ||
      ts.isPropertyDeclaration(n) ||
      ts.isPropertySignature(n) ||
      ts.isMethodSignature(n) ||
      ts.isEnumMember(n)
    );
  }

  /** The expression an access reads from (`x` in `x.name` / `x['name']`). */
  const receiverOf = (node: Node): TsNamespace.Expression | undefined => {
    const p = node.parent;
    if (p && (ts.isPropertyAccessExpression(p) || ts.isElementAccessExpression(p))) return p.expression;
    return undefined;
  };

  /** The member node that holds a name (for `member` sites). */
  const memberOf = (node: Node): Node | undefined => {
    const p = node.parent;
    if (!p) return undefined;
    return ts.isComputedPropertyName(p) ? p.parent : p;
  };

  /** The names declared beside a member (other keys of the object, members of the interface…). */
  const siblingNames = (member: Node): string[] => {
    const container = member.parent;
    if (!container) return [];
    let list: readonly Node[] = [];
    if (ts.isObjectLiteralExpression(container)) list = container.properties;
    else if (ts.isInterfaceDeclaration(container) || ts.isClassLike(container) || ts.isTypeLiteralNode(container))
      list = container.members;
    else if (ts.isEnumDeclaration(container)) list = container.members;
    else if (ts.isObjectBindingPattern(container)) list = container.elements;
    else if (ts.isJsxAttributes(container)) list = container.properties;
    const names: string[] = [];
    for (const s of list) {
      if (s === member) continue;
      if (ts.isBindingElement(s)) {
        const name = s.propertyName ?? s.name;
        const text = ts.isIdentifier(name) || ts.isStringLiteralLike(name) ? name.text : undefined;
        if (text) names.push(text);
        continue;
      }
      const text = propertyNameText(ts, (s as { name?: TsNamespace.PropertyName }).name);
      if (text) names.push(text);
    }
    return names;
  };

  /** The object a destructuring pattern reads from, when the code shows it. */
  const patternSource = (pattern: Node): { expr?: TsNamespace.Expression; slug?: string } => {
    const p = pattern.parent;
    if (!p) return {};
    if (ts.isVariableDeclaration(p) && p.initializer) return { expr: p.initializer };
    if (ts.isBindingElement(p) && ts.isObjectBindingPattern(p.parent)) {
      const name = p.propertyName ?? p.name;
      if (ts.isIdentifier(name) || ts.isStringLiteralLike(name)) return { slug: name.text };
    }
    return {};
  };

  /** Code that names a module's exports, not API data: `ns.x` for `import * as ns`, `exports.x`, `module.exports = {…}`. */
  const isModuleSide = (node: Node, site: NameSite): boolean => {
    if (site === 'access' || site === 'element') {
      const recv = receiverOf(node);
      if (!recv) return false;
      const e = skipOuter(ts, recv);
      if (ts.isIdentifier(e)) return moduleObjects.has(e.text) || e.text === 'exports';
      return compactText(e, sf) === 'module.exports';
    }
    if (site === 'binding' || site === 'member') {
      const member = memberOf(node);
      const container = site === 'binding' ? node.parent?.parent : member?.parent;
      if (container && ts.isObjectBindingPattern(container)) return isModuleLoad(ts, patternSource(container).expr);
      if (container && ts.isObjectLiteralExpression(container)) return isExportsAssignment(container);
    }
    if (site === 'shorthand') return node.parent?.parent ? isExportsAssignment(node.parent.parent) : false;
    return false;
  };

  const isExportsAssignment = (object: Node): boolean => {
    const p = object.parent;
    if (!p || !ts.isBinaryExpression(p) || p.right !== object || p.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return false;
    const target = compactText(p.left, sf);
    return target === 'module.exports' || target === 'exports';
  };

  /** True when a `long_name` here is Google Geocoding's. */
  const isGeocoding = (node: Node, site: NameSite): boolean => {
    const statement = enclosingStatement(ts, node);
    const hint = text.indexOf(GEOCODING_CHAIN, statement.pos);
    if (hint !== -1 && hint < statement.end) return true;
    const recv = receiverOf(node);
    if (recv && originTexts(ts, sf, recv).some(isGeocodingText)) return true;
    if (site === 'member' || site === 'shorthand' || site === 'binding') {
      const member = site === 'member' ? memberOf(node) : node.parent;
      if (member && siblingNames(member).includes(GEOCODING_SIBLING)) return true;
      const container = member?.parent;
      if (container && ts.isObjectBindingPattern(container)) {
        const { expr } = patternSource(container);
        if (expr && originTexts(ts, sf, expr).some(isGeocodingText)) return true;
      }
    }
    return false;
  };

  /** True when `n` holds an `=== '<slug>'` comparison with a slug whose item property is `p` (on `subject`, if given). */
  const comparesTo = (n: Node, p: PropertyRule, subject?: string): boolean => {
    let found = false;
    const search = (x: Node): void => {
      if (found) return;
      if (ts.isBinaryExpression(x)) {
        const op = x.operatorToken.kind;
        if (op === ts.SyntaxKind.EqualsEqualsEqualsToken || op === ts.SyntaxKind.EqualsEqualsToken) {
          const pairs: [TsNamespace.Expression, TsNamespace.Expression][] = [
            [x.left, x.right],
            [x.right, x.left],
          ];
          for (const [lit, other] of pairs) {
            if (!ts.isStringLiteralLike(lit) || plan.itemPropertyBySlug.get(lit.text) !== p) continue;
            const o = skipOuter(ts, other);
            if (subject === undefined || (ts.isPropertyAccessExpression(o) && compactText(o.expression, sf) === subject))
              found = true;
          }
        }
      }
      if (!ts.isFunctionLike(x) || x === n) ts.forEachChild(x, search);
    };
    search(n);
    return found;
  };

  /**
   * True when the code shows the expression is the item of a field whose item property `p` is
   * renamed: `m.vbm_no_excuse`, `m['vbm_no_excuse']`, `items.find((i) => i.field_type === 'vbm_no_excuse')`,
   * or a name holding one of these (`const item = …`, the parameter of `items.filter(…).map((i) => …)`).
   */
  const isItemOf = (expr: TsNamespace.Expression | undefined, p: PropertyRule, depth = 2): boolean => {
    if (!expr) return false;
    const e = skipOuter(ts, expr);
    const slugHas = (slug: string) => plan.itemPropertyBySlug.get(slug) === p;
    if (ts.isPropertyAccessExpression(e)) return slugHas(e.name.text);
    if (ts.isElementAccessExpression(e) && ts.isStringLiteralLike(e.argumentExpression))
      return slugHas(e.argumentExpression.text);
    if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression)) {
      const method = e.expression.name.text;
      const fn = e.arguments[0];
      if ((method === 'find' || method === 'filter') && fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) {
        return comparesTo(fn.body, p);
      }
      return false;
    }
    if (ts.isIdentifier(e) && depth > 0) return isItemOf(originOf(ts, e), p, depth - 1);
    return false;
  };

  /** `if (item.field_type === 'vbm_no_excuse') … item.value`: a condition above the read names the field. */
  const guardedItem = (access: Node, receiver: TsNamespace.Expression, p: PropertyRule): boolean => {
    const subject = compactText(skipOuter(ts, receiver), sf);
    for (let n: Node = access; n.parent && !ts.isFunctionLike(n) && !ts.isSourceFile(n.parent); n = n.parent) {
      const up = n.parent;
      if (ts.isIfStatement(up) && up.thenStatement === n && comparesTo(up.expression, p, subject)) return true;
      if (ts.isConditionalExpression(up) && up.whenTrue === n && comparesTo(up.condition, p, subject)) return true;
      if (ts.isBinaryExpression(up) && up.right === n && up.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) {
        if (comparesTo(up.left, p, subject)) return true;
      }
    }
    return false;
  };

  /** A property-like name: a V1 slug, a field property (`long_name`) or an item property (`value`). */
  function onName(node: Identifier | StringLiteralLike, name: string, site: NameSite): void {
    const rule = m.byV1.get(name);
    if (rule && m.actionableV1.has(name)) {
      onSlugName(node, rule, site);
      return;
    }
    const fieldProperty = plan.fieldProperties.get(name);
    if (fieldProperty) {
      if (ctx.civic && !isModuleSide(node, site) && !isGeocoding(node, site))
        rename(node, site, name, fieldProperty.v2, 'property');
      return;
    }
    const itemProperty = plan.itemProperties.get(name);
    if (itemProperty) {
      let item = false;
      if (site === 'access' || site === 'element') {
        const receiver = receiverOf(node);
        item = isItemOf(receiver, itemProperty) || (receiver !== undefined && guardedItem(node, receiver, itemProperty));
      } else if ((site === 'member' && node.parent && ts.isBindingElement(node.parent)) || site === 'binding') {
        const pattern = node.parent?.parent;
        if (pattern && ts.isObjectBindingPattern(pattern)) {
          const source = patternSource(pattern);
          item = source.slug ? plan.itemPropertyBySlug.get(source.slug) === itemProperty : isItemOf(source.expr, itemProperty);
        }
      }
      if (item) rename(node, site, name, itemProperty.v2, 'property');
    }
  }

  /** The marker of a rewrite the table warns about (one side of a contradiction). */
  const warned = (node: Node, rule: ResolvedRule, to: string) => {
    if (rule.warning) note(node, word({ code: 'rule-warning', params: { v1: rule.v1, v2: to, warning: rule.warning } }));
  };

  function onSlugName(node: Identifier | StringLiteralLike, rule: ResolvedRule, site: NameSite): void {
    const action = kindOf(rule).codemod(rule, 'code');
    if (action.kind === 'none') return;
    if (action.kind === 'mark') {
      note(node, word(action.note));
      return;
    }
    if (isModuleSide(node, site)) return;
    if (site === 'member' || site === 'shorthand') {
      const member = site === 'member' ? memberOf(node) : node.parent;
      if (member && !ts.isBindingElement(member) && siblingNames(member).includes(action.to)) {
        note(node, word({ code: 'collision', params: { v1: rule.v1, v2: action.to } }));
        return;
      }
    }
    if (!rename(node, site, rule.v1, action.to, 'slug')) {
      note(node, word({ code: 'invalid-name', params: { v1: rule.v1, v2: action.to } }));
      return;
    }
    warned(node, rule, action.to);
  }

  visit(sf);

  // ---- pass 2: strings, now that every domain is known --------------------------------------

  const unrelated = (site: ValueSite): boolean =>
    site.keys.some((key) => {
      const members = domains.get(key);
      if (!members) return false;
      const others = [...members].filter((s) => s !== site.token);
      return others.length > 0 && !others.some((s) => plan.knownSlugs.has(s));
    });

  for (const site of valueSites) {
    const p = site.node.parent;
    if (p && ts.isElementAccessExpression(p) && p.argumentExpression === site.node) {
      if (m.actionableV1.has(site.token) && unrelated(site)) continue;
      onName(site.node, site.token, 'element');
      continue;
    }
    const rule = m.byV1.get(site.token);
    if (rule && m.actionableV1.has(site.token)) {
      if (unrelated(site)) continue;
      const action = kindOf(rule).codemod(rule, 'code');
      if (action.kind === 'rename') {
        rename(site.node, 'member', rule.v1, action.to, 'slug');
        warned(site.node, rule, action.to);
      } else if (action.kind === 'mark') note(site.node, word(action.note));
      continue;
    }
    const fieldProperty = plan.fieldProperties.get(site.token);
    if (fieldProperty && ctx.civic) {
      const inGeocoding = site.keys.some((k) => domains.get(k)?.has(GEOCODING_SIBLING));
      if (!inGeocoding && !isGeocoding(site.node, 'element'))
        rename(site.node, 'member', site.token, fieldProperty.v2, 'property');
    }
  }

  let otherService: string | undefined;
  for (const { unit } of units) {
    otherService = nonElectionUse(unit, plan);
    if (otherService) break;
  }
  for (const { node, unit } of units) {
    const scan = scanUrls(unit, plan, otherService);
    for (const action of scan.actions) {
      if (action.kind === 'edit') {
        if (ignored(node)) continue;
        edits.push({ start: action.start, end: action.end, text: action.text });
        change(node, 'endpoint', action.from, action.text);
      } else note(node, action.note);
    }
    const virtual = virtualText(unit);
    const geocoding = isGeocodingText(virtual);
    const seen = new Set<string>();
    for (const hit of plan.stringTokens.find(virtual)) {
      if (scan.covered.some(([s, e]) => hit.index >= s && hit.index < e)) continue;
      const rule = m.byV1.get(hit.token);
      let n: MarkerNote | undefined;
      if (rule && m.actionableV1.has(hit.token)) {
        const action = kindOf(rule).codemod(rule, 'string');
        if (action.kind === 'mark') n = word(action.note);
      } else {
        const fieldProperty = plan.fieldProperties.get(hit.token);
        if (fieldProperty && ctx.civic && !geocoding) n = propertyInStringNote(fieldProperty);
      }
      if (n && !seen.has(n.message)) {
        seen.add(n.message);
        note(node, n);
      }
    }
  }

  // ---- markers ---------------------------------------------------------------------------

  const markers: Marker[] = [];
  const byAnchor = new Map<number, { anchor: NonNullable<ReturnType<typeof findAnchor>>; messages: string[] }>();
  const seenAt = new Set<string>();
  for (const { node, note: n } of notes) {
    const anchor = findAnchor(ts, sf, node);
    const key = `${anchor?.pos ?? -1}\u0000${n.message}`;
    if (seenAt.has(key)) continue;
    seenAt.add(key);
    const present = anchor ? markerPresent(text, anchor, n.message) : false;
    const added = ctx.markers && anchor !== undefined && !present;
    markers.push({ cause: n.cause, ...position(node), message: n.message, added, present: added || present });
    if (added && anchor) {
      const group = byAnchor.get(anchor.pos) ?? { anchor, messages: [] };
      group.messages.push(n.message);
      byAnchor.set(anchor.pos, group);
    }
  }
  for (const { anchor, messages } of byAnchor.values()) edits.push(markerEdit(text, anchor, messages));

  // ---- apply once, then check the result still parses -------------------------------------

  let sorted: Edit[];
  try {
    sorted = sortEdits(edits);
  } catch (error) {
    return { output: text, edits: [], changes: [], markers, error: `internal: ${(error as Error).message}; left untouched` };
  }
  const output = applyEdits(text, sorted);
  if (output !== text) {
    // An incremental re-parse (TypeScript reuses the nodes outside the edited range) of the whole result.
    const first = sorted[0] as Edit;
    const last = sorted[sorted.length - 1] as Edit;
    const oldLength = last.end - first.start;
    const range = ts.createTextChangeRange(ts.createTextSpan(first.start, oldLength), oldLength + output.length - text.length);
    const after = ts.updateSourceFile(sf, output, range);
    const afterErrors = parseErrors(after);
    if (afterErrors.length > 0) {
      return {
        output: text,
        edits: [],
        changes: [],
        markers,
        error: `the rewritten file would not parse (${describeParseError(ts, after, afterErrors[0]!)}); left untouched`,
      };
    }
  }
  markers.sort((a, b) => a.line - b.line || a.column - b.column);
  changes.sort((a, b) => a.line - b.line || a.column - b.column);
  return { output, edits: sorted, changes, markers };
}
