import { createRequire } from 'node:module';
import type * as Dom from '@vue/compiler-dom';
import type { ts as TsNamespace } from 'ts-morph';
import { type ScriptLang, scriptKindOfLang, type Ts, typescript } from '../codemod/typescript.js';

/**
 * The virtual script of a Vue single-file component: one TS/JS text holding the component's script
 * code and its template's expressions in the scopes they live in (the technique Volar uses), so that
 * the role engine decides template reads like script reads. Every piece of the file it copies is
 * copied verbatim and mapped 1:1; the scaffolding around it is generated and never mapped.
 */
export interface VueVirtual {
  /** The virtual script: script blocks' code, then the template's expressions in their scopes. */
  readonly code: string;
  /** The widest language of the script blocks (`js` without any), to parse `code` with. */
  readonly lang: 'ts' | 'tsx' | 'js' | 'jsx';
  /** The .vue offsets of a virtual span, only when the whole span lies in one segment copied verbatim from the file; else undefined. */
  toSource(start: number, end: number): { start: number; end: number } | undefined;
  /** Virtual offset of a .vue offset inside a verbatim segment (for tests and markers), else undefined. */
  toVirtual(offset: number): number | undefined;
  /** Spans of the virtual code that come from the template (so a caller can tell template edits from script edits). */
  readonly templateSegments: readonly VirtualSegment[];
  /** Every span of the virtual code copied from the file (script and template), in virtual order. */
  readonly segments: readonly VirtualSegment[];
}

/**
 * Components registered for every template of the app (`app.component('FieldList', FieldList)`):
 * the module a registered name (as `FieldList`) stands for, as this file imports it (`./FieldList.vue`).
 */
export type GlobalComponents = (name: string) => string | undefined;

/** A component's name as Vue matches a tag against registered names: `field-list`, `fieldList` and `FieldList` are `FieldList`. */
export function componentName(name: string): string {
  return pascal(vueCompiler().shared, name);
}

/** Vue's template compiler and the helpers library it uses (its list of globals templates may read, its name casing). */
function vueCompiler(): { dom: Compiler; shared: Shared } {
  const require = createRequire(import.meta.url);
  const dom = require('@vue/compiler-dom') as Compiler;
  return { dom, shared: createRequire(require.resolve('@vue/compiler-dom'))('@vue/shared') as Shared };
}

/** Vue's own components (Transition, KeepAlive, Teleport, Suspense…): they read no data of the app's. */
function isBuiltIn(dom: Compiler, tag: string): boolean {
  return Boolean(dom.isCoreComponent(tag) || dom.parserOptions.isBuiltInComponent?.(tag));
}

/** A span of the virtual code copied verbatim from the .vue file. */
export interface VirtualSegment {
  readonly virtualStart: number;
  readonly sourceStart: number;
  readonly length: number;
}

type Compiler = typeof Dom;
type Lang = ScriptLang;
type BabelNode = Parameters<Compiler['walkIdentifiers']>[0];
type BabelIdentifier = Parameters<Parameters<Compiler['walkIdentifiers']>[1]>[0];
type Scope = ReadonlySet<string>;

/** Name of the generated function (script setup, no script) or method (Options API) holding the template. */
const TEMPLATE = '__template';

/**
 * Name of the generated method through which a parent's template hands a component its props: a
 * component element `<FieldList :fields="list" />` becomes `FieldList.__props({ fields: list })`,
 * and the child's options object gets `__props(p) { this.fields = p.fields; }` (Options API: props
 * are members of `this`) or, with script setup, `__props(p) { __vueProps = p; }` with `defineProps`
 * giving `__vueProps`. So the props a component reads are what its parents pass, across modules.
 * `v-model:title="x"` on a component (Vue 3) is the prop `title` (`modelValue` unnamed) and a
 * listener setting `x`: `Picker.on("update:title", ($event) => { x = $event; })`.
 */
const PROPS = '__props';
/**
 * Name of the generated call through which a template binds props of a component the file does not
 * register (`app.component(…)` in another module, a plugin's, an auto-import resolver's):
 * `<FieldList :fields="list" />` becomes `__vueUnseen("FieldList", { fields: list })`, the tag's
 * name copied from the file. Nothing declares it: what the component reads is not seen, and the
 * codemod says so at the tag where API data is bound.
 */
/**
 * A component's virtual script as a program holds it: `<file>.vue.<lang>`. A module (the SFC
 * compiler makes one), also when its script neither imports nor exports.
 */
export const VIRTUAL_SCRIPT = /\.vue\.[jt]sx?$/i;

export const UNSEEN_COMPONENT = '__vueUnseen';
/** The names the virtual script imports the app's global components under (`__vueGlobal0`…), at its end. */
const GLOBAL = '__vueGlobal';
const SETUP_PROPS = '__vueProps';
/** The variable the virtual script gives a `defineProps(…)` written as a statement: the template reads its props from it (with their declared type). */
const SETUP_DEFINED = '__vueDefined';

/** `: any` in TS (a generated parameter or result of no declared type), nothing in JS. */
function typed(lang: Lang): string {
  return lang === 'ts' || lang === 'tsx' ? ': any' : '';
}

/** A component's name as Vue matches a template tag against registered names (`field-list`, `fieldList`, `FieldList`). */
function pascal(shared: Shared, name: string): string {
  return shared.capitalize(shared.camelize(name));
}

/** A directive modifier's name (a string in older compilers, an expression node in newer ones). */
function modifierName(m: string | { content: string }): string {
  return typeof m === 'string' ? m : m.content;
}

