import type { ts as TsNamespace } from 'ts-morph';
import type { ConfigSources } from './config-sources.js';
import type { Fact } from './facts.js';
import { skipParens } from './program-view.js';
import type { SiteRole } from './role.js';
import type { Tracker } from './tracker.js';
import { classifyUrl } from './url-value.js';

type Node = TsNamespace.Node;
type Expression = TsNamespace.Expression;

/** Seeds the values of the config files: each string is a source, as a literal in code is. */
export function seedConfigValues(t: Tracker, config: ConfigSources): void {
  for (const [node, { entry }] of config.all()) {
    const url = classifyUrl(t.table.model, entry.value, node, t.roles.id(node));
    if (url) t.add(node, t.roles.url(url), 'source', undefined);
  }
}

/** Names of parser calls that turn a config file's text into its object (`JSON.parse`, `yaml.parse`, `YAML.load`). */
function isParser(name: string): boolean {
  return ['parse', 'load', 'safeLoad'].includes(name);
}
/** Calls that read a file's text. */
function isFileReader(name: string): boolean {
  return ['readFileSync', 'readFile'].includes(name);
}

/**
 * Where code reaches a config file's object, seeded with it: `process.env` and `import.meta.env`
 * (the env files), `import x from './config.json'`, `require('./config.json')`, and a parser given
 * a file's text (`JSON.parse(readFileSync('config.json', 'utf8'))`, `yaml.parse(await readFile(…))`).
 * Called for every node of a file being seeded.
 */
export function seedConfigRead(t: Tracker, config: ConfigSources, n: Node): void {
  const { ts } = t;
  const sf = n.getSourceFile();
  const root = (r: Expression, at: Node) =>
    t.add(at, t.roles.site(r, r.kind === ts.SyntaxKind.ArrayLiteralExpression ? 'array' : 'object'), 'source', undefined);
  if (ts.isPropertyAccessExpression(n) && n.name.text === 'env') {
    const owner = n.expression;
    const processEnv = ts.isIdentifier(owner) && owner.text === 'process';
    const metaEnv = ts.isMetaProperty(owner) && owner.name.text === 'meta';
    if (processEnv || metaEnv) for (const env of config.envRoots) root(env, n);
    return;
  }
  if (ts.isImportDeclaration(n)) {
    const specifier = n.moduleSpecifier;
    const clause = n.importClause;
    if (!clause || !ts.isStringLiteral(specifier)) return;
    const r = config.fileNamed(specifier.text, sf.fileName);
    if (!r) return;
    if (clause.name) root(r, clause.name);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) root(r, bindings.name);
    if (bindings && ts.isNamedImports(bindings)) {
      // `import { api } from './config.json'`: each name is a member of the file's object.
      root(r, n);
      const whole = t.facts.at(n)[0] as Fact & { role: SiteRole };
      for (const element of bindings.elements) {
        const member = (element.propertyName ?? element.name).text;
        // A member of a site read back is a heap step: it names the fact stored there.
        t.load(whole.role, member, (m) => t.add(element.name, m.role, m.step, m.prev), whole);
      }
    }
    return;
  }
  if (!ts.isCallExpression(n)) return;
  const callee = skipParens(ts, n.expression);
  const [first] = n.arguments;
  if (!first) return;
  // `require('./config.json')`.
  if (ts.isIdentifier(callee) && callee.text === 'require' && ts.isStringLiteralLike(first)) {
    const r = config.fileNamed(first.text, sf.fileName);
    if (r) root(r, n);
    return;
  }
  // `JSON.parse(readFileSync(…))`, `yaml.load(await fs.promises.readFile(…))`.
  const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : undefined;
  if (!name || !isParser(name)) return;
  const read = readCall(ts, first);
  if (!read) return;
  const path = pathOf(ts, read.arguments[0]);
  if (!path) return;
  const r = config.fileNamed(path, sf.fileName);
  if (r) root(r, n);
}

/** `readFileSync(…)`, `fs.readFileSync(…)`, `await readFile(…)`, `(await fs.promises.readFile(…)).toString()`. */
function readCall(ts: typeof TsNamespace, e: Expression): TsNamespace.CallExpression | undefined {
  let x = skipParens(ts, e);
  for (;;) {
    if (ts.isAwaitExpression(x)) x = skipParens(ts, x.expression);
    else if (
      ts.isCallExpression(x) &&
      ts.isPropertyAccessExpression(x.expression) &&
      x.expression.name.text === 'toString' &&
      x.arguments.length <= 1
    )
      x = skipParens(ts, x.expression.expression);
    else break;
  }
  if (!ts.isCallExpression(x)) return undefined;
  const callee = skipParens(ts, x.expression);
  const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : undefined;
  return name && isFileReader(name) ? x : undefined;
}

/**
 * The path a file-reading call is given, as far as it is written: a string, `path.join(__dirname,
 * 'config', 'app.yml')` / `path.resolve(…)`, `new URL('./config.json', import.meta.url)`,
 * `` `${__dirname}/config.json` ``. A path relative to the file's folder starts with `./`.
 */
function pathOf(ts: typeof TsNamespace, arg: Expression | undefined): string | undefined {
  if (!arg) return undefined;
  const e = skipParens(ts, arg);
  if (ts.isStringLiteralLike(e)) return e.text;
  const here = (x: Expression) => {
    const y = skipParens(ts, x);
    return (
      (ts.isIdentifier(y) && y.text === '__dirname') ||
      (ts.isPropertyAccessExpression(y) &&
        ts.isMetaProperty(y.expression) &&
        (y.name.text === 'dirname' || y.name.text === 'url'))
    );
  };
  if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression)) {
    const fn = e.expression.name.text;
    if (fn !== 'join' && fn !== 'resolve') return undefined;
    const parts = e.arguments.map((a) => skipParens(ts, a));
    const relative = parts.length > 0 && here(parts[0] as Expression);
    const rest = relative ? parts.slice(1) : parts;
    if (!rest.every((p) => ts.isStringLiteralLike(p))) return undefined;
    const joined = rest.map((p) => (p as TsNamespace.StringLiteralLike).text).join('/');
    return relative ? `./${joined}` : joined;
  }
  if (ts.isNewExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'URL') {
    const [p, base] = e.arguments ?? [];
    if (p && base && ts.isStringLiteralLike(skipParens(ts, p)) && here(base))
      return (skipParens(ts, p) as TsNamespace.StringLiteralLike).text;
    return undefined;
  }
  if (ts.isTemplateExpression(e) && e.templateSpans.length === 1 && e.head.text === '') {
    const span = e.templateSpans[0] as TsNamespace.TemplateSpan;
    if (here(span.expression)) return `.${span.literal.text.startsWith('/') ? '' : '/'}${span.literal.text}`;
  }
  return undefined;
}
