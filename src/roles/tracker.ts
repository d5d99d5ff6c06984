import { dirname, resolve as resolvePath } from 'node:path';
import type { ts as TsNamespace } from 'ts-morph';
import type { Ts } from '../codemod/typescript.js';
import { type EndpointModel, PLACEHOLDER } from '../endpoints/model.js';
import type { ConfigSources } from './config-sources.js';
import { type Fact, FactStore, type StepKind } from './facts.js';
import { type ApiGraph, apiGraph } from './graph.js';
import {
  assignedMembers,
  classChain,
  classNameOf,
  classOfThis,
  groupFunctions,
  heldName,
  type Maker,
  madeFrom,
  makerNamed,
  makerOfMember,
  makerValueReaders,
  memberOfClass,
  objectOfThis,
  objectsHolding,
  staticOwnerOf,
  thisScopes,
} from './instances.js';
import { Joins } from './joins.js';
import {
  addsListener,
  baseOptions,
  isCallbackMethod,
  isClientMethod,
  isLodashModule,
  keepsUrl,
  lodashModuleFunction,
  onlyLooksAt,
  readsNoMembers,
  readsOwnNames,
  returnsElement,
  returnsElements,
  returnsList,
  returnsOneElement,
  takesIteratee,
  urlOptions,
} from './library-names.js';
import { piniaFunction, type StoreDefinition, storeDefinition, storeState } from './pinia.js';
import {
  Calls,
  declaredValue,
  dynamicImportOf,
  type FunctionLike,
  isModuleExports,
  outerParens,
  type ProgramView,
  skipParens,
} from './program-view.js';
import {
  type ApiRole,
  awaited,
  GLOBAL_OBJECT_NAMES,
  type InstanceRole,
  isListRole,
  payloadOf,
  type Role,
  Roles,
  type SiteRole,
} from './role.js';
import type { UrlValue } from './url-value.js';
import { injectionKey, isProxyOf, provision, vueFunction } from './vue.js';

type Node = TsNamespace.Node;
type Expression = TsNamespace.Expression;
type CallLike = TsNamespace.CallExpression | TsNamespace.NewExpression;
/** A class's static side, followed as a value apart from its instances. */
interface StaticSide {
  readonly statics: Maker;
}
/** An event's listener, and the Vue component whose events alone it hears (its `.vue` path), if it is one's. */
interface Listener {
  readonly fn: Expression;
  readonly component: string | undefined;
  /** The emitter it is added to, when the program constructs it (`constructedEmitter`). */
  readonly emitter: Constructed | undefined;
}

/** An object the program constructs and keeps in a name: that name's declaration, and the class it is made with when the program declares it. */
interface Constructed {
  readonly declaration: Node;
  readonly made: Maker | undefined;
}

/** What is followed as a whole once it serves the API: a class, an object literal of functions, a module read whole, a class's static side. */
type Followed = Maker | TsNamespace.ObjectLiteralExpression | TsNamespace.SourceFile | StaticSide;

/** What the tracker needs of the table. */
export interface TrackerTable {
  readonly model: EndpointModel;
  /** Property rules' V1 names (`value`, `long_name`): what is decided is never evidence for itself. */
  readonly decided: ReadonlySet<string>;
  /** Every slug the table knows, with the version whose item it names. */
  readonly slugVersion: ReadonlyMap<string, 'v1' | 'v2'>;
  /** Slugs only one version has (a renamed slug's V1 and V2 names, a deleted one, a new one): a version's evidence. */
  readonly slugOnly: ReadonlyMap<string, 'v1' | 'v2'>;
}

export interface TrackerOptions {
  /** Base URL literals found shared with another service in an earlier round: data requested through them stays V1. */
  readonly sharedBases?: ReadonlySet<Node>;
  /** The repository's config files the program may read (`.env`, JSON, YAML). */
  readonly config?: ConfigSources;
}

/**
 * Type tracking over the API graph (after CodeQL's `TypeTracking`): roles start at sources (the
 * response of a call whose URL is an API endpoint, payload-shaped literals, the shapes code reads,
 * slug-named members) and flow forward through the program's steps (assignments, destructuring,
 * parameters at each call the checker resolves, returns, callbacks of array methods, `for…of`,
 * promises, objects, arrays and maps the program builds, class fields), across modules and in
 * plain JavaScript alike, to a fixed point. Every fact keeps the step that made it.
 */
export class Tracker {
  readonly facts = new FactStore();
  readonly roles = new Roles();
  readonly graph: ApiGraph = apiGraph();
  readonly calls: Calls;
  readonly joins: Joins;
  /** Slug strings compared with a slug the API sends (`item.field_type === 'x'`): the fact that says so, by literal. */
  readonly slugSlots = new Map<Node, Fact>();
  /** Files a tracked value reaches through an import the program does not resolve (to add to an inferred program). */
  private readonly wantedBy = new Map<string, Role[]>();
  /** What reaches a module's exports, by file: whether it is the API's is judged at the end (`exporting`). */
  private readonly exported = new Map<TsNamespace.SourceFile, Role[]>();
  readonly ts: Ts;
  private readonly watchedReturns = new Set<string>();
  private readonly calledBack = new Set<string>();
  private readonly callersBound = new Set<FunctionLike>();
  /** Calls that reach a function the checker does not say they do: through a function value, an instance, an object followed. */
  private readonly calledThrough = new Map<Node, Set<FunctionLike>>();
  /** Callbacks the API's data is handed to (`.then(cb)`, `cb(data)`, `list.map(f)`), with that data. */
  private readonly handed = new Map<Node, Fact[]>();
  /** Those of them known to be functions of the program. */
  private readonly followed = new Set<Node>();
  /** Calls of functions no summary or program function stands for, given an API base or URL. */
  private readonly urlsHanded = new Map<Node, Fact[]>();
  /** Object literals of functions read by a computed key, whose members are already function values. */
  private readonly registries = new Set<Node>();
  /** String literals naming a property read on API data (`_.map(fields, 'long_name')`), with that data. */
  private readonly named = new Map<Node, Fact[]>();
  /** String literals given a parameter that keys a read of API data, whose function other calls may hand other objects (`keyLiterals`). */
  readonly keyGivers = new Map<Node, Fact[]>();
  /** Event listeners by event name (`listenersOf`), once asked. */
  private listeners: Map<string, Listener[]> | undefined;
  /** Where routes send the API's data (`respond`), the route of each, and whether the program requests each route. */
  private readonly responses = new Map<Node, Fact[]>();
  private readonly responseRoutes = new Map<Node, string>();
  private readonly routes = new Map<string, boolean>();
  /** Vue apps whose template is in the page (`followThisOf`), with the data they hold. */
  private readonly inPage = new Map<Node, Fact[]>();
  /** Where the API's data is stored in web storage (`persist`), and the keys it is stored under. */
  private readonly persisted = new Map<Node, Fact[]>();
  private readonly storageKeys = new Set<string>();
  /** The React contexts the program provides values to, and whether it reads them (`provide`). */
  private readonly contexts = new Map<Node, boolean>();
  /** The global object, once the program stores on it (`globalObject`). */
  private global: SiteRole | undefined;
  private readonly callersFound = new Set<FunctionLike>();
  private readonly allocated = new Set<Node>();
  /** The member names stored in each object site (by its key), and where they are copied to (`{ ...a }`, `Object.assign`). */
  private readonly memberNames = new Map<string, Set<string>>();
  private readonly copies = new Map<string, SiteRole[]>();
  /** Classes whose instances are followed from their `new` (`followInstances`). */
  private readonly instanced = new Set<Followed>();
  /** What the methods of the other classes return or store on `this`, by role key: judged once the queue is empty. */
  private readonly pendingMakers = new Map<Followed, Map<string, Role>>();
  private readonly staticSides = new Map<Maker, StaticSide>();
  /** Object literals whose methods' `this` is followed as the object (`followThisOf`). */
  private readonly thisFollowed = new Set<Node>();
  /** The options objects of Pinia stores (`defineStore(id, { … })`): their getters' and actions' `this` is the store. */
  private readonly storeOptions = new Set<Node>();
  /** Pinia stores (`piniaStore`), by role key. */
  private readonly stores = new Set<string>();
  /**
   * Whether an options object defines a Pinia store: one seen where its file was seeded, or found
   * where an action stores on `this` in a file that was not (then followed from there).
   */
  private readonly isStore = (options: TsNamespace.ObjectLiteralExpression): boolean => {
    if (this.storeOptions.has(options)) return true;
    const up = outerParens(this.ts, options);
    const call = up.parent;
    if (!call || !this.ts.isCallExpression(call) || !call.arguments.includes(up as Expression)) return false;
    const definition = storeDefinition(this.ts, this.view.checker, this.calls, call);
    if (definition?.options !== options) return false;
    this.piniaStore(call, definition);
    return true;
  };
  /** Vue's refs (`ref(x)`, `computed(getter)`), by role key: a setup store's member is a ref's value. */
  private readonly refSites = new Set<string>();
  /** What to do with each member name stored in an object site, now and later (`eachMember`). */
  private readonly memberWatchers = new Map<string, ((member: string) => void)[]>();
  /**
   * The channels by name the API's data took between files (an event's name, a member of the global
   * object, a storage key or a file's path, a route, a React context, a Vue provide key): they link
   * files that import nothing of each other, so an analysis of part of a program that used one may
   * have missed the files at the other end (`inferred-mode.ts` decides a large program in groups).
   */
  readonly channels = new Set<string>();

  constructor(
    readonly view: ProgramView,
    readonly table: TrackerTable,
    readonly options: TrackerOptions = {},
  ) {
    this.ts = view.ts;
    this.calls = new Calls(view);
    this.joins = new Joins(this);
  }

  /** By config value (its virtual literal): the places in code its URL reaches. */
  readonly configReads = new Map<Node, Set<Node>>();

  add(node: Node, role: Role, step: StepKind, prev: Fact | undefined, note?: string, context?: string | null): void {
    if (!this.facts.add(node, role, step, prev, note, context)) return;
    if (
      role.t === 'url' &&
      this.options.config?.valueAt(role.url.origin) &&
      node.getSourceFile() !== role.url.origin.getSourceFile()
    ) {
      const reads = this.configReads.get(role.url.origin) ?? new Set();
      reads.add(node);
      this.configReads.set(role.url.origin, reads);
    }
    if (role.t === 'site' || (role.t === 'api' && role.node.kind === 'object')) this.meet(node);
  }

  /**
   * Values that meet at one place are of one kind: an object literal the program writes that meets
   * API objects there (`fields[0] ?? { long_name: '' }`, a mock passed where items go) is such an
   * object too, so its keys move with the reads. What a slug-named member alone suggests
   * (`byField.vbm_universal`) does not count where the program is known to keep its own objects
   * (read back from a map it filled).
   */
  private meet(node: Node): void {
    const here = this.facts.at(node);
    this.meetStaying(node, here);
    // Mutation: `f.role.t === 'site'` -> true is equivalent: only a site role has `what`; `f.role.what === 'object'` -> true
    // too: an object literal's site role is always an object's (arrays, maps and the rest are of array literals and calls).
    const literals = here.filter(
      (f): f is Fact & { role: SiteRole } =>
        f.role.t === 'site' && f.role.what === 'object' && this.ts.isObjectLiteralExpression(f.role.site),
    );
    // Mutation: `literals.length === 0` -> false is equivalent: with no literal the loops below add nothing.
    if (literals.length === 0) return;
    const kept = here.some((f) => f.role.t === 'site' && f.step === 'heap');
    const objects = here.filter(
      (f): f is Fact & { role: ApiRole } => f.role.t === 'api' && f.role.node.kind === 'object' && !(f.role.weak && kept),
    );
    for (const literal of literals)
      for (const object of objects) {
        // Mutation: `literal.role.site === node` -> false changes no role: a literal meets data here only as a whole
        // (`{ ...data }`), which gave it that role already; only the evidence path recorded first can differ.
        if (literal.role.site === node) continue;
        // Meeting data that stays V1, the literal stays with it, and so do the literals and slugs it holds.
        if (object.role.stays) this.stayInto(literal.role.site, object, node);
        // Mutation: the note -> `` is equivalent: a 'flow' fact's note is never shown (only shape and request notes are).
        else this.facts.add(literal.role.site, object.role, 'flow', object, `meets \`${short(node.getText())}\``);
      }
  }

  /**
   * Data written in the program (a payload-shaped literal: a test's record, a mock) that goes where
   * data staying on V1 goes (a helper reading both) stays V1 with it: the literal gets that role.
   */
  private meetStaying(node: Node, here: readonly Fact[]): void {
    // Mutation: `f.role.t === 'api'` -> true is equivalent: only an API role has `stays`; `staying.length === 0` -> false
    // too: with none staying the loop below stays nothing.
    const staying = here.filter((f): f is Fact & { role: ApiRole } => f.role.t === 'api' && !!f.role.stays);
    if (staying.length === 0) return;
    for (const f of here) {
      if (f.role.t !== 'api' || f.role.stays) continue;
      // Where it comes from, however far: a fact's `prev` is an earlier fact, so the chain ends.
      let origin: Fact = f;
      while (origin.prev) origin = origin.prev;
      // Mutation: `origin.node === node` -> false changes no role: the literal itself is where data meets it only as a
      // whole (`{ ...data }`), which gave it that role already; only the evidence path recorded first can differ.
      if (
        origin.node === node ||
        (!this.ts.isObjectLiteralExpression(origin.node) && !this.ts.isArrayLiteralExpression(origin.node))
      )
        continue;
      const at = origin.role;
      // Mutation: `at.t === 'api'` -> true is equivalent: only an API role has a `node`, and `s.role.node` is one.
      for (const s of staying) if (at.t === 'api' && s.role.node === at.node) this.stayInto(origin.node, s, node);
    }
  }

  /** A literal and the literals it holds (members, elements) get the staying role of what they are. */
  private stayInto(literal: Node, s: Fact & { role: ApiRole }, met: Node, depth = 0): void {
    const { ts } = this;
    const apiNode = s.role.node;
    // Mutation: `depth > 8` -> `>= 8` or false, and `depth + 1` -> `depth - 1` below, are equivalent: the walk follows the
    // API graph's children, at most 4 deep (2 for the V1 data that stays: record, items, item), so 8 is never reached.
    if (depth > 8) return;
    // A member or element written as a name a `const` gives a literal (`state_information: items`, `slug: NO_EXCUSE`) is
    // that literal: a slug spelled in a `const` stays with the data too (else it alone moved, by its spelling).
    // Mutation: the condition -> true is equivalent: any other value (a number, a call, a name) is none of the literals
    // the walk below takes, as the name itself is not.
    const written = (e: Expression): Expression => {
      const x = skipParens(ts, e);
      const init = this.constInitializer(x);
      const literal = init && skipParens(ts, init);
      return literal &&
        (ts.isObjectLiteralExpression(literal) || ts.isArrayLiteralExpression(literal) || ts.isStringLiteralLike(literal))
        ? literal
        : x;
    };
    // Mutation: the note -> `` is equivalent: a 'flow' fact's note is never shown (only shape and request notes are).
    this.facts.add(literal, this.roles.api(apiNode, { stays: s.role.stays }), 'flow', s, `meets \`${short(met.getText())}\``);
    // Mutation: `apiNode.kind === 'list'` -> true is equivalent: only a list has an element.
    if (ts.isArrayLiteralExpression(literal) && apiNode.kind === 'list' && apiNode.element) {
      for (const e of literal.elements) {
        const x = written(e);
        if (ts.isObjectLiteralExpression(x))
          this.stayInto(x, { ...s, role: this.roles.api(apiNode.element, { stays: s.role.stays }) as ApiRole }, met, depth + 1);
      }
      // Mutation: this condition -> true or `||` is equivalent: an array literal gets here only with a list's role (no
      // array literal is a shape's, and the V1 objects that stay hold lists, no objects); `apiNode.kind === 'object'`
      // -> true too: an object literal with a list's or a scalar's role finds no member (their `members` are empty).
    } else if (ts.isObjectLiteralExpression(literal) && apiNode.kind === 'object') {
      for (const p of literal.properties) {
        if (!ts.isPropertyAssignment(p)) continue;
        const name = memberName(ts, p.name);
        // Mutation: `name !== undefined` -> true is equivalent: `members.get(undefined)` is undefined.
        const child = name !== undefined ? apiNode.members.get(name) : undefined;
        const x = written(p.initializer);
        // `{ field_type: 'vbm_no_excuse', … }`: the slug it spells stays with it.
        // (Its fact comes from the object's, as a slug compared with an item's `field_type` does.)
        if (child === this.graph.slug && ts.isStringLiteralLike(x))
          this.slugSlots.set(x, { ...s, role: this.roles.api(child, { stays: s.role.stays }), prev: s });
        // Mutation: `child.kind === 'object'` -> false is equivalent: only V1 data stays, and the V1 objects (descriptor,
        // record, item) hold no object member, only a list (`state_information`).
        if (
          child &&
          (child.kind === 'object' || child.kind === 'list') &&
          (ts.isObjectLiteralExpression(x) || ts.isArrayLiteralExpression(x))
        )
          this.stayInto(x, { ...s, role: this.roles.api(child, { stays: s.role.stays }) as ApiRole }, met, depth + 1);
      }
    }
  }

  private export(node: Node, role: Role): void {
    const sf = node.getSourceFile();
    const list = this.exported.get(sf);
    if (list) list.push(role);
    else this.exported.set(sf, [role]);
  }

  /**
   * Files whose exports carry the API's data or URLs (their importers read them): an API value, a
   * promise or response of one, a base, path or URL of the API, or an object holding one. Another
   * service's path or an object of the program's own is nothing an importer needs to be read for.
   */
  exporting(): Set<TsNamespace.SourceFile> {
    const out = new Set<TsNamespace.SourceFile>();
    for (const [sf, roles] of this.exported) if (roles.some((r) => this.isApiValue(r))) out.add(sf);
    return out;
  }

  /** Files the program does not hold, where a call hands the API's data or URLs (to add to an inferred program). */
  wanted(): Set<string> {
    const out = new Set<string>();
    for (const [file, roles] of this.wantedBy) if (roles.some((r) => this.isApiValue(r))) out.add(file);
    return out;
  }

  /** Whether a role is (or holds) the API's data or URLs, not only another service's path or an object of the program's own. */
  isApiValue(role: Role): boolean {
    const seen = new Set<string>();
    // However deep (`{ a: { b: { c: fetch(…) } } }`): each role is asked once, so the walk ends.
    const meaningful = (r: Role): boolean => {
      if (seen.has(r.key)) return false;
      seen.add(r.key);
      switch (r.t) {
        case 'api':
        case 'client':
          return true;
        case 'url':
          return r.url.kind !== 'other';
        case 'promise':
        case 'response':
          return meaningful(r.of);
        case 'site':
          // An object of functions followed because they serve the API's data (`followObject`) is the API's too.
          return (
            this.instanced.has(r.site as TsNamespace.ObjectLiteralExpression | TsNamespace.SourceFile) ||
            this.facts.cellsOf(r.key).some((f) => meaningful(f.role))
          );
        case 'fn':
          return this.facts.filled(this.returnCell(r.fn as FunctionLike));
        case 'instance':
          // Followed only once its methods return, or its members hold, the API's data or URLs.
          return true;
      }
    };
    return meaningful(role);
  }

  /**
   * Whether an expression is a module's exports (`require('./x')`, `import * as x`, `exports`,
   * `module.exports`, an object assigned to it, a pattern destructuring one, a name or a member
   * given one): its members are the program's own names, never the API's data. Asked where a
   * slug-named member is decided.
   */
  isModuleValue(node: Node, depth = 0): boolean {
    const { ts } = this;
    if (depth > 4) return false;
    // Mutation: this condition -> false or `&&` is equivalent: `skipParens` gives a binding pattern back as it is.
    const e = ts.isObjectBindingPattern(node) || ts.isArrayBindingPattern(node) ? node : skipParens(ts, node as Expression);
    const isLoad = (x: Expression) => {
      let c = skipParens(ts, x);
      if (ts.isAwaitExpression(c)) c = skipParens(ts, c.expression);
      return (
        ts.isCallExpression(c) &&
        ((ts.isIdentifier(c.expression) && c.expression.text === 'require') || c.expression.kind === ts.SyntaxKind.ImportKeyword)
      );
    };
    if (ts.isObjectBindingPattern(e) || ts.isArrayBindingPattern(e)) {
      const decl = e.parent;
      return (
        ts.isVariableDeclaration(decl) &&
        !!decl.initializer &&
        (isLoad(decl.initializer) || this.isModuleValue(decl.initializer, depth + 1))
      );
    }
    if (ts.isObjectLiteralExpression(e)) {
      const p = e.parent && ts.isParenthesizedExpression(e.parent) ? e.parent.parent : e.parent;
      // Mutation: `!!p && ts.isBinaryExpression(p)` (or `p.right !== undefined`) to true, or `&&` to `||`, is equivalent:
      // a literal always has a parent, and of its parents only a binary expression has a `right` (always).
      return !!p && ts.isBinaryExpression(p) && p.right !== undefined && isModuleExports(ts, skipParens(ts, p.left));
    }
    if (isLoad(e) || isModuleExports(ts, e) || (ts.isIdentifier(e) && e.text === 'exports' && this.isFreeExports(e))) return true;
    // Mutation: this guard to false is equivalent: the checker has no symbol for other expressions (a call,
    // an element access), or one no declaration gives a value (`this`: a class, an object literal).
    if (!ts.isIdentifier(e) && !ts.isPropertyAccessExpression(e)) return false;
    const symbol = this.view.checker.getSymbolAtLocation(e);
    if (!symbol) return false;
    if (
      symbol.flags & ts.SymbolFlags.Alias &&
      // Stryker disable next-line OptionalChaining: an alias the checker gives a name is always declared (an import, an export)
      symbol.declarations?.some((d) => ts.isNamespaceImport(d) || ts.isImportEqualsDeclaration(d))
    )
      return true;
    // `const x = require('./x')` is an alias in JavaScript: its declaration is the variable's. A member
    // given a module (`exports.states = require('./states')`, `{ lib: require('./lib') }`) holds it too.
    const decl = symbol.valueDeclaration ?? symbol.declarations?.[0];
    const value = decl && declaredValue(ts, decl);
    return !!value && this.isModuleValue(value, depth + 1);
  }

  /**
   * Whether `exports` names the module's own exports: no declaration of the program's names it. The
   * checker resolves it to the file itself in a CommonJS file (and asked at `exports.x = …`, to the
   * member written), to nothing in an ES module; a parameter or variable of that name is the code's own,
   * but not an ambient one (`@types/node` declares a global `exports`: the module's, as CommonJS gives it).
   */
  private isFreeExports(e: TsNamespace.Identifier): boolean {
    const decl = this.view.checker.resolveName('exports', e, this.ts.SymbolFlags.Value, false)?.valueDeclaration;
    return !decl || this.ts.isSourceFile(decl) || decl.getSourceFile().isDeclarationFile;
  }

  /**
   * Runs the worklist to a fixed point. When the queue runs out, the instances (objects) whose
   * methods turned out to serve the API are followed, and the queue runs again.
   */
  run(): void {
    for (;;) {
      for (let fact = this.facts.next(); fact; fact = this.facts.next()) this.step(fact);
      if (!this.followPendingInstances()) return;
    }
  }

  /**
   * Whether every value an expression can hold is a base URL the tracker knows: a literal, a `const`,
   * a member of an object literal no code writes to, a `let` whose every assignment is one. A
   * parameter may be given anything by a caller the program does not show: never complete.
   */
  basesComplete(expr: Expression, depth = 0): boolean {
    const { ts } = this;
    const e = skipParens(ts, expr);
    const known = (x: Expression) => this.facts.at(x).some((f) => f.role.t === 'url' && f.role.url.kind === 'base');
    if (!known(e) || depth > 6) return false;
    if (ts.isStringLiteralLike(e) || ts.isTemplateExpression(e) || ts.isBinaryExpression(e)) return true;
    // Mutation: this guard to false is equivalent: the checker has no symbol for other expressions (a call,
    // a conditional), or one no variable or member declares (`this`: a class, an object literal).
    if (!ts.isIdentifier(e) && !ts.isPropertyAccessExpression(e)) return false;
    let symbol = this.view.checker.getSymbolAtLocation(ts.isPropertyAccessExpression(e) ? e.name : e);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.view.checker.getAliasedSymbol(symbol);
    const decl =
      symbol?.valueDeclaration ??
      symbol?.declarations?.[0] ??
      (ts.isPropertyAccessExpression(e) ? this.literalMember(e) : undefined);
    if (!decl) return false;
    let init: Expression | undefined;
    if (ts.isVariableDeclaration(decl) || ts.isPropertyAssignment(decl) || ts.isPropertyDeclaration(decl))
      init = decl.initializer;
    else if (ts.isBindingElement(decl)) return true;
    else return false;
    if (!init || !this.basesComplete(init, depth + 1)) return false;
    // Every write of it must be a known base too.
    const name = (decl as { name: Node }).name;
    for (const ref of this.calls.referencesOf(name)) {
      const w = ref.parent;
      if (
        w &&
        ts.isBinaryExpression(w) &&
        w.left === ref &&
        w.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        !this.basesComplete(w.right, depth + 1)
      )
        return false;
    }
    return true;
  }

