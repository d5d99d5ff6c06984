/**
 * Instances of the program's own classes followed where the checker cannot type them
 * (src/roles/instances.ts and the tracker's `followInstances`): plain JavaScript hands a client
 * through a constructor's parameter into a member, or into a function's parameter, and the method
 * called there names nothing the checker knows. What the engine says at each place is asserted
 * exactly, with what must get nothing (another class's method of the same name, a static method,
 * a function expression's own `this`).
 */
import type { ts as TsNamespace } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import {
  classChain,
  classNameOf,
  classOfMember,
  classOfThis,
  type Maker,
  memberOfClass,
  objectOfMember,
  thisScopes,
} from '../src/roles/instances.js';
import type { FunctionLike } from '../src/roles/program-view.js';
import { analyze, programView, V1 } from './helpers/program.js';

const CLIENT = [
  `const BASE = ${V1};`,
  'class Client {',
  '  async get(path) { const res = await fetch(BASE + path); return res.json(); }',
  "  fields() { return this.get('/election/field/'); }",
  '  static fields() { return []; }',
  '}',
  'module.exports = { Client };',
].join('\n');

const LIST = 'a promise of V1 field list';

describe('an instance handed where the checker cannot type it', () => {
  it('a constructor parameter kept in a member: the method called on the member returns the data', () => {
    const a = analyze({
      'client.js': CLIENT,
      'dir.js': [
        'class Directory {',
        '  constructor(client) { this.client = client; }',
        '  async titles() { const fields = await this.client.fields(); return fields.map((f) => f.long_name); }',
        '}',
        "const { Client } = require('./client');",
        'new Directory(new Client()).titles();',
      ].join('\n'),
    });
    expect(a.says(a.node('new Client()', 0, 'dir.js'))).toEqual(['`new Client()`: an instance of Client']);
    expect(a.says(a.node('this.client.fields()', 0, 'dir.js'))).toEqual([
      `\`this.client.fields()\`: returned by the call, ${LIST}`,
    ]);
    // Each element the callback reads is a descriptor: `long_name` moves.
    expect(a.says(a.node('f', 1, 'dir.js'))).toEqual(['`f`: V1 field descriptor']);
  });

  it('a function parameter; a subclass inherits the method, an override is its own', () => {
    const a = analyze({
      'client.js': CLIENT,
      'use.js': [
        "const { Client } = require('./client');",
        'class Cached extends Client {}',
        'class Offline extends Client { fields() { return Promise.resolve([]); } }',
        'async function load(c) { return c.fields(); }',
        'async function other(c) { return c.fields(); }',
        'load(new Cached());',
        'other(new Offline());',
      ].join('\n'),
    });
    expect(a.says(a.node('c.fields()', 0, 'use.js'))).toEqual([`\`c.fields()\`: returned by the call, ${LIST}`]);
    // `Offline` overrides `fields`: what its own method returns, not the base's request.
    expect(a.says(a.node('c.fields()', 1, 'use.js'))).toEqual([]);
  });

  it("the class's own module is one an inferred program takes importers of; a class handed to `new` as an argument is no instance; a method it lacks reaches nothing", () => {
    const a = analyze({
      'client.js': CLIENT,
      'use.js': [
        "const { Client } = require('./client');",
        'class Wrapper { constructor(k) { this.k = k; } }',
        'const w = new Wrapper(Client);',
        'function load(c) { return c.missing(); }',
        'load(new Client());',
      ].join('\n'),
    });
    expect([...a.roles.exporting].map((sf) => sf.fileName)).toEqual(['/repo/client.js']);
    expect(a.says(a.node('new Wrapper(Client)', 0, 'use.js'))).toEqual([]);
    expect(a.says(a.node('c.missing()', 0, 'use.js'))).toEqual([]);
  });

  it('another class with a method of the same name, a static method, a plain object: nothing', () => {
    const a = analyze({
      'client.js': CLIENT,
      'use.js': [
        "const { Client } = require('./client');",
        'class Cache { fields() { return []; } }',
        'function read(c) { return c.fields(); }',
        'read(new Cache());',
        'function stat(k) { return k.fields(); }',
        'stat(Client);',
        'function plain(o) { return o.fields(); }',
        'plain({ fields: () => [] });',
        'new Client();',
      ].join('\n'),
    });
    expect(a.says(a.node('c.fields()', 0, 'use.js'))).toEqual([]);
    expect(a.says(a.node('k.fields()', 0, 'use.js'))).toEqual([]);
    expect(a.says(a.node('o.fields()', 0, 'use.js'))).toEqual([]);
  });

  it('what a method stores on `this` is read on the instance in another module, and through a getter', () => {
    const a = analyze({
      'client.js': CLIENT,
      'store.js': [
        "const { Client } = require('./client');",
        'class Store {',
        '  async load() { this.items = await new Client().fields(); return this; }',
        '  get first() { return this.items[0]; }',
        '}',
        'module.exports = { Store };',
      ].join('\n'),
      'view.js': [
        "const { Store } = require('./store');",
        'function render(store) { return store.items.map((f) => f.long_name); }',
        'function head(store) { return store.first.long_name; }',
        'function size(store) { return store.count; }',
        'new Store().load().then((s) => { render(s); head(s); size(s); });',
      ].join('\n'),
    });
    expect(a.says(a.node('store.items', 0, 'view.js'))).toEqual(['`store.items`: stored and read back, V1 field list']);
    expect(a.says(a.node('store.first', 0, 'view.js'))).toEqual(['`store.first`: returned by the call, V1 field descriptor']);
    expect(a.says(a.node('store.count', 0, 'view.js'))).toEqual([]);
    // `return this`: the instance the promise resolves to.
    expect(a.says(a.node('s', 1, 'view.js'))).toEqual(['`s`: an instance of Store']);
  });

  it("a function expression's `this` is its own; a class expression held in a variable is followed by that name", () => {
    const a = analyze({
      'a.js': [
        `const BASE = ${V1};`,
        'const Api = class {',
        "  async fields() { const res = await fetch(BASE + '/election/field/'); return res.json(); }",
        '  later() { return function () { return this; }; }',
        '}',
        'function use(api) { return api.fields(); }',
        'use(new Api());',
      ].join('\n'),
    });
    expect(a.says(a.node('api.fields()'))).toEqual([`\`api.fields()\`: returned by the call, ${LIST}`]);
    expect(a.says(a.node('this'))).toEqual([]);
  });

  it("a class nothing API-related happens in is not followed, nor one whose methods return only another service's URL", () => {
    const a = analyze({
      'a.js': [
        'class Plain { get() { return 1; } }',
        "class Own { status() { return 'https://api.voteamerica.org/v1/registration/status/'; } }",
        'function use(p) { return p.get(); }',
        'use(new Plain());',
        'use(new Own());',
      ].join('\n'),
    });
    expect(a.says(a.node('new Plain()'))).toEqual([]);
    expect(a.says(a.node('new Own()'))).toEqual([]);
  });
});

