/**
 * #28 mutation testing of tracker.ts: the heap (objects, arrays and maps the program builds). What
 * is stored under a member (`o.x = v`, `o[0] = v`, `list.push(v)`, `map.set(k, v)`) is read back
 * there; `Object.assign` and `{ ...o }` copy members; a name's `{}`, `[]`, `new Map()` is where its
 * object is made. What the engine says of a node, and the codemod's exact output.
 */
import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/codemod/transform.js';
import { analyze, V1 } from './helpers/program.js';

const migrate = (lines: readonly string[]) => transformSource(lines.join('\n'), 'a.js').output.split('\n');

/** `exports.f`, given the V1 field list as `fields`: the lines of its body, then what it returns. */
const withFields = (...body: string[]) => [
  `const BASE = ${V1};`,
  'exports.f = async (key) => {',
  "  const fields = await fetch(BASE + '/election/field/').then((r) => r.json());",
  ...body.map((l) => `  ${l}`),
  '};',
];
const program = (...body: string[]) => analyze({ 'a.js': withFields(...body).join('\n') });

const STORED = (text: string, what = 'V1 field descriptor') => `\`${text}\`: stored and read back, ${what}`;
const BUILT = (text: string, what = 'an object') => `\`${text}\`: ${what} the program builds`;

describe('an array the program fills', () => {
  it('what is pushed is each of its elements', () => {
    const body = ['const list = [];', 'list.push(fields[0]);', 'return list.map((f) => f.long_name);'];
    const a = program(...body);
    expect(a.says(a.node('f', 2))).toEqual(['`f`: V1 field descriptor']);
    expect(migrate(withFields(...body)).at(-2)).toBe('  return list.map((f) => f.description);');
  });

  it('an element stored at a numbered place is there, and not at another', () => {
    const a = program('const list = [];', 'list[10] = fields[0];', 'return [list[10].long_name, list[0], list[2]];');
    expect(a.says(a.node('list[10]', 1))).toEqual([STORED('list[10]')]);
    expect(a.says(a.node('list[0]'))).toEqual([]);
    expect(a.says(a.node('list[2]'))).toEqual([]);
  });

  it('an element stored under a name that is no place (`list.top1`, `list["1st"]`) may be at any place', () => {
    const a = program(
      'const list = [];',
      'const more = [];',
      'list.top1 = fields[0];',
      "more['1st'] = fields[1];",
      'return [list[0], list[5], more[0]];',
    );
    expect(a.says(a.node('list[0]'))).toEqual([STORED('list[0]')]);
    expect(a.says(a.node('list[5]'))).toEqual([STORED('list[5]')]);
    expect(a.says(a.node('more[0]'))).toEqual([STORED('more[0]')]);
  });

  it('an element stored at its place is also one of the elements', () => {
    const a = program('const list = [];', 'list[0] = fields[0];', 'return list.map((f) => f.long_name);');
    expect(a.says(a.node('f', 2))).toEqual(['`f`: V1 field descriptor']);
  });
});

describe('`Object.assign(target, …sources)`', () => {
  it('a named target gets the members of each source, later read on it', () => {
    const body = ['const byKey = {};', 'Object.assign(byKey, { first: fields[0] });', 'return byKey.first.long_name;'];
    const a = program(...body);
    expect(a.says(a.node('byKey.first'))).toEqual([STORED('byKey.first')]);
    expect(a.says(a.node('byKey', 1))).toEqual([BUILT('byKey')]);
    // The call is the target, and an object that holds what the sources hold.
    const call = 'Object.assign(byKey, { first: fields[0] })';
    expect(a.says(a.node(call))).toEqual([BUILT(call), BUILT(call)]);
    expect(a.says(a.node('{ first: fields[0] }'))).toEqual([BUILT('{ first: fields[0] }')]);
    expect(migrate(withFields(...body)).at(-2)).toBe('  return byKey.first.description;');
  });

  it('a literal target is a new object, holding what the sources hold', () => {
    const a = program('const o = Object.assign({}, { first: fields[0] });', 'return o.first.long_name;');
    expect(a.says(a.node('o.first'))).toEqual([STORED('o.first')]);
    expect(a.says(a.node('{}'))).toEqual([BUILT('{}')]);
    const call = 'Object.assign({}, { first: fields[0] })';
    expect(a.says(a.node(call))).toEqual([BUILT(call), BUILT(call)]);
  });

  it('a literal target holds what the sources hold, read on it', () => {
    const a = program('const o = {};', "Object.assign(o, { first: fields[0] }, { second: fields[1] }, 'x');", 'return o.second;');
    expect(a.says(a.node('o.second'))).toEqual([STORED('o.second')]);
  });

  it('what the call returns is the target itself: an API object stays that object', () => {
    const call = 'Object.assign(fields[0], { extra: 1 })';
    const a = program(`return ${call}.long_name;`);
    expect(a.says(a.node(call))).toEqual([`\`${call}\`: V1 field descriptor`]);
  });

  it('a copy of an API object into a literal is that object', () => {
    const a = program('const o = Object.assign({}, fields[0]);', 'return o.long_name;');
    expect(a.says(a.node('{}'))).toEqual(['`{}`: V1 field descriptor']);
    expect(a.says(a.node('Object.assign({}, fields[0])'))).toEqual(['`Object.assign({}, fields[0])`: V1 field descriptor']);
  });

  it('a literal target that has members of its own is one object', () => {
    const a = program('return Object.assign({ own: fields[1] }, { first: fields[0] }).first;');
    expect(a.says(a.node('{ own: fields[1] }'))).toEqual([BUILT('{ own: fields[1] }')]);
  });

  it('what the call returns holds what the sources hold, whatever the target is: request options', () => {
    const code = [
      "const axios = require('axios');",
      `const BASE = ${V1};`,
      'const defaults = {};',
      'exports.f = async () => {',
      "  const r = await axios(Object.assign(Object.create(defaults), { url: BASE + '/election/field/' }));",
      '  return r.data[0].long_name;',
      '};',
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('r.data[0]'))).toEqual(['`r.data[0]`: an element, V1 field descriptor']);
    expect(migrate(code).at(-2)).toBe('  return r.data[0].description;');
  });

  it('a list or an array given as a source copies no members', () => {
    const a = program('const o = Object.assign({}, fields, [fields[0]]);', 'return o;');
    expect(a.says(a.node('Object.assign({}, fields, [fields[0]])'))).toEqual([]);
    expect(a.says(a.node('{}'))).toEqual([]);
  });

  it('an array given as the target gets no elements from an object’s members', () => {
    const a = program('const list = [];', 'Object.assign(list, { first: fields[0] });', 'return list.map((x) => x.long_name);');
    expect(a.says(a.node('x', 1))).toEqual([]);
    expect(a.says(a.node('list', 1))).toEqual([BUILT('list', 'an array')]);
  });
});

