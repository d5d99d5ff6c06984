/**
 * What the built-in functions and the libraries' functions the role engine knows make of an argument
 * (src/roles/tracker.ts `argument`; #28 mutation testing of tracker.ts: its survivors): timers,
 * `new URL`/`Request`/`Map`, `Object.values`/`fromEntries`, `Array.from`, promises, copies, Vue's
 * `reactive`/`unref`/`provide`, lodash's `assign` family, `push`/`concat`, `url.resolve`, an event's
 * name. Each rule holds at the argument it names and no other. Small programs; what the engine says
 * of a node, and where it says the data is handed to a callback it cannot see, asserted exactly.
 */
import { describe, expect, it } from 'vitest';
import { analyze, V1 } from './helpers/program.js';

const BASE = `const BASE = ${V1};`;
/** The engine over one file: `head` (imports), `BASE`, then the lines. */
const run = (lines: string[], head = '') => analyze({ 'a.js': [head, BASE, ...lines].filter(Boolean).join('\n') });
type Analysis = ReturnType<typeof analyze>;
/** What the engine says of a node, by its text (the nth one). */
const at = (a: Analysis, t: string | (string | number)[]) =>
  typeof t === 'string' ? a.saysAt(t) : a.saysAt(t[0] as string, t[1] as number);
const unfollowed = (a: Analysis) => a.unfollowed();

