/**
 * The API's data through iterables the program makes (src/roles/tracker.ts: `yieldFrom`, `method`,
 * `load`; src/roles/library-names.ts: `returnsList`), and requests made by calling an axios
 * instance itself: a generator's call is an iterable of what it yields (`yield x`: x; `yield* xs`:
 * xs's elements), `.next()` on it is `{ value, done }`; `list.entries()` is an iterator of
 * `[index, element]` pairs, `list.values()` of the elements; an element read by index of a list the
 * program makes from another (`Array.from(list)[0]`) may be any of its elements; `api(path)` and
 * `api({ url })` on `axios.create({ baseURL })` are requests. Each was a silent wrong answer: the
 * base moved to V2 and the read stayed V1, with no marker. Exact output of the codemod (one file)
 * and of the engine.
 */
import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/codemod/transform.js';
import { analyze, V1 } from './helpers/program.js';

const migrate = (lines: readonly string[]) => transformSource(lines.join('\n'), 'a.js').output.split('\n');

const HEAD = [`const BASE = ${V1};`, "const list = () => fetch(BASE + '/election/field/').then((r) => r.json());"];
const STATE = [`const BASE = ${V1};`, "const state = () => fetch(BASE + '/election/data/state/IL/').then((r) => r.json());"];
const MOVED = "const BASE = 'https://api.voteamerica.org/v2';";

describe('generators: a call is an iterable of what the generator yields', () => {
  it('`yield* await list()` in an async generator, read by `for await`: each element is a descriptor', () => {
    const code = [
      ...HEAD,
      'async function* gen() { yield* await list(); }',
      'exports.f = async () => { for await (const f of gen()) console.log(f.long_name); };',
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('f', 2))).toEqual(['`f`: V1 field descriptor']);
    expect(migrate(code)).toEqual([
      MOVED,
      HEAD[1],
      code[2],
      'exports.f = async () => { for await (const f of gen()) console.log(f.description); };',
    ]);
  });

  it('a plain generator handed the list (`yield f` in its loop), read by `for…of`, spread and `Array.from`', () => {
    const code = [
      ...HEAD,
      'function* each(fields) { for (const f of fields) yield f; }',
      'exports.f = async () => { const fields = await list(); for (const f of each(fields)) console.log(f.long_name); };',
      'exports.g = async () => [...each(await list())][0].long_name;',
      'exports.h = async () => Array.from(each(await list()))[0].long_name;',
      // A generator's `return x` is no element: what it returns is not what a loop reads.
      'function* none(fields) { return fields; }',
      'exports.n = async () => { for (const x of none(await list())) console.log(x.long_name); };',
    ];
    expect(migrate(code).slice(3)).toEqual([
      'exports.f = async () => { const fields = await list(); for (const f of each(fields)) console.log(f.description); };',
      'exports.g = async () => [...each(await list())][0].description;',
      'exports.h = async () => Array.from(each(await list()))[0].description;',
      code[6],
      code[7],
    ]);
  });

  it('`yield` of one value (a state item found in the record), read back by `.next().value`', () => {
    const code = [
      ...STATE,
      "function* vbm(record) { yield record.state_information.find((i) => i.field_type === 'vbm_no_excuse'); }",
      'exports.f = async () => vbm(await state()).next().value.value;',
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    // (Two facts of one role, with the request's context and without it: said alike.)
    expect(new Set(a.says(a.node('vbm(await state()).next().value')))).toEqual(
      new Set(['`vbm(await state()).next().value`: stored and read back, V1 state information item']),
    );
    expect(migrate(code).slice(2)).toEqual([
      "function* vbm(record) { yield record.state_information.find((i) => i.field_type === 'has_no_excuse_absentee'); }",
      'exports.f = async () => vbm(await state()).next().value.bool_value;',
    ]);
  });

  it("an async generator's `.next()` is a promise of `{ value, done }`", () => {
    const code = [
      ...HEAD,
      'async function* gen() { yield* await list(); }',
      'exports.f = async () => (await gen().next()).value.long_name;',
    ];
    expect(migrate(code).slice(3)).toEqual(['exports.f = async () => (await gen().next()).value.description;']);
  });
});