describe('`{ ...o }`', () => {
  it('each of two copies of one object holds its members', () => {
    const a = program(
      'const d = { first: fields[0] };',
      'const a = { ...d };',
      'const b = { ...d, more: fields[1] };',
      'return [a.first.long_name, b.first.long_name];',
    );
    expect(a.says(a.node('a.first'))).toEqual([STORED('a.first')]);
    expect(a.says(a.node('b.first'))).toEqual([STORED('b.first')]);
    expect(a.says(a.node('{ ...d }'))).toEqual([BUILT('{ ...d }')]);
    expect(a.says(a.node('{ ...d, more: fields[1] }'))).toEqual([BUILT('{ ...d, more: fields[1] }')]);
  });

  it('a copy of an API object is that object, not an object of the program’s', () => {
    const a = program('const b = { ...fields[0], extra: 1 };', 'return b.long_name;');
    expect(a.says(a.node('{ ...fields[0], extra: 1 }'))).toEqual(['`{ ...fields[0], extra: 1 }`: V1 field descriptor']);
  });

  it('a list spread into an object is no object of it', () => {
    const a = program('const a = { ...fields };', 'return a;');
    expect(a.says(a.node('{ ...fields }'))).toEqual([]);
  });

  it('a map spread into an object gives it no members (a map’s entries are no properties)', () => {
    const a = program('const m = new Map();', "m.set('first', fields[0]);", 'const c = { ...m };', 'return [c.first, c[key]];');
    expect(a.says(a.node('c.first'))).toEqual([]);
    expect(a.says(a.node('c[key]'))).toEqual([]);
  });

  it('a member read by a key named at run time, on a copy, is any member of the original', () => {
    const a = program('const d = { first: fields[0] };', 'const c = { ...d };', 'return c[key].long_name;');
    expect(a.says(a.node('c[key]'))).toEqual([STORED('c[key]')]);
  });
});

