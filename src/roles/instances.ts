/**
 * The program's own classes (and constructor functions, `function Client() {}` with
 * `Client.prototype.fields = …`), as the role engine follows their instances where the checker
 * cannot type them: plain JavaScript hands a client through a constructor's parameter into a
 * member (`this.client = client`) or into a function's parameter, and `this.client.fields()` there
 * names no method the checker knows. An instance is followed from its `new` like any value, and
 * these say what a member read or a method call on it reaches: the class's own member, else its
 * base's.
 */
import type { ts as TsNamespace } from 'ts-morph';
import type { Ts } from '../codemod/typescript.js';
import { type Calls, declaredValue, type FunctionLike, outerParens, skipParens } from './program-view.js';

type Node = TsNamespace.Node;
type ClassLike = TsNamespace.ClassLikeDeclaration;
/** What `new` makes an instance of: a class, or a function whose prototype holds the methods. */
export type Maker = ClassLike | TsNamespace.FunctionDeclaration | TsNamespace.FunctionExpression;

function isStatic(ts: Ts, n: Node): boolean {
  return (ts.getCombinedModifierFlags(n as TsNamespace.Declaration) & ts.ModifierFlags.Static) !== 0;
}

/** A member's name written as a name or a string (`fields`, `'fields'`), not computed. */
function plainName(ts: Ts, name: Node | undefined): string | undefined {
  return name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined;
}

/** The variable a class or function expression is written into (`const A = class {}`), if any. */
function holderName(ts: Ts, e: Node): TsNamespace.Identifier | undefined {
  const holder = e.parent && ts.isParenthesizedExpression(e.parent) ? e.parent.parent : e.parent;
  return holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) ? holder.name : undefined;
}

/**
 * The name a maker is referred to by: a declaration's own; an expression's variable (`const D = class
 * E {}` is `new D()` outside, its own name is seen only inside), else its own.
 */
export function classNameOf(ts: Ts, maker: Maker): TsNamespace.Identifier | undefined {
  return ts.isClassDeclaration(maker) || ts.isFunctionDeclaration(maker) ? maker.name : (holderName(ts, maker) ?? maker.name);
}

/** The maker a name stands for (followed through imports): a class, or a function. */
export function makerNamed(ts: Ts, calls: Calls, e: Node): Maker | undefined {
  // Stryker disable next-line ArrayDeclaration: an element that is no node is no class, function or variable: skipped, as no element is
  for (const d of calls.aliasOf(skipParens(ts, e as TsNamespace.Expression))?.declarations ?? []) {
    if (ts.isClassLike(d) || ts.isFunctionDeclaration(d)) return d;
    // `const Api = class {…}`, `module.exports = class {…}`, `exports.Client = function Client() {…}`.
    const value = declaredValue(ts, d);
    if (value && (ts.isClassExpression(value) || ts.isFunctionExpression(value))) return value;
  }
  return undefined;
}

const madeByCalls = new WeakMap<Calls, Map<Maker, { news: TsNamespace.NewExpression[]; subclasses: ClassLike[] }>>();

/**
 * Where the program makes instances of a maker (`new X(…)`) and which of its classes extend it, by
 * what the name there stands for (followed through imports, `require`, default exports and
 * `module.exports = class {…}`), resolved once for the program.
 */
export function madeFrom(
  ts: Ts,
  calls: Calls,
  maker: Maker,
): { readonly news: readonly TsNamespace.NewExpression[]; readonly subclasses: readonly ClassLike[] } {
  let made = madeByCalls.get(calls);
  if (!made) {
    made = new Map();
    madeByCalls.set(calls, made);
    for (const site of calls.makingSites()) {
      const named = skipParens(ts, site.expression);
      const target = makerNamed(ts, calls, ts.isPropertyAccessExpression(named) ? named.name : named);
      if (!target) continue;
      const entry = made.get(target) ?? { news: [], subclasses: [] };
      made.set(target, entry);
      if (ts.isNewExpression(site)) entry.news.push(site);
      else entry.subclasses.push(site.parent.parent as ClassLike);
    }
  }
  return made.get(maker) ?? { news: [], subclasses: [] };
}

/** The class and its bases, nearest first (`class B extends A`: B, A), as far as the program declares them. */
export function classChain(ts: Ts, calls: Calls, maker: Maker): Maker[] {
  const chain: Maker[] = [];
  for (let c: Maker | undefined = maker; c && !chain.includes(c); c = baseOf(ts, calls, c)) chain.push(c);
  return chain;
}