  /**
   * The text of a `const` holding a string or number literal (`const API_VERSION = 'v1'`), through
   * imports: a part of a URL the program fixes where it declares it. Undefined for anything else.
   */
  constantText(expr: Expression): string | undefined {
    const { ts } = this;
    const e = skipParens(ts, expr);
    // A name, or a member of a namespace (`api.VERSION` on `import * as api`). Mutation: this guard to false
    // is equivalent: other expressions have no symbol, or one no variable declares (`this`: a class).
    if (!ts.isIdentifier(e) && !ts.isPropertyAccessExpression(e)) return undefined;
    let symbol = this.view.checker.getSymbolAtLocation(e);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.view.checker.getAliasedSymbol(symbol);
    const decl = symbol?.valueDeclaration;
    if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer || !(ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const))
      return undefined;
    const init = skipParens(ts, decl.initializer);
    return ts.isStringLiteralLike(init) || ts.isNumericLiteral(init) ? init.text : undefined;
  }

  /**
   * `CONFIG.base` where the checker has no type for `CONFIG` (a call it cannot resolve, as
   * `Object.freeze` without library files): the member of the object literal a `const` holds.
   */
  private literalMember(access: TsNamespace.PropertyAccessExpression): Node | undefined {
    const { ts } = this;
    const receiver = skipParens(ts, access.expression);
    // A name, or a member of a namespace (`config.CONFIG.base` on `import * as config`). Mutation: this guard
    // to false is equivalent: other expressions have no symbol, or one no variable declares (`this`: a class).
    if (!ts.isIdentifier(receiver) && !ts.isPropertyAccessExpression(receiver)) return undefined;
    const decl = this.view.checker.getSymbolAtLocation(receiver)?.valueDeclaration;
    if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer || !(ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const))
      return undefined;
    let init = skipParens(ts, decl.initializer);
    if (ts.isCallExpression(init) && init.arguments.length === 1) init = skipParens(ts, init.arguments[0] as Expression);
    if (!ts.isObjectLiteralExpression(init)) return undefined;
    const members = init.properties.filter((p) => p.name && memberName(ts, p.name) === access.name.text);
    return members.length === 1 && init.properties.every((p) => !ts.isSpreadAssignment(p)) ? members[0] : undefined;
  }

  // ─── Steps ─────────────────────────────────────────────────────────────────────────────────────

  private step(fact: Fact): void {
    const { ts } = this;
    const n = fact.node;
    const r = fact.role;
    // A declared name (a class's private field's too, `#base = BASE`, read as `this.#base`): its references.
    if ((ts.isIdentifier(n) || ts.isPrivateIdentifier(n)) && isDeclarationName(ts, n)) {
      if (isExported(ts, n)) this.export(n, r);
      for (const ref of this.calls.referencesOf(n)) this.add(ref, r, 'flow', fact);
      // `constructor(private client)`: the member it declares, read as `this.client`, holds it too.
      // (`isParameterPropertyDeclaration` asks whether it is a parameter, in a constructor.)
      const param = n.parent;
      if (ts.isParameterPropertyDeclaration(param, param.parent)) {
        for (const ref of this.calls.parameterPropertyReads(param)) this.add(ref, r, 'flow', fact);
        this.storeOnInstances(param.parent.parent, n.text, fact);
      }
      this.sameMember(n, fact);
      return;
    }
    if (ts.isObjectBindingPattern(n) || ts.isArrayBindingPattern(n)) {
      this.destructure(n, fact);
      return;
    }
    const p = n.parent;
    // Mutation: `!p` -> false is equivalent: every fact is at a node inside a file (a source file itself holds none).
    if (!p) return;
    // Mutation: these are equivalent, as only some children of a node ever hold a fact (no type, name of a member,
    // literal part of a template, block, or case block does; references are the accesses, not their names):
    // - `p.expression === n` -> true for `as`/`satisfies`/`<T>` (the rest is a type), a property access (its name),
    //   a call with `r.t === 'fn'` or `'client'` (its arguments are taken before; the rest is types), a `yield` (its
    //   `*`), a template span (its literal), `export default` (modifiers), a `switch` (its case block);
    // - `p.initializer === n` -> true for a variable, a class field (their names are taken above), a property
    //   assignment (its name); `ts.isCallExpression(p) || ts.isNewExpression(p)` -> true (no other node has `arguments`);
    // - `ts.isArrowFunction(p) && p.body === n` -> `||` or `… && true` (no fact at a parameter node or a block);
    // - `ts.isMethodDeclaration(n) && …` -> `||` (a fact at an object literal's member is only at a method, and a
    //   class's method reaches `storeInLiteral`, which takes only object literals);
    // - `ts.isJsxExpression(p) && p.parent` -> `||` (an attribute's other values, a string or an element, hold none);
    // - the case clauses' `[]` -> a string (no node: neither a literal nor a name to compare).
    if (
      (ts.isParenthesizedExpression(p) ||
        ts.isAsExpression(p) ||
        ts.isSatisfiesExpression(p) ||
        ts.isNonNullExpression(p) ||
        ts.isTypeAssertionExpression(p)) &&
      p.expression === n
    ) {
      this.add(p, r, 'flow', fact);
    } else if (ts.isAwaitExpression(p)) {
      this.add(p, awaited(r), 'await', fact);
    } else if (ts.isConditionalExpression(p)) {
      if (p.whenTrue === n || p.whenFalse === n) this.add(p, r, 'flow', fact);
    } else if (ts.isBinaryExpression(p)) {
      this.binary(p, fact);
    } else if (ts.isPropertyAccessExpression(p) && p.expression === n) {
      const call = p.parent;
      if (call && ts.isCallExpression(call) && call.expression === p) this.method(fact, p.name.text, call);
      else this.load(r, p.name.text, (m, note) => this.add(p, m.role, m.step, m.prev ?? fact, note), fact);
    } else if (ts.isElementAccessExpression(p) && p.expression === n) {
      const key = keyOf(ts, p.argumentExpression);
      const then = (m: { role: Role; step: StepKind; prev?: Fact }, note?: string) =>
        this.add(p, m.role, m.step, m.prev ?? fact, note);
      // `item[KEY]`, `x[key]` in `pluck(list, key)`: the names the key is spelled with elsewhere are read here.
      const named = key === undefined && r.t === 'api' ? this.keyLiterals(p.argumentExpression, fact) : undefined;
      if (named)
        for (const literal of named) {
          this.namesRead(literal, fact);
          this.load(r, literal.text, then, fact);
        }
      else this.load(r, key ?? '*', then, fact);
    } else if ((ts.isCallExpression(p) || ts.isNewExpression(p)) && p.arguments?.includes(n as Expression)) {
      this.argument(p, p.arguments.indexOf(n as Expression), fact);
    } else if (ts.isCallExpression(p) && p.expression === n && r.t === 'fn') {
      this.followed.add(n);
      this.callFunctionValue(p, r.fn as FunctionLike, fact);
    } else if (ts.isCallExpression(p) && p.expression === n && r.t === 'client') {
      // `api('/election/field/')`, `api({ url })`: an axios instance is itself a function that makes a request.
      const path = clientPath(ts, p.arguments[0]);
      if (path) this.joins.client(r.base, path, p, fact);
    } else if (ts.isVariableDeclaration(p) && p.initializer === n) {
      this.add(p.name, r, 'flow', fact);
    } else if ((ts.isParameter(p) || ts.isBindingElement(p)) && p.initializer === n) {
      this.add(p.name, r, 'flow', fact);
    } else if (ts.isPropertyDeclaration(p) && p.initializer === n) {
      this.add(p.name, r, 'flow', fact);
    } else if (ts.isPropertyAssignment(p) && p.initializer === n) {
      this.storeInLiteral(p.parent, memberName(ts, p.name), fact);
    } else if (ts.isShorthandPropertyAssignment(p) && p.name === n) {
      this.storeInLiteral(p.parent, p.name.text, fact);
    } else if (ts.isMethodDeclaration(n) && ts.isObjectLiteralExpression(p)) {
      this.storeInLiteral(p, memberName(ts, n.name), fact);
    } else if (ts.isSpreadAssignment(p)) {
      this.spreadInto(p.parent, fact);
    } else if (ts.isArrayLiteralExpression(p)) {
      const site = this.roles.site(p, 'array');
      this.facts.store(`${site.key}.[]`, fact);
      this.facts.store(`${site.key}.${p.elements.indexOf(n as Expression)}`, fact);
      this.add(p, site, 'flow', fact);
    } else if (ts.isSpreadElement(p) && p.parent && ts.isArrayLiteralExpression(p.parent)) {
      const array = p.parent;
      const site = this.roles.site(array, 'array');
      this.elements(
        r,
        (e) => {
          this.facts.store(`${site.key}.[]`, e);
          this.facts.store(`${site.key}.[]?`, e);
        },
        fact,
      );
      this.add(array, site, 'flow', fact);
    } else if (ts.isReturnStatement(p)) {
      const fn = enclosingFunction(this.calls, p);
      // A generator's `return x` is the last `{ value, done: true }`, which no `for…of` or spread sees.
      if (fn && !isGenerator(fn)) this.returnFrom(fn, fact);
    } else if (ts.isYieldExpression(p) && p.expression === n) {
      const fn = enclosingFunction(this.calls, p);
      if (fn) this.yieldFrom(fn, p, fact);
    } else if (ts.isArrowFunction(p) && p.body === n) {
      this.returnFrom(p, fact);
    } else if (ts.isForOfStatement(p) && p.expression === n) {
      const init = p.initializer;
      // `for (const f of list)` declares the name of each element; `let x; for (x of list)` assigns it.
      if (ts.isVariableDeclarationList(init)) {
        const decl = init.declarations[0];
        if (decl) this.iterated(r, (e) => this.add(decl.name, e.role, 'element', e), fact);
      } else this.iterated(r, (e) => this.assign(init, e), fact);
    } else if (ts.isTemplateSpan(p) && p.expression === n) {
      this.joins.template(p.parent);
    } else if (ts.isJsxExpression(p) && p.parent && ts.isJsxAttribute(p.parent)) {
      this.jsxAttribute(p.parent, fact);
    } else if (ts.isExportAssignment(p) && p.expression === n) {
      this.export(p, r);
      if (this.isApiValue(r)) for (const ref of this.calls.referencesOfDefault(p)) this.add(ref, r, 'flow', fact);
    } else if (ts.isSwitchStatement(p) && p.expression === n) {
      this.compared(
        p.caseBlock.clauses.flatMap((c) => (ts.isCaseClause(c) ? [c.expression] : [])),
        fact,
      );
    }
  }

  private binary(p: TsNamespace.BinaryExpression, fact: Fact): void {
    const { ts } = this;
    const n = fact.node;
    const op = p.operatorToken.kind;
    switch (op) {
      case ts.SyntaxKind.BarBarToken:
      case ts.SyntaxKind.QuestionQuestionToken:
        this.add(p, fact.role, 'flow', fact);
        return;
      case ts.SyntaxKind.AmpersandAmpersandToken:
      case ts.SyntaxKind.CommaToken:
        if (p.right === n) this.add(p, fact.role, 'flow', fact);
        return;
      case ts.SyntaxKind.EqualsToken:
      case ts.SyntaxKind.BarBarEqualsToken:
      case ts.SyntaxKind.QuestionQuestionEqualsToken:
        if (p.right === n) this.assign(p.left, fact);
        return;
      case ts.SyntaxKind.PlusToken:
        this.joins.plus(p);
        return;
      case ts.SyntaxKind.EqualsEqualsEqualsToken:
      case ts.SyntaxKind.EqualsEqualsToken:
      case ts.SyntaxKind.ExclamationEqualsEqualsToken:
      case ts.SyntaxKind.ExclamationEqualsToken:
        this.compared([p.left === n ? p.right : p.left], fact);
        return;
      // Stryker disable next-line ConditionalExpression: without its `return` the switch ends all the same
      default:
        return;
    }
  }

  /** A slug value the API sends compared with string literals: those literals are slugs of the API. */
  private compared(others: readonly Expression[], fact: Fact): void {
    const r = fact.role;
    if (r.t !== 'api' || r.node !== this.graph.slug) return;
    const { ts } = this;
    // Data that stays V1 decides a slot it reaches (the literal stays with it).
    // Mutation: `f?.role.t === 'api'` -> true is equivalent: only an API role has `stays` (and every slot's fact is one).
    // Stryker disable next-line OptionalChaining: asked only of this fact and of a slot's fact (`has` first)
    const stays = (f: Fact | undefined) => f?.role.t === 'api' && !!f.role.stays;
    const slot = (x: Expression) => {
      // `f.slug === NO_EXCUSE`: the literal a `const` holds (else it alone moved, by its spelling, from data that stays).
      const init = this.constInitializer(x);
      const e = init ? skipParens(ts, init) : x;
      if (ts.isStringLiteralLike(e) && (!this.slugSlots.has(e) || (stays(fact) && !stays(this.slugSlots.get(e)))))
        this.slugSlots.set(e, fact);
    };
    for (const o of others) {
      const e = skipParens(ts, o);
      slot(e);
      // `const item = (slug) => items.find((i) => i.field_type === slug)`: the literals its calls pass.
      if (!ts.isIdentifier(e)) continue;
      const param = this.view.checker.getSymbolAtLocation(e)?.valueDeclaration;
      if (!param || !ts.isParameter(param) || !this.calls.isFunctionLike(param.parent)) continue;
      const index = param.parent.parameters.indexOf(param);
      const name = this.calls.nameOf(param.parent);
      // Stryker disable next-line ArrayDeclaration: a string read as a reference has no parent, so is no call
      for (const ref of name ? this.calls.referencesOf(name) : []) {
        const call = ref.parent;
        const arg = call && ts.isCallExpression(call) && call.expression === ref ? call.arguments[index] : undefined;
        if (arg) slot(skipParens(ts, arg));
      }
    }
  }

  /** `target = value`: the references of a name, a member (by the checker's symbol and in the heap), an element. */
  private assign(target: Expression, fact: Fact): void {
    const { ts } = this;
    const t = skipParens(ts, target);
    const exported = isExported(ts, t);
    if (exported) this.export(t, fact.role);
    // What a module exports is looked for in its importers only when it is the API's (an object of the
    // program's own or another service's path is nothing they need).
    const wanted = !exported || this.isApiValue(fact.role);
    if (ts.isIdentifier(t)) {
      if (wanted) for (const ref of this.calls.referencesOf(t)) if (ref !== t) this.add(ref, fact.role, 'flow', fact);
    } else if (ts.isPropertyAccessExpression(t)) {
      // A member of a class instance or of a module's exports is found by its symbol wherever it is read;
      // a member of any other object, through the objects the program builds (the heap).
      const owner = skipParens(ts, t.expression);
      // `this.fields = …`, or through `var self = this`: the `this` it is.
      const self = owner.kind === ts.SyntaxKind.ThisKeyword ? owner : this.thisAliased(owner);
      // `{ load() { this.fields = … } }`, a Vue component's options: the object is its methods' `this`.
      const literal = self && objectOfThis(ts, self, this.isStore);
      if (literal) this.followThisOf(literal);
      if (isModuleExports(ts, t)) {
        if (wanted) for (const ref of this.calls.referencesOfModule(t.getSourceFile())) this.add(ref, fact.role, 'flow', fact);
      } else if ((self || exported) && wanted)
        for (const ref of this.calls.referencesOf(t.name)) if (ref !== t) this.add(ref, fact.role, 'flow', fact);
      // Kept per class too, for reads on an instance the checker cannot type (`store.fields` in another module);
      // and so is a member stored on an instance from outside (`const store = new Store(); store.fields = …`).
      const maker = self ? classOfThis(ts, this.calls, self) : this.madeBy(owner);
      if (maker) this.storeOnInstances(maker, t.name.text, fact);
      this.storeInto(t.expression, t.name.text, fact);
    } else if (ts.isElementAccessExpression(t)) {
      this.storeInto(t.expression, keyOf(ts, t.argumentExpression) ?? '*', fact);
    }
  }

  /**
   * The class (or function) of the program an object was made by, where it is a name or a member that
   * starts with one (`const store = new Store()`, a class field `store = new Store()`), if it does.
   */
  private madeBy(e: Expression): Maker | undefined {
    const { ts } = this;
    const decl = this.view.checker.getSymbolAtLocation(e)?.valueDeclaration;
    const init = decl && (ts.isVariableDeclaration(decl) || ts.isPropertyDeclaration(decl)) ? decl.initializer : undefined;
    const made = init && skipParens(ts, init);
    return made && ts.isNewExpression(made) ? makerNamed(ts, this.calls, made.expression) : undefined;
  }

  /** The `this` a name was given (`var self = this`, as code before arrow functions kept the instance), if it is such a name. */
  private thisAliased(e: Expression): Node | undefined {
    const { ts } = this;
    if (!ts.isIdentifier(e)) return undefined;
    const decl = this.view.checker.getSymbolAtLocation(e)?.valueDeclaration;
    const init = decl && ts.isVariableDeclaration(decl) && decl.initializer ? skipParens(ts, decl.initializer) : undefined;
    return init?.kind === ts.SyntaxKind.ThisKeyword ? init : undefined;
  }

  // ─── Instances of the program's own classes ────────────────────────────────────────────────────

  /**
   * Follows the instances of one of the program's classes or constructor functions from each `new`
   * (and those of its subclasses), once: asked when one of its methods returns, or a method stores
   * on `this`, the API's data or URLs. Where the checker types an instance, its calls are found by
   * symbol too.
   */
  private followInstances(cls: Maker): void {
    const { ts } = this;
    // Stryker disable next-line ConditionalExpression: following a class twice adds the same facts again (deduplicated): a cost, not an outcome
    if (this.instanced.has(cls)) return;
    this.instanced.add(cls);
    const name = classNameOf(ts, cls);
    const instance = this.roles.instance(cls);
    // A class another module imports: its instances are made there (an importer not yet in an inferred program).
    if (isExported(ts, name ?? cls)) this.export(name ?? cls, instance);
    // Mutation: `[]` -> `["Stryker was here"]` is equivalent: `isExported` of a string (no node, no parent) is false.
    for (const ref of name ? this.calls.referencesOf(name) : []) if (isExported(ts, ref)) this.export(ref, instance);
    const made = madeFrom(ts, this.calls, cls);
    for (const n of made.news) this.add(n, instance, 'flow', undefined);
    // `class Cached extends CivicClient`: its instances have the methods it does not override.
    for (const sub of made.subclasses) this.followInstances(sub);
    // `return this`, `render(this)`: the instance handed on from inside (its own members are found by symbol).
    const visit = (n: Node): void => {
      if (n.kind === ts.SyntaxKind.ThisKeyword) {
        const p = n.parent;
        // Mutation: `p.expression === n` -> true is equivalent: a `this` under a property access is its expression (a name is never `this`).
        if (p && !(ts.isPropertyAccessExpression(p) && p.expression === n) && classOfThis(ts, this.calls, n) === cls)
          this.add(n, instance, 'flow', undefined);
        // Stryker disable next-line ConditionalExpression: a nested class's `this` is its own (`classOfThis` above): not entering it only saves the walk
      } else if (!ts.isClassLike(n) || n === cls) ts.forEachChild(n, visit);
    };
    for (const scope of thisScopes(ts, this.calls, cls)) visit(scope);
  }

  private instanceCell(cls: Maker, member: string): string {
    return `${this.roles.instance(cls).key}.${member}`;
  }

  /** `this.fields = list` in a class: kept under the member for every instance of it (read by `loadFromInstance`). */
  private storeOnInstances(cls: Maker, member: string, fact: Fact): void {
    this.facts.store(this.instanceCell(cls, member), fact);
    this.pendInstances(cls, fact.role);
  }

  /**
   * A role a class's method returns or stores on `this` (or an object literal's function returns):
   * its instances (the object) are followed if it is the API's (`followPendingInstances`).
   */
  private pendInstances(cls: Followed, role: Role): void {
    // Stryker disable next-line ConditionalExpression: a class followed already and pended again is followed again, to the same facts
    if (this.instanced.has(cls)) return;
    const roles = this.pendingMakers.get(cls);
    if (roles) roles.set(role.key, role);
    else this.pendingMakers.set(cls, new Map([[role.key, role]]));
  }

  /**
   * Once the queue is empty: follows the instances of each class whose methods return, or store on
   * `this`, the API's data or URLs (judged then, when what an object holds is known, and once per
   * class rather than at every store), and each object literal whose functions return them. Whether
   * any was.
   */
  private followPendingInstances(): boolean {
    let followed = false;
    for (const [cls, roles] of this.pendingMakers) {
      if (![...roles.values()].some((r) => this.isApiValue(r))) continue;
      this.pendingMakers.delete(cls);
      if ('statics' in cls) this.followStatics(cls);
      else if (this.ts.isObjectLiteralExpression(cls)) this.followObject(cls);
      else if (this.ts.isSourceFile(cls)) this.followModule(cls);
      else this.followInstances(cls);
      followed = true;
    }
    return followed;
  }

  /**
   * `const api = { async fields() {…} }` handed on untyped (`load(api)`, then `a.fields()`): the object
   * is followed as one the program builds, holding its functions, so a call of one on it is that function.
   */
  private followObject(literal: TsNamespace.ObjectLiteralExpression): void {
    // Stryker disable next-line ConditionalExpression: the same functions stored again (deduplicated)
    if (this.instanced.has(literal)) return;
    this.instanced.add(literal);
    this.functionMembers(literal);
    // `var Api = {}; Api.fields = function () {…}`: stored into the object where it is written.
    this.assignedFunctions(literal, (_name, fn) => this.add(fn, this.roles.fn(fn), 'flow', undefined));
  }

  /**
   * `const api = require('./api')`, `import * as api from './api'`, handed on untyped (`load(api)`,
   * then `a.fields()`): a module whose exported functions serve the API's data is followed as an
   * object holding them, from each place that reads it whole.
   */
  private followModule(sf: TsNamespace.SourceFile): void {
    // Stryker disable next-line ConditionalExpression: the same functions stored again (deduplicated)
    if (this.instanced.has(sf)) return;
    this.instanced.add(sf);
    const site = this.roles.site(sf, 'object');
    for (const [name, fn] of this.calls.exportedFunctions(sf)) this.holdFunction(site, name, fn);
    for (const reader of this.calls.wholeModuleReaders(sf)) this.add(reader, site, 'flow', undefined);
  }

  private staticSide(cls: Maker): StaticSide {
    const known = this.staticSides.get(cls);
    if (known) return known;
    const side = { statics: cls };
    this.staticSides.set(cls, side);
    return side;
  }

  /**
   * `show(Api)`, then `A.fields()` in `show`: a class or constructor function whose static methods
   * (`static fields() {…}`, `Api.fields = function () {…}`) serve the API's data, handed on as a
   * value, is followed as an object holding them, from each place that reads it so.
   */
  private followStatics(side: StaticSide): void {
    const { ts } = this;
    // Stryker disable next-line ConditionalExpression: the same functions stored again (deduplicated)
    if (this.instanced.has(side)) return;
    this.instanced.add(side);
    const maker = side.statics;
    const site = this.roles.site(maker, 'object');
    for (const m of ts.isClassLike(maker) ? maker.members : []) {
      const value = ts.isPropertyDeclaration(m) && m.initializer ? skipParens(ts, m.initializer) : m;
      const name = m.name && memberName(ts, m.name);
      if (name !== undefined && this.calls.isFunctionLike(value) && staticOwnerOf(ts, this.calls, value) === maker)
        this.holdFunction(site, name, value);
    }
    this.assignedFunctions(maker, (name, fn) => this.holdFunction(site, name, fn));
    for (const reader of makerValueReaders(ts, this.calls, maker)) this.add(reader, site, 'flow', undefined);
  }

  /** The functions written into the members of a maker's or object literal's name (`Api.fields = function () {…}`). */
  private assignedFunctions(
    held: Maker | TsNamespace.ObjectLiteralExpression,
    then: (name: string, fn: FunctionLike) => void,
  ): void {
    const name = heldName(this.ts, held);
    for (const [member, fn] of name ? assignedMembers(this.ts, this.calls, name) : []) then(member, fn);
  }

  /** A function an object the program builds holds under `name` (a module's export, a class's static). */
  private holdFunction(site: SiteRole, name: string, fn: FunctionLike): void {
    this.add(fn, this.roles.fn(fn), 'flow', undefined);
    for (const f of this.facts.at(fn)) if (f.role.t === 'fn' && f.role.fn === fn) this.storeMember(site, name, f);
  }

  /**
   * An object literal whose methods store on `this` (`{ async load() { this.fields = await … }, names()
   * { return this.fields.map(…) } }`, a Vue component's options with its template): the `this` of each
   * of its methods is the object, its methods are called on it, and a Vue component's computed values
   * and methods are members of it too. Once per object.
   */
  private followThisOf(literal: TsNamespace.ObjectLiteralExpression): void {
    const { ts } = this;
    if (this.thisFollowed.has(literal)) return;
    this.thisFollowed.add(literal);
    const site = this.roles.site(literal, 'object');
    this.add(literal, site, 'flow', undefined);
    const visit = (n: Node): void => {
      if (n.kind === ts.SyntaxKind.ThisKeyword) {
        if (objectOfThis(ts, n, this.isStore) === literal) this.add(n, site, 'flow', undefined);
      } else if (!ts.isClassLike(n)) ts.forEachChild(n, visit);
    };
    visit(literal);
    this.functionMembers(literal);
    // A Vue app whose template is the page's own markup (`new Vue({ el: '#app', data })`, Vue from a
    // script tag): that template reads what the instance holds, and this tool does not read pages.
    const app = inPageApp(ts, literal);
    if (app) this.facts.watch(this.cell(site, '**'), (f) => keepFact(this.inPage, app, f));
    for (const [name, { fn, group }] of groupFunctions(ts, this.calls, literal, this.isStore(literal))) {
      // A computed value or a store's getter is what its function returns; a getter's first parameter is the store's state.
      if (group === 'computed' || group === 'getters')
        this.facts.watch(this.returnCell(fn), (f) => this.storeMember(site, name, f));
      else if (group === 'methods' || group === 'actions') this.holdFunction(site, name, fn);
      const state = group === 'getters' ? fn.parameters[0] : undefined;
      if (state) this.add(state.name, site, 'argument', undefined);
    }
  }

  /**
   * Pinia's `defineStore(…)`, whose result (`useFields`) gives the store at each call (`useFields()`,
   * `useFields(pinia)`). An options store is its options object, as a Vue component's: the members
   * `state()` returns, its getters' values, its actions (the `this` of each is the store). A setup
   * store holds what its setup function returns, a ref's value in place of the ref.
   */
  piniaStore(call: TsNamespace.CallExpression, definition: StoreDefinition): void {
    const { ts } = this;
    const { options } = definition;
    const store = this.roles.site(options ?? call, 'object');
    this.stores.add(store.key);
    if (options) {
      this.storeOptions.add(options);
      this.followThisOf(options);
      const state = storeState(ts, this.calls, options);
      if (state)
        this.facts.watch(this.returnCell(state), (f) => {
          // Mutation: `f.role.t === 'site'` -> true is equivalent: only a site role has `what`.
          if (f.role.t === 'site' && f.role.what === 'object') this.copyMembers(f.role, store);
        });
    } else {
      this.holdSetup(definition.setup, store);
    }
    const up = outerParens(ts, call);
    const holder = up.parent;
    // Stryker disable next-line ArrayDeclaration: a string read as a reader has no parent, so is no call of the store
    let readers: readonly Node[] = [];
    // Mutation: `holder.initializer === up` -> true is equivalent: an expression a variable declaration holds is its initializer.
    if (holder && ts.isVariableDeclaration(holder) && holder.initializer === up && ts.isIdentifier(holder.name)) {
      if (isExported(ts, holder.name)) this.export(holder.name, store);
      readers = this.calls.referencesOf(holder.name);
    } else if (holder && ts.isExportAssignment(holder)) {
      this.export(holder, store);
      readers = this.calls.referencesOfDefault(holder);
    }
    for (const ref of readers) {
      const at = outerParens(ts, ref);
      const use = at.parent;
      if (use && ts.isCallExpression(use) && use.expression === at)
        // Mutation: the note -> `` is equivalent: a 'flow' fact's note is never shown (only shape and request notes are).
        this.add(use, store, 'flow', undefined, `the store \`${short(call.getText())}\` defines`);
    }
  }

  /**
   * What a setup function returns is the object's (a setup store's, an Options API component's
   * `setup()`): each member, a ref's value in place of the ref; `return { fields, load }`, its
   * functions too (`store.load()`, `this.load()`). `then`, once it returns an object.
   */
  private holdSetup(setup: FunctionLike, into: SiteRole, then?: () => void): void {
    this.facts.watch(this.returnCell(setup), (f) => {
      // Mutation: `f.role.t !== 'site'` -> false is equivalent: only a site role has `what`.
      if (f.role.t !== 'site' || f.role.what !== 'object') return;
      then?.();
      const returned = f.role;
      if (this.ts.isObjectLiteralExpression(returned.site)) this.functionMembers(returned.site);
      this.eachMember(returned, (member) =>
        this.facts.watch(this.cell(returned, member), (g) => {
          // Mutation: `g.role.t === 'site'` -> true is equivalent: `refSites` holds only sites' keys (`site:…`).
          if (g.role.t === 'site' && this.refSites.has(g.role.key))
            this.load(g.role, 'value', (m) => m.prev && this.storeMember(into, member, m.prev), g);
          else this.storeMember(into, member, g);
        }),
      );
    });
  }

  /**
   * An Options API component's `setup()` (`export default { setup() { const fields = ref([]); …;
   * return { fields }; } }`): what it returns is the component's, `this.fields` in its functions and
   * `fields` in its template (whose `this` is the options object, `vueVirtual`), refs unwrapped.
   */
  vueSetup(options: TsNamespace.ObjectLiteralExpression, setup: FunctionLike): void {
    this.holdSetup(setup, this.roles.site(options, 'object'), () => this.followThisOf(options));
  }

  /** What a Vue app provides under a key (`provide('fields', …)`, a component's `provide` option): every `inject` of it gets it. */
  private provided(key: string, fact: Fact): void {
    this.channels.add('provide');
    this.facts.store(provision(key), fact);
  }

  /** `inject('fields')`: what the app provides under that key (`provide('fields', …)`, a component's `provide` option). */
  vueInject(call: TsNamespace.CallExpression): void {
    const key = injectionKey(this.ts, this.view.checker, call.arguments[0]);
    if (key !== undefined) this.facts.watch(provision(key), (f) => this.add(call, f.role, 'flow', f));
  }

  /**
   * A component's `provide` and `inject` options: each member of the object `provide` is, or returns
   * (`provide() { return { fields: this.fields }; }`), is provided under its name; each name `inject`
   * lists is the component's (`this.fields`, the template's `fields`), refs unwrapped (Vue 3.3).
   */
  vueOptionsInjection(
    options: TsNamespace.ObjectLiteralExpression,
    provide: Node | undefined,
    injected: [string, string][],
  ): void {
    const { ts } = this;
    const provideAll = (f: Fact) => {
      const o = f.role;
      if (o.t === 'site' && o.what === 'object')
        this.eachMember(o, (member) => this.facts.watch(this.cell(o, member), (g) => this.provided(member, g)));
    };
    if (provide && this.calls.isFunctionLike(provide)) this.facts.watch(this.returnCell(provide), provideAll);
    else if (provide && ts.isObjectLiteralExpression(provide)) this.facts.observe(provide, provideAll);
    if (injected.length === 0) return;
    const site = this.roles.site(options, 'object');
    for (const [member, key] of injected)
      this.facts.watch(provision(key), (f) => {
        this.followThisOf(options);
        if (f.role.t === 'site' && this.refSites.has(f.role.key))
          this.load(f.role, 'value', (m) => m.prev && this.storeMember(site, member, m.prev), f);
        else this.storeMember(site, member, f);
      });
  }

  /**
   * `const { fields } = storeToRefs(store)`: each name a ref whose `value` is that member of the store
   * (read `fields.value` in a script, `fields` in a template, which Vue unwraps).
   */
  private storeToRefs(call: CallLike, fact: Fact): void {
    const { ts } = this;
    const up = outerParens(ts, call);
    const decl = up.parent;
    // Mutation: `decl.initializer !== up` -> false is equivalent: an expression a variable declaration holds is its initializer.
    if (!decl || !ts.isVariableDeclaration(decl) || decl.initializer !== up || !ts.isObjectBindingPattern(decl.name)) return;
    for (const el of decl.name.elements) {
      const key = el.propertyName ? memberName(ts, el.propertyName) : ts.isIdentifier(el.name) ? el.name.text : undefined;
      if (el.dotDotDotToken || key === undefined) continue;
      const ref = this.roles.site(el, 'object');
      this.load(fact.role, key, (m) => m.prev && this.storeMember(ref, 'value', m.prev), fact);
      this.add(el.name, ref, 'flow', fact);
    }
  }

  /** `store.fields` on an instance: what its class (or a base) stores there, or what its getter returns. */
  private loadFromInstance(
    r: InstanceRole,
    member: string,
    then: (m: { role: Role; step: StepKind; prev?: Fact }) => void,
  ): void {
    const getter = memberOfClass(this.ts, this.calls, r.cls, member, 'get');
    if (getter) this.facts.watch(this.returnCell(getter), (f) => then({ role: f.role, step: 'return', prev: f }));
    for (const cls of classChain(this.ts, this.calls, r.cls))
      this.facts.watch(this.instanceCell(cls, member), (f) => then({ role: f.role, step: 'heap', prev: f }));
  }

  /**
   * `client.fields()` on an instance: the class's method (or its base's) gets the arguments and the
   * call its returns, unless the checker already says which function the call reaches.
   */
  private callOnInstance(r: InstanceRole, name: string, call: TsNamespace.CallExpression, fact: Fact): void {
    // Stryker disable next-line StringLiteral: `memberOfClass` tells only 'get' apart
    const fn = memberOfClass(this.ts, this.calls, r.cls, name, 'call');
    // Stryker disable next-line ConditionalExpression,LogicalOperator: every function it returns has a body, and a call the checker resolves is followed there too (the same facts, deduplicated)
    if (!fn?.body || this.calls.calleesOf(call).length > 0) return;
    this.followed.add(call.expression);
    this.callFunctionValue(call, fn, fact);
  }

  // ─── The heap: objects, arrays and maps the program builds ─────────────────────────────────────

  private cell(site: SiteRole, member: string): string {
    return `${site.key}.${member}`;
  }

  /** Stores a fact under a member of every object the expression may be (found now or later). */
  private storeInto(object: Expression, member: string, fact: Fact): void {
    this.allocate(object, fact.role);
    this.facts.observe(object, (o) => {
      // Mutation: `o.role.t === 'site'` -> true changes no read: any other role's cells are read by no one, but an
      // instance's, which are its class's (`instanceCell`), as below.
      if (o.role.t === 'site') this.storeMember(o.role, member, fact);
      // `store.fields = …` on an instance of a class of the program's, as `this.fields = …` in the class.
      else if (o.role.t === 'instance') this.storeOnInstances(o.role.cls, member, fact);
    });
  }

  private storeMember(site: SiteRole, member: string, fact: Fact): void {
    if (site.what === 'array') {
      // At its numbered place (`list[2] = x`); added (`push`), or at a place named at run time or by a name: at any.
      this.facts.store(this.cell(site, /^\d+$/.test(member) ? member : '[]?'), fact);
      this.facts.store(this.cell(site, '[]'), fact);
      return;
    }
    this.facts.store(this.cell(site, member), fact);
    this.facts.store(this.cell(site, '**'), fact);
    // `{ list: fields, get titles() { return this.list.map(…) } }`: its own functions read what it holds as `this`.
    if (this.ts.isObjectLiteralExpression(site.site) && readsOwnThis(this.ts, site.site)) this.followThisOf(site.site);
    const names = this.memberNames.get(site.key) ?? new Set<string>();
    this.memberNames.set(site.key, names);
    // Stryker disable next-line ConditionalExpression: a member stored again only copies it again, watching the same cells for the same facts
    if (names.has(member)) return;
    names.add(member);
    for (const then of this.memberWatchers.get(site.key) ?? []) then(member);
    // Stryker disable next-line ArrayDeclaration: a string for a copy's site stores under cells keyed `undefined.…`, read by no one
    for (const to of this.copies.get(site.key) ?? []) this.copyMember(site, to, member);
  }

  /** Calls `then` with the name of each member stored in an object site, now and later. */
  private eachMember(site: SiteRole, then: (member: string) => void): void {
    const watchers = this.memberWatchers.get(site.key) ?? [];
    watchers.push(then);
    this.memberWatchers.set(site.key, watchers);
    // Stryker disable next-line ArrayDeclaration: a member is handed to `then` when it is stored (`storeMember`); only stored members have cells to watch
    for (const member of this.memberNames.get(site.key) ?? []) then(member);
  }

  /** `Object.assign(target, …sources)`: the target, and what the call returns, gets the members of each source. */
  private assignInto(call: CallLike, index: number, fact: Fact): void {
    const { ts } = this;
    const r = fact.role;
    // Stryker disable next-line OptionalChaining: a call with no arguments (`new X`) has no fact at an argument to come here with
    const target = call.arguments?.[0];
    // Stryker disable next-line ConditionalExpression: the fact is of one of the call's arguments, so it has a first
    if (!target) return;
    const into = skipParens(ts, target);
    if (index === 0) this.add(call, r, 'flow', fact);
    else if (r.t === 'api' && r.node.kind === 'object') {
      // `Object.assign({}, item)`: a copy of the API's object, as `{ ...item }` is (the call returns the target).
      if (ts.isObjectLiteralExpression(into)) this.add(into, r, 'flow', fact);
      this.add(call, r, 'flow', fact);
    } else if (r.t === 'site' && r.what === 'object') {
      // Mutation: `r.t === 'site'` -> true above is equivalent: only a site role has `what`.
      this.facts.observe(into, (t) => {
        // Mutation: `t.role.t === 'site'` -> true is equivalent: only a site role has `what`.
        if (t.role.t === 'site' && t.role.what === 'object') this.copyMembers(r, t.role);
      });
      // `Object.assign({}, defaults)`: a new object.
      if (ts.isObjectLiteralExpression(into)) this.add(into, this.roles.site(into, 'object'), 'flow', fact);
      else this.allocate(into, r);
      // What the call returns holds them too, whatever the target was (`Object.assign(options, defaults)`).
      const result = this.roles.site(call, 'object');
      this.copyMembers(r, result);
      this.add(call, result, 'flow', fact);
    }
  }

  /** `{ ...from }`, `Object.assign(to, from)`: every member of `from`, now and later, is that member of `to`. */
  private copyMembers(from: SiteRole, to: SiteRole): void {
    // Stryker disable next-line ConditionalExpression: an object copied into itself (`Object.assign(o, o)`) stores each member where it is
    if (from.key === to.key) return;
    // Stryker disable next-line ArrayDeclaration: a string for a copy's site stores under cells keyed `undefined.…`, read by no one
    const list = this.copies.get(from.key) ?? [];
    // Mutation: `list.some(…)`, `s.key === to.key` -> false are equivalent: a copy made twice watches the same cells
    // again, for the same facts (-> true, `!==` are not: a second copy would get nothing).
    // Stryker disable next-line ArrowFunction: as `list.some(…)` -> false above
    if (list.some((s) => s.key === to.key)) return;
    list.push(to);
    this.copies.set(from.key, list);
    // Stryker disable next-line ArrayDeclaration: a member named `Stryker was here` is stored by no one
    for (const member of this.memberNames.get(from.key) ?? []) this.copyMember(from, to, member);
  }

  private copyMember(from: SiteRole, to: SiteRole, member: string): void {
    this.facts.watch(this.cell(from, member), (f) => this.storeMember(to, member, f));
  }

  private storeInLiteral(literal: Node, member: string | undefined, fact: Fact): void {
    // Stryker disable next-line ConditionalExpression,LogicalOperator: only a property of an object literal comes here, and `memberName` names each (`*` when computed) but a bigint's (`{ 1n: x }`)
    if (!this.ts.isObjectLiteralExpression(literal) || member === undefined) return;
    const site = this.roles.site(literal, 'object');
    this.storeMember(site, member, fact);
    this.add(literal, site, 'flow', fact);
  }

  /** `{ ...value }`: a copy of an API object is that object; a copy of the program's own object holds its members. */
  private spreadInto(literal: Node, fact: Fact): void {
    // Stryker disable next-line ConditionalExpression: a spread assignment is always in an object literal
    if (!this.ts.isObjectLiteralExpression(literal)) return;
    const r = fact.role;
    if (r.t === 'api' && r.node.kind === 'object') this.add(literal, r, 'flow', fact);
    if (r.t === 'site') {
      const site = this.roles.site(literal, 'object');
      if (r.what === 'object') this.copyMembers(r, site);
      this.add(literal, site, 'flow', fact);
    }
  }

  /**
   * Where an object the program builds comes from, when a store finds its name before the object
   * itself: the literal (`{}`, `[]`, `new Map()`) a `const`/`let` starts with, made a site there.
   */
  private allocate(expr: Expression, stored: Role): void {
    const { ts, checker } = { ts: this.ts, checker: this.view.checker };
    const e = skipParens(ts, expr);
    // `window.fields = …`: the global object, one in every file.
    const global = this.globalObjectAt(e);
    if (global) {
      this.add(global, this.globalObject(global), 'source', undefined);
      return;
    }
    // Stryker disable next-line ConditionalExpression,LogicalOperator: an object asked again adds only the sites it added (or, given facts since, none); any other expression has no declaration with an initializer
    if (!(ts.isIdentifier(e) || ts.isPropertyAccessExpression(e)) || this.allocated.has(e)) return;
    this.allocated.add(e);
    const symbol = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(e) ? e.name : e);
    // A variable's initializer; a member's (`this.byKey = new Map()` in a constructor, a class field `byKey = {}`).
    const values: Expression[] = [];
    // Stryker disable next-line ArrayDeclaration: a string for a declaration is no declaration: skipped
    for (const decl of ts.isIdentifier(e) ? [symbol?.valueDeclaration] : (symbol?.declarations ?? [])) {
      // Mutation: `decl.operatorToken.kind === …EqualsToken` -> true is equivalent: only `=` declares a member (`this.x ??= {}` does not).
      const value =
        decl && (ts.isVariableDeclaration(decl) || ts.isPropertyDeclaration(decl))
          ? decl.initializer
          : decl && ts.isBinaryExpression(decl) && decl.operatorToken.kind === ts.SyntaxKind.EqualsToken
            ? decl.right
            : undefined;
      if (value) values.push(value);
    }
    // What a variable is given later (`let byKey = null; … byKey = {}`, `byKey ??= {}`).
    const given = [ts.SyntaxKind.EqualsToken, ts.SyntaxKind.QuestionQuestionEqualsToken, ts.SyntaxKind.BarBarEqualsToken];
    if (ts.isIdentifier(e))
      for (const ref of this.calls.referencesOf(e)) {
        const p = ref.parent;
        if (ts.isBinaryExpression(p) && given.includes(p.operatorToken.kind)) values.push(p.right);
      }
    for (const value of values) this.allocateValue(value, stored);
  }

  /**
   * The global object when an expression names it: `window`, `globalThis`, `self` or `global` (in
   * parentheses, or cast: `(window as any)`), a name no file of the program declares as a variable,
   * parameter, function, class or import (a library's declaration, as `lib.dom.d.ts` gives `window`,
   * is the global one). Its identifier, or undefined.
   */
  private globalObjectAt(expr: Expression): TsNamespace.Identifier | undefined {
    const { ts } = this;
    let e: Node = expr;
    while (
      ts.isParenthesizedExpression(e) ||
      ts.isAsExpression(e) ||
      ts.isNonNullExpression(e) ||
      ts.isSatisfiesExpression(e) ||
      ts.isTypeAssertionExpression(e)
    )
      e = e.expression;
    return ts.isIdentifier(e) && GLOBAL_OBJECT_NAMES.has(e.text) && !this.programDeclares(e) ? e : undefined;
  }

  /**
   * Whether a file of the program declares a name as a variable, parameter, function, class or
   * import (a library's declaration, `lib.dom.d.ts`' `window`, is none; nor is a script's `window.x =
   * …`, which makes the compiler declare `window` there). The name's own symbol, not what an import
   * of it stands for.
   */
  private programDeclares(id: TsNamespace.Identifier): boolean {
    const { ts } = this;
    const declares = (d: Node) =>
      !d.getSourceFile().isDeclarationFile &&
      (ts.isVariableDeclaration(d) ||
        ts.isParameter(d) ||
        ts.isBindingElement(d) ||
        ts.isFunctionDeclaration(d) ||
        ts.isClassDeclaration(d) ||
        ts.isImportClause(d) ||
        ts.isImportSpecifier(d) ||
        ts.isNamespaceImport(d) ||
        ts.isImportEqualsDeclaration(d));
    return (this.view.checker.getSymbolAtLocation(id)?.declarations ?? []).some(declares);
  }

  /**
   * The global object as the site of what the program stores on it (made at the first store): each
   * member stored is read wherever a file reads it, as a member of the global object
   * (`window.fields`, `globalThis['fields']`) or by its bare name, which no file declares (`fields`).
   */
  private globalObject(at: TsNamespace.Identifier): SiteRole {
    if (this.global) return this.global;
    this.channels.add('global object');
    const site = this.roles.site(at, 'object');
    this.global = site;
    this.eachMember(site, (member) => this.globalReads(site, member));
    return site;
  }

  private globalReads(site: SiteRole, member: string): void {
    const { ts } = this;
    const visit = (n: Node): void => {
      if (
        (ts.isPropertyAccessExpression(n) && n.name.text === member) ||
        (ts.isElementAccessExpression(n) && keyOf(ts, n.argumentExpression) === member)
      ) {
        const global = this.globalObjectAt(n.expression);
        if (global) this.add(global, site, 'source', undefined);
      } else if (ts.isIdentifier(n) && n.text === member && isBareRead(ts, n) && !this.calls.aliasOf(n)?.declarations?.length)
        this.facts.watch(this.cell(site, member), (f) => this.add(n, f.role, 'heap', f));
      ts.forEachChild(n, visit);
    };
    for (const sf of this.view.files.values()) if (sf.text.includes(member)) visit(sf);
  }

  /**
   * The literal a value is made by: itself, either side of a choice (`ok ? {} : null`, `cached ||
   * {}`), a name's own, or what a function of the program returns to the call (`make()` of `function
   * make() { return {}; }`: the call gets what the function returns, so what is stored is read back).
   */
  private allocateValue(value: Expression, stored: Role): void {
    const { ts } = this;
    let init = skipParens(ts, value);
    if (ts.isAwaitExpression(init)) init = skipParens(ts, init.expression);
    const what = siteKindOf(ts, init);
    // `ok ? {} : null`, `cached || {}`: each value it may give.
    const either = alternatives(ts, init);
    if (what) {
      if (!this.facts.has(init)) this.add(init, this.roles.site(init, what), 'flow', undefined);
    } else if (either) {
      for (const e of either) this.allocateValue(e, stored);
    } else if (ts.isIdentifier(init)) this.allocate(init, stored);
    else if (ts.isCallExpression(init) && init.arguments[0] && isProxyOf(vueFunction(ts, this.view.checker, init.expression)))
      // `reactive({ fields: [] })`: the object it is made of.
      this.allocateValue(init.arguments[0], stored);
    else if (ts.isCallExpression(init) && !this.allocated.has(init)) {
      this.allocated.add(init);
      for (const fn of this.calls.calleesOf(init)) {
        this.watchReturn(init, fn);
        for (const returned of returnedValues(ts, this.calls, fn)) this.allocateValue(returned, stored);
      }
      // `make` in a module the program does not hold yet: it is wanted for what is stored in what it makes.
      this.wantCallee(init, stored);
    }
  }

  /**
   * Reads a member of a role: the API graph's member, what the program stored under it, an HTTP
   * response's body (`data`, `body`). `*` is a member named at run time.
   */
  load(r: Role, member: string, then: (m: { role: Role; step: StepKind; prev?: Fact }, note?: string) => void, via: Fact): void {
    switch (r.t) {
      case 'api': {
        const node = r.node;
        // A list (only a list has an element): an index, or a key named at run time (a key written
        // `'[]'` names a member, not an element).
        const element = node.element;
        if (element) {
          if (member === '*' || /^\d+$/.test(member)) then({ role: this.apiRole(element, r), step: 'element' });
          return;
        }
        const child = node.members.get(member);
        if (child && child !== this.graph.text) then({ role: this.apiRole(child, r), step: 'member' });
        return;
      }
      case 'site': {
        const watch = (cell: string) =>
          this.facts.watch(this.cell(r, cell), (f) => then({ role: f.role, step: 'heap', prev: f }));
        if (r.what === 'awaited') {
          // `await Promise.all([a, b])`: the awaited view of an array.
          const array = this.roles.site(r.site, 'array');
          this.load(
            array,
            member,
            (m) => then({ role: awaited(m.role), step: 'await', ...(m.prev ? { prev: m.prev } : {}) }),
            via,
          );
          return;
        }
        if (r.what === 'settled') {
          // `const [a] = await Promise.allSettled([p])`: the outcome of the promise at that place.
          this.load(
            this.roles.site(r.site, 'array'),
            member,
            (m) => m.prev && then({ role: this.roles.site(m.prev.node, 'outcome'), step: 'await', prev: m.prev }),
            via,
          );
          return;
        }
        if (r.what === 'outcome') {
          // `a.value`: what the promise settled with (`a.reason` is an error).
          if (member === 'value') this.facts.observe(r.site, (f) => then({ role: awaited(f.role), step: 'await', prev: f }));
          return;
        }
        if (r.what === 'array') {
          if (member === '*') watch('[]');
          else if (/^\d+$/.test(member)) {
            watch(member);
            // Only a literal's elements have known places (`[a, b][0]` is `a`); those of a list the
            // program makes from another (`Array.from(list)`, `list.map(f)`, a generator's) may be at any.
            watch(this.ts.isArrayLiteralExpression(r.site) ? '[]?' : '[]');
          }
          return;
        }
        if (member === '*') watch('**');
        else {
          watch(member);
          watch('*');
        }
        return;
      }
      case 'response':
        if (member === 'data' || member === 'body') then({ role: r.of, step: 'await' });
        return;
      case 'url':
        // `new URL(path, base).href`: the URL's text.
        if (member === 'href') then({ role: r, step: 'member' });
        return;
      case 'instance':
        this.loadFromInstance(r, member, then);
        return;
      // Stryker disable next-line ConditionalExpression: the switch ends the function: without this `return` it ends all the same
      default:
        return;
    }
  }

  /** A member or element of an API role: V1 data that stays V1 stays with it (a slug is the slug member's alone). */
  private apiRole(node: ApiRole['node'], from: ApiRole): Role {
    return this.roles.api(node, { stays: from.stays });
  }

  /** Calls `then` for each element of a list role (an API list, an array or a map the program builds). */
  elements(r: Role, then: (f: Fact) => void, via: Fact): void {
    if (r.t === 'api') {
      // (Only a list has an element.)
      const element = r.node.element;
      if (element) {
        const f: Fact = { node: via.node, role: this.apiRole(element, r), step: 'element', prev: via, strength: via.strength };
        then(f);
      }
      // Stryker disable next-line ConditionalExpression: only a site role has a `what`, which the tests inside ask
    } else if (r.t === 'site') {
      if (r.what === 'settled') {
        // `(await Promise.allSettled(list)).map((o) => o.value)`: each element is an outcome.
        this.facts.watch(this.cell(this.roles.site(r.site, 'array'), '[]'), (f) =>
          then({ ...f, node: via.node, role: this.roles.site(f.node, 'outcome'), step: 'element', prev: f }),
        );
      } else if (r.what === 'array' || r.what === 'map') {
        // An array's elements are stored at `[]`, a map's values at `**` (an object is no list: `Array.from({ a })` is empty).
        this.facts.watch(this.cell(r, r.what === 'array' ? '[]' : '**'), then);
      }
    }
  }

  /**
   * What iterating a value gives (`for…of`): a list's elements; a `Map`'s `[key, value]` entries
   * (its `forEach` and `values()` give the values alone).
   */
  private iterated(r: Role, then: (f: Fact) => void, via: Fact): void {
    if (r.t === 'site' && r.what === 'map') then({ ...via, role: this.entryPair(r, via.node, via), step: 'element', prev: via });
    else this.elements(r, then, via);
  }

  /** `list.entries()`, `map.entries()`: a list of `[key, value]` pairs. */
  private entries(call: TsNamespace.CallExpression, r: Role, fact: Fact): void {
    const list = this.roles.site(call, 'array');
    this.facts.store(this.cell(list, '[]'), { ...fact, role: this.entryPair(r, call, fact) });
    this.add(call, list, 'flow', fact);
  }

  /**
   * An entry of a list or a map (`list.entries()`, `for (const [k, v] of map)`): a pair whose second
   * is each element, or each value (what `elements` gives of a map).
   */
  private entryPair(r: Role, at: Node, via: Fact): SiteRole {
    // Stryker disable next-line StringLiteral: no code asks a site's `what` for 'pair', and it is worded as '' is (an object)
    const pair = this.roles.site(at, 'pair');
    this.elements(r, (f) => this.facts.store(this.cell(pair, '1'), f), via);
    return pair;
  }

  private destructure(pattern: TsNamespace.BindingPattern, fact: Fact): void {
    const { ts } = this;
    pattern.elements.forEach((el, i) => {
      if (ts.isOmittedExpression(el)) return;
      if (el.dotDotDotToken) {
        this.add(el.name, fact.role, 'flow', fact);
        return;
      }
      // A member named so that its name is not known here (`{ 1n: x }`) is any member, as `x[key]` is.
      const key = ts.isObjectBindingPattern(pattern)
        ? el.propertyName
          ? (memberName(ts, el.propertyName) ?? '*')
          : // (A shorthand's name is an identifier.)
            (el.name as TsNamespace.Identifier).text
        : String(i);
      this.load(fact.role, key, (m) => this.add(el.name, m.role, m.step, m.prev ?? fact), fact);
    });
  }

  // ─── Calls ─────────────────────────────────────────────────────────────────────────────────────

  /** `receiver.name(…)` where the receiver holds `fact`'s role. */
  private method(fact: Fact, name: string, call: TsNamespace.CallExpression, args: readonly Expression[] = call.arguments): void {
    const r = fact.role;
    if (r.t === 'promise') {
      // (`done`: a jQuery request's promise, as `then` with one callback.)
      if ((name === 'then' || name === 'done') && args[0]) {
        this.callback(args[0], 0, { ...fact, role: r.of, step: 'await' });
        this.returnsInto(args[0], call, (x) => this.roles.promise(awaited(x)));
      } else if (name === 'catch' || name === 'finally') this.add(call, r, 'flow', fact);
      // `ky.get(path).json()`, `got(url).json()`: the promise of a response reads its body itself.
      else if (name === 'json' && r.of.t === 'response') this.add(call, this.roles.promise(r.of.of), 'await', fact);
      return;
    }
    if (r.t === 'response') {
      if (name === 'json') this.add(call, this.roles.promise(r.of), 'await', fact);
      return;
    }
    if (r.t === 'client') {
      const path = isClientMethod(name) ? clientPath(this.ts, args[0]) : undefined;
      if (path) this.joins.client(r.base, path, call, fact);
      return;
    }
    if (r.t === 'instance') {
      this.callOnInstance(r, name, call, fact);
      return;
    }
    if (r.t === 'url') {
      // `url.toString()`, `base.concat(path)`: the same URL, or a join.
      if (keepsUrl(name)) this.add(call, r, 'flow', fact);
      else if (name === 'concat' && args.length === 1 && this.ts.isPropertyAccessExpression(call.expression))
        this.joins.concatCall(call, call.expression.expression, args[0] as Expression);
      return;
    }
    // `it.next()` on a generator's call: `{ value, done }`, its `value` one element (an async generator's, a promise of it).
    // Mutation: `r.t === 'site'` -> true is equivalent: only a site role has `what`.
    if (name === 'next' && r.t === 'site' && r.what === 'array' && this.calls.isFunctionLike(r.site) && isGenerator(r.site)) {
      const result = this.roles.site(call, 'object');
      this.elements(r, (e) => this.storeMember(result, 'value', e), fact);
      this.add(call, isAsyncFunction(this.ts, r.site) ? this.roles.promise(result) : result, 'flow', fact);
      return;
    }
    const isList = isListRole(r);
    // `[BASE, 'election', 'field', ''].join('/')`: the elements joined in order.
    // Mutation: `r.t === 'site'` -> true is equivalent: only a site role has `what`.
    if (name === 'join' && r.t === 'site' && r.what === 'array' && this.ts.isArrayLiteralExpression(r.site)) {
      const separator = args[0] ? skipParens(this.ts, args[0]) : undefined;
      if (!separator || this.ts.isStringLiteralLike(separator))
        this.joins.list(call, r.site.elements, separator ? separator.text : ',');
      return;
    }
    if (r.t === 'site' && r.what === 'map') {
      if (name === 'get')
        this.load(r, (args[0] && keyOf(this.ts, args[0])) ?? '*', (m) => this.add(call, m.role, m.step, m.prev ?? fact), fact);
      else if (name === 'values') {
        const list = this.roles.site(call, 'array');
        this.facts.watch(this.cell(r, '**'), (f) => this.facts.store(this.cell(list, '[]'), f));
        this.add(call, list, 'flow', fact);
      } else if (name === 'entries') this.entries(call, r, fact);
      else if (name === 'forEach' && args[0]) this.elements(r, (e) => this.callback(args[0] as Expression, 0, e), fact);
      return;
    }
    if (r.t === 'site' && r.what === 'object' && name === '$patch' && args[0] && this.stores.has(r.key)) {
      // A Pinia store's `$patch({ fields })`: the object's members are the store's; `$patch((state) => { state.fields = … })`:
      // the function is given the store.
      const patch = skipParens(this.ts, args[0]);
      this.followed.add(call.expression);
      if (this.calls.isFunctionLike(patch)) this.callback(patch, 0, fact);
      else
        this.facts.observe(patch, (f) => {
          // Mutation: `f.role.t === 'site'` -> true is equivalent: only a site role has `what`.
          if (f.role.t === 'site' && f.role.what === 'object') this.copyMembers(f.role, r);
        });
      return;
    }
    if (r.t === 'site' && r.what === 'object') {
      // `opts.done(data)`: a function value the object holds, called.
      this.load(
        r,
        name,
        (m) => {
          if (m.role.t !== 'fn') return;
          this.followed.add(call.expression);
          this.callFunctionValue(call, m.role.fn as FunctionLike, fact);
        },
        fact,
      );
      return;
    }
    if (!isList) return;
    // `list.entries()`: an iterator of `[index, element]` pairs; `list.values()`: of the elements.
    if (name === 'entries') this.entries(call, r, fact);
    if (returnsElement(name)) this.elements(r, (e) => this.add(call, e.role, 'element', e), fact);
    if (returnsList(name)) this.add(call, r, 'flow', fact);
    if (!isCallbackMethod(name) || !args[0]) return;
    const cb = args[0];
    const reduce = name === 'reduce' || name === 'reduceRight';
    this.elements(
      r,
      (e) => {
        this.callback(cb, reduce ? 1 : 0, e);
        if (name === 'sort' || name === 'toSorted') this.callback(cb, 1, e);
      },
      fact,
    );
    if (name === 'map' || name === 'flatMap') {
      const list = this.roles.site(call, 'array');
      this.returnsInto(cb, list, (x) => x, name === 'flatMap');
      this.add(call, list, 'flow', fact);
    }
    if (reduce) {
      this.returnsInto(cb, call, (x) => x);
      const init = args[1];
      // Mutation: `init` -> true is equivalent: an absent argument (undefined) is observed, and no fact is ever at undefined
      if (init) {
        this.facts.observe(init, (f) => {
          this.add(call, f.role, 'flow', f);
          this.callback(cb, 0, f);
        });
      }
      this.returnsCallbackInto(cb, 0);
    }
  }

  /** The functions a callback expression is: an inline function, a named one, or a function value tracked there. */
  private functionsOf(expr: Expression, then: (fn: FunctionLike) => void): void {
    const { ts } = this;
    const e = skipParens(ts, expr);
    if (this.calls.isFunctionLike(e)) {
      then(e);
      return;
    }
    // `show.bind(this)`: `show` (with arguments bound too, its parameters shift: `callback` asks `boundFunction`),
    // also kept in a variable first (`const render = show.bind(this)`).
    const bound = this.boundAt(e);
    if (bound && bound.shift === 0) {
      this.functionsOf(bound.target, then);
      return;
    }
    if (ts.isIdentifier(e) || ts.isPropertyAccessExpression(e)) {
      const symbol = this.calls.aliasOf(ts.isPropertyAccessExpression(e) ? e.name : e);
      const declared = this.declaredFunctions(symbol);
      for (const fn of declared) then(fn);
      // A name that holds a function value (a parameter, `this.cb`): what the callers hand it (a parameter's
      // default, `fmt = (f) => …`, is the one it holds when they hand none).
      const param = symbol?.valueDeclaration;
      if (declared.length === 0 || (param && ts.isParameter(param))) this.bindCallersAround(e);
    }
    if (ts.isElementAccessExpression(e)) this.registryOf(e);
    this.facts.observe(e, (f) => {
      if (f.role.t === 'fn') then(f.role.fn as FunctionLike);
    });
  }

  /**
   * The lodash (or underscore) function a callee is: `_.sortBy`, `lodash.get` on a name imported or
   * required from `lodash`, `lodash-es`, `lodash/…` or `underscore` (or a global `_` the program does
   * not declare), `sortBy` imported from one of them, the default of `lodash/sortBy` or `lodash.sortby`.
   */
  private lodashFunction(callee: Expression): string | undefined {
    const { ts } = this;
    const fromLodash = (id: TsNamespace.Identifier): string | undefined => {
      const symbol = this.view.checker.getSymbolAtLocation(id);
      const d = symbol?.declarations?.[0];
      // Mutation: '' -> another string is equivalent: it is only told apart from undefined, and as a callee's a string names no lodash module (`lodashModuleFunction`) and `_` has no declaration.
      if (!d) return id.text === '_' ? '' : undefined;
      const spec = moduleSpecifierOf(ts, d);
      return spec !== undefined && isLodashModule(spec) ? spec : undefined;
    };
    if (ts.isPropertyAccessExpression(callee)) {
      const object = skipParens(ts, callee.expression);
      return ts.isIdentifier(object) && fromLodash(object) !== undefined ? callee.name.text : undefined;
    }
    if (!ts.isIdentifier(callee)) return undefined;
    const spec = fromLodash(callee);
    if (!spec) return undefined;
    // `import sortBy from 'lodash/sortBy'` (or the package `lodash.sortby`); `import { sortBy as by } from 'lodash'`.
    const own = lodashModuleFunction(spec);
    if (own) return own;
    // Stryker disable next-line OptionalChaining: `fromLodash` gave a module, so the callee's symbol has a declaration
    const d = this.view.checker.getSymbolAtLocation(callee)?.declarations?.[0];
    if (d && ts.isImportSpecifier(d)) return (d.propertyName ?? d.name).text;
    if (d && ts.isBindingElement(d))
      return (d.propertyName && ts.isIdentifier(d.propertyName) ? d.propertyName : d.name).getText();
    return undefined;
  }

  /**
   * A lodash function given the API's data first: what it returns (an element, the same list, an
   * object keyed by an iteratee, groups), what its callback gets, and the property names it reads
   * (`_.map(fields, 'long_name')`, `_.get(item, 'value')`, `_.keyBy(items, 'field_type')`).
   */
  private lodashCall(call: TsNamespace.CallExpression, name: string, fact: Fact): void {
    const { ts } = this;
    const r = fact.role;
    const iteratee = call.arguments[1] && skipParens(ts, call.arguments[1]);
    if (readsOwnNames(name)) {
      if (iteratee) this.namesRead(iteratee, fact);
      if (name === 'get' && iteratee && ts.isStringLiteralLike(iteratee))
        this.load(r, iteratee.text, (m) => this.add(call, m.role, m.step, m.prev ?? fact), fact);
      return;
    }
    if (iteratee && takesIteratee(name)) {
      const reduce = name === 'reduce' || name === 'reduceRight';
      this.elements(
        r,
        (e) => {
          // A property name, a list of them, or an object of properties to match (`{ field_type: 'x' }`).
          if (ts.isStringLiteralLike(iteratee) || ts.isArrayLiteralExpression(iteratee) || ts.isObjectLiteralExpression(iteratee))
            this.namesRead(iteratee, e);
          else this.callback(iteratee, reduce ? 1 : 0, e);
        },
        fact,
      );
      if (name === 'map' && !ts.isStringLiteralLike(iteratee)) {
        const list = this.roles.site(call, 'array');
        // Stryker disable next-line ArrowFunction: `returnsInto` stores what goes into a site untransformed
        this.returnsInto(iteratee, list, (x) => x);
        this.add(call, list, 'flow', fact);
      }
    }
    if (returnsOneElement(name)) this.elements(r, (e) => this.add(call, e.role, 'element', e), fact);
    if (returnsElements(name)) this.add(call, r, 'flow', fact);
    if (name === 'keyBy') {
      const byKey = this.roles.site(call, 'object');
      this.elements(r, (e) => this.storeMember(byKey, '*', e), fact);
      this.add(call, byKey, 'flow', fact);
    } else if (name === 'groupBy') {
      const groups = this.roles.site(call, 'object');
      const group = this.roles.site(call, 'array');
      this.elements(r, (e) => this.facts.store(this.cell(group, '[]'), e), fact);
      this.storeMember(groups, '*', { ...fact, role: group });
      this.add(call, groups, 'flow', fact);
    }
  }

  /**
   * Property names read on the value of `fact`: a string, an array of strings (`['slug', 'long_name']`),
   * the keys of an object to match (`{ long_name: 'Early voting' }`; the matched values are compared
   * with the value's members, as `===` is).
   */
  private namesRead(names: Expression, fact: Fact): void {
    const { ts } = this;
    // Mutation: a property's `[]` -> a string is equivalent: the loop below skips what is not a string literal or an identifier (a string has no kind).
    const each: Node[] = ts.isArrayLiteralExpression(names)
      ? names.elements.map((e) => skipParens(ts, e))
      : ts.isObjectLiteralExpression(names)
        ? names.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? [p.name] : []))
        : [names];
    const r = fact.role;
    // `{ field_type: 'vbm_no_excuse' }`: a slug compared with the slugs the API sends.
    if (ts.isObjectLiteralExpression(names) && r.t === 'api')
      for (const p of names.properties) {
        const name = ts.isPropertyAssignment(p) ? memberName(ts, p.name) : undefined;
        const value = ts.isPropertyAssignment(p) ? skipParens(ts, p.initializer) : undefined;
        // Mutation: `name === undefined` -> false is equivalent: `members.get(undefined)` is undefined.
        const child = name === undefined ? undefined : r.node.members.get(name);
        if (child === this.graph.slug && value && ts.isStringLiteralLike(value) && !this.slugSlots.has(value))
          this.slugSlots.set(value, { ...fact, node: value, role: this.apiRole(child, r) });
      }
    for (const n of each) {
      if (!(ts.isStringLiteralLike(n) || ts.isIdentifier(n)) || n.text.includes('.') || fact.role.t !== 'api') continue;
      keepFact(this.named, n, { ...fact, node: n });
    }
  }

  /**
   * The string literals a computed key on the API's data is (`item[KEY]` after `const KEY =
   * 'long_name'`; `x[key]` in `function pick(key)` reading data it fetches, called `pick('long_name')`):
   * a `const`'s, or what each call of the function gives the key's parameter. When the data came in
   * through another parameter too (`pluck(list, key)`), only a function called once: its other calls
   * may hand it the program's own objects with the same key. None when any may be something else.
   */
  private keyLiterals(key: Expression, fact: Fact): TsNamespace.StringLiteralLike[] | undefined {
    const { ts } = this;
    const e = skipParens(ts, key);
    const decl = ts.isIdentifier(e) ? this.view.checker.getSymbolAtLocation(e)?.valueDeclaration : undefined;
    const literal = (x: Node | undefined) => {
      const v = x && skipParens(ts, x as Expression);
      return v && ts.isStringLiteralLike(v) ? v : undefined;
    };
    if (decl && ts.isVariableDeclaration(decl) && ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const) {
      const init = literal(decl.initializer);
      return init ? [init] : undefined;
    }
    if (!decl || !ts.isParameter(decl) || decl.dotDotDotToken) return undefined;
    const fn = decl.parent as FunctionLike;
    const index = fn.parameters.indexOf(decl);
    const name = this.calls.nameOf(fn);
    // Stryker disable next-line ArrayDeclaration: a string has no parent: no call is found through it
    const calls = (name ? this.calls.referencesOf(name) : []).flatMap((ref) => {
      const up = outerParens(ts, ref).parent;
      // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: a reference is a value node (a member read is the whole `api.pick`, `valueNodeOf`), never a member's name token: `up.name === ref` never holds
      const call = up && ts.isPropertyAccessExpression(up) && up.name === ref ? up.parent : up;
      const callee = call && ts.isCallExpression(call) ? skipParens(ts, call.expression) : undefined;
      // Mutation: the member half (`callee && … && callee.name === ref`) -> false is equivalent: `referencesOf` gives a member's reference as its whole property access (`valueNodeOf`), never its name, so `callee === ref` matches `h.pick(…)`.
      return callee === ref || (callee && ts.isPropertyAccessExpression(callee) && callee.name === ref) ? [call as CallLike] : [];
    });
    const seen = new Set<Fact>();
    for (let f: Fact | undefined = fact; f && !seen.has(f); f = f.prev) {
      seen.add(f);
      if (f.step === 'argument' && fn.parameters.some((q) => q.name === f?.node) && calls.length !== 1) {
        // Said where each caller spells it: a person decides which calls hand the API's data.
        for (const call of calls) {
          // Stryker disable next-line OptionalChaining: only calls are kept above (`ts.isCallExpression`): their arguments are always there
          const given = literal(call.arguments?.[index]);
          if (given) keepFact(this.keyGivers, given, { ...fact, node: given });
        }
        return undefined;
      }
    }
    // Stryker disable next-line OptionalChaining: only calls are kept above (`ts.isCallExpression`): their arguments are always there
    const all = calls.map((call) => literal(call.arguments?.[index]));
    return all.length > 0 && all.every((x) => x !== undefined) ? (all as TsNamespace.StringLiteralLike[]) : undefined;
  }

  /** The string literals that name a property read on API data (`namesRead`), with the data. */
  namedOn(): ReadonlyMap<Node, readonly Fact[]> {
    return this.named;
  }

  /**
   * The listeners the program's files add for an event (`x.on('fields', fn)`, `once`, `addListener`,
   * `prependListener`, `prependOnceListener`), whatever emitter they are added to, but for a Vue
   * component's (`Picker.on(…)` in a parent's virtual script, `Picker` imported from `./Picker.vue`):
   * that component's file. Found once per program.
   */
  private listenersOf(event: string): readonly Listener[] {
    this.channels.add('event');
    // Stryker disable next-line ConditionalExpression: a cache: found again, the listeners are the same
    if (!this.listeners) {
      const { ts } = this;
      const found = new Map<string, Listener[]>();
      const visit = (n: Node): void => {
        if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && addsListener(n.expression.name.text)) {
          const [name, fn] = n.arguments;
          const e = name && skipParens(ts, name);
          if (e && fn && ts.isStringLiteralLike(e)) {
            const on = n.expression.expression;
            const listener = { fn, component: this.componentFile(on), emitter: this.constructedEmitter(on) };
            found.set(eventKey(e.text), [...(found.get(eventKey(e.text)) ?? []), listener]);
          }
        }
        ts.forEachChild(n, visit);
      };
      for (const sf of this.view.files.values()) if (/\.\s*(?:on|once|addListener|prepend\w*Listener)\b/.test(sf.text)) visit(sf);
      this.listeners = found;
    }
    return this.listeners.get(eventKey(event)) ?? [];
  }

  /**
   * An emitter the program constructs, when a name holds it (`const bus = new EventEmitter()`, here
   * or imported): two of them are two objects, whose events never meet. Undefined for any other
   * receiver (`this`, a parameter, a call's result, a member), which may be any emitter.
   */
  private constructedEmitter(receiver: Expression): Constructed | undefined {
    const { ts } = this;
    const e = skipParens(ts, receiver);
    const d = ts.isIdentifier(e) ? this.calls.aliasOf(e)?.valueDeclaration : undefined;
    const made = d && ts.isVariableDeclaration(d) && d.initializer ? skipParens(ts, d.initializer) : undefined;
    return made && ts.isNewExpression(made)
      ? { declaration: made.parent, made: makerNamed(ts, this.calls, made.expression) }
      : undefined;
  }

  /**
   * Whether an emit may reach a listener added to a constructed emitter: on the same one; on `this`
   * in a class the program declares, when the listener's emitter is made with that class or a
   * subclass; on any other receiver, always.
   */
  private mayBeEmitter(receiver: Expression | undefined, listener: Constructed): boolean {
    const { ts } = this;
    const e = receiver && skipParens(ts, receiver);
    if (!e) return true;
    const constructed = this.constructedEmitter(e);
    if (constructed) return constructed.declaration === listener.declaration;
    // (A plain function's `this` is whatever it is called with.)
    const self = e.kind === ts.SyntaxKind.ThisKeyword ? classOfThis(ts, this.calls, e) : undefined;
    if (!self || !ts.isClassLike(self)) return true;
    return listener.made !== undefined && classChain(ts, this.calls, listener.made).includes(self);
  }

  /** The Vue component (its `.vue` path) a name imports by default (`import Picker from './Picker.vue'`), if it does. */
  private componentFile(e: Expression): string | undefined {
    const { ts } = this;
    const name = skipParens(ts, e);
    const decl = ts.isIdentifier(name) ? this.view.checker.getSymbolAtLocation(name)?.declarations?.[0] : undefined;
    if (!decl || !ts.isImportClause(decl) || !ts.isStringLiteral(decl.parent.moduleSpecifier)) return undefined;
    const module = this.view.checker.getSymbolAtLocation(decl.parent.moduleSpecifier)?.valueDeclaration;
    // (A component whose virtual script exports nothing is no module: its path, then.)
    const specifier = decl.parent.moduleSpecifier.text;
    const path =
      module && ts.isSourceFile(module)
        ? module.fileName
        : /^\.{1,2}\/.*\.vue$/i.test(specifier)
          ? resolvePath(dirname(decl.getSourceFile().fileName), specifier)
          : undefined;
    // Stryker disable next-line ConditionalExpression: `componentPath(undefined)` is undefined (`undefined` is no `.vue` name)
    return path === undefined ? undefined : componentPath(path);
  }

  /**
   * `handlers[kind]` on an object literal of functions a name holds (`const handlers = { fields: (f) => … }`):
   * its functions are function values at their members, so that reading one back by a computed key finds them all.
   */
  private registryOf(access: TsNamespace.ElementAccessExpression): void {
    const { ts } = this;
    const root = skipParens(ts, access.expression);
    const symbol = ts.isIdentifier(root) ? this.view.checker.getSymbolAtLocation(root) : undefined;
    const d = symbol?.valueDeclaration;
    const init = d && ts.isVariableDeclaration(d) && d.initializer ? skipParens(ts, d.initializer) : undefined;
    if (!init || !ts.isObjectLiteralExpression(init) || this.registries.has(init)) return;
    this.registries.add(init);
    this.functionMembers(init);
  }

  /**
   * The functions a name is declared as (with a body): `function f`, `const f = () => …`, a member `{ f: () => … }`,
   * `f() {}`, a parameter's default (`fmt = (f) => …`).
   */
  private declaredFunctions(symbol: TsNamespace.Symbol | undefined): FunctionLike[] {
    const { ts } = this;
    const declared = (d: Node): FunctionLike | undefined => {
      const given = (ts.isParameter(d) || ts.isBindingElement(d)) && d.initializer ? skipParens(ts, d.initializer) : undefined;
      // (`fmt = format`: the function that name is declared as.)
      const named = given && ts.isIdentifier(given) ? this.calls.aliasOf(given)?.valueDeclaration : undefined;
      return this.calls.functionOf(named ?? given ?? d);
    };
    return [...(symbol?.declarations ?? []).map(declared), ...this.calls.assignedFunctions(symbol)].flatMap((fn) =>
      fn?.body ? [fn] : [],
    );
  }

  /**
   * Where the API's data is handed to a callback that turned out to be no function of the program
   * (`handlers[kind]`, `show.bind(null)`, a parameter no caller fills): its reads are not followed.
   */
  unfollowed(): ReadonlyMap<Node, readonly Fact[]> {
    return new Map([...this.handed].filter(([node]) => !this.followed.has(node)));
  }

  /**
   * Requests of the API whose data no value of the program holds: the response is read where the
   * engine cannot see (a library's callback or stream, a parse of its text, a caller outside the
   * program). Only calls whose result is used: a request made and dropped has no reader.
   */
  unread(): ReadonlyMap<Node, readonly Fact[]> {
    // The places the chains of the program's API values pass through (a step may copy a fact: its
    // node stays the place), and so the requests whose data some value holds.
    // Data handed to a callback the engine cannot see into is said where it is handed.
    const walked = new Set<Fact>();
    const read = new Set<Node>();
    for (const facts of [this.facts.all(), ...this.handed.values()])
      for (const f of facts) {
        // The data itself, or a promise of it (`res.json()` returned to a caller): the body is out of the response.
        if (f.role.t !== 'api' && !(f.role.t === 'promise' && f.role.of.t === 'api')) continue;
        for (let p = f.prev; p && !walked.has(p); p = p.prev) {
          walked.add(p);
          read.add(p.node);
        }
      }
    const out = new Map<Node, Fact[]>();
    for (const f of this.facts.all())
      if (f.step === 'request' && !read.has(f.node) && this.usedHere(f.node)) keepFact(out, f.node, f);
    return out;
  }

  /**
   * A call of a function no summary or program function stands for is given an API base or URL, or
   * an options object holding one (`new ApiClient({ baseUrl: BASE })`): kept for `unseenUrls`.
   */
  private handsUrl(call: Node, fact: Fact): void {
    const r = fact.role;
    const keep = (f: Fact) => {
      if (f.role.t === 'url' && (f.role.url.kind === 'base' || f.role.url.kind === 'url')) keepFact(this.urlsHanded, call, f);
    };
    if (r.t === 'site' && r.what === 'object') this.facts.watch(this.cell(r, '**'), keep);
    else keep(fact);
  }

  /**
   * Calls given an API base or URL whose result the program uses, but which no summary, join or
   * request stands for (a library's URL joiner, a client class of another package): what the call
   * makes of the URL (a longer URL, a client that requests it) is not seen. Calls that only look at
   * a value (assertions, logging) and calls whose result is dropped are left out.
   */
  unseenUrls(): ReadonlyMap<Node, readonly Fact[]> {
    const { ts } = this;
    const out = new Map<Node, Fact[]>();
    for (const [call, facts] of this.urlsHanded) {
      if (this.facts.at(call).length > 0 || !ts.isCallOrNewExpression(call)) continue;
      const callee = skipParens(ts, call.expression);
      let root: Expression = callee;
      while (ts.isPropertyAccessExpression(root) || ts.isCallExpression(root)) root = skipParens(ts, root.expression);
      if (
        onlyLooksAt(
          ts.isIdentifier(root) ? root.text : undefined,
          ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined,
        )
      )
        continue;
      const p = outerParens(ts, call).parent;
      if (p && (ts.isExpressionStatement(p) || ts.isVoidExpression(p))) continue;
      for (const f of facts) keepFact(out, call, f);
    }
    return out;
  }

  /**
   * Whether the program uses a request's result where it makes it: a method of it is called
   * (`.then`, `.on`, `.text()`), a callback is given to the call (`https.get(url, (res) => …)`), or it
   * is awaited. A request returned to a caller outside the program is that caller's business.
   */
  private usedHere(call: Node): boolean {
    const { ts } = this;
    // Stryker disable next-line BooleanLiteral: unreachable: every request fact is at a call (a `new` given a URL returns before `joins.request`)
    if (!ts.isCallExpression(call)) return false;
    const up = outerParens(ts, call);
    const p = up.parent;
    // Mutation: `p.expression === up` -> true is equivalent: a call is never a member access's name (an identifier).
    if (p && ts.isPropertyAccessExpression(p) && p.expression === up) return true;
    if (p && ts.isAwaitExpression(p)) return true;
    return call.arguments.some((a) => ts.isFunctionExpression(a) || ts.isArrowFunction(a));
  }

  private handTo(cb: Node, fact: Fact): void {
    const r = fact.role;
    // `fields(cb) { … cb(null, data); }` in a class or an object of functions: its callers on
    // instances the checker cannot type hand it the callback, found by following the instances.
    const param = this.ts.isIdentifier(cb) ? this.view.checker.getSymbolAtLocation(cb)?.valueDeclaration : undefined;
    const owner = param && this.ts.isParameter(param) && this.calls.isFunctionLike(param.parent) ? param.parent : undefined;
    const maker = owner && makerOfMember(this.ts, this.calls, owner);
    if (maker) this.pendInstances(maker, r);
    if (r.t === 'api') keepFact(this.handed, cb, fact);
    // `dispatch({ type: 'loaded', payload })`: the object the data is carried in.
    else if (r.t === 'site' && r.what === 'object')
      this.facts.watch(this.cell(r, '**'), (f) => {
        if (f.role.t === 'api') keepFact(this.handed, cb, f);
      });
  }

  /** A callback's parameter `index` gets the fact's role. */
  private callback(cb: Expression, index: number, fact: Fact): void {
    if (index === 0 && (this.resolves(cb, fact) || this.setsState(cb, fact))) return;
    if (this.readsNothing(cb)) return;
    this.handTo(cb, fact);
    // `.then(this.show.bind(this))`, `.then(show.bind(null, opts))`: `show`, its arguments after the bound ones;
    // also kept in a variable first (`const render = show.bind(null, opts)`).
    const bound = this.boundAt(cb);
    this.functionsOf(bound?.target ?? cb, (fn) => {
      this.followed.add(cb);
      const param = fn.parameters[index + (bound?.shift ?? 0)];
      if (param) this.add(param.name, fact.role, fact.step === 'source' ? 'flow' : fact.step, fact);
    });
  }

  /** A global function that reads no member of what it is given (`filter(Boolean)`), not one of the program's own of that name. */
  private readsNothing(cb: Expression): boolean {
    const { ts } = this;
    const e = skipParens(ts, cb);
    if (!ts.isIdentifier(e) || !readsNoMembers(e.text)) return false;
    return (this.view.checker.getSymbolAtLocation(e)?.declarations ?? []).every((d) => d.getSourceFile().isDeclarationFile);
  }

  /** What a callback returns flows into `target` (a node, or an array site's elements), transformed. */
  private returnsInto(cb: Expression, target: Node | SiteRole, transform: (r: Role) => Role, flatten = false): void {
    // `list.map(pick.bind(null, opts))`: what a function returns is the same with arguments bound (its parameters
    // shift, its return does not).
    this.functionsOf(this.boundAt(cb)?.target ?? cb, (fn) => {
      this.facts.watch(this.returnCell(fn), (f) => {
        if (this.isSite(target)) {
          const put = (g: Fact) => this.facts.store(this.cell(target, '[]'), g);
          if (flatten && isListRole(f.role)) this.elements(f.role, put, f);
          else put(f);
        } else this.add(target, transform(f.role), 'return', f);
      });
    });
  }

  /** `reduce`'s accumulator: what the callback returns is its first parameter next time. */
  private returnsCallbackInto(cb: Expression, index: number): void {
    this.functionsOf(cb, (fn) => {
      const param = fn.parameters[index];
      if (param) this.facts.watch(this.returnCell(fn), (f) => this.add(param.name, f.role, 'flow', f));
    });
  }

  private isSite(x: Node | SiteRole): x is SiteRole {
    return (x as SiteRole).t === 'site';
  }

  returnCell(fn: FunctionLike): string {
    return `return:${this.roles.id(fn)}`;
  }

  /**
   * `yield x` (`yield* xs`) in a generator: a call of it is an iterable whose elements are each `x`
   * (each element of `xs`); an async generator's are awaited (`yield promise` yields what it
   * settles with). Followed as an array the function makes, returned to its calls.
   */
  private yieldFrom(fn: FunctionLike, y: TsNamespace.YieldExpression, fact: Fact): void {
    const iterable = this.roles.site(fn, 'array');
    const async = isAsyncFunction(this.ts, fn);
    const put = (e: Fact) =>
      // Mutation: `e.role.t === 'promise'` -> true is equivalent: `awaited` of any other role is that role (a copy of the same fact).
      this.facts.store(this.cell(iterable, '[]'), async && e.role.t === 'promise' ? { ...e, role: awaited(e.role) } : e);
    if (y.asteriskToken) this.elements(fact.role, put, fact);
    else put(fact);
    this.returnFrom(fn, { ...fact, role: iterable, step: 'flow', prev: fact });
  }

  /** A role a function returns: stored for its calls (an async function's wrapped in a promise, not a generator's iterable). */
  private returnFrom(fn: FunctionLike, fact: Fact, holdsApi = false): void {
    const isAsync = isAsyncFunction(this.ts, fn) && !isGenerator(fn);
    const role = isAsync ? this.roles.promise(awaited(fact.role)) : fact.role;
    this.facts.store(this.returnCell(fn), role === fact.role ? fact : { ...fact, role });
    // A method's callers on instances the checker cannot type are found by following the instances.
    const owner = makerOfMember(this.ts, this.calls, fn);
    const name = this.calls.nameOf(fn);
    const statics = owner ? undefined : staticOwnerOf(this.ts, this.calls, fn);
    if (owner) this.pendInstances(owner, role);
    else if (statics) this.pendInstances(this.ts.isObjectLiteralExpression(statics) ? statics : this.staticSide(statics), role);
    else {
      // `module.exports = { fields }`: the objects holding it by name are followed alike,
      for (const literal of objectsHolding(this.ts, this.calls, fn)) this.pendInstances(literal, role);
      // and a module read whole (`exports.fields = …`, `export { go as fields }`, then `require('./api')`);
      // its export table is asked only where the function may be in it (asking every file's costs).
      // (Only for the API's own data or URLs: a module is followed whole, so not for an object of its own.)
      const sf = fn.getSourceFile();
      if (
        servesApi(role) &&
        ((name !== undefined && isExported(this.ts, name)) || /\bexport\s*\{/.test(sf.text)) &&
        [...this.calls.exportedFunctions(sf).values()].includes(fn)
      )
        this.pendInstances(sf, role);
    }
    // `setFields(() => list)`: a state setter given an updater; what it returns is the state.
    const up = outerParens(this.ts, fn);
    const call = up.parent;
    if (!isAsync && call && this.ts.isCallExpression(call) && call.arguments[0] === up) this.setsState(call.expression, fact);
    // Another service's path returned is nothing a caller needs to be found for.
    if (this.callersFound.has(fn) || (fact.role.t === 'url' && fact.role.url.kind === 'other')) return;
    // The calls that read what it returns: where its name is called, across modules, or where its
    // importers call it when it is the module's own value (`module.exports = () => …`).
    const moduleValue = this.calls.isModuleValue(fn);
    if (!name && !moduleValue) {
      // `function makeLoader(url) { return () => fetch(url)… }`: a function another returns is called where
      // that one's result goes (`const load = makeLoader(URL); load()`): it is followed there as a value.
      if (this.returnedByFunction(fn)) this.add(fn, this.roles.fn(fn), 'flow', undefined);
      return;
    }
    const exported = moduleValue || (name !== undefined && isExported(this.ts, name));
    if (exported) this.export(name ?? fn, role);
    // An exported function's callers in other modules are looked for once it returns the API's data,
    // or an object that comes to hold it (a composable's `{ fields }`, `fields` a ref its hook fills later).
    if (exported && !holdsApi && !this.isApiValue(role)) {
      this.whenHoldsApi(role, () => this.returnFrom(fn, fact, true), 3);
      return;
    }
    this.callersFound.add(fn);
    const readers = moduleValue ? this.calls.readersOfModuleValue(fn) : [];
    // Mutation: the `[]` for no name -> a string is equivalent: a getter always has a name, and a string has no call parent.
    for (const ref of [...(name ? this.calls.referencesOf(name) : []), ...readers]) {
      const call = ref.parent;
      // A getter is called where its member is read (`store.fields`).
      if (this.ts.isGetAccessorDeclaration(fn)) this.watchGetter(ref, fn);
      else if (call && (this.ts.isCallExpression(call) || this.ts.isNewExpression(call)) && call.expression === ref)
        this.watchReturn(call, fn);
    }
  }

  /** Calls `then` once an object the program builds holds the API's data (in a member, or a member's member, to `depth`). */
  private whenHoldsApi(role: Role, then: () => void, depth: number): void {
    if (role.t !== 'site' || depth === 0) return;
    let done = false;
    this.facts.watch(this.cell(role, '**'), (g) => {
      if (done) return;
      if (this.isApiValue(g.role)) {
        done = true;
        then();
      } else this.whenHoldsApi(g.role, then, depth - 1);
    });
  }

  /** The function a value binds (`show.bind(null, opts)`, written there or in a `const` first) and how many parameters the bound arguments fill. */
  private boundAt(e: Expression): { target: Expression; shift: number } | undefined {
    return boundFunction(this.ts, e) ?? boundFunction(this.ts, this.constInitializer(e));
  }

  /** The value a name is given where it is declared once (`const render = show.bind(null)`), if it is such a name. */
  private constInitializer(e: Expression): Expression | undefined {
    const { ts } = this;
    const x = skipParens(ts, e);
    if (!ts.isIdentifier(x)) return undefined;
    const decl = this.calls.aliasOf(x)?.valueDeclaration;
    return decl && ts.isVariableDeclaration(decl) && decl.initializer && ts.getCombinedNodeFlags(decl) & ts.NodeFlags.Const
      ? decl.initializer
      : undefined;
  }

  /** Whether a function literal is what its enclosing function returns (`return () => …`, `(url) => () => …`). */
  private returnedByFunction(fn: FunctionLike): boolean {
    const { ts } = this;
    const up = outerParens(ts, fn);
    const p = up.parent;
    // Mutation: `p.body === up` -> true is equivalent: a function's parent arrow holds it only as its body (a parameter's default is the parameter's).
    return !!p && (ts.isReturnStatement(p) || (ts.isArrowFunction(p) && p.body === up));
  }

  private watchGetter(read: Node, getter: FunctionLike): void {
    const key = `${this.roles.id(read)}>${this.roles.id(getter)}`;
    // Mutation: `has(key)` -> false is equivalent: watched twice, the same facts are added again, and kept once.
    if (this.watchedReturns.has(key)) return;
    this.watchedReturns.add(key);
    this.facts.watch(this.returnCell(getter), (f) => this.add(read, f.role, 'return', f));
  }

  private watchReturn(call: CallLike, fn: FunctionLike): void {
    const key = `${this.roles.id(call)}>${this.roles.id(fn)}`;
    if (this.watchedReturns.has(key) || this.ts.isConstructorDeclaration(fn)) return;
    this.watchedReturns.add(key);
    this.facts.watch(this.returnCell(fn), (f) => {
      const from = this.requestCall(f, call, fn);
      // Back at the call that asked for it, a payload is one of its caller's values like any other.
      if (from !== 'other') this.add(call, f.role, 'return', f, undefined, from === 'this' ? null : undefined);
    });
  }

  /**
   * A request helper (`get(path)` joining a base and its parameter) answers each call with the
   * payload of the path that call passed: what a request returns for a path written at another
   * call of the same function does not come back here (one call site of context, as CodeQL's
   * type tracking keeps for calls). `this`: the payload is this call's; `other`: another call's;
   * `unknown`: nothing says (not a payload, or a URL that did not come through a call of it).
   */
  private requestCall(f: Fact, call: CallLike, fn: FunctionLike): 'this' | 'other' | 'unknown' {
    // Only a payload itself (an object the program builds around it is shared by every call).
    if (!payloadOf(f.role)) return 'unknown';
    let path: Node | undefined;
    let requested: UrlValue | undefined;
    let hops = 0;
    for (let g: Fact | undefined = f; g && hops < 64; g = g.prev, hops++) {
      // The request: where a URL became a payload (a copy made for `.then(cb)` says `await` there).
      if (g.prev?.role.t === 'url' && payloadOf(g.role)) {
        requested = g.prev.role.url;
        path = requested.path?.origin ?? (requested.kind === 'path' ? requested.origin : undefined);
        break;
      }
    }
    // The path written at a call (`get('/election/field/')`), or kept elsewhere (another module's constant)
    // and handed to `fn`, joined with the base there (or further down, `list(p) { return get(p); }`): the
    // payload is this call's when this call passes that path, another call's when it passes other URL parts.
    const passed = path ? this.passedPath(call, fn, path) : undefined;
    if (passed) return passed;
    // A URL written elsewhere (a config file, another module) came in as an argument of a call of it:
    // that call is the payload's.
    hops = 0;
    for (let g: Fact | undefined = f; g && hops < 64; g = g.prev, hops++) {
      if (g.step !== 'argument' || g.node.parent?.parent !== fn || !g.prev) continue;
      const entered = this.enclosingCall(g.prev.node);
      if (entered === call) return 'this';
      // Mutation: 'unknown' -> "" is equivalent: the caller tells only 'other' and 'this' apart.
      return entered && this.reaches(entered, fn) ? 'other' : 'unknown';
    }
    // A URL joined with a parameter's value not known when it was joined (`BASE + path` before a call
    // found later passed `path`) is not the payload of a call that passes that parameter a known part.
    if (requested?.text.includes(PLACEHOLDER) && this.passesKnownPart(call, fn, requested.origin)) return 'other';
    return 'unknown';
  }

  /** Whether a call reaches a function: by the checker, or through a function value or an instance followed to it. */
  private reaches(call: Node, fn: FunctionLike): boolean {
    return (
      ((this.ts.isCallExpression(call) || this.ts.isNewExpression(call)) && this.calls.calleesOf(call).includes(fn)) ||
      !!this.calledThrough.get(call)?.has(fn)
    );
  }

  /**
   * Whether a call passes the path `path` (written outside `fn`) among its arguments ('this'), or
   * passes other paths or URLs and not it ('other'); undefined when its arguments carry none (a base alone).
   */
  private passedPath(call: CallLike, fn: FunctionLike, path: Node): 'this' | 'other' | undefined {
    const { ts } = this;
    // A path written in `fn` itself is no argument's (`get(base)` joining its own path).
    for (let n: Node | undefined = path; n; n = n.parent) if (n === fn) return undefined;
    // (A base passed with it says nothing of the path: `get(BASE)` joining its own imported path.)
    const urls = (call.arguments ?? []).flatMap((arg) =>
      this.facts.at(skipParens(ts, arg)).flatMap((x) => (x.role.t === 'url' && x.role.url.kind !== 'base' ? [x.role.url] : [])),
    );
    if (urls.some((u) => u.origin === path || u.path?.origin === path)) return 'this';
    return urls.length > 0 ? 'other' : undefined;
  }

  /** Whether a call passes a URL part the tracker knows to a parameter of `fn` that `site` (a join) reads. */
  private passesKnownPart(call: CallLike, fn: FunctionLike, site: Node): boolean {
    const { ts } = this;
    let passes = false;
    const visit = (n: Node): void => {
      if (passes) return;
      if (ts.isIdentifier(n)) {
        const decl = this.view.checker.getSymbolAtLocation(n)?.valueDeclaration;
        const index = decl && ts.isParameter(decl) && decl.parent === fn ? fn.parameters.indexOf(decl) : -1;
        const arg = index >= 0 ? call.arguments?.[index] : undefined;
        if (arg && this.facts.at(skipParens(ts, arg)).some((x) => x.role.t === 'url')) passes = true;
      } else ts.forEachChild(n, visit);
    };
    visit(site);
    return passes;
  }

  /** The call an argument expression is given to. */
  private enclosingCall(arg: Node): CallLike | undefined {
    for (let n: Node | undefined = arg.parent; n; n = n.parent) {
      if (
        (this.ts.isCallExpression(n) || this.ts.isNewExpression(n)) &&
        n.arguments?.some((a) => a.pos <= arg.pos && arg.end <= a.end)
      )
        return n;
      if (this.calls.isFunctionLike(n)) return undefined;
    }
    return undefined;
  }

  /** A tracked value at argument `index` of a call. */
  private argument(call: CallLike, index: number, fact: Fact): void {
    const { ts } = this;
    const r = fact.role;
    const calleeName = ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : undefined;
    // `show.call(self, list)`: a call of `show`, its arguments after the first.
    // (The program's own functions only: `hasOwnProperty.call(o, k)` is none, and no caller of it is looked for.)
    const invoked = skipParens(ts, call.expression);
    // `Array.prototype.map.call(list, f)`, `[].map.call(list, f)`: `list.map(f)`, a method of arrays borrowed.
    const borrowed =
      ts.isPropertyAccessExpression(invoked) && invoked.name.text === 'call' ? arrayMethod(ts, invoked.expression) : undefined;
    if (borrowed && index === 0 && isListRole(r) && ts.isCallExpression(call)) {
      this.method(fact, borrowed, call, call.arguments.slice(1));
      return;
    }
    if (ts.isCallExpression(call) && ts.isPropertyAccessExpression(invoked) && invoked.name.text === 'call' && index > 0) {
      const target = skipParens(ts, invoked.expression);
      const named = ts.isPropertyAccessExpression(target) ? target.name : target;
      for (const fn of this.declaredFunctions(this.calls.aliasOf(named))) {
        this.bindArgument(fn, index - 1, fact);
        this.watchReturn(call, fn);
      }
    }
    // `const render = show.bind(null, opts); render(list)`: `show`, its arguments after the bound ones.
    const boundCallee = ts.isCallExpression(call) ? boundFunction(ts, this.constInitializer(invoked)) : undefined;
    if (boundCallee)
      this.functionsOf(boundCallee.target, (fn) => {
        this.bindArgument(fn, index + boundCallee.shift, fact);
        this.watchReturn(call, fn);
      });
    // The program's own functions first, whatever their name (a class's own `push(f)` or a logger's
    // `log(item)` reads what it is given); a built-in (`list.push(x)`) has no callee here: its summary below.
    const callees = this.calls.calleesOf(call);
    if (callees.length > 0) {
      for (const fn of callees) {
        // A URL gathered into a rest parameter (`(...parts) => parts.join('/')`) is not followed there.
        const param = index < fn.parameters.length ? fn.parameters[index] : fn.parameters.at(-1);
        if (param?.dotDotDotToken) this.handsUrl(call, fact);
        this.bindArgument(fn, index, fact);
        this.bindFunctionArguments(call, fn);
        if (ts.isCallExpression(call)) this.watchReturn(call, fn);
      }
      return;
    }
    const callee = skipParens(ts, call.expression);
    if (index === 0 && (this.resolves(call.expression, fact) || this.setsState(call.expression, fact))) return;
    const pinia = piniaFunction(ts, this.view.checker, callee);
    if (pinia === 'storeToRefs' && index === 0) this.storeToRefs(call, fact);
    // (What `defineStore` is given is the store, followed as such by `piniaStore`: no request's options.)
    if (pinia !== undefined) return;
    const vue = vueFunction(ts, this.view.checker, callee);
    // `reactive(obj)`, `readonly(obj)`: a proxy of the object, whose members are its members.
    if (isProxyOf(vue)) {
      if (index === 0) this.add(call, r, 'flow', fact);
      return;
    }
    // `provide('fields', fields)`: what every `inject('fields')` of the app gives (`vueInject`).
    if (vue === 'provide' && index === 1) {
      // Stryker disable next-line OptionalChaining: a value at index 1 means the call has arguments
      const key = injectionKey(ts, this.view.checker, call.arguments?.[0]);
      if (key !== undefined) this.provided(key, fact);
      // `provide(FieldsKey, …)`, the key imported from a module the program does not hold yet: it is wanted.
      // Mutation: `call.arguments?.[0]` -> true, and `?.` -> `.`, are equivalent: a value at index 1 means there is a first argument.
      else if (call.arguments?.[0]) this.wantModuleOf(call.arguments[0], r);
      return;
    }
    // `unref(x)`, `toValue(x)`: a ref's value, or what is not a ref.
    if ((vue === 'unref' || vue === 'toValue') && index === 0) {
      // Mutation: `r.t === 'site'` -> true is equivalent: `refSites` holds only sites' keys (`site:…`).
      if (r.t === 'site' && this.refSites.has(r.key))
        this.load(r, 'value', (m) => m.prev && this.add(call, m.role, 'flow', m.prev), fact);
      else this.add(call, r, 'flow', fact);
      return;
    }
    const lodash = ts.isCallExpression(call) ? this.lodashFunction(callee) : undefined;
    if (lodash !== undefined) {
      // `_.merge({}, defaults, options)`: as `Object.assign`.
      if (['assign', 'assignIn', 'extend', 'merge', 'defaults', 'defaultsDeep'].includes(lodash))
        this.assignInto(call, index, fact);
      else if (index === 0) this.lodashCall(call as TsNamespace.CallExpression, lodash, fact);
      return;
    }
    // `events.emit('fields', data)`: the listeners of that event the program adds get the data. A Vue component's
    // `this.$emit('select', item)`, or `emit(…)` from `defineEmits`: its parents' `@select` handlers (`vueVirtual`).
    const emits = calleeName ?? (ts.isIdentifier(callee) ? callee.text : undefined);
    // Mutation: `index > 0` -> true or `>= 0` is equivalent: index 0 is the event's name, which is never the API's data (a string
    // literal there is the only way in, and a URL written as an event's name is no program's).
    if ((emits === 'emit' || emits === '$emit') && index > 0) {
      // Stryker disable next-line OptionalChaining: an emit given a value past its name has arguments
      const event = call.arguments?.[0] && skipParens(ts, call.arguments[0]);
      if (event && ts.isStringLiteralLike(event)) {
        // A component's emit (`this.$emit`, `emit` of `defineEmits`) reaches only the listeners of that component.
        const own = componentPath(call.getSourceFile().fileName);
        // Another object than the one emitting (another constructed emitter): its listeners hear other events.
        const receiver = ts.isPropertyAccessExpression(callee) ? callee.expression : undefined;
        const listeners = this.listenersOf(event.text)
          .filter((l) => (!l.component || l.component === own) && (!l.emitter || this.mayBeEmitter(receiver, l.emitter)))
          .map((l) => l.fn);
        for (const listener of listeners) this.callback(listener, index - 1, fact);
        // None in the program: whoever listens is not seen.
        if (listeners.length === 0) this.handTo(call.expression, fact);
        return;
      }
    }
    // `res.json(data)`, `res.status(200).send(data)` in a route's handler: what the route's clients get.
    if (
      index === 0 &&
      ts.isCallExpression(call) &&
      ts.isPropertyAccessExpression(callee) &&
      RESPONSE_SEND.has(callee.name.text)
    ) {
      const route = this.routeOf(callee.expression);
      if (route) this.respond(route, call, fact);
    }
    // `worker.postMessage(data)`, `window.parent.postMessage(data, origin)`, a channel's: another context (a worker,
    // a frame) reads it, as `event.data`, where this tool does not follow.
    if (index === 0 && emits === 'postMessage' && ts.isCallExpression(call) && this.calls.calleesOf(call).length === 0)
      this.handTo(call.expression, fact);
    // `dispatch({ type, payload })` of `useDispatch()`, `store.dispatch(…)`, Vuex's `this.$store.commit('set', data)`:
    // the store's reducers, mutations and actions are registered with a library and not followed, nor
    // what reads the state they make. Unless the program's own function of that name is called.
    if ((emits === 'dispatch' || emits === 'commit') && ts.isCallExpression(call) && this.calls.calleesOf(call).length === 0)
      this.handTo(call.expression, fact);
    if (ts.isElementAccessExpression(callee)) this.registryOf(callee);
    // `cb(data)` on a name that holds a function value: the functions its callers hand it.
    if (this.holdsFunctionValue(callee)) {
      this.bindCallersAround(call);
      if (this.isCallbackSlot(callee)) this.handTo(call.expression, fact);
      // `fmt(x)` on a parameter whose default is a function (`fmt = (f) => …`): that function, where no caller hands one.
      const held = ts.isIdentifier(callee) ? this.view.checker.getSymbolAtLocation(callee) : undefined;
      if (held?.valueDeclaration && ts.isParameter(held.valueDeclaration))
        for (const fn of this.declaredFunctions(held)) {
          this.followed.add(call.expression);
          this.bindArgument(fn, index, fact);
          if (ts.isCallExpression(call)) this.watchReturn(call, fn);
        }
    }
    const calleeText = ts.isPropertyAccessExpression(callee)
      ? `${callee.expression.getText()}.${callee.name.text}`
      : callee.getText();
    const method = ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
    if (ts.isNewExpression(call)) {
      if (calleeText === 'URL' || calleeText === 'globalThis.URL') this.joins.newUrl(call);
      // `fetch(new Request(url))`: the request of that URL.
      else if (calleeText === 'Request' && index === 0 && r.t === 'url') this.add(call, r, 'flow', fact);
      else if (calleeText === 'Map' && index === 0) {
        const map = this.roles.site(call, 'map');
        this.elements(
          r,
          (e) => this.load(e.role, '1', (v) => this.facts.store(this.cell(map, '*'), { ...e, role: v.role }), e),
          fact,
        );
        this.facts.watch(this.cell(map, '*'), (f) => this.facts.store(this.cell(map, '**'), f));
        this.add(call, map, 'flow', fact);
      } else {
        this.handsUrl(call, fact);
        // `new Feed(client)` of a module the program does not hold yet: its class gets what it is handed.
        this.wantCallee(call, r);
      }
      return;
    }
    switch (calleeText) {
      case 'Object.values':
      case 'Array.from': {
        const list = this.roles.site(call, 'array');
        // `Array.from(list, (f) => …)`: each element is handed to the function, whose returns are the elements.
        const mapFn = calleeText === 'Array.from' && index === 0 ? call.arguments[1] : undefined;
        if (calleeText === 'Object.values' && r.t === 'site')
          this.facts.watch(this.cell(r, '**'), (f) => this.facts.store(this.cell(list, '[]'), f));
        else if (mapFn) {
          this.elements(r, (e) => this.callback(mapFn, 0, e), fact);
          // Stryker disable next-line ArrowFunction: into an array site the returns are stored as they are (the transform serves node targets)
          this.returnsInto(mapFn, list, (x) => x);
        } else this.elements(r, (e) => this.facts.store(this.cell(list, '[]'), e), fact);
        this.add(call, list, 'flow', fact);
        return;
      }
      case 'Object.entries': {
        if (r.t !== 'site') return;
        const list = this.roles.site(call, 'array');
        const pair = this.roles.site(call, 'pair');
        this.facts.watch(this.cell(r, '**'), (f) => this.facts.store(this.cell(pair, '1'), f));
        this.facts.store(this.cell(list, '[]'), { ...fact, role: pair });
        this.add(call, list, 'flow', fact);
        return;
      }
      case 'Object.fromEntries': {
        const map = this.roles.site(call, 'object');
        // A `Map`'s entries are its keys and values: the object holds its values.
        // Mutation: `r.t === 'site'` -> true is equivalent: only a site role has `what`.
        if (r.t === 'site' && r.what === 'map') {
          this.facts.watch(this.cell(r, '**'), (f) => this.storeMember(map, '*', f));
          this.add(call, map, 'flow', fact);
          return;
        }
        this.elements(
          r,
          (e) =>
            this.load(
              e.role,
              '1',
              (v) => this.storeMember(map, '*', { ...e, role: v.role, ...(v.prev ? { prev: v.prev } : {}) }),
              e,
            ),
          fact,
        );
        this.add(call, map, 'flow', fact);
        return;
      }
      case 'Promise.all':
      case 'Promise.allSettled':
        // `allSettled`: each element is an outcome, `{ status, value }`, not the value itself.
        if (r.t === 'site' && r.what === 'array')
          this.add(
            call,
            this.roles.promise(this.roles.site(r.site, calleeText === 'Promise.all' ? 'awaited' : 'settled')),
            'await',
            fact,
          );
        return;
      case 'setTimeout':
      case 'setInterval':
      case 'setImmediate':
      case 'process.nextTick': {
        // `setTimeout(cb, ms, list)`, `process.nextTick(cb, list)`: the arguments after the delay are the callback's.
        const first = calleeText === 'setTimeout' || calleeText === 'setInterval' ? 2 : 1;
        const cb = call.arguments[0];
        if (cb && index >= first) this.callback(cb, index - first, fact);
        return;
      }
      case 'Promise.race':
      case 'Promise.any':
        // The value of one of the promises (whichever settles first): each element's, awaited.
        if (index === 0) this.elements(r, (e) => this.add(call, this.roles.promise(awaited(e.role)), 'await', e), fact);
        return;
      case 'Promise.resolve':
        this.add(call, this.roles.promise(r), 'flow', fact);
        return;
      case 'JSON.stringify': {
        // `JSON.parse(JSON.stringify(x))`, a deep copy: the same data, as `structuredClone(x)` is.
        const up = outerParens(ts, call).parent;
        if (
          index === 0 &&
          up &&
          ts.isCallExpression(up) &&
          up.expression.getText() === 'JSON.parse' &&
          up.arguments[0] === outerParens(ts, call)
        )
          this.add(up, r, 'flow', fact);
        // `localStorage.setItem('fields', JSON.stringify(x))`, `sessionStorage.fields = JSON.stringify(x)`.
        else if (index === 0) this.persist(call, fact);
        break;
      }
      case 'useFetch':
      case 'useLazyFetch':
        // Nuxt's: the request is made by the framework, its `data` a ref of the body: not followed.
        if (index === 0) this.handsUrl(call, fact);
        return;
      case 'useSWR':
      case 'useSWRImmutable':
        // SWR calls the fetcher with the key (`useSWR(url, fetcher)`): the key is no request of its own.
        // Without a fetcher here (one set for the app, `<SWRConfig value={{ fetcher }}>`), what is made of it is not seen.
        if (index === 0 && call.arguments[1]) this.callback(call.arguments[1], 0, fact);
        else if (index === 0) this.handsUrl(call, fact);
        return;
      case 'structuredClone':
      case 'Object.freeze':
      case 'Object.seal':
        if (index === 0) this.add(call, r, 'flow', fact);
        return;
      case 'Object.assign':
        this.assignInto(call, index, fact);
        return;
      case 'String':
      case 'encodeURI':
        // The same URL as text.
        if (index === 0 && r.t === 'url') this.add(call, r, 'flow', fact);
        return;
      default:
        break;
    }
    if (method && ts.isPropertyAccessExpression(callee)) {
      const receiver = callee.expression;
      // Mutation: `index >= 0` -> true is equivalent (an argument's index is never negative), and `'[]?'` -> "" too: on an array any key that
      // is no number is the same place, and a receiver of the program's own with a `push` is its callee, above.
      if ((method === 'push' || method === 'unshift') && index >= 0) this.storeInto(receiver, '[]?', fact);
      // `[].concat(list)`: the list's elements are the result's (the receiver's come by its own role).
      else if (method === 'concat' && isListRole(r)) this.add(call, r, 'flow', fact);
      else if (method === 'set' && index === 1) this.storeInto(receiver, keyOf(ts, call.arguments[0] as Expression) ?? '*', fact);
      // Mutation: `index === 1` -> true is equivalent: given the base (index 0), `urlResolve` joins the call's own arguments, the same join.
      else if (method === 'resolve' && calleeText.endsWith('url.resolve') && index === 1) this.joins.urlResolve(call);
    }
    // An HTTP request: a library call (not the program's own function) given an API URL.
    if (r.t === 'url' && index === 0) this.joins.request(call, fact);
    // Else, what a library makes of the URL is not seen (`urljoin(BASE, …)`, `new ApiClient(BASE)`).
    // (A whole URL first is that call's request, said there.)
    if (!(r.t === 'url' && r.url.kind === 'url' && index === 0)) this.handsUrl(call, fact);
    // An HTTP client configured with a base URL option; or one request given it with its path
    // (`axios.get(path, { baseURL })`, `got(path, { prefixUrl })`, `axios({ url, baseURL })`).
    if (r.t === 'site' && r.what === 'object') {
      // `$.ajax({ url })`, `request({ uri }, cb)`: a request of the URL the options hold.
      if (index === 0)
        // Mutation: `m.role.t === 'url' && m.prev` -> true or `||`, and `m.role.t === 'url'` -> true, are equivalent: a member of an object site
        // always has a `prev` of its role, and `joins.request` takes no other role.
        for (const member of urlOptions())
          this.load(r, member, (m) => m.role.t === 'url' && m.prev && this.joins.request(call, m.prev), fact);
      // `$.ajax({ url, success(data) {…} })`: the request's callback option gets what its promise gives.
      const success = index === 0 ? successOption(ts, r.site) : undefined;
      if (success)
        this.facts.observe(call, (f) => {
          if (f.step === 'request' && f.role.t === 'promise') this.callback(success, 0, { ...f, role: f.role.of, step: 'await' });
        });
      // Mutation: `call.arguments?.[0]` -> `.` and `index === 0` -> true are equivalent: a call given an argument past the first has
      // arguments, and an argument's index is never negative.
      const path = index > 0 ? call.arguments?.[0] : index === 0 ? memberValue(ts, r.site, 'url') : undefined;
      for (const option of baseOptions()) {
        this.load(
          r,
          option,
          (b) => {
            if (b.role.t !== 'url' || b.role.url.kind !== 'base') return;
            const from = b.prev ?? fact;
            this.add(call, this.roles.client(b.role), 'join', from);
            if (path && ts.isCallExpression(call)) this.joins.client(b.role, path, call, from);
          },
          fact,
        );
      }
    }
    this.wantCallee(call, r);
  }

  /**
   * `const { fields } = props`, `props` a `const`: `props.fields` read elsewhere is the same value,
   * so what shows the binding's role shows theirs (a component's props read both ways).
   */
  private sameMember(name: TsNamespace.Identifier | TsNamespace.PrivateIdentifier, fact: Fact): void {
    const { ts } = this;
    const el = name.parent;
    if (!el || !ts.isBindingElement(el) || el.dotDotDotToken || !ts.isObjectBindingPattern(el.parent)) return;
    const decl = el.parent.parent;
    const key = el.propertyName ?? el.name;
    if (!ts.isVariableDeclaration(decl) || !decl.initializer || !ts.isIdentifier(key)) return;
    const source = skipParens(ts, decl.initializer);
    if (!ts.isIdentifier(source)) return;
    const symbol = this.view.checker.getSymbolAtLocation(source);
    const holder = symbol?.valueDeclaration;
    if (!holder || !ts.isVariableDeclaration(holder) || !ts.isIdentifier(holder.name)) return;
    if (!(holder.parent.flags & ts.NodeFlags.Const)) return;
    for (const ref of this.calls.referencesOf(holder.name)) {
      const access = ref.parent;
      // Mutation: `access.expression === ref` -> true is equivalent: a reference is never a member access's name (the access is given then).
      if (access && ts.isPropertyAccessExpression(access) && access.expression === ref && access.name.text === key.text)
        // Mutation: the note -> `` is equivalent: a 'flow' step's note is never shown (only shape and request notes are).
        this.add(access, fact.role, 'flow', fact, `the same member as \`{ ${key.text} } = ${source.text}\``);
    }
  }

  /**
   * Vue's `computed(getter)` and `ref(x)`: an object whose `value` is what the getter returns, or
   * `x` (a template reads it unwrapped; its virtual script reads `.value`).
   */
  vueRef(call: TsNamespace.CallExpression, kind: 'computed' | 'ref'): void {
    const [arg] = call.arguments;
    if (!arg) return;
    const site = this.roles.site(call, 'object');
    this.refSites.add(site.key);
    if (kind === 'computed')
      this.functionsOf(arg, (fn) => this.facts.watch(this.returnCell(fn), (f) => this.storeMember(site, 'value', f)));
    else this.facts.observe(skipParens(this.ts, arg), (f) => this.storeMember(site, 'value', f));
    this.add(call, site, 'source', undefined);
  }

  /** A parameter gets what its argument holds. */
  private bindArgument(fn: FunctionLike, index: number, fact: Fact): void {
    const params = fn.parameters;
    // Stryker disable next-line UnaryOperator: past the last parameter, `at(1)` binds nothing either (a rest parameter binds nothing)
    const param = params[index] ?? (params.at(-1)?.dotDotDotToken ? params.at(-1) : undefined);
    if (!param) return;
    if (param.dotDotDotToken) return;
    this.add(param.name, fact.role, 'argument', fact);
  }

  /**
   * A callback handed down to where it is called (`.then(cb)` or `cb(data)` in a helper that fetches
   * the data itself): the functions its callers pass. Each call of every function around `node`
   * binds its function arguments to the parameters; a callback a caller passes on (`withFields(done)`
   * in a helper given `done`) brings in that caller's callers, and a method brings in its class's
   * constructor's (`this.cb = cb`). Once per function.
   */
  private bindCallersAround(node: Node): void {
    for (let fn = enclosingFunction(this.calls, node); fn; fn = enclosingFunction(this.calls, fn)) {
      if (this.callersBound.has(fn)) continue;
      this.callersBound.add(fn);
      const { ts } = this;
      const name = this.calls.nameOf(fn);
      // Stryker disable next-line ArrayDeclaration: a string has no parent: `!call` below skips it
      for (const ref of name ? this.calls.referencesOf(name) : []) {
        const call = ref.parent;
        // `<Child onLoad={(fields) => …} />`: a component's function props.
        // Mutation: `call.tagName === ref` -> true is equivalent: a name right under a JSX element is its tag (attributes are under JsxAttributes).
        if (call && (ts.isJsxOpeningElement(call) || ts.isJsxSelfClosingElement(call)) && call.tagName === ref) {
          this.functionProps(call);
          continue;
        }
        // Mutation: the call test -> false, `||` -> `&&` and `isCallExpression || isNewExpression` -> true are equivalent: a parent that is no
        // call has no arguments to bind.
        if (!call || !(ts.isCallExpression(call) || ts.isNewExpression(call)) || call.expression !== ref) continue;
        this.bindFunctionArguments(call, fn);
        if (call.arguments?.some((a) => !this.calls.isFunctionLike(skipParens(ts, a)))) this.bindCallersAround(call);
      }
      if ((ts.isMethodDeclaration(fn) || ts.isGetAccessorDeclaration(fn)) && fn.parent && ts.isClassLike(fn.parent))
        for (const m of fn.parent.members) if (ts.isConstructorDeclaration(m)) this.bindCallersAround(m.body ?? m);
    }
  }

  /** A parameter, a variable or `this.x` of the program that a call is made on: it may hold a callback. */
  private holdsFunctionValue(callee: Expression): boolean {
    const { ts } = this;
    // `(cb || noop)(data)`, `(cb ?? noop)(data)`, `(ok ? show : hide)(data)`: either function.
    const either = alternatives(ts, callee);
    if (either) return either.some((e) => this.holdsFunctionValue(e));
    if (ts.isPropertyAccessExpression(callee) || ts.isElementAccessExpression(callee)) {
      const object = skipParens(ts, callee.expression);
      return object.kind === ts.SyntaxKind.ThisKeyword || this.holdsFunctionValue(object);
    }
    if (!ts.isIdentifier(callee)) return false;
    const symbol = this.view.checker.getSymbolAtLocation(callee);
    return (symbol?.declarations ?? []).some(
      (d) => (ts.isParameter(d) || ts.isBindingElement(d) || ts.isVariableDeclaration(d)) && this.calls.isOwn(d),
    );
  }

  /**
   * `resolve(data)` or `.then(resolve)` where `resolve` is the first parameter of a promise's
   * executor (`new Promise((resolve) => …)`): the promise is a promise of the data.
   */
  private resolves(callee: Expression, fact: Fact): boolean {
    const { ts } = this;
    const e = skipParens(ts, callee);
    const symbol = ts.isIdentifier(e) ? this.view.checker.getSymbolAtLocation(e) : undefined;
    const param = symbol?.valueDeclaration;
    const executor = param && ts.isParameter(param) ? param.parent : undefined;
    const made = executor?.parent && skipParensUp(ts, executor.parent);
    if (
      !executor ||
      executor.parameters[0] !== param ||
      !made ||
      !ts.isNewExpression(made) ||
      !(ts.isIdentifier(made.expression) && made.expression.text === 'Promise') ||
      // Mutation: `made.arguments?.[0] === undefined` -> false and `?.` -> `.` are equivalent: the executor is an argument of the `new`.
      made.arguments?.[0] === undefined ||
      skipParens(ts, made.arguments[0]) !== executor
    )
      return false;
    this.followed.add(callee);
    this.add(made, this.roles.promise(awaited(fact.role)), 'await', fact);
    return true;
  }

  /**
   * `setFields(data)` or `.then(setFields)` where `const [fields, setFields] = useState(…)` (React,
   * Preact): the state is the data from then on.
   */
  private setsState(setter: Expression, fact: Fact): boolean {
    const { ts } = this;
    const e = skipParens(ts, setter);
    if (ts.isPropertyAccessExpression(e)) return this.setsClassState(e, fact);
    const d = ts.isIdentifier(e) ? this.view.checker.getSymbolAtLocation(e)?.valueDeclaration : undefined;
    const pattern = d && ts.isBindingElement(d) ? d.parent : undefined;
    const declaration = pattern && ts.isArrayBindingPattern(pattern) ? pattern.parent : undefined;
    if (!pattern || !declaration || !ts.isVariableDeclaration(declaration) || pattern.elements[1] !== d) return false;
    const init = declaration.initializer && skipParens(ts, declaration.initializer);
    const hook = init && ts.isCallExpression(init) ? skipParens(ts, init.expression) : undefined;
    const name = hook && (ts.isIdentifier(hook) ? hook.text : ts.isPropertyAccessExpression(hook) ? hook.name.text : undefined);
    const state = pattern.elements[0];
    if ((name !== 'useState' && name !== 'useReducer') || !state || !ts.isBindingElement(state)) return false;
    this.followed.add(setter);
    if (name === 'useState') {
      this.add(state.name, fact.role, 'flow', fact);
      return true;
    }
    // `const [state, dispatch] = useReducer(reducer, init)`: an action dispatched is the reducer's
    // second parameter, and what the reducer returns is the state.
    const reducer = (init as TsNamespace.CallExpression).arguments[0];
    if (reducer)
      this.functionsOf(reducer, (fn) => {
        const action = fn.parameters[1];
        if (action) this.add(action.name, fact.role, 'argument', fact);
        this.facts.watch(this.returnCell(fn), (f) => this.add(state.name, f.role, 'flow', f));
      });
    return true;
  }

  /**
   * `this.setState({ fields })` in a class component: the members of the object are those of the
   * state the class starts with (`state = { … }`, or `this.state = { … }` in its constructor).
   */
  private setsClassState(setter: TsNamespace.PropertyAccessExpression, fact: Fact): boolean {
    const { ts } = this;
    const r = fact.role;
    if (setter.name.text !== 'setState' || skipParens(ts, setter.expression).kind !== ts.SyntaxKind.ThisKeyword) return false;
    // Mutation: `r.t !== 'site'` -> false is equivalent: only a site role has `what`.
    if (r.t !== 'site' || r.what !== 'object') return false;
    let cls: Node | undefined = setter.parent;
    while (cls && !ts.isClassLike(cls)) cls = cls.parent;
    // Stryker disable next-line LogicalOperator: the loop above leaves `cls` a class or undefined (`isClassLike(undefined)` is false)
    if (!cls || !ts.isClassLike(cls)) return false;
    // Stryker disable next-line ArrayDeclaration: a string is no expression a state is read from
    const initial: Expression[] = [];
    for (const m of cls.members) {
      if (ts.isPropertyDeclaration(m) && m.initializer && memberName(ts, m.name) === 'state') initial.push(m.initializer);
      if (ts.isConstructorDeclaration(m) && m.body)
        for (const st of m.body.statements) {
          const x = ts.isExpressionStatement(st) ? st.expression : undefined;
          if (
            x &&
            ts.isBinaryExpression(x) &&
            x.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
            ts.isPropertyAccessExpression(x.left) &&
            x.left.expression.kind === ts.SyntaxKind.ThisKeyword &&
            x.left.name.text === 'state'
          )
            initial.push(x.right);
        }
    }
    const literals = initial.map((i) => skipParens(ts, i)).filter((i) => ts.isObjectLiteralExpression(i));
    if (literals.length === 0) return false;
    this.followed.add(setter);
    for (const literal of literals) {
      const site = this.roles.site(literal, 'object');
      this.copyMembers(r, site);
      this.add(literal, site, 'flow', fact);
    }
    return true;
  }

  /**
   * A callee that is a callback's place (`cb(data)` on a parameter, `this.onLoad(data)`,
   * `handlers[kind](data)`), not a method of an object a parameter holds (`res.json(data)`, a
   * library's): where the program's own function would be expected.
   */
  private isCallbackSlot(callee: Expression): boolean {
    const { ts } = this;
    const either = alternatives(ts, callee);
    if (either) return either.some((e) => this.isCallbackSlot(e));
    if (ts.isElementAccessExpression(callee)) return true;
    if (ts.isPropertyAccessExpression(callee)) return skipParens(ts, callee.expression).kind === ts.SyntaxKind.ThisKeyword;
    const symbol = ts.isIdentifier(callee) ? this.view.checker.getSymbolAtLocation(callee) : undefined;
    // A parameter, or a name destructured from one (`({ commit }) => commit('set', data)`, `function Row({ onPick })`).
    const ofParameter = (d: Node): boolean => {
      let n: Node = d;
      while (ts.isBindingElement(n) || ts.isObjectBindingPattern(n) || ts.isArrayBindingPattern(n)) n = n.parent;
      return ts.isParameter(n);
    };
    // Stryker disable next-line ArrayDeclaration: a string is no parameter
    return (symbol?.declarations ?? []).some(ofParameter);
  }

  /** Functions handed to a function as arguments are function values of its parameters (callbacks). */
  private bindFunctionArguments(call: CallLike, fn: FunctionLike): void {
    const key = `${this.roles.id(call)}>${this.roles.id(fn)}`;
    // Mutation: `calledBack.has(key)` -> false is equivalent: binding again adds the same facts, kept once.
    if (this.calledBack.has(key)) return;
    this.calledBack.add(key);
    // Stryker disable next-line ArrayDeclaration: `new X` without arguments: a string is no object literal and no function, so nothing is bound
    // Stryker disable next-line ArrayDeclaration: a string is no function argument
    (call.arguments ?? []).forEach((arg, i) => {
      const e = skipParens(this.ts, arg);
      const param = fn.parameters[i];
      if (!param) return;
      // Functions in an object of options (`{ done: (fields) => … }`): the object carries them to the parameter.
      if (this.ts.isObjectLiteralExpression(e)) this.functionMembers(e);
      // A function written there or passed by its name (`withFields(show)`, `withFields(handlers.fields)`).
      else this.functionsWritten(e, (f) => this.add(param.name, this.roles.fn(f), 'argument', undefined));
    });
  }

  /** The functions a JSX element gives as attributes, at their attributes (they reach the component's props). */
  private functionProps(element: TsNamespace.JsxOpeningElement | TsNamespace.JsxSelfClosingElement): void {
    const { ts } = this;
    for (const attr of element.attributes.properties) {
      const value =
        ts.isJsxAttribute(attr) && attr.initializer && ts.isJsxExpression(attr.initializer)
          ? attr.initializer.expression
          : undefined;
      const e = value && skipParens(ts, value);
      if (e) this.functionsWritten(e, (f) => this.add(e, this.roles.fn(f), 'flow', undefined));
    }
  }

  /**
   * The functions a value written as an argument or attribute is: a function literal, or what a
   * name or member names or holds (`show`, `handlers.fields`, a parameter given a callback).
   */
  private functionsWritten(e: Expression, then: (fn: FunctionLike) => void): void {
    const { ts } = this;
    if (this.calls.isFunctionLike(e) || ts.isIdentifier(e) || ts.isPropertyAccessExpression(e)) this.functionsOf(e, then);
  }

  /** The function values an object literal holds, at their members (`{ done: f, onError() {} }`). */
  private functionMembers(literal: TsNamespace.ObjectLiteralExpression): void {
    const { ts } = this;
    for (const p of literal.properties) {
      if (ts.isMethodDeclaration(p)) this.add(p, this.roles.fn(p), 'flow', undefined);
      else if (ts.isShorthandPropertyAssignment(p))
        for (const f of this.declaredFunctions(this.view.checker.getShorthandAssignmentValueSymbol(p)))
          this.add(p.name, this.roles.fn(f), 'flow', undefined);
      else if (ts.isPropertyAssignment(p)) {
        const value = skipParens(ts, p.initializer);
        if (this.calls.isFunctionLike(value)) this.add(value, this.roles.fn(value), 'flow', undefined);
        else if (ts.isIdentifier(value)) this.functionsOf(value, (f) => this.add(value, this.roles.fn(f), 'flow', undefined));
      }
    }
  }

  /** `f(…)` where `f` holds a function value: its parameters get the arguments, the call its returns. */
  private callFunctionValue(call: TsNamespace.CallExpression, fn: FunctionLike, fact: Fact): void {
    const through = this.calledThrough.get(call);
    if (through) through.add(fn);
    else this.calledThrough.set(call, new Set([fn]));
    call.arguments.forEach((arg, i) => {
      this.facts.observe(arg, (f) => this.bindArgument(fn, i, f));
    });
    // The functions it is handed are its parameters' function values (`client.fields((err, list) => …)`).
    this.bindFunctionArguments(call, fn);
    this.watchReturn(call, fn);
    void fact;
  }

  /** `<Card item={x} />`: the component's props get the attribute. */
  private jsxAttribute(attr: TsNamespace.JsxAttribute, fact: Fact): void {
    const { ts } = this;
    // Stryker disable next-line OptionalChaining: an attribute always has a parent (JsxAttributes, under its element)
    const element = attr.parent?.parent;
    // Mutation: the element test -> true is equivalent: JsxAttributes' parent is always an opening or self-closing element.
    if (!element || !(ts.isJsxOpeningElement(element) || ts.isJsxSelfClosingElement(element))) return;
    const name = memberName(ts, attr.name as TsNamespace.PropertyName);
    if (name === undefined) return;
    if (name === 'value' && this.provide(element.tagName as Expression, fact)) return;
    const props = this.roles.site(attr.parent, 'object');
    this.storeMember(props, name, fact);
    this.functionsOf(element.tagName as Expression, (fn) => {
      const param = fn.parameters[0];
      if (param) this.add(param.name, props, 'argument', fact);
    });
  }

  /**
   * A file's data hooks: SWR's `useSWR(key, fetcher)`, TanStack Query's `useQuery({ queryFn })`
   * (and `useSuspenseQuery`, or the function given second: `useQuery(key, fn)`). The library calls
   * the function and hands back what its promise gives as the result's `data`
   * (`const { data } = useSWR(…)`).
   */
  dataHooks(sf: TsNamespace.SourceFile): void {
    const { ts } = this;
    if (!DATA_HOOK.test(sf.text)) return;
    const visit = (n: Node): void => {
      if (ts.isCallExpression(n)) {
        const name = calledName(ts, n) ?? '';
        const [first, second] = n.arguments;
        const options = first && skipParens(ts, first);
        const queryFn =
          options && ts.isObjectLiteralExpression(options)
            ? options.properties.find(
                (p): p is TsNamespace.PropertyAssignment => ts.isPropertyAssignment(p) && memberName(ts, p.name) === 'queryFn',
              )?.initializer
            : undefined;
        const fn =
          name === 'useSWR' || name === 'useSWRImmutable'
            ? second
            : /^use(?:Suspense)?Query$/.test(name)
              ? (queryFn ?? second)
              : undefined;
        if (fn) this.dataOf(n, fn);
        // Nuxt's `useAsyncData(key, fn)`: `data` is a ref of what the function's promise gives.
        else if ((name === 'useAsyncData' || name === 'useLazyAsyncData') && first) this.dataOf(n, second ?? first, true);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }

  /**
   * A page module of Next.js: what `getServerSideProps` or `getStaticProps` returns as `props` is
   * what the page (the module's default export) is called with. And of Remix or React Router: what
   * the module's `loader` returns (or gives to `json(…)`) is what `useLoaderData()` gives in it.
   */
  pageData(sf: TsNamespace.SourceFile): void {
    const { ts } = this;
    if (!PAGE_DATA.test(sf.text)) return;
    const module = this.view.checker.getSymbolAtLocation(sf);
    if (!module) return;
    const exported = (name: string): FunctionLike | undefined => {
      let symbol = this.view.checker.tryGetMemberInModuleExports(name, module);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.view.checker.getAliasedSymbol(symbol);
      const d = symbol?.valueDeclaration;
      const value = d && ts.isVariableDeclaration(d) && d.initializer ? skipParens(ts, d.initializer) : d;
      return value && this.calls.isFunctionLike(value) ? value : undefined;
    };
    const page = exported('default');
    const param = page?.parameters[0];
    for (const name of ['getServerSideProps', 'getStaticProps']) {
      const fn = exported(name);
      if (fn && param)
        this.facts.watch(this.returnCell(fn), (f) =>
          this.load(awaited(f.role), 'props', (m) => this.add(param.name, m.role, 'argument', m.prev ?? f), f),
        );
    }
    const loader = exported('loader');
    if (!loader) return;
    const readers: Node[] = [];
    const visit = (n: Node): void => {
      if (ts.isCallExpression(n) && calledName(ts, n) === 'useLoaderData') readers.push(n);
      ts.forEachChild(n, visit);
    };
    visit(sf);
    if (readers.length === 0) return;
    const give = (f: Fact) => {
      for (const reader of readers) this.add(reader, awaited(f.role), 'argument', f);
    };
    this.facts.watch(this.returnCell(loader), give);
    // `return json(data)`, `return defer({ fields })`, `data(x)`: what the helper is given.
    const returns = (n: Node): void => {
      if (ts.isReturnStatement(n) && n.expression) {
        const e = skipParens(ts, n.expression);
        const wrapped =
          ts.isCallExpression(e) && ['json', 'defer', 'data'].includes(calledName(ts, e) ?? '') ? e.arguments[0] : undefined;
        if (wrapped) this.facts.observe(wrapped, give);
      }
      if (n === loader || !this.calls.isFunctionLike(n)) ts.forEachChild(n, returns);
    };
    returns(loader);
  }

  /** The result of a data hook: an object whose `data` is what the function's promise gives (in a ref: Nuxt's). */
  private dataOf(hook: TsNamespace.CallExpression, fnExpr: Expression, ref = false): void {
    const site = this.roles.site(hook, 'object');
    // The ref (`data.value`), a site of its own at the hook's name.
    const held = this.roles.site(hook.expression, 'object');
    if (ref) this.refSites.add(held.key);
    this.functionsOf(fnExpr, (fn) =>
      this.facts.watch(this.returnCell(fn), (f) => {
        this.add(hook, site, 'flow', f);
        const data: Fact = { ...f, role: awaited(f.role), step: 'await', prev: f };
        if (!ref) this.facts.store(this.cell(site, 'data'), data);
        else {
          this.facts.store(this.cell(held, 'value'), data);
          this.facts.store(this.cell(site, 'data'), { ...f, role: held, step: 'flow', prev: data });
        }
      }),
    );
  }

  /**
   * The route a response object serves, when the expression is one (`res` of `app.get('/api/fields',
   * (req, res) => …)`, of a Next.js API route's handler `pages/api/fields.js`), through the calls
   * that set its status or headers (`res.status(200)`): the route's method and path.
   */
  private routeOf(receiver: Expression): string | undefined {
    const { ts } = this;
    let e = skipParens(ts, receiver);
    while (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && RESPONSE_SETTERS.has(e.expression.name.text))
      e = skipParens(ts, e.expression.expression);
    const param = ts.isIdentifier(e) ? this.view.checker.getSymbolAtLocation(e)?.valueDeclaration : undefined;
    const fn = param && ts.isParameter(param) ? param.parent : undefined;
    if (!fn || !this.calls.isFunctionLike(fn) || fn.parameters[1] !== param) return undefined;
    // `app.get('/api/fields', handler)`, `router.post(path, auth, handler)`.
    const call = outerParens(ts, fn).parent;
    if (
      call &&
      ts.isCallExpression(call) &&
      ts.isPropertyAccessExpression(call.expression) &&
      call.arguments.at(-1) === outerParens(ts, fn)
    ) {
      const verb = call.expression.name.text;
      const path = call.arguments[0] && skipParens(ts, call.arguments[0]);
      if (ROUTE_VERBS.has(verb) && path && ts.isStringLiteralLike(path) && path.text.startsWith('/'))
        return `${verb === 'all' ? 'GET' : verb.toUpperCase()} ${path.text}`;
      return undefined;
    }
    // `pages/api/fields.js`'s default export: `GET /api/fields`.
    const file = fn.getSourceFile().fileName.replace(/\\/g, '/');
    const api = /\/pages(\/api\/.+?)(?:\/index)?\.[cm]?[jt]sx?$/.exec(file);
    const exported = ts.isFunctionDeclaration(fn)
      ? fn.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)
      : ts.isExportAssignment(outerParens(ts, fn).parent);
    return api && exported ? `GET ${api[1]}` : undefined;
  }

  /**
   * A route sends the API's data: the requests of its path in the program (`fetch('/api/fields')`,
   * `axios.get('/api/fields')`) get it as their response. Kept for a marker when none is seen.
   */
  private respond(route: string, call: TsNamespace.CallExpression, fact: Fact): void {
    const { ts } = this;
    this.channels.add('route');
    keepFact(this.responses, call, fact);
    this.responseRoutes.set(call, route);
    // What every response of the route sends, for its requests (found once per route, as `persist` finds a key's reads).
    const cell = `${ROUTE}.${route}`;
    this.facts.store(cell, fact);
    if (this.routes.has(route)) return;
    const path = route.slice(route.indexOf(' ') + 1);
    let requested = false;
    const visit = (n: Node): void => {
      if (ts.isCallExpression(n) && n.arguments[0]) {
        const url = skipParens(ts, n.arguments[0]);
        const name = calledName(ts, n);
        const callee = n.expression.getText();
        const client = callee === 'fetch' || callee === '$fetch' || callee === 'ofetch' || /^axios(?:\.get)?$/.test(callee);
        if (client && ts.isStringLiteralLike(url) && url.text.split('?')[0] === path) {
          requested = true;
          const body = name === '$fetch' || name === 'ofetch';
          this.facts.watch(cell, (f) => {
            const data = awaited(f.role);
            this.add(n, this.roles.promise(body ? data : this.roles.response(data)), 'request', f, route);
          });
        }
      }
      ts.forEachChild(n, visit);
    };
    for (const sf of this.view.files.values()) if (sf.text.includes(path)) visit(sf);
    this.routes.set(route, requested);
  }

  /** Where a route sends the API's data to clients the program does not hold (`respond`), with that data. */
  sentAway(): ReadonlyMap<Node, readonly Fact[]> {
    return new Map([...this.responses].filter(([node]) => !this.routes.get(this.responseRoutes.get(node) ?? '')));
  }

  /**
   * `localStorage.setItem(key, JSON.stringify(x))` (or `sessionStorage`, or the key written as a
   * member: `localStorage.fields = …`, `localStorage['fields'] = …`), the key a literal: what
   * `JSON.parse(localStorage.getItem(key))` gives back, in any file (`|| '[]'` and `?? '[]'` after the
   * read). Where such data is stored is kept: copies stored before the migration stay as they were.
   */
  private persist(stringify: CallLike, fact: Fact): void {
    const { ts } = this;
    this.channels.add('storage');
    const up = outerParens(ts, stringify);
    const p = up.parent;
    let at: Node | undefined;
    let key: string | undefined;
    if (p && ts.isCallExpression(p) && p.arguments[1] === up && this.storageCall(p, 'setItem')) {
      at = p;
      key = p.arguments[0] && keyOf(ts, p.arguments[0]);
      key = key === undefined ? undefined : `${STORAGE}.${key}`;
    } else if (p && ts.isCallExpression(p) && p.arguments[1] === up && FILE_WRITE.has(calledName(ts, p) ?? '')) {
      // `fs.writeFileSync('cache/fields.json', JSON.stringify(x))`: a file other code (a build step) reads back.
      at = p;
      const path = p.arguments[0] && this.filePath(p.arguments[0]);
      key = path === undefined ? undefined : `${FILE}.${path}`;
    } else if (p && ts.isBinaryExpression(p) && p.right === up && p.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      at = p;
      const member = this.storageMember(skipParens(ts, p.left));
      key = member === undefined ? undefined : `${STORAGE}.${member}`;
    }
    if (!at || key === undefined) return;
    keepFact(this.persisted, at, fact);
    this.facts.store(key, fact);
    if (this.storageKeys.has(key)) return;
    this.storageKeys.add(key);
    const cell = key;
    const visit = (n: Node): void => {
      if (ts.isCallExpression(n) && n.arguments[0] && n.expression.getText() === 'JSON.parse') {
        let read = skipParens(ts, n.arguments[0]);
        // `JSON.parse(localStorage.getItem(key) || '[]')`: what was stored, when it was.
        if (
          ts.isBinaryExpression(read) &&
          [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(read.operatorToken.kind)
        )
          read = skipParens(ts, read.left);
        // `JSON.parse(await readFile(path, 'utf8'))`, `JSON.parse(fs.readFileSync(path).toString())`.
        if (ts.isAwaitExpression(read)) read = skipParens(ts, read.expression);
        if (
          ts.isCallExpression(read) &&
          ts.isPropertyAccessExpression(read.expression) &&
          read.expression.name.text === 'toString'
        )
          read = skipParens(ts, read.expression.expression);
        if (ts.isAwaitExpression(read)) read = skipParens(ts, read.expression);
        let reads: string | undefined;
        if (ts.isCallExpression(read) && this.storageCall(read, 'getItem')) {
          const k = read.arguments[0] && keyOf(ts, read.arguments[0]);
          reads = k === undefined ? undefined : `${STORAGE}.${k}`;
        } else if (ts.isCallExpression(read) && FILE_READ.has(calledName(ts, read) ?? '')) {
          const path = read.arguments[0] && this.filePath(read.arguments[0]);
          reads = path === undefined ? undefined : `${FILE}.${path}`;
        } else {
          const member = this.storageMember(read);
          reads = member === undefined ? undefined : `${STORAGE}.${member}`;
        }
        if (reads === key) this.facts.watch(cell, (f) => this.add(n, f.role, 'heap', f));
      }
      ts.forEachChild(n, visit);
    };
    const spelled = key
      .slice(key.indexOf('.') + 1)
      .split('/')
      .at(-1) as string;
    for (const sf of this.view.files.values()) if (sf.text.includes('JSON.parse') && sf.text.includes(spelled)) visit(sf);
  }

  /**
   * A file's path as code writes it: a literal (`'cache/fields.json'`, `'./cache/fields.json'`), or
   * literals joined after the module's folder or the working folder (`path.join(__dirname,
   * 'cache', 'fields.json')`, `path.resolve(process.cwd(), 'cache/fields.json')`), `/`-separated,
   * without a leading `./`. Undefined for a path built from anything else.
   */
  private filePath(e: Expression): string | undefined {
    const { ts } = this;
    const x = skipParens(ts, e);
    const parts: string[] = [];
    if (ts.isStringLiteralLike(x)) parts.push(x.text);
    else if (ts.isCallExpression(x) && /^(?:path\.)?(?:join|resolve)$/.test(x.expression.getText())) {
      for (const [i, arg] of x.arguments.entries()) {
        const a = skipParens(ts, arg);
        if (ts.isStringLiteralLike(a)) parts.push(a.text);
        else if (i === 0 && /^(?:__dirname|process\.cwd\(\))$/.test(a.getText())) continue;
        else return undefined;
      }
    } else return undefined;
    const joined = parts
      .join('/')
      .replace(/\/+/g, '/')
      .replace(/^(?:\.\/)+/, '');
    return joined === '' ? undefined : joined;
  }

  /** Whether a call is `<web storage>.<method>(…)`. */
  private storageCall(call: TsNamespace.CallExpression, method: string): boolean {
    const callee = skipParens(this.ts, call.expression);
    return this.ts.isPropertyAccessExpression(callee) && callee.name.text === method && this.isWebStorage(callee.expression);
  }

  /** The key of `localStorage.fields` or `localStorage['fields']`, when the expression is one. */
  private storageMember(e: Expression): string | undefined {
    const { ts } = this;
    if (ts.isPropertyAccessExpression(e) && this.isWebStorage(e.expression)) return e.name.text;
    if (ts.isElementAccessExpression(e) && this.isWebStorage(e.expression)) return keyOf(ts, e.argumentExpression);
    return undefined;
  }

  /** `localStorage` or `sessionStorage`, bare (no file of the program declares it) or of the global object (`window.localStorage`). */
  private isWebStorage(expr: Expression): boolean {
    const { ts } = this;
    const e = skipParens(ts, expr);
    const name = ts.isIdentifier(e)
      ? e
      : ts.isPropertyAccessExpression(e) && this.globalObjectAt(e.expression)
        ? e.name
        : undefined;
    if (!name || !WEB_STORAGE.has(name.text)) return false;
    return !ts.isIdentifier(e) || !this.programDeclares(e);
  }

  /** Vue apps whose template is the page's markup, holding the API's data, with that data. */
  inPageApps(): ReadonlyMap<Node, readonly Fact[]> {
    return this.inPage;
  }

  /** Where the API's data is stored in a browser's web storage (`persist`), with that data. */
  persistedAt(): ReadonlyMap<Node, readonly Fact[]> {
    return this.persisted;
  }

  /**
   * `<Ctx.Provider value={x}>`, `Ctx` made by React's `createContext`: what `useContext(Ctx)` gives
   * and what a `<Ctx.Consumer>` child function is handed, in any file. Without either in the
   * program, or for a provider of no context the program makes, the value is handed to readers not
   * seen. False when the tag is no `.Provider`.
   */
  private provide(tag: Expression, fact: Fact): boolean {
    const { ts } = this;
    if (!ts.isPropertyAccessExpression(tag) || tag.name.text !== 'Provider') return false;
    this.channels.add('context');
    const context = this.contextOf(tag.expression);
    if (!context) {
      // A context of a module the program does not hold yet is wanted; else its readers are not seen.
      this.wantModuleOf(tag.expression, fact.role);
      this.handTo(tag, fact);
      return true;
    }
    const site = this.roles.site(context, 'object');
    this.facts.store(this.cell(site, CONTEXT_VALUE), fact);
    if (!this.contexts.has(context)) this.contexts.set(context, this.contextReaders(context, site));
    if (!this.contexts.get(context)) this.handTo(tag, fact);
    return true;
  }

  /** The declaration of a React context a name holds (`const Ctx = createContext(…)`, here or imported). */
  private contextOf(e: Expression): Node | undefined {
    const { ts } = this;
    const name = skipParens(ts, e);
    const d = ts.isIdentifier(name) ? this.calls.aliasOf(name)?.valueDeclaration : undefined;
    const init = d && ts.isVariableDeclaration(d) && d.initializer ? skipParens(ts, d.initializer) : undefined;
    return init && ts.isCallExpression(init) && calledName(ts, init) === 'createContext' ? d : undefined;
  }

  /** Makes the readers of a context get what its providers hold: whether the program has any. */
  private contextReaders(context: Node, site: SiteRole): boolean {
    const { ts } = this;
    let found = false;
    const read = (at: Node, step: StepKind) => {
      found = true;
      this.facts.watch(this.cell(site, CONTEXT_VALUE), (f) => this.add(at, f.role, step, f));
    };
    const visit = (n: Node): void => {
      if (ts.isCallExpression(n) && n.arguments[0]) {
        if (calledName(ts, n) === 'useContext' && this.contextOf(n.arguments[0]) === context) read(n, 'heap');
      } else if (ts.isJsxElement(n)) {
        const tag = n.openingElement.tagName;
        if (ts.isPropertyAccessExpression(tag) && tag.name.text === 'Consumer' && this.contextOf(tag.expression) === context)
          for (const child of n.children) {
            const fn = ts.isJsxExpression(child) && child.expression ? skipParens(ts, child.expression) : undefined;
            const param = fn && this.calls.isFunctionLike(fn) ? fn.parameters[0] : undefined;
            if (param) read(param.name, 'argument');
          }
      }
      ts.forEachChild(n, visit);
    };
    for (const sf of this.view.files.values()) if (/\buseContext\b|\.Consumer\b/.test(sf.text)) visit(sf);
    return found;
  }

  /**
   * A plugin entry of a site's config (`{ resolve: './plugins/civic-source.js', options: { … } }`,
   * as Gatsby reads `gatsby-config.js`): its `options` are the second parameter of the plugin's
   * node API functions (`sourceNodes(api, options)`), in the module `resolve` names (itself, or
   * its `gatsby-node.js`). A module the program does not hold yet is wanted.
   */
  pluginEntry(entry: TsNamespace.ObjectLiteralExpression, spec: string, options: TsNamespace.ObjectLiteralExpression): void {
    const { ts } = this;
    const from = entry.getSourceFile().fileName;
    const compiler = this.view.program.getCompilerOptions();
    const site = this.roles.site(options, 'object');
    this.add(options, site, 'source', undefined);
    for (const candidate of [spec, `${spec.replace(/\/$/, '')}/gatsby-node`]) {
      const file = ts.resolveModuleName(candidate, from, compiler, ts.sys).resolvedModule?.resolvedFileName;
      if (!file || file.includes('/node_modules/') || file.endsWith('.d.ts')) continue;
      const sf = this.view.files.get(file);
      if (!sf) {
        // Stryker disable next-line ArrayDeclaration: a string in the list is no API value (`wanted` asks `isApiValue` of each role: undefined for it)
        // Stryker disable next-line ArrayDeclaration: a string is no role (`wanted` asks `isApiValue` of each)
        const list = this.wantedBy.get(file) ?? [];
        list.push(site);
        this.wantedBy.set(file, list);
        continue;
      }
      for (const statement of sf.statements) {
        const fns: FunctionLike[] = [];
        if (ts.isFunctionDeclaration(statement) && statement.name && isExported(ts, statement.name)) fns.push(statement);
        if (ts.isVariableStatement(statement))
          for (const d of statement.declarationList.declarations)
            if (
              ts.isIdentifier(d.name) &&
              isExported(ts, d.name) &&
              d.initializer &&
              this.calls.isFunctionLike(skipParens(ts, d.initializer))
            )
              fns.push(skipParens(ts, d.initializer) as FunctionLike);
        // `exports.sourceNodes = async (api, options) => …`: CommonJS, as `gatsby-node.js` is usually written.
        if (
          ts.isExpressionStatement(statement) &&
          ts.isBinaryExpression(statement.expression) &&
          isExported(ts, statement.expression.left) &&
          this.calls.isFunctionLike(skipParens(ts, statement.expression.right))
        )
          fns.push(skipParens(ts, statement.expression.right) as FunctionLike);
        for (const fn of fns) {
          const param = fn.parameters[1];
          if (param)
            this.facts.observe(options, (f) =>
              // Mutation: the note -> `` is equivalent: an 'argument' step's note is never shown.
              this.add(param.name, f.role, 'argument', f, `the plugin's options in ${short(entry.getText())}`),
            );
        }
      }
    }
  }

  /** A call the program cannot resolve because its callee is imported from a file the program does not hold yet. */
  private wantCallee(call: CallLike, role: Role): void {
    this.wantModuleOf(call.expression, role);
  }

  /** A name (or a member of one) imported from a file the program does not hold yet: that file is wanted for `role`. */
  private wantModuleOf(expr: Expression, role: Role): void {
    const { ts } = this;
    let e = skipParens(ts, expr);
    while (ts.isPropertyAccessExpression(e)) e = skipParens(ts, e.expression);
    if (!ts.isIdentifier(e)) return;
    const symbol = this.view.checker.getSymbolAtLocation(e);
    for (const d of symbol?.declarations ?? []) {
      const specifier = moduleSpecifierOf(ts, d);
      if (!specifier) continue;
      const from = d.getSourceFile().fileName;
      const resolved = ts.resolveModuleName(specifier, from, this.view.program.getCompilerOptions(), ts.sys);
      // A Vue component (`./FieldList.vue`) is its file: the program holds its virtual script.
      const component = /^\.{1,2}\/.*\.vue$/i.test(specifier) ? resolvePath(dirname(from), specifier) : undefined;
      const file = resolved.resolvedModule?.resolvedFileName ?? component;
      if (file && !this.view.files.has(file) && !file.includes('/node_modules/') && !file.endsWith('.d.ts')) {
        const list = this.wantedBy.get(file);
        if (list) list.push(role);
        else this.wantedBy.set(file, [role]);
      }
    }
  }
}

/**
 * Whether a name (or an assignment target) is what a module exports: an `export`ed declaration, a
 * member of an exported class, `exports.x`, `module.exports(.x)`, a member of the object a module
 * exports. A name inside a function body is the function's own.
 */
function isExported(ts: Ts, node: Node): boolean {
  const exportsObject = (e: Node) => {
    const x = e.getText();
    return x === 'exports' || x === 'module.exports';
  };
  if (ts.isPropertyAccessExpression(node)) return exportsObject(node) || exportsObject(node.expression);
  // `export default class {…}`: a declaration with no name of its own.
  for (let n: Node | undefined = ts.isClassDeclaration(node) ? node : node.parent; n; n = n.parent) {
    if (ts.isVariableStatement(n) || ts.isFunctionDeclaration(n) || ts.isClassDeclaration(n)) {
      if (n.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return true;
      // `function fields() {…}` then `export { fields }` (or `export default fields`): a top-level declaration a list exports.
      const declared = ts.isVariableStatement(n)
        ? ts.isIdentifier(node) && node.parent && ts.isVariableDeclaration(node.parent) && node.parent.name === node
          ? node.text
          : undefined
        : // Stryker disable next-line OptionalChaining: a declaration with no name is `export default …`, which returned above
          n.name?.text;
      return ts.isSourceFile(n.parent) && declared !== undefined && exportedByList(ts, n.parent).has(declared);
    }
    if (ts.isPropertyAccessExpression(n) && n.name === node) return exportsObject(n.expression);
    if (ts.isExportAssignment(n)) return true;
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken) return exportsObject(n.left);
    if (ts.isSourceFile(n) || ts.isBlock(n)) return false;
  }
  // Stryker disable next-line BooleanLiteral: unreachable: every node's parents end at its source file, which returns false above
  return false;
}

const listedExports = new WeakMap<TsNamespace.SourceFile, ReadonlySet<string>>();

/** The local names a module exports by an `export { … }` list or `export default name` (not what it re-exports from another). */
function exportedByList(ts: Ts, sf: TsNamespace.SourceFile): ReadonlySet<string> {
  const known = listedExports.get(sf);
  if (known) return known;
  const out = new Set<string>();
  for (const s of sf.statements) {
    if (ts.isExportDeclaration(s) && !s.moduleSpecifier && s.exportClause && ts.isNamedExports(s.exportClause))
      for (const e of s.exportClause.elements) out.add((e.propertyName ?? e.name).text);
    else if (ts.isExportAssignment(s) && ts.isIdentifier(s.expression)) out.add(s.expression.text);
  }
  listedExports.set(sf, out);
  return out;
}

/** The `.vue` path of a component's virtual script (`List.vue.js`); undefined for any other file. */
function componentPath(fileName: string): string | undefined {
  return /\.vue(?:\.[jt]sx?)?$/i.test(fileName) ? fileName.replace(/(\.vue)\.[jt]sx?$/i, '$1') : undefined;
}

/** An event's name as emitters match it: Vue matches `item-selected` and `itemSelected` alike. */
/** A response's methods that send a body, those that set its status or headers, and the methods a router routes by. */
const RESPONSE_SEND = new Set(['json', 'send', 'jsonp']);
const RESPONSE_SETTERS = new Set(['status', 'type', 'set', 'header', 'setHeader']);
const ROUTE_VERBS = new Set(['get', 'post', 'put', 'patch', 'delete', 'all']);

/** A page module that may export its data (`pageData`). */
const PAGE_DATA = /\b(?:getServerSideProps|getStaticProps|loader)\b/;

/** A file that may call a data hook (`dataHooks`). */
const DATA_HOOK = /\buse(?:SWR|SWRImmutable|Query|SuspenseQuery|AsyncData|LazyAsyncData)\b/;

/** The cells of what the program stores in web storage, by key, and in files, by path (`persist`). */
const STORAGE = 'storage';
/** The cells of what a server's routes send, by route (`respond`). */
const ROUTE = 'route';
const FILE = 'file';
/** The functions that write a file's text (`fs`, `fs/promises`, fs-extra), and that read it. */
const FILE_WRITE = new Set(['writeFileSync', 'writeFile', 'outputFileSync', 'outputFile']);
const FILE_READ = new Set(['readFileSync', 'readFile']);

/** The name a call calls: `f` of `f(…)`, `g` of `x.g(…)`. */
function calledName(ts: Ts, call: TsNamespace.CallExpression): string | undefined {
  const callee = skipParens(ts, call.expression);
  return ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
}
/** A browser's web storage objects. */
const WEB_STORAGE = new Set(['localStorage', 'sessionStorage']);

/** The cell of a React context's site that holds what its providers give. */
const CONTEXT_VALUE = 'context';

/**
 * The call making a Vue app from these options when its template is the page's markup: `new
 * Vue({ el, … })` or `createApp({ … })` (Vue's or `Vue.createApp`) then mounted, the options with
 * no `template` nor `render`, in a script (a component's virtual script has its template).
 */
function inPageApp(ts: Ts, options: TsNamespace.ObjectLiteralExpression): Node | undefined {
  const call = outerParens(ts, options).parent;
  if (!call || !(ts.isNewExpression(call) || ts.isCallExpression(call)) || call.arguments?.[0] !== outerParens(ts, options))
    return undefined;
  if (/\.vue\.[jt]sx?$/i.test(options.getSourceFile().fileName)) return undefined;
  const names = new Set(options.properties.flatMap((p) => (p.name && ts.isIdentifier(p.name) ? [p.name.text] : [])));
  if (names.has('template') || names.has('render')) return undefined;
  const callee = call.expression.getText();
  if (ts.isNewExpression(call) && callee === 'Vue') return names.has('el') ? call : undefined;
  if (ts.isCallExpression(call) && (callee === 'createApp' || callee === 'Vue.createApp')) {
    const up = outerParens(ts, call).parent;
    const mounted = up && ts.isPropertyAccessExpression(up) && up.name.text === 'mount';
    return mounted ? call : undefined;
  }
  return undefined;
}

/** Whether an identifier is a read of a variable by its name (not a member's name, a declaration's, a label, a key). */
function isBareRead(ts: Ts, id: TsNamespace.Identifier): boolean {
  const p = id.parent;
  if (!p) return false;
  if ((ts.isPropertyAccessExpression(p) && p.name === id) || (ts.isQualifiedName(p) && p.right === id)) return false;
  if (
    (ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p) || ts.isPropertySignature(p)) &&
    p.name === id
  )
    return false;
  if ((ts.isBindingElement(p) && p.propertyName === id) || ts.isLabeledStatement(p) || ts.isBreakOrContinueStatement(p))
    return false;
  if (
    (ts.isVariableDeclaration(p) ||
      ts.isFunctionDeclaration(p) ||
      ts.isClassDeclaration(p) ||
      ts.isParameter(p) ||
      ts.isBindingElement(p)) &&
    p.name === id
  )
    return false;
  if (ts.isImportSpecifier(p) || ts.isExportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p)) return false;
  if (ts.isJsxAttribute(p) || ts.isTypeReferenceNode(p)) return false;
  return !(ts.isBinaryExpression(p) && p.left === id && p.operatorToken.kind === ts.SyntaxKind.EqualsToken);
}