/** Thrown where the compiler rejects the template (or a construct this module cannot place): the file gets no virtual script. */
class Unparseable extends Error {}

/**
 * The virtual script of a `.vue` file; undefined when it has neither a script nor an HTML template,
 * or when the compiler cannot parse it (any parse error, an invalid expression, a malformed `v-for`).
 *
 * Scopes: with `<script setup>` (or no script) the template becomes `function __template() { … }`
 * after the script code, so template names are the module's bindings. With an Options API
 * `export default {…}` / `export default defineComponent({…})` it becomes the method
 * `__template() { … },` inserted after the object's `{`, and every free name that is not a JS global
 * Vue allows in templates gets a generated `this.` (Vue reads all of them from the instance).
 * Otherwise (class components, an options object defined elsewhere) the function is appended
 * unprefixed.
 *
 * `v-for` becomes a `for…of` over the source so that the value alias is an element of it: with one
 * or two aliases `for (const value of source)` (arrays, the common case; key and index are `let`s of
 * unknown value), with three (objects only) `for (const value of Object.values(source))`. Defaults
 * and type annotations of aliases are left out. Slot props (`v-slot`, `#name`, `slot-scope`) are the
 * parameters of an arrow function around the slot's children; an inline `v-on` handler is the body
 * of an arrow function of `$event`, a method name or function is an expression. `v-if`/`v-else-if`
 * are read outside the element's `v-for` (Vue 3 precedence), dynamic arguments outside its slot.
 * A script setup's template reads a ref binding's `.value`, and a binding that may be a ref
 * (`inject(…)`) through Vue's `unref`, imported for it.
 *
 * Limits: templates in other languages (`lang="pug"`), `src=` blocks and `v-pre` subtrees give no
 * code; a same-name `:prop` shorthand (no value) is not read; refs other than script setup's own
 * bindings are read as written (the template unwraps them, the virtual code does not); `this` inside a `function` written in a handler is not
 * the component's; a script setup's props used by bare name do not resolve.
 */
export function vueVirtual(
  text: string,
  options: {
    /** The app's global components (see `GlobalComponents`). */
    readonly globals?: GlobalComponents;
    /** The major version of Vue the app uses (default 3): Vue 2's `v-model` on a component is the prop `value` and the event `input`, and `.sync` binds a prop both ways. */
    readonly version?: 2 | 3;
  } = {},
): VueVirtual | undefined {
  const { globals, version = 3 } = options;
  const { dom, shared } = vueCompiler();
  try {
    const blocks = parse(dom, text, 'sfc').children.filter((n): n is Dom.ElementNode => n.type === dom.NodeTypes.ELEMENT);
    const scripts = blocks.flatMap((b) => scriptBlock(dom, b));
    const template = blocks.find((b) => b.tag === 'template');
    const html = template && isHtmlTemplate(dom, template) ? template : undefined;
    if (!scripts.length && !html) return undefined;

    const setup = scripts.find((s) => s.setup);
    const lang = widest(scripts.map((s) => s.lang));
    const { options, exportsDefault } = defaultExport(text, scripts);
    // The template is a method of the options object only without script setup (whose bindings it reads).
    const templateMethod = html && !setup && options;
    const bindings = setup ? setupBindings(text, setup) : undefined;
    // How a parent's template hands this component its props (`Child.__props({ … })`, see `PROPS`).
    const receiver = setup
      ? bindings?.defines
        ? `${PROPS}(p${typed(lang)}) { ${SETUP_PROPS} = p; },`
        : undefined
      : options && (options.props.length > 0 || options.setup)
        ? `${PROPS}(p${typed(lang)}) { ${[...options.props.map((n) => `this.${n} = p.${n};`), ...(options.setup ? ['this.setup(p);'] : [])].join(' ')} },`
        : undefined;
    // The binding a component tag names: script setup's own names, or the components the options register.
    const registered = setup ? [...(bindings?.declared ?? [])].map((n) => [n, n] as const) : [...(options?.components ?? [])];
    // Then the app's global components, each imported under a generated name (`GLOBAL`).
    const imported = new Map<string, string>();
    const components = (tag: string) => {
      const local = registered.find(([name]) => pascal(shared, name) === pascal(shared, tag))?.[1];
      const from = local === undefined && !isBuiltIn(dom, tag) ? globals?.(pascal(shared, tag)) : undefined;
      if (from === undefined) return local;
      const name = imported.get(from) ?? `${GLOBAL}${imported.size}`;
      imported.set(from, name);
      return name;
    };
    const maybeRefs = bindings?.maybeRefs ?? new Set<string>();
    const out = new Emitter(dom, shared, text, Boolean(templateMethod), bindings?.refs, maybeRefs, components, version);
    for (const script of scripts) {
      if (script === options?.script && (templateMethod || receiver)) {
        out.copy(script.start, options.brace, false);
        if (receiver) out.gen(`\n${receiver}`);
        if (templateMethod) {
          out.gen(`\n${TEMPLATE}() {\n`);
          out.children(html.children, new Set(), 1);
          out.gen('},');
        }
        out.copy(options.brace, script.end, false);
      } else if (script === setup && bindings?.bare !== undefined) {
        out.copy(script.start, bindings.bare, false);
        out.gen(`const ${SETUP_DEFINED} = `);
        out.copy(bindings.bare, script.end, false);
      } else out.copy(script.start, script.end, false);
      out.gen('\n');
    }
    if (setup && bindings?.defines) {
      // `defineProps` (a compiler macro) gives what the parent hands over.
      // In TS the props keep the type they are declared with (`defineProps<{ item: Item }>()`).
      const ts = lang === 'ts' || lang === 'tsx';
      out.gen(`let ${SETUP_PROPS}${typed(lang)};\n`);
      out.gen(`function defineProps${ts ? '<T = any>(..._: any[]): T' : '()'} { return ${SETUP_PROPS}; }\n`);
      out.gen(`function withDefaults${ts ? '<T>(props: T, ..._: any[]): T' : '(props)'} { return props; }\n`);
      if (!options && !exportsDefault) out.gen(`export default { ${receiver} };\n`);
    }
    if (html && !templateMethod) {
      // Vue's `unref`, for the template's reads of what may be a ref (`MAYBE_REF_MAKERS`).
      if (maybeRefs.size > 0) out.gen(`import { unref as ${UNREF} } from 'vue';\n`);
      out.gen(`function ${TEMPLATE}() {\n`);
      // Props the template reads by bare name: the members of what `defineProps` returns.
      if (bindings?.props.length)
        out.gen(`  const { ${bindings.props.join(', ')} } = ${bindings.propsVar ?? 'defineProps()'};\n`);
      out.children(html.children, new Set(), 1);
      out.gen('}\n');
    }
    for (const [from, name] of imported) out.gen(`import ${name} from ${JSON.stringify(from)};\n`);
    return out.finish(lang);
  } catch (error) {
    if (error instanceof Unparseable) return undefined;
    throw error;
  }
}