function baseOf(ts: Ts, calls: Calls, maker: Maker): Maker | undefined {
  if (!ts.isClassLike(maker)) return undefined;
  const clause = maker.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword);
  const base = clause?.types[0]?.expression;
  return base && makerNamed(ts, calls, base);
}

/** `F.prototype` written at a reference of `F`: the expression, or undefined. */
function prototypeAt(ts: Ts, ref: Node): TsNamespace.PropertyAccessExpression | undefined {
  const p = ref.parent;
  return p && ts.isPropertyAccessExpression(p) && p.expression === ref && p.name.text === 'prototype' ? p : undefined;
}

/** `X = value`: the value an expression is assigned, if it is an assignment's target. */
function assignedTo(ts: Ts, target: Node): TsNamespace.Expression | undefined {
  const p = target.parent;
  return p && ts.isBinaryExpression(p) && p.left === target && p.operatorToken.kind === ts.SyntaxKind.EqualsToken
    ? skipParens(ts, p.right)
    : undefined;
}

/**
 * A constructor function's prototype members, by name: `F.prototype.m = …` and the members of
 * `F.prototype = { … }` (a method, a property's value, an accessor).
 */
function prototypeMembers(ts: Ts, calls: Calls, fn: Maker): Map<string, Node> {
  const out = new Map<string, Node>();
  const name = classNameOf(ts, fn);
  // Stryker disable next-line ArrayDeclaration: an element that is no node has no parent, so no `.prototype` written at it (`prototypeAt`): skipped
  for (const ref of name ? calls.referencesOf(name) : []) {
    const proto = prototypeAt(ts, ref);
    if (!proto) continue;
    const member = proto.parent;
    if (member && ts.isPropertyAccessExpression(member) && member.expression === proto) {
      const value = assignedTo(ts, member);
      if (value) out.set(member.name.text, value);
      continue;
    }
    const literal = assignedTo(ts, proto);
    if (!literal || !ts.isObjectLiteralExpression(literal)) continue;
    for (const m of literal.properties) {
      const key = plainName(ts, m.name);
      if (key === undefined) continue;
      out.set(key, ts.isPropertyAssignment(m) ? skipParens(ts, m.initializer) : m);
    }
  }
  return out;
}

/** The method or accessor `name` an instance has (its class's own, else its nearest base's; a constructor function's prototype's). */
export function memberOfClass(ts: Ts, calls: Calls, maker: Maker, name: string, kind: 'call' | 'get'): FunctionLike | undefined {
  for (const c of classChain(ts, calls, maker)) {
    if (!ts.isClassLike(c)) {
      const m = prototypeMembers(ts, calls, c).get(name);
      if (!m) continue;
      if (kind === 'get') return ts.isGetAccessorDeclaration(m) && m.body ? m : undefined;
      return calls.isFunctionLike(m) && !ts.isGetAccessorDeclaration(m) ? m : undefined;
    }
    for (const m of c.members) {
      if (plainName(ts, m.name) !== name) continue;
      if (isStatic(ts, m)) continue;
      if (kind === 'get') return ts.isGetAccessorDeclaration(m) && m.body ? m : undefined;
      // An overload's signature (no body) is not the method: its implementation follows it.
      if (ts.isMethodDeclaration(m)) {
        if (m.body) return m;
        continue;
      }
      // A class field holding a function (`fields = () => …`).
      if (ts.isPropertyDeclaration(m)) return calls.functionOf(m);
      return undefined;
    }
  }
  return undefined;
}

/**
 * The maker whose instance `this` is at a node: the nearest function that is not an arrow is a
 * method, accessor or constructor of a class (or the node is in a field's initializer), a function
 * on a constructor function's prototype, or a function called with `new` itself.
 */
export function classOfThis(ts: Ts, calls: Calls, at: Node): Maker | undefined {
  for (let n: Node | undefined = at.parent; n; n = n.parent) {
    if (ts.isArrowFunction(n)) continue;
    if (ts.isPropertyDeclaration(n) || ts.isClassStaticBlockDeclaration(n)) {
      const cls = n.parent;
      return ts.isClassLike(cls) && !ts.isClassStaticBlockDeclaration(n) && !isStatic(ts, n) ? cls : undefined;
    }
    if (ts.isFunctionLike(n)) {
      const member = calls.isFunctionLike(n) ? classOfMember(ts, calls, n) : undefined;
      if (member) return member;
      if (ts.isConstructorDeclaration(n) || ts.isSetAccessorDeclaration(n))
        return n.parent && ts.isClassLike(n.parent) && !isStatic(ts, n) ? n.parent : undefined;
      return ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) ? n : undefined;
    }
  }
  return undefined;
}