describe('a constructor function (`function Client() {}` with its prototype)', () => {
  const PROTO = [
    `var BASE = ${V1};`,
    'function Client() { this.cache = null; }',
    "Client.prototype.fields = function () { return fetch(BASE + '/election/field/').then(function (r) { return r.json(); }); };",
    'Client.prototype.other = function () { return 1; };',
    'module.exports = Client;',
  ].join('\n');

  it("a method on the prototype, called on an instance handed through a parameter; the prototype's other method gets nothing", () => {
    const a = analyze({
      'client.js': PROTO,
      'use.js': [
        "var Client = require('./client');",
        'function names(c) { return c.fields().then(function (list) { return list.map(function (f) { return f.long_name; }); }); }',
        'function count(c) { return c.other(); }',
        'var c = new Client(); names(c); count(c);',
      ].join('\n'),
    });
    expect(a.says(a.node('c.fields()', 0, 'use.js'))).toEqual([`\`c.fields()\`: returned by the call, ${LIST}`]);
    expect(a.says(a.node('c.other()', 0, 'use.js'))).toEqual([]);
  });

  it('`F.prototype = { … }` and what its methods store through `var self = this`, read in another module', () => {
    const a = analyze({
      'store.js': [
        `var BASE = ${V1};`,
        'function Store() { this.items = []; }',
        'Store.prototype = {',
        '  load: function () {',
        '    var self = this;',
        "    return fetch(BASE + '/election/field/').then(function (r) { return r.json(); }).then(function (list) { self.items = list; return self; });",
        '  },',
        '};',
        'module.exports = Store;',
      ].join('\n'),
      'view.js': [
        "var Store = require('./store');",
        'function render(store) { return store.items.map(function (f) { return f.long_name; }); }',
        'new Store().load().then(render);',
      ].join('\n'),
    });
    expect(a.says(a.node('store.items', 0, 'view.js'))).toEqual(['`store.items`: stored and read back, V1 field list']);
  });
});