function eventKey(name: string): string {
  return name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}

const short = (text: string) => (text.length > 40 ? `${text.slice(0, 37)}…` : text).replace(/\s+/g, ' ');

/** Whether a role is the API's data, client, URL or an instance serving them (through promises and responses). */
function servesApi(r: Role): boolean {
  if (r.t === 'promise' || r.t === 'response') return servesApi(r.of);
  return r.t === 'api' || r.t === 'client' || r.t === 'instance' || (r.t === 'url' && r.url.kind !== 'other');
}

/** `f.bind(thisArg, …args)`: the function bound, and how many of its parameters the bound arguments fill. */
function boundFunction(ts: Ts, e: Expression | undefined): { target: Expression; shift: number } | undefined {
  if (!e) return undefined;
  const x = skipParens(ts, e);
  if (!ts.isCallExpression(x) || !ts.isPropertyAccessExpression(x.expression) || x.expression.name.text !== 'bind')
    return undefined;
  return { target: x.expression.expression, shift: Math.max(0, x.arguments.length - 1) };
}

/** Whether an identifier is the name a variable, parameter, binding or class field (a private one too: `#base`) declares. */
function isDeclarationName(ts: Ts, id: TsNamespace.Identifier | TsNamespace.PrivateIdentifier): boolean {
  const p = id.parent;
  return (
    !!p &&
    (ts.isVariableDeclaration(p) ||
      ts.isParameter(p) ||
      ts.isBindingElement(p) ||
      ts.isPropertyDeclaration(p) ||
      ts.isNamespaceImport(p) ||
      ts.isImportClause(p) ||
      ts.isImportSpecifier(p) ||
      ts.isImportEqualsDeclaration(p)) &&
    p.name === id
  );
}