describe('where an object the program fills is made', () => {
  it('a map made in a constructor (`this.byKey = new Map()`)', () => {
    const code = [
      `const BASE = ${V1};`,
      'class Cache {',
      '  constructor() { this.byKey = new Map(); }',
      "  async load() { for (const f of await fetch(BASE + '/election/field/').then((r) => r.json())) this.byKey.set(f.slug, f); }",
      '  name(slug) { return this.byKey.get(slug).long_name; }',
      '}',
      'exports.Cache = Cache;',
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('new Map()'))).toEqual([BUILT('new Map()', 'a map')]);
    expect(a.says(a.node('this.byKey.get(slug)'))).toEqual([STORED('this.byKey.get(slug)')]);
    expect(migrate(code).at(-3)).toBe('  name(slug) { return this.byKey.get(slug).description; }');
  });

  it('a class field (`byKey = {}`)', () => {
    const code = [
      `const BASE = ${V1};`,
      'class Cache {',
      '  byKey = {};',
      "  async load() { for (const f of await fetch(BASE + '/election/field/').then((r) => r.json())) this.byKey[f.slug] = f; }",
      '  name(slug) { return this.byKey[slug].long_name; }',
      '}',
      'exports.Cache = Cache;',
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('{}'))).toEqual([BUILT('{}')]);
    expect(a.says(a.node('this.byKey[slug]'))).toEqual([STORED('this.byKey[slug]')]);
  });

  it('`Object.create(null)` and a `WeakMap`', () => {
    const a = program(
      'const byKey = Object.create(null);',
      'const weak = new WeakMap();',
      'fields.forEach((f) => { byKey[f.slug] = f; });',
      'weak.set(key, fields[0]);',
      'return [byKey.vbm_no_excuse.long_name, weak.get(key).long_name];',
    );
    expect(a.says(a.node('Object.create(null)'))).toEqual([BUILT('Object.create(null)')]);
    expect(a.says(a.node('new WeakMap()'))).toEqual([BUILT('new WeakMap()', 'a map')]);
    expect(a.says(a.node('weak.get(key)'))).toEqual([STORED('weak.get(key)')]);
  });

  it('a variable given its object after it is declared (`let o = null; … o = {}`)', () => {
    const body = ['let o = null;', 'o = {};', 'o.first = fields[0];', 'return o.first.long_name;'];
    const a = program(...body);
    expect(a.says(a.node('{}'))).toEqual([BUILT('{}')]);
    expect(a.says(a.node('o.first', 1))).toEqual([STORED('o.first')]);
    expect(migrate(withFields(...body)).at(-2)).toBe('  return o.first.description;');
  });

  it('a variable given its object by `??=`, `||=`; a literal beside it in `||` is another object', () => {
    const a = program(
      'let o;',
      'o ??= {};',
      'o.first = fields[0];',
      'const other = o || {};',
      'let p = null;',
      'p ||= [];',
      'p.push(fields[0]);',
      'return [o.first.long_name, other, p[0]];',
    );
    expect(a.says(a.node('p[0]'))).toEqual([STORED('p[0]')]);
    expect(a.says(a.node('{}'))).toEqual([BUILT('{}')]);
    expect(a.says(a.node('{}', 1))).toEqual([]);
    expect(a.says(a.node('o.first', 1))).toEqual([STORED('o.first')]);
  });

  it('a member written on an API object is not read back from it', () => {
    const a = program('const f = fields[0];', 'f.extra = fields[1];', 'fields[2].extra = fields[1];', 'return f.extra;');
    expect(a.says(a.node('f.extra', 1))).toEqual([]);
  });

  it('what a function returns is not an object made where the name is', () => {
    const a = program('const o = String(key);', 'o.first = fields[0];', 'return o;');
    expect(a.says(a.node('String(key)'))).toEqual([]);
  });

  it('a copy of an API object, then written to, stays that object', () => {
    const a = program('const copy = { ...fields[0] };', 'copy.extra = 1;', 'return copy.long_name;');
    expect(a.says(a.node('{ ...fields[0] }'))).toEqual(['`{ ...fields[0] }`: V1 field descriptor']);
  });
});

describe('a member stored on an instance from outside its class', () => {
  it('`const s = new Store(); s.fields = list`: read back on the instance', () => {
    const code = [
      `const BASE = ${V1};`,
      'class Store {}',
      'const s = new Store();',
      'exports.load = async () => {',
      "  s.fields = await fetch(BASE + '/election/field/').then((r) => r.json());",
      '};',
      'exports.name = () => s.fields[0].long_name;',
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('s.fields', 1))).toEqual([STORED('s.fields', 'V1 field list')]);
    expect(migrate(code).at(-1)).toBe('exports.name = () => s.fields[0].description;');
  });

  it('an instance a class field holds (`store = new Store()`, then `this.store.fields = list`)', () => {
    const code = [
      `const BASE = ${V1};`,
      'class Store {}',
      'class App {',
      '  store = new Store();',
      "  async load() { this.store.fields = await fetch(BASE + '/election/field/').then((r) => r.json()); }",
      '  name() { return this.store.fields[0].long_name; }',
      '}',
      'exports.App = App;',
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('this.store.fields', 1))).toEqual([STORED('this.store.fields', 'V1 field list')]);
    expect(migrate(code).at(-3)).toBe('  name() { return this.store.fields[0].description; }');
  });

  it('a TypeScript class with the member declared', () => {
    const code = [
      `const BASE = ${V1};`,
      'class Store { fields: any[] = []; }',
      'const s = new Store();',
      'export const load = async () => {',
      "  s.fields = await fetch(BASE + '/election/field/').then((r) => r.json());",
      '};',
      'export const name = () => s.fields[0].long_name;',
    ];
    expect(transformSource(code.join('\n'), 'a.ts').output.split('\n').at(-1)).toBe(
      'export const name = () => s.fields[0].description;',
    );
  });

  it('an instance handed to a function that stores on it', () => {
    const code = [
      `const BASE = ${V1};`,
      "class Store { load() { return fetch(BASE + '/election/field/').then((r) => r.json()); } }",
      'const save = (st, data) => { st.fields = data; };',
      'exports.go = async () => {',
      '  const s = new Store();',
      '  save(s, await s.load());',
      '  return s.fields[0].long_name;',
      '};',
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('s.fields'))).toEqual([STORED('s.fields', 'V1 field list')]);
    expect(migrate(code).at(-2)).toBe('  return s.fields[0].description;');
  });
});