/** The maker a method, accessor or field function of an instance belongs to (not a static one; a prototype's function's). */
export function classOfMember(ts: Ts, calls: Calls, fn: FunctionLike): Maker | undefined {
  // `F.prototype.m = function () {…}`, `F.prototype = { m() {…}, n: function () {…} }`.
  const up = fn.parent && ts.isPropertyAssignment(fn.parent) ? fn.parent.parent : fn.parent;
  if (up && ts.isObjectLiteralExpression(up)) {
    // Stryker disable next-line LogicalOperator: only a binary expression has a `right` an object literal can be, so neither `||` finds another
    const target = up.parent && ts.isBinaryExpression(up.parent) && up.parent.right === up ? up.parent.left : undefined;
    return target && ts.isPropertyAccessExpression(target) && target.name.text === 'prototype'
      ? makerNamed(ts, calls, target.expression)
      : undefined;
  }
  if (up && ts.isBinaryExpression(up) && up.right === fn && ts.isPropertyAccessExpression(up.left)) {
    const proto = up.left.expression;
    return ts.isPropertyAccessExpression(proto) && proto.name.text === 'prototype'
      ? makerNamed(ts, calls, proto.expression)
      : undefined;
  }
  const holder = fn.parent && ts.isPropertyDeclaration(fn.parent) ? fn.parent : fn;
  const cls = holder.parent;
  // Stryker disable next-line LogicalOperator: a constructor, and a function outside a class (a method or getter outside one is an object literal's, returned above), are no method, getter or field below either
  if (!cls || !ts.isClassLike(cls) || ts.isConstructorDeclaration(fn)) return undefined;
  return ts.isMethodDeclaration(holder) || ts.isGetAccessorDeclaration(holder) || ts.isPropertyDeclaration(holder)
    ? isStatic(ts, holder)
      ? undefined
      : cls
    : undefined;
}

/**
 * What a function is a static member of, handed on as a value with it: a class's static method or
 * function field (`static fields() {…}`), or a function written into a member of a class, a
 * constructor function or an object literal by its name (`Api.fields = function () {…}` after `class
 * Api {}`, `function Api() {}` or `var Api = {}`).
 */
export function staticOwnerOf(ts: Ts, calls: Calls, fn: FunctionLike): Maker | TsNamespace.ObjectLiteralExpression | undefined {
  const holder = fn.parent && ts.isPropertyDeclaration(fn.parent) ? fn.parent : fn;
  const cls = holder.parent;
  if (cls && ts.isClassLike(cls))
    return (ts.isMethodDeclaration(holder) || ts.isPropertyDeclaration(holder)) && isStatic(ts, holder) ? cls : undefined;
  const up = outerParens(ts, fn);
  const member = up.parent && ts.isBinaryExpression(up.parent) && up.parent.right === up ? up.parent.left : undefined;
  if (!member || assignedTo(ts, member) !== fn || !ts.isPropertyAccessExpression(member)) return undefined;
  // (`exports.x = …`, `this.x = …` and `F.prototype.x = …` are no name's: a module's, an instance's.)
  const target = skipParens(ts, member.expression);
  if (!ts.isIdentifier(target)) return undefined;
  const maker = makerNamed(ts, calls, target);
  if (maker) return maker;
  const decl = calls.aliasOf(target)?.valueDeclaration;
  const init = decl && ts.isVariableDeclaration(decl) && decl.initializer ? skipParens(ts, decl.initializer) : undefined;
  return init && ts.isObjectLiteralExpression(init) ? init : undefined;
}

/** The functions written into a name's members (`Api.fields = function () {…}`), by member name. */
export function assignedMembers(ts: Ts, calls: Calls, name: TsNamespace.Identifier): Map<string, FunctionLike> {
  const out = new Map<string, FunctionLike>();
  for (const ref of calls.referencesOf(name)) {
    const p = outerParens(ts, ref).parent;
    const value = p && ts.isPropertyAccessExpression(p) && skipParens(ts, p.expression) === ref ? assignedTo(ts, p) : undefined;
    if (value && calls.isFunctionLike(value) && !out.has((p as TsNamespace.PropertyAccessExpression).name.text))
      out.set((p as TsNamespace.PropertyAccessExpression).name.text, value);
  }
  return out;
}

/** The name a maker or object literal is held under (`class Api`, `function Api`, `const Api = class {…}`, `var Api = {}`). */
export function heldName(ts: Ts, held: Maker | TsNamespace.ObjectLiteralExpression): TsNamespace.Identifier | undefined {
  return ts.isObjectLiteralExpression(held) ? holderName(ts, held) : classNameOf(ts, held);
}

/**
 * The places that read a class or constructor function as a value rather than make, extend or
 * call it (`show(Api)`, `api: Api`, a `require` of the module whose value it is): where its static
 * side goes.
 */
