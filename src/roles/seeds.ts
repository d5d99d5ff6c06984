import type { ts as TsNamespace } from 'ts-morph';
import { isModuleSpecifier } from '../codemod/ast.js';
import type { Ts } from '../codemod/typescript.js';
import { PLACEHOLDER } from '../endpoints/model.js';
import { seedConfigRead } from './config-reads.js';
import type { ApiGraph, ApiNode } from './graph.js';
import { vueInjected, vueOption, vueSetupOf } from './instances.js';
import { storeDefinition } from './pinia.js';
import { skipParens } from './program-view.js';
import type { Tracker } from './tracker.js';
import { classifyUrl } from './url-value.js';
import { vueFunction } from './vue.js';

type Node = TsNamespace.Node;
type Expression = TsNamespace.Expression;

/** A member name that belongs to one concept and is compound (`field_type`) weighs 2; a common word (`text`, `slug`) 1. */
export function memberWeights(graph: ApiGraph, decided: ReadonlySet<string>): ReadonlyMap<string, number> {
  const concepts = new Map<string, Set<string>>();
  for (const node of graph.objects) {
    for (const name of node.members.keys()) {
      const set = concepts.get(name) ?? new Set();
      set.add(node.concept);
      concepts.set(name, set);
    }
  }
  const weights = new Map<string, number>();
  for (const [name, set] of concepts) weights.set(name, decided.has(name) ? 0 : name.includes('_') && set.size === 1 ? 2 : 1);
  return weights;
}

/**
 * How much evidence a set of member names is for each API object, and the best one: at least 2,
 * with one member only that object has (`field_type`, `field_format`, `state_information`);
 * undefined below that or on a tie.
 */
export function bestShape(
  graph: ApiGraph,
  weights: ReadonlyMap<string, number>,
  members: ReadonlySet<string>,
): ApiNode | undefined {
  let best: ApiNode | undefined;
  let bestScore = 0;
  let bestCover = 0;
  // Stryker disable next-line BooleanLiteral: the first object that qualifies clears it (a better score than 0)
  let tie = false;
  for (const node of graph.objects) {
    let score = 0;
    let cover = 0;
    let specific = false;
    for (const m of members) {
      if (!node.members.has(m)) continue;
      cover++;
      const w = weights.get(m) ?? 0;
      score += w;
      if (w >= 2) specific = true;
    }
    // Common words (`code` and `name`, `slug` and `text`) are never enough without a member only the API
    // has (which weighs 2: so the score is at least 2).
    if (!specific) continue;
    if (score > bestScore || (score === bestScore && best && best.concept === node.concept && cover > bestCover)) {
      tie = false;
      best = node;
      bestScore = score;
      bestCover = cover;
    } else if (score === bestScore && best && best.concept !== node.concept) tie = true;
  }
  return tie ? undefined : best;
}

/** A name's reads: the members code reads on it, and on its elements (callbacks of array methods, `for…of`). */
interface Reads {
  readonly decl: Node;
  readonly members: Set<string>;
  readonly elements: Set<string>;
}

function keepsList(name: string): boolean {
  return ['filter', 'slice', 'sort', 'reverse', 'toSorted', 'toReversed', 'concat'].includes(name);
}
function passesElements(name: string): boolean {
  return ['map', 'flatMap', 'filter', 'find', 'findLast', 'findIndex', 'forEach', 'some', 'every'].includes(name);
}

/**
 * Seeds one file: URL strings (bases, API paths, other paths, whole URLs), payload-shaped object
 * literals, the shapes names are read with, and slug-named members.
 */
