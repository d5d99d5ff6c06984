/**
 * Pinia's stores, as the role engine follows them: Pinia is a library the program does not hold,
 * so what its functions do is summarised here. `defineStore` makes the function (`useFields`) whose
 * every call gives the one store; the store is an options object's `state()` members, `getters` and
 * `actions` (their `this` is the store, a getter's first parameter too), or what a setup function
 * returns, its refs unwrapped. `storeToRefs(store)` gives a ref of each member.
 */
import type { ts as TsNamespace } from 'ts-morph';
import type { Ts } from '../codemod/typescript.js';
import { type Calls, type FunctionLike, importedFunction, skipParens } from './program-view.js';

type Expression = TsNamespace.Expression;

/** A store's definition: the options object (`{ state, getters, actions }`), or the setup function. */
export type StoreDefinition =
  | { readonly options: TsNamespace.ObjectLiteralExpression }
  | { readonly setup: FunctionLike; readonly options?: undefined };

/**
 * The Pinia function a callee names (`defineStore`, `storeToRefs`), by what it is imported as from
 * `pinia` (under any local name), or a global of that name the program does not declare
 * (auto-imports); undefined for anything else.
 */
export function piniaFunction(ts: Ts, checker: TsNamespace.TypeChecker, callee: Expression): string | undefined {
  return importedFunction(
    ts,
    checker,
    callee,
    (name) => name === 'defineStore' || name === 'storeToRefs',
    (specifier) => specifier === 'pinia',
  );
}

/**
 * What a `defineStore` call defines: `defineStore(id, { state, getters, actions })`,
 * `defineStore({ id, state, getters, actions })`, `defineStore(id, () => { …; return { … } })`.
 */
export function storeDefinition(
  ts: Ts,
  checker: TsNamespace.TypeChecker,
  calls: Calls,
  call: TsNamespace.CallExpression,
): StoreDefinition | undefined {
  if (piniaFunction(ts, checker, call.expression) !== 'defineStore') return undefined;
  const [first, second] = call.arguments.map((a) => namedValue(ts, checker, skipParens(ts, a)));
  const definition = first && ts.isObjectLiteralExpression(first) ? first : second;
  if (definition && ts.isObjectLiteralExpression(definition)) return { options: definition };
  return definition && calls.isFunctionLike(definition) ? { setup: definition } : undefined;
}

/**
 * What a name passed to `defineStore` holds (`defineStore('fields', options)`, `defineStore('fields',
 * setup)`): the object or function a `const` of it is given, the function it declares; else the expression.
 */
function namedValue(ts: Ts, checker: TsNamespace.TypeChecker, e: Expression): TsNamespace.Node {
  // Mutation: `!ts.isIdentifier(e)` -> false is equivalent: no other expression has a symbol with a declaration here.
  if (!ts.isIdentifier(e)) return e;
  const decl = checker.getSymbolAtLocation(e)?.valueDeclaration;
  if (decl && ts.isFunctionDeclaration(decl)) return decl;
  const constant = decl && ts.isVariableDeclaration(decl) && (ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const) !== 0;
  return constant && decl.initializer ? skipParens(ts, decl.initializer) : e;
}

/** The function an options store's `state` is (`state: () => ({ … })`, `state() { return { … } }`). */
export function storeState(ts: Ts, calls: Calls, options: TsNamespace.ObjectLiteralExpression): FunctionLike | undefined {
  for (const p of options.properties) {
    if (!p.name || !ts.isIdentifier(p.name) || p.name.text !== 'state') continue;
    const value = ts.isPropertyAssignment(p) ? skipParens(ts, p.initializer) : p;
    return calls.isFunctionLike(value) ? value : undefined;
  }
  return undefined;
}
