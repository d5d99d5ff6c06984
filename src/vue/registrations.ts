import { dirname, resolve } from 'node:path';
import type { ts as TsNamespace } from 'ts-morph';
import { skipOuter } from '../codemod/ast.js';
import { type Ts, typescript } from '../codemod/typescript.js';
import { componentName } from './virtual.js';

/** Vue's modules: where `createApp` (Vue 3) and the `Vue` constructor (Vue 2) come from. */
const VUE_MODULES = new Set(['vue', '@vue/runtime-dom', '@vue/runtime-core', '@vue/compat']);

/**
 * The components an app registers for every template, found in the modules that make the app:
 * `createApp(App).component('FieldList', FieldList)` (also on a name holding the app, and after
 * other calls of the chain, `.use(router).component(…)`), and Vue 2's `Vue.component('field-list',
 * FieldList)`, where the component is a `.vue` file the module imports. By the component's name
 * as Vue matches tags (`FieldList`): the component's absolute path. A name registered twice with
 * different files is left out (which one a template gets depends on the order of the run).
 *
 * `read` gives a file's text (undefined when it cannot be read); only files that spell
 * `.component(` are parsed. What is registered in another way (a plugin's `install`, a loop over
 * `import.meta.glob`, an auto-import resolver) is not found: a parent's tag then gets the
 * `component-unseen` marker where it is given the API's data.
 */
export function globalComponents(files: readonly string[], read: (path: string) => string | undefined): Map<string, string> {
  const found = new Map<string, string | null>();
  let ts: Ts | undefined;
  for (const file of files) {
    const text = read(file);
    // Stryker disable next-line StringLiteral: a prefilter: parsing every file finds the same registrations
    if (text === undefined || !text.includes('.component(')) continue;
    ts ??= typescript();
    // Parsed as its name says (TS, TSX, JSX, JS; no parent pointers: the walk below passes nodes down).
    // Stryker disable next-line BooleanLiteral: parent pointers are not read
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
    for (const [name, path] of registrations(ts, sf)) {
      const key = componentName(name);
      const abs = resolve(dirname(file), path);
      found.set(key, found.has(key) && found.get(key) !== abs ? null : abs);
    }
  }
  return new Map([...found].flatMap(([k, v]) => (v === null ? [] : [[k, v] as const])));
}

/** `[registered name, the .vue specifier its component is imported from]` of one module. */
function registrations(ts: Ts, sf: TsNamespace.SourceFile): [string, string][] {
  // What the module imports: each local name's specifier and imported name (`default` for a default import).
  const imports = new Map<string, { from: string; name: string }>();
  for (const st of sf.statements) {
    // Mutation: `!isImportDeclaration || !isStringLiteral` -> false is equivalent: no other statement has an
    // import clause, and an import's specifier is always a string literal.
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || !st.importClause) continue;
    const from = st.moduleSpecifier.text;
    const clause = st.importClause;
    if (clause.name) imports.set(clause.name.text, { from, name: 'default' });
    if (clause.namedBindings && ts.isNamedImports(clause.namedBindings))
      for (const e of clause.namedBindings.elements) imports.set(e.name.text, { from, name: (e.propertyName ?? e.name).text });
  }
  const fromVue = (id: TsNamespace.Identifier, name: string) => {
    const i = imports.get(id.text);
    return i !== undefined && VUE_MODULES.has(i.from) && i.name === name;
  };
  // Names a module-level `const` gives the app: `const app = createApp(App)` (or a chain on it).
  const apps = new Set<string>();
  const isApp = (e: TsNamespace.Expression): boolean => {
    // (Through what only TypeScript sees, and parentheses: `createApp(Root) as App`, `app!`.)
    let x = skipOuter(ts, e);
    // Down a chain of calls on the app (`createApp(App).use(router)`): each returns the app.
    while (ts.isCallExpression(x) && ts.isPropertyAccessExpression(x.expression)) x = skipOuter(ts, x.expression.expression);
    if (ts.isCallExpression(x)) return ts.isIdentifier(x.expression) && fromVue(x.expression, 'createApp');
    return ts.isIdentifier(x) && (apps.has(x.text) || fromVue(x, 'default'));
  };
  const out: [string, string][] = [];
  const visit = (n: TsNamespace.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer && isApp(n.initializer)) apps.add(n.name.text);
    if (
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      n.expression.name.text === 'component' &&
      n.arguments.length === 2 &&
      isApp(n.expression.expression)
    ) {
      const [name, component] = n.arguments as unknown as [TsNamespace.Expression, TsNamespace.Expression];
      const i = ts.isIdentifier(component) ? imports.get(component.text) : undefined;
      // (A relative import: an alias's target is the bundler's to know.)
      if (ts.isStringLiteralLike(name) && i?.name === 'default' && /^\.\.?\/.*\.vue$/i.test(i.from))
        out.push([name.text, i.from]);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}