export function seedFile(t: Tracker, sf: TsNamespace.SourceFile, weights: ReadonlyMap<string, number>): void {
  const { ts } = t;
  t.dataHooks(sf);
  t.pageData(sf);
  const model = t.table.model;
  const reads = new Map<TsNamespace.Symbol, Reads>();
  const checker = t.view.checker;

  const readsOf = (id: TsNamespace.Identifier): Reads | undefined => {
    const symbol = checker.getSymbolAtLocation(id);
    const decl = symbol?.valueDeclaration;
    if (!symbol || !decl || !(ts.isVariableDeclaration(decl) || ts.isParameter(decl) || ts.isBindingElement(decl)))
      return undefined;
    if (!ts.isIdentifier(decl.name)) return undefined;
    let r = reads.get(symbol);
    if (!r) {
      r = { decl: decl.name, members: new Set(), elements: new Set() };
      reads.set(symbol, r);
    }
    return r;
  };

  /** The list a name iterates, when it is a callback's element parameter or a `for…of` variable: its name's reads. */
  const listOf = (id: TsNamespace.Identifier): Reads | undefined => {
    const symbol = checker.getSymbolAtLocation(id);
    const decl = symbol?.valueDeclaration;
    if (!decl) return undefined;
    let list: Expression | undefined;
    if (ts.isParameter(decl) && decl.parent && decl.parent.parameters[0] === decl) {
      const call = decl.parent.parent;
      if (
        call &&
        ts.isCallExpression(call) &&
        call.arguments[0] === decl.parent &&
        ts.isPropertyAccessExpression(call.expression)
      ) {
        if (passesElements(call.expression.name.text)) list = call.expression.expression;
      }
    } else if (ts.isVariableDeclaration(decl) && decl.parent && ts.isVariableDeclarationList(decl.parent)) {
      const loop = decl.parent.parent;
      if (loop && ts.isForOfStatement(loop)) list = loop.expression;
    }
    if (!list) return undefined;
    let e = skipParens(ts, list);
    while (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && keepsList(e.expression.name.text))
      e = skipParens(ts, e.expression.expression);
    return ts.isIdentifier(e) ? readsOf(e) : undefined;
  };

  // Reads are gathered by name first; the checker is asked only about names read with a member only the API has.
  const pending: [TsNamespace.Identifier, string][] = [];
  const specific = new Set<string>();
  const onRead = (receiver: Expression, member: string) => {
    const e = skipParens(ts, receiver);
    const w = weights.get(member);
    if (!ts.isIdentifier(e) || w === undefined) return;
    pending.push([e, member]);
    if (w >= 2) specific.add(e.text);
  };

  // `x.slug === 'vbm_universal'`: a name whose member is compared with a slug only one version has.
  const compared: [TsNamespace.Identifier, string, 'v1' | 'v2', string][] = [];
  const onCompare = (b: TsNamespace.BinaryExpression) => {
    const op = b.operatorToken.kind;
    if (
      op !== ts.SyntaxKind.EqualsEqualsEqualsToken &&
      op !== ts.SyntaxKind.EqualsEqualsToken &&
      op !== ts.SyntaxKind.ExclamationEqualsEqualsToken &&
      op !== ts.SyntaxKind.ExclamationEqualsToken
    )
      return;
    for (const [lit, other] of [
      [b.left, b.right],
      [b.right, b.left],
    ] as const) {
      const l = skipParens(ts, lit);
      const o = skipParens(ts, other);
      if (!ts.isStringLiteralLike(l) || !ts.isPropertyAccessExpression(o)) continue;
      const receiver = skipParens(ts, o.expression);
      const version = t.table.slugOnly.get(l.text);
      if (version && ts.isIdentifier(receiver)) compared.push([receiver, o.name.text, version, l.text]);
    }
  };

  const onSlugMember = (access: Node, slug: string) => {
    const version = t.table.slugVersion.get(slug);
    const item = version ? t.graph.node('item', version) : undefined;
    if (item) t.add(access, t.roles.api(item, { slug, weak: true }), 'slug-member', undefined);
  };

  const onString = (node: Node, text: string) => {
    const url = classifyUrl(model, text, node, t.roles.id(node));
    if (url) t.add(node, t.roles.url(url), 'source', undefined);
  };

  const config = t.options.config;
  // Only a file that names `defineStore` (imported under any name) defines a Pinia store.
  const definesStores = sf.text.includes('defineStore');
  const visit = (n: Node): void => {
    if (
      config &&
      (n.kind === ts.SyntaxKind.PropertyAccessExpression ||
        n.kind === ts.SyntaxKind.ImportDeclaration ||
        n.kind === ts.SyntaxKind.CallExpression)
    )
      seedConfigRead(t, config, n);
    switch (n.kind) {
      case ts.SyntaxKind.ImportDeclaration:
      case ts.SyntaxKind.ExportDeclaration:
        return;
      case ts.SyntaxKind.StringLiteral:
      case ts.SyntaxKind.NoSubstitutionTemplateLiteral: {
        const s = n as TsNamespace.StringLiteralLike;
        if (!isModuleSpecifier(ts, s) && !isPropertyName(ts, s)) onString(s, s.text);
        return;
      }
      case ts.SyntaxKind.TemplateExpression: {
        const tpl = n as TsNamespace.TemplateExpression;
        onString(tpl, tpl.head.text + tpl.templateSpans.map((s) => PLACEHOLDER + s.literal.text).join(''));
        break;
      }
      case ts.SyntaxKind.PropertyAccessExpression: {
        const a = n as TsNamespace.PropertyAccessExpression;
        onRead(a.expression, a.name.text);
        if (t.table.slugVersion.has(a.name.text)) onSlugMember(a, a.name.text);
        break;
      }
      case ts.SyntaxKind.ElementAccessExpression: {
        const a = n as TsNamespace.ElementAccessExpression;
        const key = skipParens(ts, a.argumentExpression);
        if (ts.isStringLiteralLike(key)) {
          onRead(a.expression, key.text);
          if (t.table.slugVersion.has(key.text)) onSlugMember(a, key.text);
        }
        break;
      }
      case ts.SyntaxKind.ObjectBindingPattern: {
        const pattern = n as TsNamespace.ObjectBindingPattern;
        const members = new Set(pattern.elements.flatMap((el) => bindingKey(ts, el) ?? []));
        const node = bestShape(t.graph, weights, members);
        if (node) t.add(pattern, t.roles.api(node), 'shape', undefined, shapeNote(members));
        // `const { vbm_no_excuse: item } = byField`, `{ vbm_no_excuse: { value } }`: what is bound under a slug is that field's item.
        for (const el of pattern.elements) {
          const key = bindingKey(ts, el);
          if (key && t.table.slugVersion.has(key) && !el.dotDotDotToken) onSlugMember(el.name, key);
        }
        break;
      }
      case ts.SyntaxKind.BinaryExpression:
        onCompare(n as TsNamespace.BinaryExpression);
        break;
      case ts.SyntaxKind.CallExpression: {
        const call = n as TsNamespace.CallExpression;
        // Vue's reactivity functions, by what each call makes: a ref, a computed ref, what is provided.
        const vue = vueFunction(ts, checker, call.expression);
        if (vue === 'computed') t.vueRef(call, 'computed');
        else if (vue === 'ref' || vue === 'shallowRef') t.vueRef(call, 'ref');
        else if (vue === 'inject') t.vueInject(call);
        const store = definesStores ? storeDefinition(ts, checker, t.calls, call) : undefined;
        if (store) t.piniaStore(call, store);
        break;
      }
      case ts.SyntaxKind.ObjectLiteralExpression: {
        const o = n as TsNamespace.ObjectLiteralExpression;
        pluginEntry(t, o);
        const setup = vueSetupOf(ts, t.calls, o);
        if (setup) t.vueSetup(o, setup);
        const provide = vueOption(ts, o, 'provide');
        const injected = vueInjected(ts, o);
        if (provide || injected.length > 0) t.vueOptionsInjection(o, provide, injected);
        const members = new Set(
          o.properties.flatMap((p) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? [p.name.text] : [])),
        );
        const node = bestShape(t.graph, weights, members);
        if (node) t.add(o, t.roles.api(node), 'shape', undefined, shapeNote(members));
        // An object the program builds with the API's member names (a copy, a fallback, a mock): tracked, so that
        // where it goes and what meets it are known.
        else if ([...members].some((m) => weights.has(m))) t.add(o, t.roles.site(o, 'object'), 'source', undefined);
        break;
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);

  for (const [e, member] of pending) {
    if (!specific.has(e.text)) continue;
    readsOf(e)?.members.add(member);
    listOf(e)?.elements.add(member);
  }
  // The object whose slug member that is, in that version: the name holds one (its list, for an element).
  for (const [id, member, version, slug] of compared) {
    const node = t.graph.objects.find((o) => o.version === version && o.members.get(member) === t.graph.slug);
    if (!node) continue;
    const how = `its ${member} is compared with ${JSON.stringify(slug)} (a ${version.toUpperCase()} slug)`;
    const own = readsOf(id);
    if (own) t.add(own.decl, t.roles.api(node), 'shape', undefined, how);
    const list = listOf(id);
    const listNode = t.graph.listOf(node);
    if (list && listNode)
      t.add(
        list.decl,
        t.roles.api(listNode),
        'shape',
        undefined,
        `its elements' ${member} is compared with ${JSON.stringify(slug)}`,
      );
  }
  for (const r of reads.values()) {
    const node = bestShape(t.graph, weights, r.members);
    if (node) t.add(r.decl, t.roles.api(node), 'shape', undefined, shapeNote(r.members));
    const element = bestShape(t.graph, weights, r.elements);
    const list = element ? t.graph.listOf(element) : undefined;
    if (list) t.add(r.decl, t.roles.api(list), 'shape', undefined, `its elements read ${[...r.elements].sort().join(', ')}`);
  }
}

const shapeNote = (members: ReadonlySet<string>) => `reads ${[...members].sort().join(', ')}`;

function bindingKey(ts: Ts, el: TsNamespace.BindingElement): string | undefined {
  const name = el.propertyName ?? el.name;
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

/** A string that names a property (`{ 'x': 1 }`, `interface { 'x': … }`), not a value. */
function isPropertyName(ts: Ts, s: Node): boolean {
  const p = s.parent;
  return (
    !!p &&
    ((ts.isPropertyAssignment(p) && p.name === s) ||
      (ts.isPropertySignature(p) && p.name === s) ||
      (ts.isPropertyDeclaration(p) && p.name === s) ||
      (ts.isMethodDeclaration(p) && p.name === s) ||
      ts.isLiteralTypeNode(p) ||
      (ts.isElementAccessExpression(p) && p.argumentExpression === s))
  );
}

/** `{ resolve: './plugin', options: { … } }`: a plugin entry of a site's config (see `Tracker.pluginEntry`). */
function pluginEntry(t: Tracker, o: TsNamespace.ObjectLiteralExpression): void {
  const { ts } = t;
  let spec: string | undefined;
  let options: TsNamespace.ObjectLiteralExpression | undefined;
  for (const p of o.properties) {
    if (!ts.isPropertyAssignment(p) || !(ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) continue;
    const value = skipParens(ts, p.initializer);
    if (p.name.text === 'resolve' && ts.isStringLiteralLike(value)) spec = value.text;
    else if (p.name.text === 'options' && ts.isObjectLiteralExpression(value)) options = value;
  }
  if (spec !== undefined && options) t.pluginEntry(o, spec, options);
}