describe('array iterators', () => {
  it('`for (const [i, f] of fields.entries())`: the second of each pair is an element', () => {
    const code = [
      ...HEAD,
      'exports.f = async () => { const fields = await list(); for (const [i, f] of fields.entries()) console.log(i, f.long_name); };',
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('f', 2))).toEqual(['`f`: V1 field descriptor']);
    expect(a.says(a.node('i', 0))).toEqual([]);
    expect(migrate(code).slice(2)).toEqual([
      'exports.f = async () => { const fields = await list(); for (const [i, f] of fields.entries()) console.log(i, f.description); };',
    ]);
  });

  it('`for (const f of fields.values())`: each is an element', () => {
    const code = [
      ...HEAD,
      'exports.f = async () => { const fields = await list(); for (const f of fields.values()) console.log(f.long_name); };',
    ];
    expect(migrate(code).slice(2)).toEqual([
      'exports.f = async () => { const fields = await list(); for (const f of fields.values()) console.log(f.description); };',
    ]);
  });

  it('an element read by index of a list made from another (`Array.from(fields)[0]`, `fields.map((f) => f)[0]`)', () => {
    const code = [
      ...HEAD,
      'exports.f = async () => { const fields = await list(); return [Array.from(fields)[0].long_name, fields.map((f) => f)[0].long_name]; };',
      // An array literal's element by index is still the one at that place.
      'exports.g = async () => { const pair = [(await list())[0], { long_name: 1 }]; return pair[1].long_name; };',
    ];
    expect(migrate(code).slice(2)).toEqual([
      'exports.f = async () => { const fields = await list(); return [Array.from(fields)[0].description, fields.map((f) => f)[0].description]; };',
      code[3],
    ]);
  });
});

describe('an axios instance called directly', () => {
  const AXIOS = ["const axios = require('axios');", `const BASE = ${V1};`, 'const api = axios.create({ baseURL: BASE });'];

  it("`api('/election/field/')` is a request of the field list", () => {
    const code = [
      ...AXIOS,
      "exports.f = async () => { const { data } = await api('/election/field/'); return data[0].long_name; };",
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('data', 1))).toEqual(['`data`: V1 field list']);
    expect(migrate(code)).toEqual([
      AXIOS[0],
      MOVED,
      AXIOS[2],
      "exports.f = async () => { const { data } = await api('/election/field/'); return data[0].description; };",
    ]);
  });

  it("`api({ url: '/election/field/' })` and `api.request({ url })`: the config's `url` is the path", () => {
    const code = [
      ...AXIOS,
      "exports.f = async () => { const { data } = await api({ url: '/election/field/' }); return data[0].long_name; };",
      "exports.g = async () => (await api.request({ url: '/election/field/' })).data[0].long_name;",
    ];
    expect(migrate(code).slice(3)).toEqual([
      "exports.f = async () => { const { data } = await api({ url: '/election/field/' }); return data[0].description; };",
      "exports.g = async () => (await api.request({ url: '/election/field/' })).data[0].description;",
    ]);
  });
});

describe('a Map iterated: its entries are `[key, value]` pairs', () => {
  it('`for (const [k, v] of map)` and `map.entries()`; `forEach` and `values()` give the values', () => {
    const code = [
      ...HEAD,
      'exports.f = () => list().then((fields) => {',
      '  const m = new Map(fields.map((f) => [f.slug, f]));',
      '  const n = new Map();',
      '  for (const f of fields) n.set(f.slug, f);',
      '  for (const [k, v] of m) console.log(k, v.long_name);',
      '  for (const [k2, w] of n.entries()) console.log(k2, w.long_name);',
      '  n.forEach((x) => console.log(x.long_name));',
      '  for (const y of m.values()) console.log(y.long_name);',
      '});',
    ];
    expect(migrate(code)).toEqual([MOVED, ...code.slice(1).map((l) => l.replaceAll('long_name', 'description'))]);
  });
});