export function makerValueReaders(ts: Ts, calls: Calls, maker: Maker): Node[] {
  const name = classNameOf(ts, maker);
  const refs = [
    ...(name ? calls.referencesOf(name) : []),
    ...(calls.isModuleValue(maker) ? calls.readersOfModuleValue(maker) : []),
  ];
  return refs.filter((r) => {
    const up = outerParens(ts, r);
    const p = up.parent;
    return (
      r !== name &&
      !!p &&
      !((ts.isNewExpression(p) || ts.isCallExpression(p)) && p.expression === up) &&
      !ts.isExpressionWithTypeArguments(p) &&
      !prototypeAt(ts, r)
    );
  });
}

/** The members of a Vue component's options whose functions' `this` is the component (`computed`, `methods`, `watch`). */
const VUE_GROUPS = new Set(['computed', 'methods', 'watch']);
/** The members of a Pinia store's options whose functions' `this` is the store (`getters`, `actions`). */
const STORE_GROUPS = new Set(['getters', 'actions']);
/** Members only a Vue component's options object has together with those groups. */
const VUE_OPTIONS = new Set([
  'data',
  'props',
  'computed',
  'methods',
  'watch',
  'template',
  'render',
  'created',
  'mounted',
  'setup',
  'provide',
  'inject',
]);

/**
 * The object literal a `this` is: the one whose method (or function member) it is in, through arrow
 * functions (`{ load() { this.fields = … } }`); for a function of a Vue component's `computed`,
 * `methods` or `watch`, the component's options object (Vue puts them all on one instance); for one
 * of a Pinia store's `getters` or `actions` (`isStore` says which options objects define a store),
 * the store's options object (Pinia puts them on the store with its state).
 */
export function objectOfThis(
  ts: Ts,
  at: Node,
  isStore: (options: TsNamespace.ObjectLiteralExpression) => boolean = () => false,
): TsNamespace.ObjectLiteralExpression | undefined {
  let fn: Node | undefined = at.parent;
  while (fn && (ts.isArrowFunction(fn) || !ts.isFunctionLike(fn))) fn = fn.parent;
  if (
    !fn ||
    !(
      ts.isMethodDeclaration(fn) ||
      ts.isGetAccessorDeclaration(fn) ||
      ts.isSetAccessorDeclaration(fn) ||
      ts.isFunctionExpression(fn)
    )
  )
    return undefined;
  const holder = ts.isFunctionExpression(fn) && fn.parent && ts.isPropertyAssignment(fn.parent) ? fn.parent : fn;
  const literal = holder.parent;
  if (!literal || !ts.isObjectLiteralExpression(literal)) return undefined;
  const group = literal.parent;
  const options = group && ts.isPropertyAssignment(group) && group.initializer === literal ? group.parent : undefined;
  if (!options || !ts.isObjectLiteralExpression(options)) return literal;
  const name = plainName(ts, (group as TsNamespace.PropertyAssignment).name) ?? '';
  if (
    (VUE_GROUPS.has(name) && options.properties.filter((p) => VUE_OPTIONS.has(plainName(ts, p.name) ?? '')).length >= 2) ||
    (STORE_GROUPS.has(name) && isStore(options))
  )
    return options;
  return literal;
}

/**
 * The functions of the groups of an options object whose `this` is the instance, by name
 * (`this.<name>` on it): a Vue component's `computed`, `methods` and `watch`; a Pinia store's
 * `getters` and `actions` (`store`).
 */
export function groupFunctions(
  ts: Ts,
  calls: Calls,
  options: TsNamespace.ObjectLiteralExpression,
  store = false,
): Map<string, { fn: FunctionLike; group: string }> {
  const out = new Map<string, { fn: FunctionLike; group: string }>();
  const groups = store ? STORE_GROUPS : VUE_GROUPS;
  for (const g of options.properties) {
    const group = plainName(ts, g.name);
    if (!group || !groups.has(group) || !ts.isPropertyAssignment(g) || !ts.isObjectLiteralExpression(g.initializer)) continue;
    for (const m of g.initializer.properties) {
      const value = ts.isPropertyAssignment(m) ? skipParens(ts, m.initializer) : m;
      const name = plainName(ts, m.name);
      if (name !== undefined && calls.isFunctionLike(value)) out.set(name, { fn: value, group });
    }
  }
  return out;
}

/**
 * A member of a Vue component's options object (`export default {…}`, `defineComponent({…})`, or
 * one with another of Vue's options): a method itself, a property's value; undefined when absent or
 * when the object is no component's.
 */