describe('an argument of a built-in or a known library function', () => {
  it('the timers hand the callback the arguments after the delay (`setImmediate`, after the callback)', () => {
    const a = run([
      "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); setInterval((x, y) => y[0].long_name, 10, 0, fields); setTimeout((x, y) => y[0].long_name, 10, 0, fields); setImmediate((y) => y[0].long_name, fields); };",
    ]);
    expect(['y[0]', ['y[0]', 1], ['y[0]', 2]].map((t) => at(a, t))).toEqual([
      ['`y[0]`: an element, V1 field descriptor'],
      ['`y[0]`: an element, V1 field descriptor'],
      ['`y[0]`: an element, V1 field descriptor'],
    ]);
  });

  it("a delay is not the callback's: data given as one is handed to no one", () => {
    const a = run([
      "export function later(cb) { return fetch(BASE + '/election/field/').then((r) => r.json()).then((fields) => setTimeout(cb, fields)); }",
    ]);
    expect([].map((t) => at(a, t))).toEqual([]);
    expect(unfollowed(a)).toEqual([]);
  });

  it('`new globalThis.URL` joins; `new Request(url)` is that URL, and nothing else it is given', () => {
    const a = run([
      "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); const u = new globalThis.URL('/election/field/', BASE); const r = new Request(BASE + '/election/field/'); const q = new Request('x', BASE); const q2 = new Request(fields); return [u, r, q, q2]; };",
    ]);
    expect(
      [
        "new globalThis.URL('/election/field/', BASE)",
        "new Request(BASE + '/election/field/')",
        "new Request('x', BASE)",
        'new Request(fields)',
      ].map((t) => at(a, t)),
    ).toEqual([
      [
        "`new globalThis.URL('/election/field/', BASE)`: a base URL and a path joined, an API path",
        "`new globalThis.URL('/election/field/', BASE)`: a base URL and a path joined, an API URL",
      ],
      ["`new Request(BASE + '/election/field/')`: a V1 API URL"],
      [],
      [],
    ]);
  });

  it("`new Map(entries)` holds the entries' values; a second argument is no entries", () => {
    const a = run([
      "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); const m = new Map(fields.map((f) => [f.slug, f])); const n = new Map([], fields); const m2 = new Map(); for (const f of fields) m2.set(f.slug, f); return [m.get('x').long_name, n, m2.get('x').long_name]; };",
    ]);
    expect(
      ['new Map(fields.map((f) => [f.slug, f]))', 'new Map([], fields)', "m.get('x')", "m2.get('x')"].map((t) => at(a, t)),
    ).toEqual([
      ['`new Map(fields.map((f) => [f.slug, f]))`: a map the program builds'],
      [],
      ["`m.get('x')`: stored and read back, V1 field descriptor"],
      ["`m2.get('x')`: stored and read back, V1 field descriptor"],
    ]);
  });

  it('`Object.values` of an object the program fills, `Array.from`, `Object.fromEntries` of entries and of a map', () => {
    const a = run([
      "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); const byId = {}; for (const f of fields) byId[f.slug] = f; const v = Object.values(byId); const w = Array.from(fields, (f) => f); const o = Object.fromEntries(fields.map((f) => [f.slug, f])); const e = Object.fromEntries(new Map(fields.map((f) => [f.slug, f]))); const l = Object.values(fields); return [v[0].long_name, w[0].long_name, o.x.long_name, e.x.long_name, l[0].long_name]; };",
    ]);
    expect(
      [
        'Object.values(byId)',
        'v[0]',
        'Array.from(fields, (f) => f)',
        'w[0]',
        'Object.fromEntries(fields.map((f) => [f.slug, f]))',
        'o.x',
        'Object.fromEntries(new Map(fields.map((f) => [f.slug, f])))',
        'e.x',
        'Object.values(fields)',
        'l[0]',
      ].map((t) => at(a, t)),
    ).toEqual([
      ['`Object.values(byId)`: an array the program builds'],
      ['`v[0]`: stored and read back, V1 field descriptor'],
      ['`Array.from(fields, (f) => f)`: an array the program builds'],
      ['`w[0]`: stored and read back, V1 field descriptor'],
      ['`Object.fromEntries(fields.map((f) => [f.slug, f]))`: an object the program builds'],
      ['`o.x`: stored and read back, V1 field descriptor'],
      ['`Object.fromEntries(new Map(fields.map((f) => [f.slug, f])))`: an object the program builds'],
      ['`e.x`: stored and read back, V1 field descriptor'],
      ['`Object.values(fields)`: an array the program builds'],
      ['`l[0]`: stored and read back, V1 field descriptor'],
    ]);
  });

  it('an object built by `Object.fromEntries` handed to an unseen callback is said there', () => {
    const a = run([
      "export function k(cb) { return fetch(BASE + '/election/field/').then((r) => r.json()).then((fields) => cb(Object.fromEntries(fields.map((f) => [f.slug, f])))); }",
    ]);
    expect([].map((t) => at(a, t))).toEqual([]);
    expect(unfollowed(a)).toEqual(['cb']);
  });

  it('promises: `race` of a list of them is one of their values, `resolve` a promise of the value; only what is their first argument', () => {
    const a = run([
      "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); const p = await Promise.race([fields]); const q = await Promise.race(0, [fields]); const r = await Promise.resolve(fields); return [p, q, r[0].long_name]; };",
    ]);
    expect(['Promise.race([fields])', 'p', 'q', 'Promise.resolve(fields)', 'r[0]'].map((t) => at(a, t))).toEqual([
      ['`Promise.race([fields])`: awaited, a promise of V1 field list'],
      ['`p`: V1 field list'],
      [],
      ['`Promise.resolve(fields)`: a promise of V1 field list'],
      ['`r[0]`: an element, V1 field descriptor'],
    ]);
  });

  it('copies: `JSON.parse(JSON.stringify(x))`, `Object.seal(x)`; not a replacer, a second argument, or another call around `JSON.stringify`', () => {
    const a = run([
      "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); const s = JSON.parse(JSON.stringify(fields)); const t = JSON.parse(JSON.stringify(0, fields)); const u = encodeURIComponent(JSON.stringify(fields)); const o = Object.seal(fields); const z = Object.seal(0, fields); return [s, t, u, o, z]; };",
    ]);
    expect(['s', 't', 'u', 'Object.seal(fields)', 'o', 'z'].map((t) => at(a, t))).toEqual([
      ['`s`: V1 field list'],
      [],
      [],
      ['`Object.seal(fields)`: V1 field list'],
      ['`o`: V1 field list'],
      [],
    ]);
  });

  it('`String(url)` and `encodeURI(url)` are the URL; not a second argument, and not the data', () => {
    const a = run([
      'export const s = String(BASE); export const t = String(0, BASE); export const e = encodeURI(BASE);',
      "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); const q = String(fields); return q; };",
    ]);
    expect(['String(BASE)', 'String(0, BASE)', 'encodeURI(BASE)', 'q'].map((t) => at(a, t))).toEqual([
      ['`String(BASE)`: a V1 base URL'],
      [],
      ['`encodeURI(BASE)`: a V1 base URL'],
      [],
    ]);
  });

  it('Vue: `reactive`, `unref` and `toValue` of the data are the data, of a ref its value, of an object the object; not their second argument', () => {
    const a = run(
      [
        "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); const s = reactive(fields); const t = reactive(0, fields); const u = unref(fields); const v = unref(0, fields); const w = unref(ref(fields)); const x = toValue(fields); const o = unref({ a: fields }); return [s[0].long_name, t, u[0].long_name, v, w[0].long_name, x[0].long_name, o.a[0].long_name]; };",
      ],
      "import { reactive, provide, inject, unref, toValue, ref } from 'vue';",
    );
    expect(
      [
        'reactive(fields)',
        'reactive(0, fields)',
        'unref(fields)',
        'unref(0, fields)',
        'unref(ref(fields))',
        'w[0]',
        'toValue(fields)',
        'o.a',
        'o.a[0]',
      ].map((t) => at(a, t)),
    ).toEqual([
      ['`reactive(fields)`: V1 field list'],
      [],
      ['`unref(fields)`: V1 field list'],
      [],
      ['`unref(ref(fields))`: V1 field list'],
      ['`w[0]`: an element, V1 field descriptor'],
      ['`toValue(fields)`: V1 field list'],
      ['`o.a`: stored and read back, V1 field list'],
      ['`o.a[0]`: an element, V1 field descriptor'],
    ]);
  });

  it('Vue: `provide(key, value)` is what `inject(key)` gives; a value given as the key is provided under no key', () => {
    const a = run(
      [
        "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); provide('f', fields); provide(BASE, 1); };",
        "export const g = () => { const h = inject('f'); const k = inject(BASE); return [h[0].long_name, k]; };",
      ],
      "import { reactive, provide, inject, unref, toValue, ref } from 'vue';",
    );
    expect(["inject('f')", 'h[0]', 'inject(BASE)'].map((t) => at(a, t))).toEqual([
      ["`inject('f')`: V1 field list"],
      ['`h[0]`: an element, V1 field descriptor'],
      [],
    ]);
  });

  it("lodash: `assign`, `assignIn`, `extend`, `defaults` are `Object.assign`; another function's second argument is not its collection", () => {
    const a = run(
      [
        "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); const a = _.assign({}, fields[0]); const b = _.assignIn({}, fields[0]); const c = _.extend({}, fields[0]); const d = _.defaults({}, fields[0]); const e = _.head(0, fields); const g = _.head(fields); return [a.long_name, b.long_name, c.long_name, d.long_name, e, g.long_name]; };",
      ],
      "import _ from 'lodash';",
    );
    expect(['a', 'b', 'c', 'd', 'e', 'g'].map((t) => at(a, t))).toEqual([
      ['`a`: V1 field descriptor'],
      ['`b`: V1 field descriptor'],
      ['`c`: V1 field descriptor'],
      ['`d`: V1 field descriptor'],
      [],
      ['`g`: V1 field descriptor'],
    ]);
  });

  it('an array the program fills with `push` or builds with `concat`', () => {
    const a = run([
      "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); const out = []; out.push(fields[0]); const c = [].concat(fields); return [out[0].long_name, c[0].long_name]; };",
    ]);
    expect(['out[0]', '[].concat(fields)', 'c[0]'].map((t) => at(a, t))).toEqual([
      ['`out[0]`: stored and read back, V1 field descriptor'],
      ['`[].concat(fields)`: V1 field list'],
      ['`c[0]`: an element, V1 field descriptor'],
    ]);
  });

  it("a parameter's default function called where no caller hands one returns to the call", () => {
    const a = run([
      'export const g = (list, fmt = (l) => l[0]) => fmt(list);',
      "export const h = async () => g(await fetch(BASE + '/election/field/').then((r) => r.json())).long_name;",
    ]);
    expect(['fmt(list)'].map((t) => at(a, t))).toEqual([['`fmt(list)`: returned by the call, V1 field descriptor']]);
  });

  it('`url.resolve(base, path)` joins, whatever holds the `url` module; `path.resolve` does not', () => {
    const a = run(
      [
        "export const u = url.resolve(BASE, '/election/field/');",
        "const n = { url }; export const v = n.url.resolve(BASE, '/election/field/');",
        "export const w = path.resolve(BASE, '/election/field/');",
      ],
      "import url from 'url'; import path from 'path';",
    );
    expect(
      [
        "url.resolve(BASE, '/election/field/')",
        "n.url.resolve(BASE, '/election/field/')",
        "path.resolve(BASE, '/election/field/')",
      ].map((t) => at(a, t)),
    ).toEqual([
      [
        "`url.resolve(BASE, '/election/field/')`: a base URL and a path joined, an API path",
        "`url.resolve(BASE, '/election/field/')`: a base URL and a path joined, an API URL",
      ],
      [
        "`n.url.resolve(BASE, '/election/field/')`: a base URL and a path joined, an API path",
        "`n.url.resolve(BASE, '/election/field/')`: a base URL and a path joined, an API URL",
      ],
      [],
    ]);
  });

  it('an event named in parentheses reaches its listeners; one named by a variable reaches none and is handed to no one', () => {
    const a = run(
      [
        "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); bus.emit(name, fields); bus.emit(('loaded'), fields); };",
        "bus.on('loaded', (list) => list[0].long_name);",
      ],
      "import { EventEmitter } from 'events'; const bus = new EventEmitter(); const name = 'fields';",
    );
    expect(['list[0]'].map((t) => at(a, t))).toEqual([['`list[0]`: an element, V1 field descriptor']]);
    expect(unfollowed(a)).toEqual([]);
  });
});