/** A property name's text (identifier, string or numeric literal, or a computed string). */
function memberName(ts: Ts, name: TsNamespace.PropertyName | TsNamespace.JsxAttributeName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteralLike(name) || ts.isNumericLiteral(name) || ts.isPrivateIdentifier(name))
    return name.text;
  if (ts.isComputedPropertyName(name)) {
    const e = skipParens(ts, name.expression);
    return ts.isStringLiteralLike(e) || ts.isNumericLiteral(e) ? e.text : '*';
  }
  return undefined;
}

/** A key known where it is written (`o['x']`, `o[0]`), or undefined when it is built at run time. */
function keyOf(ts: Ts, expr: Expression): string | undefined {
  const e = skipParens(ts, expr);
  return ts.isStringLiteralLike(e) || ts.isNumericLiteral(e) ? e.text : undefined;
}

/** What an object the program builds is, by the expression that makes it. */
function siteKindOf(ts: Ts, init: Expression): SiteRole['what'] | undefined {
  if (ts.isObjectLiteralExpression(init)) return 'object';
  if (ts.isArrayLiteralExpression(init)) return 'array';
  // (A `WeakMap` is read and written as a map is, by `get` and `set`.)
  if (ts.isNewExpression(init) && ts.isIdentifier(init.expression) && ['Map', 'WeakMap'].includes(init.expression.text))
    return 'map';
  if (
    ts.isCallExpression(init) &&
    init.expression.getText() === 'Object.create' &&
    init.arguments[0]?.kind === ts.SyntaxKind.NullKeyword
  )
    return 'object';
  return undefined;
}