/** Vue's functions that make a ref (a template reads it unwrapped: the virtual script reads its `.value`). */
const REF_MAKERS = new Set(['ref', 'shallowRef', 'computed', 'toRef', 'customRef']);
/** Functions whose result, destructured, gives refs (Pinia's `const { fields } = storeToRefs(store)`). */
const REFS_MAKERS = new Set(['storeToRefs']);
/** Vue's functions whose result may be a ref or not (`inject(key)` gives what is provided): a template reads it through `unref`. */
const MAYBE_REF_MAKERS = new Set(['inject']);
/** The name the virtual script imports Vue's `unref` as. */
const UNREF = '__vueUnref';

/**
 * What a `<script setup>` gives its template: the props `defineProps` declares (object or array
 * argument, or a type literal) that no top-level binding shadows, the variable holding them, and
 * the top-level `const`s holding a ref (and the names `const { … } = storeToRefs(…)` destructures).
 */
function setupBindings(
  text: string,
  script: ScriptBlock,
): {
  props: readonly string[];
  propsVar: string | undefined;
  refs: ReadonlySet<string>;
  /** The top-level names given what may be a ref (`const fields = inject('fields')`). */
  maybeRefs: ReadonlySet<string>;
  /** It calls `defineProps`. */
  defines: boolean;
  /** Where a `defineProps(…)` whose value no variable holds starts (the virtual script gives it `SETUP_DEFINED`). */
  bare: number | undefined;
  /** Its top-level names (a template's component tag may name one). */
  declared: ReadonlySet<string>;
} {
  const ts = typescript();
  const sf = parseBlock(ts, text, script);
  const declared = new Set<string>();
  const refs = new Set<string>();
  const maybeRefs = new Set<string>();
  let props: string[] = [];
  let propsVar: string | undefined;
  let defines = false;
  let bare: number | undefined;
  const propNames = (call: TsNamespace.CallExpression): string[] => {
    defines = true;
    const arg = call.arguments[0] && unwrap(ts, call.arguments[0]);
    const type = call.typeArguments?.[0];
    if (arg) return declaredProps(ts, arg);
    if (type && ts.isTypeLiteralNode(type))
      return type.members.flatMap((m) =>
        m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name)) ? [m.name.text] : [],
      );
    return [];
  };
  /** `defineProps(…)`, or `withDefaults(defineProps(…), …)`. */
  const definePropsIn = (e: TsNamespace.Expression): TsNamespace.CallExpression | undefined => {
    const x = unwrap(ts, e);
    if (!ts.isCallExpression(x) || !ts.isIdentifier(x.expression)) return undefined;
    if (x.expression.text === 'defineProps') return x;
    if (x.expression.text === 'withDefaults' && x.arguments[0]) return definePropsIn(x.arguments[0]);
    return undefined;
  };
  for (const statement of sf.statements) {
    if (ts.isExpressionStatement(statement)) {
      const call = definePropsIn(statement.expression);
      if (call) {
        props = propNames(call);
        bare = statement.getStart(sf);
      }
      continue;
    }
    if (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) {
      if (statement.name) declared.add(statement.name.text);
      continue;
    }
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.name) declared.add(clause.name.text);
      const b = clause?.namedBindings;
      if (b && ts.isNamespaceImport(b)) declared.add(b.name.text);
      if (b && ts.isNamedImports(b)) for (const el of b.elements) declared.add(el.name.text);
      continue;
    }
    if (!ts.isVariableStatement(statement)) continue;
    const constant = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
    for (const d of statement.declarationList.declarations) {
      const init = d.initializer && unwrap(ts, d.initializer);
      if (!ts.isIdentifier(d.name)) {
        for (const id of bindingNames(ts, d.name)) declared.add(id);
        // `const { fields } = storeToRefs(store)`: each name a ref (not a nested pattern's, nor a rest's).
        const names = ts.isObjectBindingPattern(d.name)
          ? d.name.elements.flatMap((el) => (ts.isIdentifier(el.name) && !el.dotDotDotToken ? [el.name.text] : []))
          : [];
        if (constant && init && ts.isObjectBindingPattern(d.name) && isCallOf(ts, init, REFS_MAKERS)) {
          for (const name of names) refs.add(name);
        } else if (init && ts.isCallExpression(init) && !definePropsIn(init)) {
          // `const { fields } = useFields()`: what a composable returns is often refs: each name may be one.
          for (const name of names) maybeRefs.add(name);
        }
        continue;
      }
      declared.add(d.name.text);
      if (!init) continue;
      const call = definePropsIn(init);
      if (call) {
        props = propNames(call);
        propsVar = d.name.text;
      } else if (constant && isCallOf(ts, init, REF_MAKERS)) refs.add(d.name.text);
      else if (isCallOf(ts, init, MAYBE_REF_MAKERS)) maybeRefs.add(d.name.text);
    }
  }
  return {
    props: props.filter((p) => !declared.has(p) && /^[A-Za-z_$][\w$]*$/.test(p)),
    propsVar: bare === undefined ? propsVar : SETUP_DEFINED,
    bare: bare === undefined ? undefined : script.start + bare,
    refs,
    maybeRefs,
    defines,
    declared,
  };
}

