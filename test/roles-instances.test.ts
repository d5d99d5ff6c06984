/**
 * Instances of the program's own classes followed where the checker cannot type them
 * (src/roles/instances.ts and the tracker's `followInstances`): plain JavaScript hands a client
 * through a constructor's parameter into a member, or into a function's parameter, and the method
 * called there names nothing the checker knows. What the engine says at each place is asserted
 * exactly, with what must get nothing (another class's method of the same name, a static method,
 * a function expression's own `this`).
 */
import { describe, expect, it } from 'vitest';
import { analyze, V1 } from './helpers/program.js';

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

  it('a class nothing API-related happens in is not followed', () => {
    const a = analyze({
      'a.js': ['class Plain { get() { return 1; } }', 'function use(p) { return p.get(); }', 'use(new Plain());'].join('\n'),
    });
    expect(a.says(a.node('new Plain()'))).toEqual([]);
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