/** The expressions a function returns (an arrow's body, its own `return`s, not those of the functions inside it). */
function returnedValues(ts: Ts, calls: Calls, fn: FunctionLike): Expression[] {
  const body = fn.body;
  // Stryker disable next-line ArrayDeclaration: a string is no expression `allocateValue` acts on (it asks node kinds only)
  // Stryker disable next-line ArrayDeclaration: a string is no expression a function returns
  if (!body) return [];
  if (!ts.isBlock(body)) return [body];
  // Stryker disable next-line ArrayDeclaration: a string is no expression a function returns
  const out: Expression[] = [];
  const visit = (n: Node): void => {
    if (ts.isReturnStatement(n) && n.expression) out.push(n.expression);
    else if (!calls.isFunctionLike(n) && !ts.isClassLike(n)) ts.forEachChild(n, visit);
  };
  visit(body);
  return out;
}

/** The method of arrays an expression names (`Array.prototype.map`, `[].map`), if it names one: borrowed with `.call`. */
function arrayMethod(ts: Ts, e: Expression): string | undefined {
  const m = skipParens(ts, e);
  if (!ts.isPropertyAccessExpression(m)) return undefined;
  const owner = skipParens(ts, m.expression);
  const isArrays =
    (ts.isArrayLiteralExpression(owner) && owner.elements.length === 0) ||
    (ts.isPropertyAccessExpression(owner) &&
      owner.name.text === 'prototype' &&
      ts.isIdentifier(owner.expression) &&
      owner.expression.text === 'Array');
  return isArrays ? m.name.text : undefined;
}