/** Whether an expression is a call of a function of one of these names. */
function isCallOf(ts: typeof TsNamespace, e: TsNamespace.Expression, names: ReadonlySet<string>): boolean {
  return ts.isCallExpression(e) && ts.isIdentifier(e.expression) && names.has(e.expression.text);
}

/** The names a binding pattern declares. */
function bindingNames(ts: typeof TsNamespace, name: TsNamespace.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((e) => (ts.isBindingElement(e) ? bindingNames(ts, e.name) : []));
}

/** What this module uses of `@vue/shared`. */
interface Shared {
  isGloballyAllowed(name: string): boolean;
  camelize(name: string): string;
  capitalize(name: string): string;
}

/** Parses with the compiler's Babel pass on (`prefixIdentifiers`), which gives each expression its AST and rejects invalid ones. */
function parse(dom: Compiler, text: string, parseMode: 'sfc' | 'html'): Dom.RootNode {
  let failed = false;
  const root = dom.parse(text, {
    parseMode,
    prefixIdentifiers: true,
    onError: () => {
      failed = true;
    },
    onWarn: () => {},
  });
  if (failed) throw new Unparseable();
  return root;
}

interface ScriptBlock {
  /** Offsets of the block's content in the file. */
  readonly start: number;
  readonly end: number;
  readonly setup: boolean;
  readonly lang: Lang;
}

/** The top-level block as an inline JS/TS `<script>`, if it is one (as `vueScriptBlocks` reads them). */
function scriptBlock(dom: Compiler, block: Dom.ElementNode): ScriptBlock[] {
  if (block.tag !== 'script' || !block.innerLoc || attribute(dom, block, 'src') !== undefined) return [];
  const raw = (attribute(dom, block, 'lang') ?? 'js').toLowerCase();
  const lang = raw === 'typescript' ? 'ts' : raw;
  if (lang !== 'ts' && lang !== 'tsx' && lang !== 'js' && lang !== 'jsx') return [];
  const setup = attribute(dom, block, 'setup') !== undefined;
  return [{ start: block.innerLoc.start.offset, end: block.innerLoc.end.offset, setup, lang }];
}

/** A template whose content the compiler parsed as HTML (not `lang="pug"`, not `src=`). */
function isHtmlTemplate(dom: Compiler, template: Dom.ElementNode): boolean {
  const lang = attribute(dom, template, 'lang');
  return (lang === undefined || lang.toLowerCase() === 'html') && attribute(dom, template, 'src') === undefined;
}

/** A static attribute's value ('' when it has none), undefined when absent. */
function attribute(dom: Compiler, element: Dom.ElementNode, name: string): string | undefined {
  for (const p of element.props) if (p.type === dom.NodeTypes.ATTRIBUTE && p.name === name) return p.value?.content ?? '';
  return undefined;
}

/** TS when any block is TS, JSX syntax when any block has it: a language every block parses in. */
function widest(langs: readonly Lang[]): Lang {
  const ts = langs.some((l) => l === 'ts' || l === 'tsx');
  const jsx = langs.some((l) => l === 'tsx' || l === 'jsx');
  return ts ? (jsx ? 'tsx' : 'ts') : jsx ? 'jsx' : 'js';
}

/** A component's default-exported options object, as the virtual script needs it. */
interface OptionsObject {
  readonly script: ScriptBlock;
  /** Just after its `{`: where the generated methods go. */
  readonly brace: number;
  /** The props it declares (`props: ['a']`, `props: { a: Array }`), by name. */
  readonly props: readonly string[];
  /** The components it registers (`components: { FieldList, Other: Imported }`): name → the expression's binding. */
  readonly components: ReadonlyMap<string, string>;
  /** It has a `setup` function (which gets the props). */
  readonly setup: boolean;
}

/**
 * The options object a component's script exports by default (`export default {…}`,
 * `defineComponent({…})`, `Vue.extend({…})`); `exportsDefault` when a script exports anything by
 * default (then no other default export may be generated).
 */