export function vueOption(ts: Ts, options: TsNamespace.ObjectLiteralExpression, name: string): Node | undefined {
  const member = options.properties.find((p) => plainName(ts, p.name) === name);
  if (!member) return undefined;
  const up = outerParens(ts, options).parent;
  const component =
    (up && ts.isExportAssignment(up)) ||
    (up && ts.isCallExpression(up) && ts.isIdentifier(up.expression) && up.expression.text === 'defineComponent') ||
    options.properties.some((p) => p !== member && VUE_OPTIONS.has(plainName(ts, p.name) ?? ''));
  if (!component) return undefined;
  return ts.isPropertyAssignment(member) ? skipParens(ts, member.initializer) : member;
}

/** The `setup` function of a Vue component's options object, whose returned members are the component's (`this.x`, the template's `x`). */
export function vueSetupOf(ts: Ts, calls: Calls, options: TsNamespace.ObjectLiteralExpression): FunctionLike | undefined {
  const setup = vueOption(ts, options, 'setup');
  return setup && calls.isFunctionLike(setup) ? setup : undefined;
}

/**
 * What a Vue component's `inject` option injects, as [the component's member, the key]:
 * `inject: ['fields']`, `inject: { list: 'fields' }`, `inject: { list: { from: 'fields' } }`.
 */
export function vueInjected(ts: Ts, options: TsNamespace.ObjectLiteralExpression): [string, string][] {
  const inject = vueOption(ts, options, 'inject');
  if (inject && ts.isArrayLiteralExpression(inject))
    return inject.elements.flatMap((e) => (ts.isStringLiteralLike(e) ? [[e.text, e.text] as [string, string]] : []));
  if (!inject || !ts.isObjectLiteralExpression(inject)) return [];
  return inject.properties.flatMap((p): [string, string][] => {
    const local = plainName(ts, p.name);
    if (local === undefined) return [];
    const value = ts.isPropertyAssignment(p) ? skipParens(ts, p.initializer) : undefined;
    if (value && ts.isStringLiteralLike(value)) return [[local, value.text]];
    const from =
      value && ts.isObjectLiteralExpression(value) ? value.properties.find((m) => plainName(ts, m.name) === 'from') : undefined;
    const key = from && ts.isPropertyAssignment(from) ? skipParens(ts, from.initializer) : undefined;
    return [[local, key && ts.isStringLiteralLike(key) ? key.text : local]];
  });
}

/** Where `this` may be an instance of the maker: the class, or a constructor function and its prototype's functions. */
export function thisScopes(ts: Ts, calls: Calls, maker: Maker): Node[] {
  if (ts.isClassLike(maker)) return [maker];
  return [maker, ...[...prototypeMembers(ts, calls, maker).values()].filter((m) => calls.isFunctionLike(m))];
}

/** What a function is a member of, whose instances (or itself) a call on an untyped value may reach: a class, a prototype, an object literal. */
export function makerOfMember(ts: Ts, calls: Calls, fn: FunctionLike): Maker | TsNamespace.ObjectLiteralExpression | undefined {
  return classOfMember(ts, calls, fn) ?? objectOfMember(ts, fn);
}

/** The object literal a function is a member of (`{ fields() {…} }`, `{ state: (code) => … }`), if it is one. */
export function objectOfMember(ts: Ts, fn: FunctionLike): TsNamespace.ObjectLiteralExpression | undefined {
  const up = fn.parent && ts.isPropertyAssignment(fn.parent) && fn.parent.initializer === fn ? fn.parent.parent : fn.parent;
  return up && ts.isObjectLiteralExpression(up) && !ts.isGetAccessorDeclaration(fn) ? up : undefined;
}

/**
 * The object literals that hold a function by its name (`module.exports = { fields }`, `{ fields:
 * fields }`, `export default { fields }`): handed on untyped, `api.fields()` there is that function.
 */
export function objectsHolding(ts: Ts, calls: Calls, fn: FunctionLike): TsNamespace.ObjectLiteralExpression[] {
  const name = calls.nameOf(fn);
  if (!name || !ts.isIdentifier(name) || objectOfMember(ts, fn)) return [];
  const out: TsNamespace.ObjectLiteralExpression[] = [];
  for (const ref of calls.referencesOf(name)) {
    const p = outerParens(ts, ref).parent;
    const held =
      p &&
      ((ts.isShorthandPropertyAssignment(p) && p.name === ref) ||
        (ts.isPropertyAssignment(p) && skipParens(ts, p.initializer) === ref));
    if (held && ts.isObjectLiteralExpression(p.parent) && !out.includes(p.parent)) out.push(p.parent);
  }
  return out;
}