const ownThis = new WeakMap<Node, boolean>();

/** Whether an object literal's own functions (methods, accessors, `function` values) read `this`, the object. */
function readsOwnThis(ts: Ts, literal: TsNamespace.ObjectLiteralExpression): boolean {
  const known = ownThis.get(literal);
  if (known !== undefined) return known;
  let found = false;
  const visit = (n: Node): void => {
    if (found) return;
    if (n.kind === ts.SyntaxKind.ThisKeyword) found = objectOfThis(ts, n) === literal;
    else if (!ts.isClassLike(n)) ts.forEachChild(n, visit);
  };
  visit(literal);
  ownThis.set(literal, found);
  return found;
}

/** Whether a function is a generator (`function*`, `*items() {}`): its calls return an iterable of what it yields. */
/** The values a choice gives (`a || b`, `a ?? b`, `ok ? a : b`, in parentheses or not), if it is one. */
function alternatives(ts: Ts, e: Expression): Expression[] | undefined {
  const x = skipParens(ts, e);
  if (ts.isConditionalExpression(x)) return [x.whenTrue, x.whenFalse];
  const op = ts.isBinaryExpression(x) ? x.operatorToken.kind : undefined;
  return ts.isBinaryExpression(x) && (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken)
    ? [x.left, x.right]
    : undefined;
}