function defaultExport(text: string, scripts: readonly ScriptBlock[]): { options?: OptionsObject; exportsDefault: boolean } {
  const ts = typescript();
  let exportsDefault = false;
  for (const script of scripts) {
    const sf = parseBlock(ts, text, script);
    for (const statement of sf.statements) {
      if (!ts.isExportAssignment(statement) || statement.isExportEquals) continue;
      exportsDefault = true;
      let options = unwrap(ts, statement.expression);
      // `defineComponent({…})`, `Vue.extend({…})`: the options are the first argument.
      if (ts.isCallExpression(options) && options.arguments[0]) options = unwrap(ts, options.arguments[0]);
      if (!ts.isObjectLiteralExpression(options)) continue;
      const member = (name: string) =>
        options.properties.find((p) => p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && p.name.text === name);
      const value = (p: TsNamespace.ObjectLiteralElementLike | undefined) =>
        p && ts.isPropertyAssignment(p) ? unwrap(ts, p.initializer) : undefined;
      const props = value(member('props'));
      const registered = value(member('components'));
      const components = new Map<string, string>();
      if (registered && ts.isObjectLiteralExpression(registered))
        for (const p of registered.properties) {
          if (ts.isShorthandPropertyAssignment(p)) components.set(p.name.text, p.name.text);
          else if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) {
            const v = unwrap(ts, p.initializer);
            if (ts.isIdentifier(v)) components.set(p.name.text, v.text);
          }
        }
      return {
        exportsDefault,
        options: {
          script,
          brace: script.start + options.getStart(sf) + 1,
          props: (props ? declaredProps(ts, props) : []).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n)),
          components,
          setup: member('setup') !== undefined,
        },
      };
    }
  }
  return { exportsDefault };
}

/** The names a props declaration gives: an array of strings, or an object's keys. */
function declaredProps(ts: Ts, props: TsNamespace.Expression): string[] {
  if (ts.isArrayLiteralExpression(props)) return props.elements.flatMap((e) => (ts.isStringLiteralLike(e) ? [e.text] : []));
  if (!ts.isObjectLiteralExpression(props)) return [];
  return props.properties.flatMap((m) =>
    m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name)) ? [m.name.text] : [],
  );
}

/** An expression under parentheses, `as`, `satisfies` and `<T>` assertions. */
function unwrap(ts: typeof TsNamespace, e: TsNamespace.Expression): TsNamespace.Expression {
  let inner = e;
  while (
    ts.isParenthesizedExpression(inner) ||
    ts.isAsExpression(inner) ||
    ts.isSatisfiesExpression(inner) ||
    ts.isTypeAssertionExpression(inner)
  )
    inner = inner.expression;
  return inner;
}

/** A template expression as the compiler parsed it. */
interface Expr {
  readonly content: string;
  /** Offset of `content` in the .vue file; undefined when the file spells it otherwise (decoded `&amp;`): then it is generated text. */
  readonly start: number | undefined;
  /** The compiler's Babel AST, its offsets one past `content`'s (it parses `(content)`); null for a lone identifier. */
  readonly ast: BabelNode | null;
}

/** Text to insert before a content offset (`this.` before a component member). */
interface Insertion {
  readonly at: number;
  readonly text: string;
}

/**
 * Writes the virtual code and records which spans are copied from the file. `prefix`: template
 * names are the component's `this.<name>` (Options API).
 */
class Emitter {
  private code = '';
  private readonly segments: (VirtualSegment & { readonly template: boolean })[] = [];

  constructor(
    private readonly dom: Compiler,
    private readonly shared: Shared,
    private readonly text: string,
    private readonly prefix: boolean,
    /** Script setup bindings that hold a ref: a template read of one is a read of its `.value`. */
    private readonly refs: ReadonlySet<string> = new Set(),
    /** Script setup bindings that may hold a ref (`inject(…)`): a template read of one is read through `unref`. */
    private readonly maybeRefs: ReadonlySet<string> = new Set(),
    /** The script's binding a component tag names, if any. */
    private readonly components: (tag: string) => string | undefined = () => undefined,
    /** Vue's major version (a component's `v-model` and `.sync`). */
    private readonly version: 2 | 3 = 3,
  ) {}

  /** Generated text (never mapped). */
  gen(text: string): void {
    this.code += text;
  }

  /** The file's text between two offsets, verbatim and mapped. */
  copy(start: number, end: number, template: boolean): void {
    if (end <= start) return;
    this.segments.push({ virtualStart: this.code.length, sourceStart: start, length: end - start, template });
    this.code += this.text.slice(start, end);
  }

  /** The statements of a list of template nodes, in `scope` (the template's own locals). */
  children(nodes: readonly Dom.TemplateChildNode[], scope: Scope, depth: number): void {
    const { NodeTypes } = this.dom;
    for (const node of nodes) {
      if (node.type === NodeTypes.ELEMENT) this.element(node, scope, depth);
      else if (node.type === NodeTypes.INTERPOLATION) this.statement(this.expr(node.content), scope, depth);
    }
  }

