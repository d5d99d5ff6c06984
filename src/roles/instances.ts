/**
 * The program's own classes, as the role engine follows their instances where the checker cannot
 * type them: plain JavaScript hands a client through a constructor's parameter into a member
 * (`this.client = client`) or into a function's parameter, and `this.client.fields()` there names no
 * method the checker knows. An instance is followed from its `new` like any value, and these say
 * what a member read or a method call on it reaches: the class's own member, else its base's.
 */
import type { ts as TsNamespace } from 'ts-morph';
import type { Ts } from '../codemod/typescript.js';
import { type Calls, type FunctionLike, skipParens } from './program-view.js';

type Node = TsNamespace.Node;
export type ClassLike = TsNamespace.ClassLikeDeclaration;

function isStatic(ts: Ts, n: Node): boolean {
  return (ts.getCombinedModifierFlags(n as TsNamespace.Declaration) & ts.ModifierFlags.Static) !== 0;
}

/** The name a class is referred to by: its own (`class A`), or the variable holding it (`const A = class {}`). */
export function classNameOf(ts: Ts, cls: ClassLike): TsNamespace.Identifier | undefined {
  if (cls.name) return cls.name;
  const holder = cls.parent && ts.isParenthesizedExpression(cls.parent) ? cls.parent.parent : cls.parent;
  return holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) ? holder.name : undefined;
}

/** The class and its bases, nearest first (`class B extends A`: B, A), as far as the program declares them. */
export function classChain(ts: Ts, calls: Calls, cls: ClassLike): ClassLike[] {
  const chain: ClassLike[] = [];
  for (let c: ClassLike | undefined = cls; c && !chain.includes(c); c = baseOf(ts, calls, c)) chain.push(c);
  return chain;
}

function baseOf(ts: Ts, calls: Calls, cls: ClassLike): ClassLike | undefined {
  const clause = cls.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword);
  const base = clause?.types[0]?.expression;
  if (!base) return undefined;
  const symbol = calls.aliasOf(skipParens(ts, base));
  for (const d of symbol?.declarations ?? []) {
    if (ts.isClassLike(d)) return d;
    const value = ts.isVariableDeclaration(d) && d.initializer ? skipParens(ts, d.initializer) : undefined;
    if (value && ts.isClassExpression(value)) return value;
  }
  return undefined;
}

/** The method or accessor `name` an instance of the class has (its own, else its nearest base's). */
export function memberOfClass(
  ts: Ts,
  calls: Calls,
  cls: ClassLike,
  name: string,
  kind: 'call' | 'get',
): FunctionLike | undefined {
  for (const c of classChain(ts, calls, cls)) {
    for (const m of c.members) {
      if (!m.name || !(ts.isIdentifier(m.name) || ts.isStringLiteral(m.name)) || m.name.text !== name) continue;
      if (isStatic(ts, m)) continue;
      if (kind === 'get') return ts.isGetAccessorDeclaration(m) && m.body ? m : undefined;
      if (ts.isMethodDeclaration(m) && m.body) return m;
      // A class field holding a function (`fields = () => …`).
      if (ts.isPropertyDeclaration(m)) return calls.functionOf(m);
      return undefined;
    }
  }
  return undefined;
}

/**
 * The class whose instance `this` is at a node: the nearest function that is not an arrow must be a
 * method, accessor or constructor of a class (or the node is in a field's initializer); a function
 * expression has its own `this`.
 */
export function classOfThis(ts: Ts, at: Node): ClassLike | undefined {
  for (let n: Node | undefined = at.parent; n; n = n.parent) {
    if (ts.isArrowFunction(n)) continue;
    if (ts.isPropertyDeclaration(n) || ts.isClassStaticBlockDeclaration(n)) {
      const cls = n.parent;
      return ts.isClassLike(cls) && !ts.isClassStaticBlockDeclaration(n) && !isStatic(ts, n) ? cls : undefined;
    }
    if (ts.isFunctionLike(n)) {
      const cls = n.parent;
      const isMember =
        ts.isMethodDeclaration(n) ||
        ts.isConstructorDeclaration(n) ||
        ts.isGetAccessorDeclaration(n) ||
        ts.isSetAccessorDeclaration(n);
      return isMember && cls && ts.isClassLike(cls) && !isStatic(ts, n) ? cls : undefined;
    }
  }
  return undefined;
}

/** The class a method, accessor or field function of an instance belongs to (not a static one). */
export function classOfMember(ts: Ts, fn: FunctionLike): ClassLike | undefined {
  const holder = fn.parent && ts.isPropertyDeclaration(fn.parent) ? fn.parent : fn;
  const cls = holder.parent;
  if (!cls || !ts.isClassLike(cls) || ts.isConstructorDeclaration(fn)) return undefined;
  return ts.isMethodDeclaration(holder) || ts.isGetAccessorDeclaration(holder) || ts.isPropertyDeclaration(holder)
    ? isStatic(ts, holder)
      ? undefined
      : cls
    : undefined;
}