describe('an object of functions handed where the checker cannot type it', () => {
  const API = [
    `const BASE = ${V1};`,
    'module.exports = {',
    "  async fields() { const r = await fetch(BASE + '/election/field/'); return r.json(); },",
    '  count: () => 3,',
    '};',
  ].join('\n');

  it('a method called on the object through a parameter, and through a member of another object', () => {
    const a = analyze({
      'api.js': API,
      'use.js': [
        "const api = require('./api');",
        'async function names(x) { return x.fields(); }',
        'function viaDeps(deps) { return deps.api.fields(); }',
        'function other(x) { return x.count(); }',
        'names(api); viaDeps({ api }); other(api);',
      ].join('\n'),
    });
    expect(a.says(a.node('x.fields()', 0, 'use.js'))).toEqual([`\`x.fields()\`: returned by the call, ${LIST}`]);
    expect(a.says(a.node('deps.api.fields()', 0, 'use.js'))).toEqual([`\`deps.api.fields()\`: returned by the call, ${LIST}`]);
    expect(a.says(a.node('x.count()', 0, 'use.js'))).toEqual([]);
  });

  it('an object none of whose functions brings the API data is not followed', () => {
    const a = analyze({ 'a.js': ['const o = { n: () => 1 };', 'function use(x) { return x.n(); }', 'use(o);'].join('\n') });
    expect(a.says(a.node('x.n()'))).toEqual([]);
  });
});

describe("a generic `get(path)` reached through an instance or an object: each call gets its own path's payload", () => {
  const code = (helper: string) => ({
    'api.js': [`const BASE = ${V1};`, helper].join('\n'),
    'use.js': [
      "const { api } = require('./api');",
      "async function names(c) { return c.get('/election/field/'); }",
      "async function yes(c) { return c.get('/election/data/state/IL/'); }",
      'names(api); yes(api);',
    ].join('\n'),
  });
  const cases: Record<string, string> = {
    'a class method': [
      'class Client { async get(path) { const r = await fetch(BASE + path); return r.json(); } }',
      'module.exports = { api: new Client() };',
    ].join('\n'),
    "an object's arrow function, its response read in `.then`": [
      'module.exports = { api: { get: (path) => fetch(BASE + path).then((r) => r.json()) } };',
    ].join('\n'),
  };
  it.each(Object.keys(cases))('%s', (name) => {
    const a = analyze(code(cases[name] as string));
    expect(a.says(a.node("c.get('/election/field/')", 0, 'use.js'))).toEqual([
      `\`c.get('/election/field/')\`: returned by the call, ${LIST}`,
    ]);
    expect(a.says(a.node("c.get('/election/data/state/IL/')", 0, 'use.js'))).toEqual([
      "`c.get('/election/data/state/IL/')`: returned by the call, a promise of V1 state record",
    ]);
  });
});