  finish(lang: Lang): VueVirtual {
    const { code, segments } = this;
    return {
      code,
      lang,
      templateSegments: segments
        .filter((s) => s.template)
        .map(({ virtualStart, sourceStart, length }) => ({ virtualStart, sourceStart, length })),
      segments: segments.map(({ virtualStart, sourceStart, length }) => ({ virtualStart, sourceStart, length })),
      toSource(start, end) {
        // The last segment starting at or before `start` (segments are in virtual order).
        let lo = 0;
        let hi = segments.length - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (segments[mid]!.virtualStart <= start) lo = mid;
          else hi = mid - 1;
        }
        const s = segments[lo];
        if (!s || end < start || start < s.virtualStart || end > s.virtualStart + s.length) return undefined;
        const shift = s.sourceStart - s.virtualStart;
        return { start: start + shift, end: end + shift };
      },
      toVirtual(offset) {
        const s =
          segments.find((g) => g.sourceStart <= offset && offset < g.sourceStart + g.length) ??
          segments.find((g) => offset === g.sourceStart + g.length);
        return s ? offset - s.sourceStart + s.virtualStart : undefined;
      },
    };
  }

  private element(element: Dom.ElementNode, scope: Scope, depth: number): void {
    const { NodeTypes } = this.dom;
    const directives = element.props.filter((p): p is Dom.DirectiveNode => p.type === NodeTypes.DIRECTIVE);
    // Vue 3 evaluates `v-if` before `v-for` on the same element: the condition cannot see the aliases.
    for (const d of directives) if (d.name === 'if' || d.name === 'else-if') this.statement(this.expr(d.exp), scope, depth);
    const vFor = directives.find((d) => d.name === 'for');
    const inner = vFor ? this.loop(vFor, scope, depth) : scope;
    const innerDepth = vFor ? depth + 1 : depth;
    let slotProps: Expr | undefined;
    // A component the script names gets its bound props in one call (`PROPS`): what it reads of them is what they hold.
    const isComponent = element.tagType === this.dom.ElementTypes.COMPONENT;
    const component = isComponent ? this.components(element.tag) : undefined;
    // A component the file does not register (Vue's own built-ins excepted, which read no data of the app's).
    const unseen = isComponent && !component && !isBuiltIn(this.dom, element.tag) ? element.tag : undefined;
    const props: { key: string | undefined; value: Expr }[] = [];
    /** Bindings a component sets back: the expression, set to what it emits as the event. */
    const models: { event: string; value: Expr }[] = [];
    for (const p of element.props) {
      if (p.type === NodeTypes.ATTRIBUTE) {
        if (p.name === 'slot-scope' && p.value) slotProps = this.slotScope(p.value);
        continue;
      }
      if (p.name === 'if' || p.name === 'else-if' || p.name === 'for') continue;
      // A dynamic argument (`:[key]`, `#[name]`) is read where the element is, outside the slot.
      this.statement(this.expr(p.arg), inner, innerDepth);
      const value = this.expr(p.exp);
      const arg = p.arg?.type === NodeTypes.SIMPLE_EXPRESSION ? p.arg : undefined;
      if (p.name === 'slot') slotProps = value;
      else if (p.name === 'on' && component && arg?.isStatic && value)
        // A component's event: its handler listens to what the component emits (`this.$emit('select', item)`).
        this.handler(value, inner, innerDepth, `${component}.on(${JSON.stringify(this.shared.camelize(arg.content))}, `);
      else if (p.name === 'on' && p.arg) this.handler(value, inner, innerDepth);
      else if ((component || unseen) && value && p.name === 'bind' && (!arg || arg.isStatic)) {
        const key = arg && this.shared.camelize(arg.content);
        props.push({ key, value });
        // Vue 2's `:title.sync="x"`: `x` is set to what the child emits as `update:title`.
        if (component && key && this.version === 2 && p.modifiers.some((m) => modifierName(m) === 'sync'))
          models.push({ event: `update:${key}`, value });
      } else if ((component || unseen) && value && p.name === 'model' && (!arg || arg.isStatic)) {
        // `v-model:title="x"` (Vue 3): the prop `title` (`modelValue` unnamed), and `x` set to what the child emits as `update:title`;
        // Vue 2's `v-model="x"`: the prop `value` and the event `input`.
        const vue2 = this.version === 2 && !arg;
        const key = arg ? this.shared.camelize(arg.content) : vue2 ? 'value' : 'modelValue';
        props.push({ key, value });
        if (component) models.push({ event: vue2 ? 'input' : `update:${key}`, value });
        else this.statement(value, inner, innerDepth);
      } else this.statement(value, inner, innerDepth);
    }
    if ((component || unseen) && props.length > 0) {
      if (component) this.gen(`${indent(innerDepth)}${component}.${PROPS}({ `);
      else {
        // The tag as the file spells it, inside a string (`"FieldList"`, `"field-list"`): what is said of it is said there.
        const at = element.loc.start.offset + 1;
        this.gen(`${indent(innerDepth)}${UNSEEN_COMPONENT}("`);
        this.copy(at, at + element.tag.length, true);
        this.gen('", { ');
      }
      for (const { key, value } of props) {
        this.gen(key === undefined ? '...(' : `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: (`);
        this.write(value, inner);
        this.gen('), ');
      }
      this.gen('});\n');
    }
    for (const { event, value } of models) {
      this.gen(`${indent(innerDepth)}${component}.on(${JSON.stringify(event)}, ($event) => {\n${indent(innerDepth + 1)}`);
      this.write(value, inner, { extra: ['$event'] });
      this.gen(` = $event;\n${indent(innerDepth)}});\n`);
    }
    if (slotProps) {
      this.gen(`${indent(innerDepth)}(`);
      this.write(slotProps, inner, { declares: true });
      this.gen(') => {\n');
      this.children(element.children, new Set([...inner, ...declared(this.dom, slotProps)]), innerDepth + 1);
      this.gen(`${indent(innerDepth)}};\n`);
    } else this.children(element.children, inner, innerDepth);
    if (vFor) this.gen(`${indent(depth)}}\n`);
  }

  /** Opens the `for…of` of a `v-for`; returns the scope inside it. */
  private loop(dir: Dom.DirectiveNode, scope: Scope, depth: number): Scope {
    const parsed = dir.forParseResult;
    const source = this.expr(parsed?.source);
    if (!parsed || !source) throw new Unparseable();
    const [value, key, index] = [parsed.value, parsed.key, parsed.index].map((n) => this.expr(n));
    this.gen(`${indent(depth)}for (const `);
    if (value) this.binding(value, scope);
    else this.gen('__item');
    this.gen(' of ');
    // Three aliases (value, key, index) only make sense for an object: iterate its values.
    if (index) this.gen('Object.values(');
    this.write(source, scope);
    this.gen(index ? ')) {\n' : ') {\n');
    const extra = [key, index].filter((e) => e !== undefined);
    extra.forEach((e, i) => {
      this.gen(i ? ', ' : `${indent(depth + 1)}let `);
      this.binding(e, scope);
    });
    if (extra.length) this.gen(';\n');
    return new Set([...scope, ...[value, key, index].flatMap((e) => (e ? declared(this.dom, e) : []))]);
  }

  /** A `v-for` alias as a declaration: its name or pattern without a default value or type annotation. */
  private binding(alias: Expr, scope: Scope): void {
    if (alias.ast === null) {
      this.write(alias, scope, { declares: true });
      return;
    }
    const param = alias.ast.type === 'ArrowFunctionExpression' && alias.ast.params.length === 1 ? alias.ast.params[0] : undefined;
    const target = param?.type === 'AssignmentPattern' ? param.left : param;
    if (target?.type !== 'Identifier' && target?.type !== 'ObjectPattern' && target?.type !== 'ArrayPattern')
      throw new Unparseable();
    const annotation = target.typeAnnotation;
    const end = annotation ? offset(annotation, 'start') : offset(target, 'end');
    this.write(alias, scope, { declares: true, from: offset(target, 'start') - 1, to: end - 1 });
  }

  /**
   * A `v-on` handler: a method or function as an expression, inline code as the body of an arrow
   * function of `$event`; as a statement, or as the last argument of a call that `listen` opens.
   */
  private handler(e: Expr | undefined, scope: Scope, depth: number, listen?: string): void {
    if (!e) return;
    const ast = e.ast && this.dom.unwrapTSNode(e.ast);
    const callable =
      !ast ||
      ast.type === 'MemberExpression' ||
      ast.type === 'OptionalMemberExpression' ||
      ast.type === 'ArrowFunctionExpression' ||
      ast.type === 'FunctionExpression' ||
      (ast.type === 'Identifier' && ast.name !== 'undefined');
    if (callable && listen) {
      this.gen(`${indent(depth)}${listen}(`);
      this.write(e, scope);
      this.gen('));\n');
      return;
    }
    if (callable) {
      this.statement(e, scope, depth);
      return;
    }
    this.gen(`${indent(depth)}${listen ?? ''}($event) => {\n`);
    if (ast.type === 'Program') {
      // Statements (`count++; save(item)`); the newline ends a trailing line comment.
      this.gen(indent(depth + 1));
      this.write(e, scope, { extra: ['$event'] });
      this.gen('\n');
    } else this.statement(e, scope, depth + 1, ['$event']);
    this.gen(`${indent(depth)}}${listen ? ')' : ''};\n`);
  }

  /** An expression statement; parenthesized when its start would read as a block, declaration or comment. */
  private statement(e: Expr | undefined, scope: Scope, depth: number, extra: readonly string[] = []): void {
    if (!e) return;
    const wrap = /^\s*(?:[{/]|(?:function|class|let|async)(?![\w$]))/.test(e.content);
    this.gen(indent(depth) + (wrap ? '(' : ''));
    this.write(e, scope, { extra });
    this.gen(wrap ? ');\n' : ';\n');
  }

  /**
   * Copies (part of) an expression, with `this.` before each free name when the template's names
   * are the component's. `declares`: a lone identifier is a declaration (an alias, a slot prop),
   * not a read; `extra`: locals beyond `scope` (`$event`).
   */
  private write(
    e: Expr,
    scope: Scope,
    { declares = false, extra = [], from = 0, to = e.content.length }: WriteOptions = {},
  ): void {
    let at = from;
    for (const insertion of this.prefixes(e, scope, extra, declares)) {
      if (insertion.at < from || insertion.at > to) continue;
      this.piece(e, at, insertion.at);
      this.gen(insertion.text);
      at = insertion.at;
    }
    this.piece(e, at, to);
  }

  private piece(e: Expr, from: number, to: number): void {
    if (e.start === undefined) this.gen(e.content.slice(from, to));
    else this.copy(e.start + from, e.start + to, true);
  }

  /**
   * Where generated text goes in an expression: `this.` before each name it reads that is no local
   * and no allowed global (Options API), `.value` after each read of a script setup ref.
   */
  private prefixes(e: Expr, scope: Scope, extra: readonly string[], declares: boolean): Insertion[] {
    const { isGloballyAllowed } = this.shared;
    if (this.prefix) {
      const free = (name: string) => !isGloballyAllowed(name);
      // `{ item }` reads `item` under the key `item`: keep the key, read the member.
      return this.freeNames(e, scope, extra, declares, free, (name, start, _end, shorthand) => [
        { at: start, text: `${shorthand ? `${name}: ` : ''}this.` },
      ]);
    }
    if (this.refs.size === 0 && this.maybeRefs.size === 0) return [];
    // `{ total }` reads `total` under the key `total`: keep the key, read the value.
    return this.freeNames(
      e,
      scope,
      extra,
      declares,
      (name) => this.refs.has(name) || this.maybeRefs.has(name),
      (name, start, end, shorthand) =>
        this.refs.has(name)
          ? [{ at: end, text: shorthand ? `: ${name}.value` : '.value' }]
          : [
              { at: start, text: `${shorthand ? `${name}: ` : ''}${UNREF}(` },
              { at: end, text: ')' },
            ],
    );
  }

  /**
   * An insertion for each name the expression reads that is no local (`scope`, `extra`, its own
   * declarations) and that `free` accepts; none when the expression declares (an alias).
   */
  private freeNames(
    e: Expr,
    scope: Scope,
    extra: readonly string[],
    declares: boolean,
    free: (name: string) => boolean,
    insert: (name: string, start: number, end: number, shorthand: boolean) => Insertion[],
  ): Insertion[] {
    if (declares) return [];
    if (e.ast === null) {
      const name = e.content;
      return !scope.has(name) && !extra.includes(name) && free(name) ? insert(name, 0, name.length, false) : [];
    }
    const known: Record<string, number> = Object.create(null);
    for (const name of [...scope, ...extra]) known[name] = 1;
    // Statements' own top-level declarations (`let n = 1; n++`) are locals too.
    if (e.ast.type === 'Program') this.dom.walkBlockDeclarations(e.ast, (id) => (known[id.name] = 1));
    const insertions: Insertion[] = [];
    this.dom.walkIdentifiers(
      e.ast,
      (id, parent, stack) => {
        if (free(id.name))
          insertions.push(...insert(id.name, offset(id, 'start') - 1, offset(id, 'end') - 1, isShorthand(id, parent, stack)));
      },
      false,
      [],
      known,
    );
    return insertions.sort((a, b) => a.at - b.at);
  }

  /** A template expression of the compiler (none when absent, static or blank), located in `source` shifted by `shift`. */
  private expr(node: Dom.ExpressionNode | undefined, source = this.text, shift = 0): Expr | undefined {
    if (!node || node.type !== this.dom.NodeTypes.SIMPLE_EXPRESSION || node.isStatic || !node.content.trim()) return undefined;
    if (node.ast === undefined || node.ast === false) throw new Unparseable();
    const at = source.slice(node.loc.start.offset, node.loc.end.offset).indexOf(node.content);
    return { content: node.content, start: at < 0 ? undefined : node.loc.start.offset + at + shift, ast: node.ast };
  }

  /**
   * Vue 2's `slot-scope="{ item }"` (a plain attribute for Vue 3): parsed by the compiler as the
   * `v-slot` it stands for, so that it gets the same checks and AST.
   */
  private slotScope(value: Dom.TextNode): Expr | undefined {
    const raw = this.text.slice(value.loc.start.offset, value.loc.end.offset);
    const quote = raw[0] === '"' || raw[0] === "'" ? raw[0] : '';
    const head = `<p v-slot=${quote || '"'}`;
    const mini = `${head}${quote ? raw.slice(1, -1) : raw}${quote || '"'}></p>`;
    const p = parse(this.dom, mini, 'html').children[0];
    const slot = p?.type === this.dom.NodeTypes.ELEMENT ? p.props.find((d) => d.name === 'slot') : undefined;
    if (slot?.type !== this.dom.NodeTypes.DIRECTIVE) throw new Unparseable();
    return this.expr(slot.exp, mini, value.loc.start.offset + quote.length - head.length);
  }
}

