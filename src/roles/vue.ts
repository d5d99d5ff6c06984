/**
 * Vue's own functions, as the role engine follows them: Vue is a library the program does not hold,
 * so what its functions do is summarised by name. `ref`/`shallowRef` and `computed` make a ref;
 * `reactive`, `shallowReactive` and `readonly` give the object they are handed (a proxy of it: its
 * members are its members); `provide(key, value)` hands `value` to every `inject(key)` of the app;
 * `unref(x)` and `toValue(x)` give a ref's value, or `x`.
 */
import type { ts as TsNamespace } from 'ts-morph';
import type { Ts } from '../codemod/typescript.js';
import { importedFunction, skipParens } from './program-view.js';

/** The modules Vue's functions are imported from. */
const VUE_MODULES = /^(?:vue|@vue\/(?:reactivity|runtime-core|composition-api)|vue-demi|#imports)$/;

/** The functions of Vue's this module summarises. */
const SUMMARISED = new Set([
  'ref',
  'shallowRef',
  'computed',
  'reactive',
  'shallowReactive',
  'readonly',
  'provide',
  'inject',
  'unref',
  'toValue',
]);

/**
 * The Vue function a callee names (`reactive`, `provide`, …), by what it is imported as from Vue
 * (under any local name), or a global of that name the program does not declare (auto-imports);
 * undefined for anything else.
 */
export function vueFunction(ts: Ts, checker: TsNamespace.TypeChecker, callee: TsNamespace.Expression): string | undefined {
  return importedFunction(
    ts,
    checker,
    callee,
    (name) => SUMMARISED.has(name),
    (specifier) => VUE_MODULES.test(specifier),
  );
}

/**
 * A key of `provide`/`inject` as the app matches them: a string (`'fields'`, or a `const` holding
 * one), or the `const` a key is (`export const FieldsKey = Symbol()`, imported anywhere) by where it
 * is declared; undefined for any other key.
 */
export function injectionKey(
  ts: Ts,
  checker: TsNamespace.TypeChecker,
  key: TsNamespace.Expression | undefined,
): string | undefined {
  const e = key && skipParens(ts, key);
  if (!e) return undefined;
  if (ts.isStringLiteralLike(e)) return e.text;
  // Mutation: the guard -> false is equivalent: another expression (a call, an element access) has no symbol here.
  if (!ts.isIdentifier(e) && !ts.isPropertyAccessExpression(e)) return undefined;
  let symbol = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(e) ? e.name : e);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const decl = symbol?.valueDeclaration;
  if (!decl || !ts.isVariableDeclaration(decl) || !(decl.parent.flags & ts.NodeFlags.Const)) return undefined;
  const init = decl.initializer && skipParens(ts, decl.initializer);
  if (init && ts.isStringLiteralLike(init)) return init.text;
  return `${decl.getSourceFile().fileName}:${decl.getStart()}`;
}

/** Whether a Vue function returns a proxy of the object it is given (`reactive`, `shallowReactive`, `readonly`). */
export function isProxyOf(name: string | undefined): boolean {
  return name === 'reactive' || name === 'shallowReactive' || name === 'readonly';
}

/** The heap cell of what the app provides under a key (`provide(key, value)`, `injectionKey`), read by each `inject(key)`. */
export function provision(key: string): string {
  return `provided:${key}`;
}