function isGenerator(fn: FunctionLike): boolean {
  return 'asteriskToken' in fn && !!fn.asteriskToken;
}

/** Whether a function is `async` (its calls return a promise; an async generator's, an async iterable). */
function isAsyncFunction(ts: Ts, fn: FunctionLike): boolean {
  return fn.modifiers?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword) ?? false;
}

/** The function a statement is in. */
function enclosingFunction(calls: Calls, node: Node): FunctionLike | undefined {
  for (let n = node.parent; n; n = n.parent) if (calls.isFunctionLike(n)) return n;
  return undefined;
}

/** The module an import or `require` declaration names. */
function moduleSpecifierOf(ts: Ts, d: Node): string | undefined {
  for (let n: Node | undefined = d; n; n = n.parent) {
    if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier)) return n.moduleSpecifier.text;
    if (ts.isVariableDeclaration(n) && n.initializer) {
      const init = skipParens(ts, n.initializer);
      // `const { f } = await import('./x.js')`.
      const loaded = dynamicImportOf(ts, init);
      if (loaded !== undefined) return loaded;
      if (ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'require') {
        const arg = init.arguments[0];
        return arg && ts.isStringLiteralLike(arg) ? arg.text : undefined;
      }
      return undefined;
    }
    if (ts.isSourceFile(n) || ts.isBlock(n)) return undefined;
  }
  return undefined;
}