interface WriteOptions {
  readonly declares?: boolean;
  readonly extra?: readonly string[];
  /** The part of the content to write. */
  readonly from?: number;
  readonly to?: number;
}

/** The names a parameter-like expression (`v-for` alias, slot props) declares. */
function declared(dom: Compiler, e: Expr): string[] {
  if (e.ast === null) return [e.content];
  if (e.ast.type !== 'ArrowFunctionExpression') return [];
  return e.ast.params.flatMap((p) => dom.extractIdentifiers(p).map((id) => id.name));
}

/** `{ item }` or `{ item = 1 }` in an object literal or destructuring assignment, `id` being its value. */
function isShorthand(id: BabelIdentifier, parent: BabelNode | null, stack: readonly BabelNode[]): boolean {
  if (parent?.type === 'ObjectProperty') return parent.shorthand;
  const property = stack.at(-2);
  return (
    parent?.type === 'AssignmentPattern' &&
    parent.left === id &&
    property?.type === 'ObjectProperty' &&
    property.shorthand &&
    property.value === parent
  );
}

/** A Babel node's offset (the compiler's nodes always carry them). */
function offset(node: BabelNode, side: 'start' | 'end'): number {
  const at = node[side];
  if (typeof at !== 'number') throw new Unparseable();
  return at;
}

function indent(depth: number): string {
  return '  '.repeat(depth);
}

/** A `<script>` block's own syntax tree (no parents: the walks here go down), in its language. */
function parseBlock(ts: Ts, text: string, script: ScriptBlock): TsNamespace.SourceFile {
  return ts.createSourceFile(
    `component.${script.lang}`,
    text.slice(script.start, script.end),
    ts.ScriptTarget.Latest,
    false,
    scriptKindOfLang(ts, script.lang),
  );
}