describe('what an instance has, by its class (src/roles/instances.ts)', () => {
  const program = (files: Record<string, string>) => {
    const q = programView(files);
    const node = (text: string, file = Object.keys(files)[0] as string, nth = 0) => q.node(file, text, nth);
    /** A maker or function as the first line of its text. */
    const text = (n: TsNamespace.Node | undefined) => n?.getText().split('\n')[0];
    return { ts: q.ts, calls: q.calls, node, text };
  };

  it('the name a class or constructor function is known by', () => {
    const q = program({
      'a.js': [
        'class A {}',
        'const B = class {};',
        'const C = (class {});',
        'const D = class E {};',
        'const F = function G() {};',
        'function H() {}',
        'module.exports = class {};',
        'const o = { k: class {} };',
      ].join('\n'),
    });
    const name = (t: string) => classNameOf(q.ts, q.node(t) as Maker)?.text;
    expect(['class A {}', 'class {}', 'class E {}', 'function G() {}', 'function H() {}'].map(name)).toEqual([
      'A',
      'B',
      'D',
      'F',
      'H',
    ]);
    expect(classNameOf(q.ts, q.node('class {}', 'a.js', 1) as Maker)?.text).toBe('C');
    expect(classNameOf(q.ts, q.node('class {}', 'a.js', 2) as Maker)).toBeUndefined();
    expect(classNameOf(q.ts, q.node('class {}', 'a.js', 3) as Maker)).toBeUndefined();
  });

  it('a class and its bases, through parentheses, imports and a class expression; an unknown base ends it', () => {
    const q = program({
      'base.js': 'class A { f() { return 1; } }\nconst K = class {};\nmodule.exports = { A, K };',
      'b.js': [
        "const { A, K } = require('./base');",
        'class B extends A {}',
        'class C extends (B) {}',
        'class D extends K {}',
        'class X extends Unknown {}',
        'class Y {}',
      ].join('\n'),
    });
    const chain = (t: string) => classChain(q.ts, q.calls, q.node(t, 'b.js') as Maker).map(q.text);
    expect(chain('class C extends (B) {}')).toEqual([
      'class C extends (B) {}',
      'class B extends A {}',
      'class A { f() { return 1; } }',
    ]);
    expect(chain('class D extends K {}')).toEqual(['class D extends K {}', 'class {}']);
    expect(chain('class X extends Unknown {}')).toEqual(['class X extends Unknown {}']);
    expect(chain('class Y {}')).toEqual(['class Y {}']);
  });

  it("the member an instance's call or read reaches: its class's, else its base's; a static one, an overload's signature and a field shadow nothing else", () => {
    const q = program({
      'a.ts': [
        'class A { f() { return 1; } g() { return 2; } get v() { return 3; } h() { return 4; } w = 5; static s() { return 6; } }',
        'class B extends A {',
        '  static f() { return 7; }',
        '  g(x: number): number;',
        '  g(x?: number) { return 8; }',
        '  h = () => 9;',
        '  w = 10;',
        '  get u() { return 11; }',
        '}',
        'export {};',
      ].join('\n'),
    });
    const cls = q.node(
      [
        'class B extends A {',
        '  static f() { return 7; }',
        '  g(x: number): number;',
        '  g(x?: number) { return 8; }',
        '  h = () => 9;',
        '  w = 10;',
        '  get u() { return 11; }',
        '}',
      ].join('\n'),
      'a.ts',
    ) as Maker;
    const call = (name: string) => q.text(memberOfClass(q.ts, q.calls, cls, name, 'call'));
    const get = (name: string) => q.text(memberOfClass(q.ts, q.calls, cls, name, 'get'));
    expect(['f', 'g', 'h', 'w', 'u', 'v', 's', 'none'].map(call)).toEqual([
      'f() { return 1; }',
      'g(x?: number) { return 8; }',
      '() => 9',
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(['u', 'v', 'f', 'none'].map(get)).toEqual(['get u() { return 11; }', 'get v() { return 3; }', undefined, undefined]);
  });

  it("a constructor function's prototype: members assigned one by one or as an object, accessors, values that are no function", () => {
    const q = program({
      'a.js': [
        'function F() {}',
        'F.prototype.m = function () { return 1; };',
        'F.prototype.n = 2;',
        'function G() {}',
        'G.prototype = { a() { return 3; }, b: function () { return 4; }, get c() { return 5; }, d: 6, [k]: 7 };',
        'G.other.z = function () {};',
      ].join('\n'),
    });
    const F = q.node('function F() {}') as Maker;
    const G = q.node('function G() {}') as Maker;
    expect(['m', 'n', 'x'].map((n) => q.text(memberOfClass(q.ts, q.calls, F, n, 'call')))).toEqual([
      'function () { return 1; }',
      undefined,
      undefined,
    ]);
    expect(['a', 'b', 'c', 'd', 'z'].map((n) => q.text(memberOfClass(q.ts, q.calls, G, n, 'call')))).toEqual([
      'a() { return 3; }',
      'function () { return 4; }',
      undefined,
      undefined,
      undefined,
    ]);
    expect(q.text(memberOfClass(q.ts, q.calls, G, 'c', 'get'))).toBe('get c() { return 5; }');
    expect(q.text(memberOfClass(q.ts, q.calls, G, 'a', 'get'))).toBeUndefined();
    // Where `this` may be an instance of each: the function and its prototype's functions.
    expect(thisScopes(q.ts, q.calls, F).map(q.text)).toEqual(['function F() {}', 'function () { return 1; }']);
    expect(thisScopes(q.ts, q.calls, G).map(q.text)).toEqual([
      'function G() {}',
      'a() { return 3; }',
      'function () { return 4; }',
      'get c() { return 5; }',
    ]);
  });

  it('whose instance `this` is, and which class or object a function is a member of', () => {
    const q = program({
      'a.js': [
        'class K {',
        '  a = this;',
        '  static b = this;',
        '  constructor() { this.c = 1; }',
        '  m() { return () => this; }',
        '  n() { return function () { return this; }; }',
        '  static s() { return this; }',
        '  set v(x) { this.x = x; }',
        '  get w() { return this.x; }',
        '  f = () => this;',
        '}',
        'function P() { this.q = 1; }',
        'P.prototype.r = function () { return this; };',
        'P.prototype = { t() { return this; }, t2: function () { return 2; } };',
        'const o = { u() { return this; }, k: () => 1, get g() { return 1; }, h: call(() => 2) };',
        'call(() => 3);',
        'X.y.z = function () { return this; };',
      ].join('\n'),
    });
    const whose = (text: string, nth = 0) => q.text(classOfThis(q.ts, q.calls, q.node(text, 'a.js', nth)));
    const kText = 'class K {';
    expect(whose('this', 0)).toBe(kText); // a field's initializer
    expect(whose('this', 1)).toBeUndefined(); // a static field's
    expect(whose('this', 2)).toBe(kText); // the constructor
    expect(whose('this', 3)).toBe(kText); // an arrow in a method
    expect(whose('this', 4)).toBe('function () { return this; }'); // a function expression's own
    expect(whose('this', 5)).toBeUndefined(); // a static method
    expect(whose('this', 6)).toBe(kText); // a setter
    expect(whose('this', 7)).toBe(kText); // a getter
    expect(whose('this', 8)).toBe(kText); // a field's arrow
    expect(whose('this', 9)).toBe('function P() { this.q = 1; }');
    expect(whose('this', 10)).toBe('function P() { this.q = 1; }');
    expect(whose('this', 11)).toBe('function P() { this.q = 1; }');
    const member = (text: string) => {
      const [code, nth] = text.split('#') as [string, string | undefined];
      const fn = q.node(code, 'a.js', Number(nth ?? 0)) as FunctionLike;
      return q.text(classOfMember(q.ts, q.calls, fn)) ?? q.text(objectOfMember(q.ts, fn));
    };
    expect(
      [
        'm() { return () => this; }',
        'static s() { return this; }',
        'constructor() { this.c = 1; }',
        'get w() { return this.x; }',
        '() => this#1',
        'function () { return this; }#1',
        't() { return this; }',
        'function () { return 2; }',
        'u() { return this; }',
        '() => 1',
        'get g() { return 1; }',
        '() => 2',
        '() => 3',
        // A function written inside a method is no member.
        '() => this',
        'function () { return this; }',
      ].map(member),
    ).toEqual([
      kText,
      undefined,
      undefined,
      kText,
      kText,
      'function P() { this.q = 1; }',
      'function P() { this.q = 1; }',
      'function P() { this.q = 1; }',
      'const o = { u() { return this; }, k: () => 1, get g() { return 1; }, h: call(() => 2) };'.slice(10, -1),
      'const o = { u() { return this; }, k: () => 1, get g() { return 1; }, h: call(() => 2) };'.slice(10, -1),
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    // A function assigned to a member of something that is no prototype is no member of a maker.
    expect(
      q.text(classOfMember(q.ts, q.calls, q.node('function () { return this; }', 'a.js', 2) as FunctionLike)),
    ).toBeUndefined();
  });

  it('a base that is no class: a parameter (a mixin), a variable assigned later or holding a call, an implemented class, an empty `extends`', () => {
    const q = program({
      'a.js': [
        'function mix(Base) { return class extends Base {}; }',
        'let L;',
        'L = class {};',
        'class M extends L {}',
        'const N = make();',
        'class O extends N {}',
        // Code being written: `extends` naming nothing yet.
        'class Q extends {}',
      ].join('\n'),
      'b.ts': ['class I { f() { return 1; } }', 'class P implements I { f() { return 2; } }', 'export {};'].join('\n'),
    });
    const chain = (t: string, file = 'a.js') => classChain(q.ts, q.calls, q.node(t, file) as Maker).map(q.text);
    expect(chain('class extends Base {}')).toEqual(['class extends Base {}']);
    expect(chain('class M extends L {}')).toEqual(['class M extends L {}']);
    expect(chain('class O extends N {}')).toEqual(['class O extends N {}']);
    expect(chain('class Q extends {}')).toEqual(['class Q extends {}']);
    // `implements` is no base: the instance has only its own `f`.
    expect(chain('class P implements I { f() { return 2; } }', 'b.ts')).toEqual(['class P implements I { f() { return 2; } }']);
  });

  it("a prototype chained by `Object.create`, members read, compared or copied, an element access: only what is assigned a member's name", () => {
    const q = program({
      'a.js': [
        'function A() {}',
        'A.prototype.a = function () { return 1; };',
        'function B() { A.call(this); }',
        'B.prototype = Object.create(A.prototype);',
        'B.prototype.constructor = B;',
        'B.prototype.b = function () { return A.prototype.a.call(this); };',
        "B.prototype['c'] = function () { return 3; };",
        'var saved;',
        'saved = B.prototype.b;',
        'if (B.prototype.b == null) saved = null;',
      ].join('\n'),
    });
    const A = q.node('function A() {}') as Maker;
    const B = q.node('function B() { A.call(this); }') as Maker;
    const call = (maker: Maker, name: string) => q.text(memberOfClass(q.ts, q.calls, maker, name, 'call'));
    expect(call(A, 'a')).toBe('function () { return 1; }');
    // `constructor` holds a name, no function written there. (`B.prototype['c']` and the `a` B inherits
    // through `Object.create` are not known: an element access, a chain of prototypes are not followed.)
    expect(['b', 'constructor'].map((n) => call(B, n))).toEqual(['function () { return A.prototype.a.call(this); }', undefined]);
    expect(thisScopes(q.ts, q.calls, A).map(q.text)).toEqual(['function A() {}', 'function () { return 1; }']);
    expect(thisScopes(q.ts, q.calls, B).map(q.text)).toEqual([
      'function B() { A.call(this); }',
      'function () { return A.prototype.a.call(this); }',
    ]);
  });

  it('members named by a number, a computed key or a spread are none an instance is known to have', () => {
    const q = program({
      'a.js': [
        'function G() {}',
        "G.prototype = { ...mixin, 0: function () { return 0; }, [key]: function () { return 1; }, 'd': function () { return 2; } };",
        'class N { 0() { return 3; } #p() { return 4; } e() { return this.#p(); } }',
      ].join('\n'),
    });
    const G = q.node('function G() {}') as Maker;
    const N = q.node('class N { 0() { return 3; } #p() { return 4; } e() { return this.#p(); } }') as Maker;
    expect(['d', '0'].map((n) => q.text(memberOfClass(q.ts, q.calls, G, n, 'call')))).toEqual([
      'function () { return 2; }',
      undefined,
    ]);
    expect(thisScopes(q.ts, q.calls, G).map(q.text)).toEqual(['function G() {}', 'function () { return 2; }']);
    expect(['e', '0', '#p'].map((n) => q.text(memberOfClass(q.ts, q.calls, N, n, 'call')))).toEqual([
      'e() { return this.#p(); }',
      undefined,
      undefined,
    ]);
  });

  it("`this` in a static block, in an object literal's setter, in a static setter: no instance's", () => {
    const q = program({
      'a.js': [
        'class K {',
        '  static { this.x = 1; }',
        '  static set s(v) { this.y = v; }',
        '  set t(v) { this.z = v; }',
        '}',
        'const o = { set v(x) { this.w = x; } };',
      ].join('\n'),
    });
    const whose = (nth: number) => q.text(classOfThis(q.ts, q.calls, q.node('this', 'a.js', nth)));
    expect([0, 1, 2, 3].map(whose)).toEqual([undefined, undefined, 'class K {', undefined]);
  });

  it("a function written into a constructor function's other members, or into a plain variable, is no member of it", () => {
    const q = program({
      'a.js': [
        'function P() {}',
        'P.defaults = { m() { return this; } };',
        'P.helpers = {};',
        'P.helpers.n = function () { return this; };',
        'var handler;',
        'handler = function () { return this; };',
        'P.prototype.r = function () { return this; };',
      ].join('\n'),
    });
    const of = (text: string, nth = 0) => q.text(classOfMember(q.ts, q.calls, q.node(text, 'a.js', nth) as FunctionLike));
    expect([of('m() { return this; }'), of('function () { return this; }', 0), of('function () { return this; }', 1)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(of('function () { return this; }', 2)).toBe('function P() {}');
  });
});

describe('what an instance keeps in a map or object it holds as a member', () => {
  const code = (member: string, init: string, write: string, read: string) => ({
    'store.js': [
      `const BASE = ${V1};`,
      'class Cache {',
      member === 'ctor' ? `  constructor() { this.byKey = ${init}; }` : `  byKey = ${init};`,
      `  async fill() { const r = await fetch(BASE + '/election/data/state/IL/'); ${write}; }`,
      `  record(code) { return ${read}; }`,
      '}',
      'module.exports = { Cache };',
    ].join('\n'),
    'view.js': [
      "const { Cache } = require('./store');",
      "function yes(cache) { return cache.record('IL').state_information.filter((i) => i.value).length; }",
      'const c = new Cache();',
      'c.fill().then(() => yes(c));',
    ].join('\n'),
  });
  const cases: [string, Record<string, string>][] = [
    [
      'a Map made in the constructor (`this.byKey = new Map()`)',
      code('ctor', 'new Map()', "this.byKey.set('IL', await r.json())", 'this.byKey.get(code)'),
    ],
    ['an object made in a class field (`byKey = {}`)', code('field', '{}', 'this.byKey.IL = await r.json()', 'this.byKey[code]')],
  ];
  it.each(cases)('%s: read back through a method, on an instance handed to a function', (_name, files) => {
    const a = analyze(files);
    expect(a.says(a.node("cache.record('IL')", 0, 'view.js'))).toEqual([
      "`cache.record('IL')`: returned by the call, V1 state record",
    ]);
  });
});

describe("a TypeScript constructor's parameter property (`constructor(private client: any)`)", () => {
  it('an instance kept by it: the method called on the member returns the data', () => {
    const a = analyze({
      'client.ts': `const BASE = ${V1};\nexport class Client { async fields(): Promise<any> { const r = await fetch(BASE + '/election/field/'); return r.json(); } }`,
      'dir.ts': [
        "import { Client } from './client';",
        'class Directory {',
        '  constructor(private readonly client: any) {}',
        '  async titles() { return this.client.fields(); }',
        '}',
        'new Directory(new Client()).titles();',
      ].join('\n'),
    });
    expect(a.says(a.node('this.client.fields()', 0, 'dir.ts'))).toEqual([
      `\`this.client.fields()\`: returned by the call, ${LIST}`,
    ]);
  });

  it('data kept by it, read in a method; a plain parameter of the same name is no member', () => {
    const a = analyze({
      'a.ts': [
        `const BASE = ${V1};`,
        'class View {',
        '  constructor(public fields: any[]) {}',
        '  names() { return this.fields.map((f: any) => f.long_name); }',
        '}',
        'class Other {',
        '  fields: any[] = [];',
        '  constructor(fields: any[]) {}',
        '  names() { return this.fields; }',
        '}',
        "export async function show() { const list = await fetch(BASE + '/election/field/').then((r) => r.json()); return [new View(list).names(), new Other(list).names()]; }",
      ].join('\n'),
    });
    expect(a.says(a.node('this.fields'))).toEqual(['`this.fields`: V1 field list']);
    expect(a.says(a.node('this.fields', 1))).toEqual([]);
  });

  it('data kept by it and read only on the instance, outside the class', () => {
    const a = analyze({
      'a.ts': [
        `const BASE = ${V1};`,
        'class Holder {',
        '  constructor(public fields: any[]) {}',
        '}',
        'function names(h: any) { return h.fields.map((f: any) => f.long_name); }',
        "export async function show() { return names(new Holder(await fetch(BASE + '/election/field/').then((r) => r.json()))); }",
      ].join('\n'),
    });
    expect(a.says(a.node('h.fields'))).toEqual(['`h.fields`: stored and read back, V1 field list']);
  });
});

describe('a method that hands the data to the callback it is given (`fields(cb) { … cb(null, data); }`)', () => {
  const cases: Record<string, string> = {
    'a class': [
      'class Client {',
      "  fields(cb) { fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => cb(null, d)); }",
      '}',
      'module.exports = { make: () => new Client() };',
    ].join('\n'),
    'an object of functions': [
      'module.exports = { make: () => api };',
      "const api = { fields(cb) { fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => cb(null, d)); } };",
    ].join('\n'),
  };
  it.each(Object.keys(cases))('%s, called on an instance handed on untyped: the callback gets the data', (name) => {
    const a = analyze({
      'client.js': `const BASE = ${V1};\n${cases[name]}`,
      'use.js': [
        "const { make } = require('./client');",
        'function show(client) { client.fields((err, list) => list.map((f) => f.long_name)); }',
        'show(make());',
      ].join('\n'),
    });
    expect(a.says(a.node('list', 1, 'use.js'))).toEqual(['`list`: V1 field list']);
    // Followed: no marker at `cb(null, d)` for a person to read the callback.
    expect([...a.roles.unfollowed(a.sf('client.js'))]).toEqual([]);
  });
});