/** Adds a fact to a node's list, one per role and strength: the strongest chain is never hidden by a weaker one that came first. */
function keepFact(byNode: Map<Node, Fact[]>, node: Node, fact: Fact): void {
  const list = byNode.get(node) ?? [];
  if (!list.some((f) => f.role === fact.role && f.strength >= fact.strength)) list.push(fact);
  byNode.set(node, list);
}

/** The node an expression stands for once the parentheses around it are left out (its outermost parenthesis' parent). */
function skipParensUp(ts: Ts, node: Node): Node {
  let n = node;
  while (ts.isParenthesizedExpression(n) && n.parent) n = n.parent;
  return n;
}

/** The path a client's request is given: its first argument, or the `url` of a config object (`api.request({ url })`). */
function clientPath(ts: Ts, arg: Expression | undefined): Expression | undefined {
  const first = arg && skipParens(ts, arg);
  return first && ts.isObjectLiteralExpression(first) ? memberValue(ts, first, 'url') : arg;
}

/** The value an object literal gives a member (`{ url: '/election/field/' }`), if it writes it plainly once. */

/** The `success` callback of a request's options (`$.ajax({ url, success })`): written as a member's value or as a method. */
function successOption(ts: Ts, site: Node): Expression | undefined {
  if (!ts.isObjectLiteralExpression(site)) return undefined;
  const member = site.properties.find((p) => p.name !== undefined && memberName(ts, p.name) === 'success');
  if (member && ts.isMethodDeclaration(member)) return member as unknown as Expression;
  return member && ts.isPropertyAssignment(member) ? member.initializer : undefined;
}

function memberValue(ts: Ts, site: Node, name: string): Expression | undefined {
  if (!ts.isObjectLiteralExpression(site)) return undefined;
  const found = site.properties.filter(
    (p): p is TsNamespace.PropertyAssignment => ts.isPropertyAssignment(p) && memberName(ts, p.name) === name,
  );
  // Stryker disable next-line OptionalChaining: `found[0]` exists when `found` has one element
  return found.length === 1 ? found[0]?.initializer : undefined;
}
