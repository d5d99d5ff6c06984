/**
 * #28 mutation testing of src/roles/tracker.ts, its survivors between an HTTP client's base URL
 * options and the module's helpers: a request's options (`baseURL`, `url`), `const { x } = obj`
 * making `obj.x` the same value, Vue's `ref`/`computed`, rest parameters, a callback's callers
 * (`bindCallersAround`), a promise executor's `resolve`, React's `useState`/`useReducer` and a class
 * component's `this.setState`, callbacks in objects of options and held by parameters, JSX function
 * props and attributes, a site config's plugin modules (on disk: they are resolved there), and the
 * helpers (`returnedValues`, `siteKindOf`, `arrayMethod`, `clientPath`/`memberValue`,
 * `boundFunction`, `eventKey`, `moduleSpecifierOf`, `keepFact`, `isExported`). Small programs;
 * what the engine says of a node, where it says data is handed to a callback it cannot see, the
 * URLs handed to calls it cannot see into, the files it wants and the files exporting API values,
 * asserted exactly.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ts as TsNamespace } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { loadMappings } from '../src/mapping/load.js';
import { analyzeRoles } from '../src/roles/analysis.js';
import { evidenceOf } from '../src/roles/evidence.js';
import { inferredProgram } from '../src/roles/inferred.js';
import { nodeByText } from './helpers/nodes.js';
import { analyze, type Node, V1 } from './helpers/program.js';

const BASE = `const BASE = ${V1};`;
/** The engine over one file: `head` (imports), `BASE`, then the lines. */
const run = (lines: string[], head = '') => analyze({ 'a.js': [head, BASE, ...lines].filter(Boolean).join('\n') });

/** The engine over files written to a real folder (a plugin module is resolved on disk), of which the program holds `held`. */
function onDisk(files: Record<string, string>, held: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'roles-hooks-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const view = inferredProgram(new Map(held.map((p) => [join(dir, p), files[p] as string])));
  const roles = analyzeRoles(view, loadMappings());
  const sf = (file: string) => view.files.get(join(dir, file)) as TsNamespace.SourceFile;
  const node = (text: string, nth = 0, file = held[0] as string): Node => nodeByText(view.ts, sf(file), text, nth);
  const says = (n: Node) => roles.at(n).map((f) => evidenceOf(f).at(-1)?.says);
  return { view, roles, sf, node, says, root: `${dir}/` };
}

type Analysis = ReturnType<typeof analyze> | ReturnType<typeof onDisk>;
/** A node by its text (the nth one, in a file): a bare name is the nth identifier so written (a parameter's or a binding's too). */
type Text = string | (string | number)[];
function nodeOf(a: Analysis, t: Text): Node {
  const [text, nth = 0, file = 'root' in a ? undefined : 'a.js'] = (typeof t === 'string' ? [t] : t) as [
    string,
    number?,
    string?,
  ];
  if (!/^[A-Za-z_$][\w$]*$/.test(text)) return a.node(text, nth, file);
  const { ts } = a.view;
  const sf = file ? a.sf(file) : a.node(text, 0).getSourceFile();
  const found: Node[] = [];
  const visit = (n: Node): void => {
    if (ts.isIdentifier(n) && n.text === text) found.push(n);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  const n = found[nth];
  if (!n) throw new Error(`no name ${text} (#${nth})`);
  return n;
}
/** What the engine says of a node (the last step of each fact's evidence). */
const at = (a: Analysis, t: Text) => a.says(nodeOf(a, t));
/** Each fact's whole chain of evidence at a node. */
const chain = (a: Analysis, t: Text) => a.roles.at(nodeOf(a, t)).map((f) => evidenceOf(f).map((s) => s.says));
/** Where the engine says the data is handed to a callback it cannot see into. */
const unfollowed = (a: Analysis, file = 'a.js') => a.roles.unfollowed(a.sf(file)).map((u) => u.node.getText());
/** The same, with how many facts each place is said with. */
const handedFacts = (a: Analysis, file = 'a.js') => a.roles.unfollowed(a.sf(file)).map((u) => [u.node.getText(), u.facts.length]);
/** Calls handed an API URL that they are not seen to use (`unseenUrls`). */
const unseenUrls = (a: Analysis, file = 'a.js') => a.roles.unseenUrls(a.sf(file)).map((u) => u.node.getText());
/** The files the program does not hold that the engine wants, relative to the folder. */
const wanted = (a: Analysis) => [...a.roles.wanted].map((w) => w.replace('root' in a ? a.root : '/repo/', '')).sort();
/** The files whose exports carry API values. */
const exporting = (a: Analysis) =>
  [...a.roles.exporting].map((s) => s.fileName.replace('root' in a ? a.root : '/repo/', '')).sort();

describe("a request's options (`argument`'s tail)", () => {
  it('a `Map` handed as the options is no options object: its `baseURL` entry makes no request', () => {
    const a = run(
      [
        "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); const opts = new Map(); opts.set('baseURL', BASE); const got = await axios.get('/election/field/', opts); return got; };",
      ],
      "import axios from 'axios';",
    );
    expect(["axios.get('/election/field/', opts)", 'got'].map((t) => at(a, t))).toEqual([[], []]);
  });

  it('the `url` of options given second is not requested: the call is handed a URL it is not seen to use', () => {
    const a = run([
      "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); const got = await $.ajax('/x', { url: BASE + '/election/field/' }); return got; };",
    ]);
    expect(["$.ajax('/x', { url: BASE + '/election/field/' })", 'got'].map((t) => at(a, t))).toEqual([[], []]);
    expect(unseenUrls(a)).toEqual(["$.ajax('/x', { url: BASE + '/election/field/' })"]);
  });

  it('a `baseURL` option holding a whole URL, or data, is no base: no client is joined', () => {
    const a = run(
      [
        "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); const r = await axios.get('/x', { baseURL: BASE + '/election/field/' }); const s = await axios.get('/y', { baseURL: fields }); return [r, s]; };",
      ],
      "import axios from 'axios';",
    );
    expect(
      ["axios.get('/x', { baseURL: BASE + '/election/field/' })", "axios.get('/y', { baseURL: fields })"].map((t) => at(a, t)),
    ).toEqual([[], []]);
    expect(unseenUrls(a)).toEqual(["axios.get('/x', { baseURL: BASE + '/election/field/' })"]);
  });

  it("`axios.get(path, { baseURL })` joins them there, its chain from the base option's value", () => {
    const a = run(
      ["export const g = () => axios.get('/election/field/', { baseURL: BASE }).then((r) => r.data[0].long_name);"],
      "import axios from 'axios';",
    );
    expect(["axios.get('/election/field/', { baseURL: BASE })", 'r.data[0]'].map((t) => at(a, t))).toEqual([
      [
        "`axios.get('/election/field/', { baseURL: BASE })`: a base URL and a path joined, an HTTP client with a base URL",
        "`axios.get('/election/field/', { baseURL: BASE })`: the response of GET /v1/election/field/, a promise of a response whose body is V1 field list",
      ],
      ['`r.data[0]`: an element, V1 field descriptor'],
    ]);
    expect(["axios.get('/election/field/', { baseURL: BASE })"].map((t) => chain(a, t))).toEqual([
      [
        [
          "`'https://api.voteamerica.org/v1'`: a V1 base URL",
          '`BASE`: a V1 base URL',
          '`BASE`: a V1 base URL',
          "`axios.get('/election/field/', { baseURL: BASE })`: a base URL and a path joined, an HTTP client with a base URL",
        ],
        [
          "`'https://api.voteamerica.org/v1'`: a V1 base URL",
          '`BASE`: a V1 base URL',
          '`BASE`: a V1 base URL',
          "`axios.get('/election/field/', { baseURL: BASE })`: the response of GET /v1/election/field/, a promise of a response whose body is V1 field list",
        ],
      ],
    ]);
  });
});

describe('`const { x } = obj`: `obj.x` is the same value (`sameMember`)', () => {
  it("a `const` object: its member of the binding's name is what the binding is, no other member", () => {
    const a = run([
      'export function show(make) { const byField = make(); const { description, options, field_format } = byField; return [byField.options, byField.other, options]; }',
    ]);
    expect(['byField.options', 'byField.other', ['options', 2]].map((t) => at(a, t))).toEqual([
      ['`byField.options`: V2 list of values'],
      [],
      ['`options`: V2 list of values'],
    ]);
  });

  it('a `let` object may hold another by then: its member is not said', () => {
    const a = run([
      'export function show(make) { let byField = make(); const { description, options, field_format } = byField; return [byField.options, byField.other, options]; }',
    ]);
    expect(['byField.options', ['options', 2]].map((t) => at(a, t))).toEqual([[], ['`options`: V2 list of values']]);
  });

  it('a slug-named binding: the member of that slug is the item, another member is not', () => {
    const a = run([
      'export function show(make) { const byField = make(); const { vbm_no_excuse: entry } = byField; return [byField.vbm_no_excuse, byField.other, entry]; }',
    ]);
    expect(['byField.vbm_no_excuse', 'byField.other', ['entry', 1]].map((t) => at(a, t))).toEqual([
      ['`byField.vbm_no_excuse`: a member named by a slug, V1 state information item (vbm_no_excuse)'],
      [],
      ['`entry`: V1 state information item (vbm_no_excuse)'],
    ]);
  });

  it('an imported object, or a name declared nowhere, is no `const` of the file: its member is not said', () => {
    const a = analyze({
      'p.js': 'export default { x: 1 };',
      'a.js':
        "import item from './p.js'; const { description, options, field_format } = item; export const x = [item.options, options];",
      'b.js': 'const { description, options, field_format } = undeclared; export const y = [undeclared.options, options];',
    });
    expect(
      [
        ['item.options', 0, 'a.js'],
        ['options', 2, 'a.js'],
        ['undeclared.options', 0, 'b.js'],
        ['options', 2, 'b.js'],
      ].map((t) => at(a, t)),
    ).toEqual([[], ['`options`: V2 list of values'], [], ['`options`: V2 list of values']]);
  });
});

describe("Vue's `ref` and `computed`", () => {
  it('`ref(x).value` is `x`; `computed(getter).value` is what the getter returns', () => {
    const a = run(
      [
        "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); const r = ref(fields); const c = computed(() => fields); return [r.value[0].long_name, c.value[0].long_name]; };",
      ],
      "import { ref, computed } from 'vue';",
    );
    expect(['r.value', 'r.value[0]', 'c.value', 'c.value[0]'].map((t) => at(a, t))).toEqual([
      ['`r.value`: stored and read back, V1 field list'],
      ['`r.value[0]`: an element, V1 field descriptor'],
      ['`c.value`: stored and read back, V1 field list'],
      ['`c.value[0]`: an element, V1 field descriptor'],
    ]);
  });

  it('a ref is an object: copied by `Object.assign`, or handed to an unseen callback with the data in it', () => {
    const a = run(
      [
        "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); const o = Object.assign({}, ref(fields)); return o.value[0].long_name; };",
        "export function k(cb) { return fetch(BASE + '/election/field/').then((r) => r.json()).then((fields) => cb(ref(fields))); }",
      ],
      "import { ref, computed } from 'vue';",
    );
    expect(['ref(fields)', 'o.value', 'o.value[0]'].map((t) => at(a, t))).toEqual([
      ['`ref(fields)`: an object the program builds'],
      ['`o.value`: stored and read back, V1 field list'],
      ['`o.value[0]`: an element, V1 field descriptor'],
    ]);
    expect(unfollowed(a)).toEqual(['cb']);
  });
});

describe('arguments and parameters', () => {
  it('a rest parameter gets no single argument', () => {
    const a = run([
      'function h(...rest) { return rest; }',
      "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); return h(fields)[0]; };",
    ]);
    expect(['rest', ['rest', 1], 'h(fields)'].map((t) => at(a, t))).toEqual([[], [], []]);
  });

  it('a function handed as an argument past the last parameter is bound to none', () => {
    const a = run([
      'function g(list) { return list; }',
      "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); return g(fields, () => 0); };",
    ]);
    expect(['list', 'g(fields, () => 0)'].map((t) => at(a, t))).toEqual([
      ['`list`: an argument reaching this parameter, V1 field list'],
      ['`g(fields, () => 0)`: returned by the call, V1 field list'],
    ]);
  });
});

describe("a callback's callers (`bindCallersAround`)", () => {
  it('a helper calling its parameter gets the functions its callers pass, through callers that pass theirs on; a function named as an argument is no call of it', () => {
    const a = run([
      "function withFields(cb) { return fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => cb(d)); }",
      'export function outer(done) { return withFields(done); }',
      'export function main(x) { withFields((list) => list[0].long_name); return x; }',
      'main((y) => y); outer((l2) => l2[0].long_name);',
      'export const q = run(withFields);',
    ]);
    expect(['cb', ['cb', 1], 'x', 'list[0]', 'l2[0]', 'done'].map((t) => at(a, t))).toEqual([
      ['`cb`: an argument reaching this parameter, a function', '`cb`: an argument reaching this parameter, a function'],
      ['`cb`: a function', '`cb`: a function'],
      [],
      ['`list[0]`: an element, V1 field descriptor'],
      ['`l2[0]`: an element, V1 field descriptor'],
      ['`done`: an argument reaching this parameter, a function'],
    ]);
  });

  it('a callback passed on in a choice (`done || noop`) brings in the callers of the function passing it, alone or with a function beside it', () => {
    const a = run([
      "const noop = () => 0; function withFields(cb, x) { return fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => cb(d)); }",
      'export function outer5(done) { return withFields(done || noop); }',
      'export function outer6(done) { return withFields(done || noop, () => 0); }',
      'outer5((l6) => l6[0].long_name); outer6((l7) => l7[0].long_name);',
    ]);
    expect(['l6[0]', 'l7[0]', 'done', ['done', 2]].map((t) => at(a, t))).toEqual([
      ['`l6[0]`: an element, V1 field descriptor'],
      ['`l7[0]`: an element, V1 field descriptor'],
      ['`done`: an argument reaching this parameter, a function'],
      ['`done`: an argument reaching this parameter, a function'],
    ]);
  });

  it("a method calling `this.cb` brings in its class's constructor (made by `new Loader` without arguments), not its other methods' callers", () => {
    const a = run([
      "class Loader { constructor() { this.cb = (x) => x; } load() { return fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => this.cb(d)); } }",
      'export const l = new Loader; l.load();',
      "class Api { load() { return fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => this.cb(d)); } on(cb) { this.cb = cb; } }",
      'export const api = new Api(); api.on((list) => list[0].long_name); api.load();',
    ]);
    expect(['x', 'this.cb(d)', 'l.load()', 'list', 'list[0]'].map((t) => at(a, t))).toEqual([
      ['`x`: an argument reaching this parameter, V1 field list'],
      ['`this.cb(d)`: returned by the call, V1 field list'],
      ['`l.load()`: returned by the call, a promise of V1 field list'],
      [],
      [],
    ]);
    expect(unfollowed(a)).toEqual(['this.cb']);
  });
});

describe("a promise's executor (`resolves`)", () => {
  it('`resolve(data)` of `new Promise((resolve) => …)` makes a promise of the data, with parentheses or through `.then(resolve)`; `reject`, another class, a second argument do not', () => {
    const a = run([
      "export const a1 = () => new Promise((res, rej) => fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => rej(d)));",
      "export const a2 = () => new Foo((resolve) => fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => resolve(d)));",
      "export const a3 = () => new Promise((r) => r(1), (resolve) => fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => resolve(d)));",
      "export const a4 = () => new Promise((resolve) => fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => resolve(d)));",
      "export const a5 = () => new Promise((resolve) => fetch(BASE + '/election/field/').then((r) => r.json()).then(resolve));",
      "export const a8 = () => new Promise(((resolve) => fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => resolve(d))));",
    ]);
    expect(
      [
        "new Promise((res, rej) => fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => rej(d)))",
        "new Foo((resolve) => fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => resolve(d)))",
        "new Promise((r) => r(1), (resolve) => fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => resolve(d)))",
        "new Promise((resolve) => fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => resolve(d)))",
        "new Promise((resolve) => fetch(BASE + '/election/field/').then((r) => r.json()).then(resolve))",
        "new Promise(((resolve) => fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => resolve(d))))",
      ].map((t) => at(a, t)),
    ).toEqual([
      [],
      [],
      [],
      ["`new Promise((resolve) => fetch(BASE + '/election/field/')…`: awaited, a promise of V1 field list"],
      ["`new Promise((resolve) => fetch(BASE + '/election/field/')…`: awaited, a promise of V1 field list"],
      ["`new Promise(((resolve) => fetch(BASE + '/election/field/'…`: awaited, a promise of V1 field list"],
    ]);
    expect(unfollowed(a)).toEqual(['rej', 'resolve', 'resolve']);
  });

  it('`resolve(url)` is no request, and the function around it is no callback holder', () => {
    const a = run([
      "export const u = () => new Promise((resolve) => resolve(BASE + '/election/field/'));",
      "function load(unused) { return new Promise((resolve) => fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => resolve(d))); }",
      'load(() => 0);',
    ]);
    expect(
      [
        "resolve(BASE + '/election/field/')",
        "new Promise((resolve) => resolve(BASE + '/election/field/'))",
        'unused',
        'load(() => 0)',
      ].map((t) => at(a, t)),
    ).toEqual([
      [],
      ["`new Promise((resolve) => resolve(BASE + '/election/field/'))`: awaited, a promise of a V1 API URL"],
      [],
      ['`load(() => 0)`: returned by the call, a promise of V1 field list'],
    ]);
  });
});

describe("React's state (`setsState`)", () => {
  it('`useState` (also `React.useState`): the setter given data, or passed to `.then`, sets the state', () => {
    const a = run(
      [
        "export function C() { const [fields, setFields] = useState([]); const [s2, set2] = React.useState(); useEffect(() => { fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => setFields(d)); fetch(BASE + '/election/field/').then((r) => r.json()).then(set2); }, []); return [fields[0].long_name, s2]; }",
      ],
      "import { useState, useReducer, useMemo } from 'react';",
    );
    expect(['fields', ['fields', 1], 'fields[0]', 's2', ['s2', 1]].map((t) => at(a, t))).toEqual([
      ['`fields`: V1 field list'],
      ['`fields`: V1 field list'],
      ['`fields[0]`: an element, V1 field descriptor'],
      ['`s2`: V1 field list'],
      ['`s2`: V1 field list'],
    ]);
  });

  it("no state: a pair from a loop or an array, or the state called, is no hook's", () => {
    const a = run(
      [
        "export function C(pairs) { for (const [a, setA] of pairs) fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => setA(d)); const [b, setB] = pairs; fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => setB(d)); return [b]; }",
        "export function C2() { const [load, setLoad] = useState(); fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => load(d)); return load; }",
      ],
      "import { useState, useReducer, useMemo } from 'react';",
    );
    expect(['a', 'b', ['b', 1], 'load', ['load', 2]].map((t) => at(a, t))).toEqual([[], [], [], [], []]);
  });

  it("another hook's pair is not state: its setter is handed what it is given", () => {
    const a = run(
      [
        "export function C() { const [v, setV] = useMemo((s, a) => a); fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => setV(d)); const [u, setU] = useCustom(); const x = setU(BASE); return [v, u, x]; }",
      ],
      "import { useState, useReducer, useMemo } from 'react';",
    );
    expect(['a', 'u'].map((t) => at(a, t))).toEqual([[], []]);
    expect(unseenUrls(a)).toEqual(['setU(BASE)']);
  });

  it("`useReducer`: a dispatched action is the reducer's second parameter, and the state what it returns", () => {
    const a = run(
      [
        "const reducer = (state, action) => action.payload; export function C() { const [state, dispatch] = useReducer(reducer, []); fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => dispatch({ payload: d })); return state[0].long_name; }",
      ],
      "import { useState, useReducer, useMemo } from 'react';",
    );
    expect(['action', 'action.payload', ['state', 1], 'state[0]'].map((t) => at(a, t))).toEqual([
      ['`action`: an argument reaching this parameter, an object the program builds'],
      ['`action.payload`: stored and read back, V1 field list'],
      ['`state`: V1 field list'],
      ['`state[0]`: an element, V1 field descriptor'],
    ]);
  });

  it('`useReducer` with a reducer of one parameter, or none: no action is bound', () => {
    const a = run(
      [
        "const reducer = (state) => state; export function C() { const [state, dispatch] = useReducer(reducer, []); fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => dispatch(d)); const [s2, d2] = useReducer(); fetch(BASE + '/election/field/').then((r) => r.json()).then(d2); return [state, s2]; }",
      ],
      "import { useState, useReducer, useMemo } from 'react';",
    );
    expect([['state', 1], 's2'].map((t) => at(a, t))).toEqual([[], []]);
  });

  it('a setter given a URL or an updater sets the state; a dispatched URL is no request', () => {
    const a = run(
      [
        "export function C() { const [url, setUrl] = useState(); const x = setUrl(BASE); fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => setUrl(() => d)); return [url, x]; }",
        "const reducer2 = (state, action) => action; export function D() { const [state2, dispatch2] = useReducer(reducer2, []); dispatch2(BASE + '/election/field/'); return state2; }",
      ],
      "import { useState, useReducer, useMemo } from 'react';",
    );
    expect(['url', "dispatch2(BASE + '/election/field/')", 'state2', 'action'].map((t) => at(a, t))).toEqual([
      ['`url`: a V1 base URL', '`url`: V1 field list'],
      [],
      ['`state2`: a V1 API URL'],
      ['`action`: an argument reaching this parameter, a V1 API URL'],
    ]);
    expect(unseenUrls(a)).toEqual([]);
  });
});

describe("a class component's `this.setState` (`setsClassState`)", () => {
  it('the members given are those of the `state` the class starts with, also read through a copy', () => {
    const a = run([
      "export class A { state = { fields: [] }; load() { return fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => this.setState({ fields: d })); } render() { const s = { ...this.state }; return [this.state.fields[0].long_name, s.fields]; } }",
    ]);
    expect(['{ fields: [] }', 'this.state.fields', 's.fields'].map((t) => at(a, t))).toEqual([
      ['`{ fields: [] }`: an object the program builds'],
      ['`this.state.fields`: stored and read back, V1 field list'],
      ['`s.fields`: stored and read back, V1 field list'],
    ]);
    expect(unfollowed(a)).toEqual([]);
  });

  it("another object's `setState`, a list or an array given, `setState` outside a class: not the class's state", () => {
    const a = run([
      "export class B { constructor() { this.state = { fields: [] }; } load() { return fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => store.setState({ fields: d })); } render() { return this.state.fields; } }",
      "export class C2 { state = { fields: [] }; load() { return fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => this.setState([d])); } }",
      "export class D { state = { fields: [] }; load() { return fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => this.setState(d)); } }",
      "export function E() { return fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => this.setState({ fields: d })); }",
    ]);
    expect(['this.state.fields', ['{ fields: [] }', 1]].map((t) => at(a, t))).toEqual([[], []]);
    expect(unfollowed(a)).toEqual(['this.setState', 'this.setState']);
  });

  it("`this.state = { … }` in the constructor; not `state;` alone, another member, a method named `state`, or another object's `state`", () => {
    const a = run([
      "export class F { state; other = { fields: [] }; constructor() { this.state = { fields: [] }; } state2() {} load() { return fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => this.setState({ fields: d })); } render() { return [this.state.fields[0].long_name, this.other.fields]; } }",
    ]);
    expect(['this.state.fields', 'this.other.fields'].map((t) => at(a, t))).toEqual([
      ['`this.state.fields`: stored and read back, V1 field list'],
      [],
    ]);
    expect(unfollowed(a)).toEqual([]);
  });

  it('a state set only in a method, by `||=`, on another object or under another name is no initial state: a marker', () => {
    const a = run([
      "export class G { reset() { this.state = { fields: [] }; } load() { return fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => this.setState({ fields: d })); } }",
      "export class H { constructor() { this.state ||= { fields: [] }; other.state = { fields: [] }; this.other = { fields: [] }; } load() { return fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => this.setState({ fields: d })); } render() { return this.other.fields; } }",
    ]);
    expect(['this.other.fields'].map((t) => at(a, t))).toEqual([[]]);
    expect(unfollowed(a)).toEqual(['this.setState', 'this.setState']);
  });

  it("a method setting the state is no callback holder: its callers' functions are not bound", () => {
    const a = run([
      "export class K { state = { fields: [] }; load(unused) { return fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => this.setState({ fields: d })); } }",
      'new K().load(() => 0);',
    ]);
    expect(['unused', '{ fields: d }'].map((t) => at(a, t))).toEqual([[], ['`{ fields: d }`: an object the program builds']]);
    expect(unfollowed(a)).toEqual([]);
  });
});

describe('callbacks', () => {
  it('a parameter redeclared by `var` is still the callback: the data is handed to it', () => {
    const a = run([
      "export function withFields(cb) { var cb; return fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => cb(d)); }",
    ]);
    expect(unfollowed(a)).toEqual(['cb']);
  });

  it("functions in an object of options, by name or shorthand, are the options' functions", () => {
    const a = run([
      "function withOpts(opts) { return fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => opts.done(d)); }",
      'function show(list) { return list[0].long_name; }',
      'function show2(list) { return list[0].long_name; }',
      'withOpts({ done: show }); withOpts({ show2, done: show2 });',
    ]);
    expect([['show', 1], ['show2', 1], ['show2', 2], 'list[0]', ['list[0]', 1]].map((t) => at(a, t))).toEqual([
      ['`show`: a function'],
      ['`show2`: a function'],
      ['`show2`: a function'],
      ['`list[0]`: an element, V1 field descriptor'],
      ['`list[0]`: an element, V1 field descriptor'],
    ]);
  });

  it('a call of a parameter holding two helpers: each payload comes back to the call that asked for its path', () => {
    const a = run([
      'function getA(path) { return fetch(BASE + path).then((r) => r.json()); }',
      'function getB(path) { return fetch(BASE + path).then((r) => r.json()); }',
      "function both(fn) { return [fn('/election/field/'), fn('/election/state/WI/')]; }",
      'export const x = [both(getA), both(getB)];',
    ]);
    expect(["fn('/election/field/')", "fn('/election/state/WI/')"].map((t) => at(a, t))).toEqual([
      ["`fn('/election/field/')`: returned by the call, a promise of V1 field list"],
      ["`fn('/election/state/WI/')`: returned by the call, a promise of V1 state record"],
    ]);
  });

  it('one callback handed the same data from two requests is said once', () => {
    const a = run([
      'function get(u, cb) { return fetch(BASE + u).then((r) => r.json()).then(cb); }',
      "get('/election/field/'); get('/election/field');",
    ]);
    expect(handedFacts(a)).toEqual([['cb', 1]]);
  });

  it('one callback handed two kinds of data is said with both', () => {
    const a = run([
      'function get(u) { return fetch(BASE + u).then((r) => r.json()); }',
      'export function k(p, cb) { return p.then(cb); }',
      "k(get('/election/field/')); k(get('/election/state/WI/'));",
    ]);
    expect(handedFacts(a)).toEqual([['cb', 2]]);
  });
});

describe('JSX', () => {
  it('a component\'s function props: only attributes with an expression; `disabled`, `name="x"`, a spread are none', () => {
    const a = analyze({
      'a.jsx':
        "const BASE = 'https://api.voteamerica.org/v1';\nexport function Child({ onLoad }) { useEffect(() => { fetch(BASE + '/election/field/').then((r) => r.json()).then((d) => onLoad(d)); }, []); return null; }\nexport function App(rest) { const show = (list) => list[0].long_name; return <Child disabled name=\"x\" {...rest} onLoad={show} />; }",
    });
    expect(
      [
        ['show', 1, 'a.jsx'],
        ['list[0]', 0, 'a.jsx'],
        ['onLoad', 0, 'a.jsx'],
      ].map((t) => at(a, t)),
    ).toEqual([
      ['`show`: a function'],
      ['`list[0]`: an element, V1 field descriptor'],
      ['`onLoad`: stored and read back, a function'],
    ]);
    expect(unfollowed(a, 'a.jsx')).toEqual([]);
  });

  it("an attribute reaches the component's props (an object, copied by a spread); not a component without parameters, not a namespaced name", () => {
    const a = analyze({
      'a.jsx':
        "const BASE = 'https://api.voteamerica.org/v1';\nfunction Child(props) { const copy = { ...props }; return copy.item[0].long_name; }\nfunction None() { return null; }\nfunction Ns(props) { return props; }\nexport const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); return [<Child item={fields} />, <None item={fields} />, <Ns x:data={fields} />]; };",
    });
    expect(
      [
        ['props', 0, 'a.jsx'],
        ['copy.item', 0, 'a.jsx'],
        ['copy.item[0]', 0, 'a.jsx'],
        ['props', 2, 'a.jsx'],
      ].map((t) => at(a, t)),
    ).toEqual([
      ['`props`: an argument reaching this parameter, an object the program builds'],
      ['`copy.item`: stored and read back, V1 field list'],
      ['`copy.item[0]`: an element, V1 field descriptor'],
      [],
    ]);
  });
});

describe("a site config's plugins (`pluginEntry`)", () => {
  it('a plugin named by its folder (with a trailing slash) is its `gatsby-node.js`: `sourceNodes` gets the options, an object', () => {
    const a = onDisk(
      {
        'gatsby-config.js':
          "const BASE = 'https://api.voteamerica.org/v1';\nmodule.exports = { plugins: [{ resolve: './plugins/civic/', options: { url: BASE + '/election/field/' } }] };",
        'plugins/civic/gatsby-node.js':
          "require('dotenv').config();\nexports.sourceNodes = async (api, options) => { const copy = { ...options }; const fields = await (await fetch(copy.url)).json(); return fields.map((f) => f.long_name); };",
      },
      ['gatsby-config.js', 'plugins/civic/gatsby-node.js'],
    );
    expect(
      [
        ['options', 0, 'plugins/civic/gatsby-node.js'],
        ['copy.url', 0, 'plugins/civic/gatsby-node.js'],
        ['fetch(copy.url)', 0, 'plugins/civic/gatsby-node.js'],
      ].map((t) => at(a, t)),
    ).toEqual([
      ['`options`: an argument reaching this parameter, an object the program builds'],
      ['`copy.url`: stored and read back, a V1 API URL'],
      ['`fetch(copy.url)`: the response of GET /v1/election/field/, a promise of a response whose body is V1 field list'],
    ]);
    expect(wanted(a)).toEqual([]);
  });

  it('a plugin named by its folder without a slash, its `gatsby-node.js` too', () => {
    const a = onDisk(
      {
        'gatsby-config.js':
          "const BASE = 'https://api.voteamerica.org/v1';\nmodule.exports = { plugins: [{ resolve: './plugins/civic', options: { url: BASE + '/election/field/' } }] };",
        'plugins/civic/gatsby-node.js':
          'exports.sourceNodes = async (api, options) => { const fields = await (await fetch(options.url)).json(); return fields; };',
      },
      ['gatsby-config.js', 'plugins/civic/gatsby-node.js'],
    );
    expect(
      [
        ['options', 0, 'plugins/civic/gatsby-node.js'],
        ['fetch(options.url)', 0, 'plugins/civic/gatsby-node.js'],
      ].map((t) => at(a, t)),
    ).toEqual([
      ['`options`: an argument reaching this parameter, an object the program builds'],
      ['`fetch(options.url)`: the response of GET /v1/election/field/, a promise of a response whose body is V1 field list'],
    ]);
  });

  it('an ES plugin module: its exported `const` functions get the options; a default function and a class are no node API', () => {
    const a = onDisk(
      {
        'gatsby-config.js':
          "const BASE = 'https://api.voteamerica.org/v1';\nmodule.exports = { plugins: [{ resolve: './esm.js', options: { url: BASE + '/election/field/' } }] };",
        'esm.js':
          'export default function () {}\nexport class K {}\nexport const sourceNodes = async (api, options) => { const fields = await (await fetch(options.url)).json(); return fields.map((f) => f.long_name); };\nexport function createPages(api, opts) { return opts; }',
      },
      ['gatsby-config.js', 'esm.js'],
    );
    expect(
      [
        ['options', 0, 'esm.js'],
        ['opts', 0, 'esm.js'],
        ['fetch(options.url)', 0, 'esm.js'],
      ].map((t) => at(a, t)),
    ).toEqual([
      ['`options`: an argument reaching this parameter, an object the program builds'],
      ['`opts`: an argument reaching this parameter, an object the program builds'],
      ['`fetch(options.url)`: the response of GET /v1/election/field/, a promise of a response whose body is V1 field list'],
    ]);
  });

  it('a plugin module the program does not hold is wanted; a declaration file is not', () => {
    const a = onDisk(
      {
        'gatsby-config.js':
          "const BASE = 'https://api.voteamerica.org/v1';\nmodule.exports = { plugins: [{ resolve: './later.js', options: { url: BASE + '/election/field/' } }, { resolve: './types', options: { url: BASE + '/election/field/' } }] };",
        'later.js': 'exports.sourceNodes = async (api, options) => options;',
        'types.d.ts': 'export declare function sourceNodes(a: any, b: any): void;',
      },
      ['gatsby-config.js'],
    );
    expect(wanted(a)).toEqual(['later.js']);
  });

  it('an import from a declaration file is no module to want', () => {
    const a = onDisk(
      {
        'a.js':
          "const BASE = 'https://api.voteamerica.org/v1';\nimport { send } from './types';\nexport const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); return send(fields); };",
        'types.d.ts': 'export declare function send(a: any): void;',
      },
      ['a.js'],
    );
    expect(wanted(a)).toEqual([]);
  });
});

describe("the tracker's helpers", () => {
  it("a function's own returns make what its calls allocate: an arrow's body, not a bare `return` or a function's inside it", () => {
    const a = run([
      'function make() { const f = () => { return { inner: 1 }; }; return {}; }',
      'function make2() { try { return; } finally { globalThis.y = 1; } }',
      'const mk = () => ({});',
      "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); const o = make(); o.fields = fields; const p = mk(); p.fields = fields; const o2 = make2(); o2.fields = fields; return [o.fields[0].long_name, p.fields[0].long_name, f]; };",
    ]);
    expect(['{ inner: 1 }', 'o.fields[0]', 'p.fields[0]', '({})'].map((t) => at(a, t))).toEqual([
      [],
      ['`o.fields[0]`: an element, V1 field descriptor'],
      ['`p.fields[0]`: an element, V1 field descriptor'],
      ['`({})`: an object the program builds'],
    ]);
  });

  it('`Object.create(null)` is an object the program builds; `Object.create(proto)`, `Object.create()` and another call given `null` are not', () => {
    const a = run([
      "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); const o = Object.create(null); o.fields = fields; const p = lib(null); p.fields = fields; const q = Object.create({}); q.fields = fields; const s = Object.create(); s.fields = fields; return [o.fields[0], p.fields[0], q.fields[0], s.fields[0]]; };",
    ]);
    expect(['o.fields[0]', 'p.fields[0]', 'q.fields[0]', 's.fields[0]'].map((t) => at(a, t))).toEqual([
      ['`o.fields[0]`: an element, V1 field descriptor'],
      [],
      [],
      [],
    ]);
  });

  it("an array method borrowed with `.call` from `[]` or `Array.prototype`; not from a full array, another class's prototype or another member of `Array`", () => {
    const a = run([
      'class Coll { map(f) { return f; } }',
      'Array.items = [];',
      "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); const a = [].map.call(fields, (f) => f.slug); const b = Array.prototype.map.call(fields, (g) => g.slug); const c = [0].map.call(fields, (h) => h.slug); const e = Coll.prototype.map.call(fields, (k) => k.slug); const m = Array.items.map.call(fields, (n) => n.slug); return [a, b, c, e, m]; };",
    ]);
    expect(['f.slug', 'g.slug', 'h', 'k', 'n'].map((t) => at(a, t))).toEqual([
      ['`f.slug`: a member, slug'],
      ['`g.slug`: a member, slug'],
      [],
      [],
      [],
    ]);
  });

  it("a client's request: none without a path, none from options naming `url` twice; `request({ url })` is one", () => {
    const a = run(
      [
        'const api = axios.create({ baseURL: BASE });',
        "export const x = api.get(); export const y = api({ url: '/x', url: '/election/field/' }); export const z = api.request({ url: '/election/field/' });",
        "export const w = axios({ url: '/x', url: '/election/field/', baseURL: BASE });",
      ],
      "import axios from 'axios';",
    );
    expect(
      [
        'api.get()',
        "api({ url: '/x', url: '/election/field/' })",
        "api.request({ url: '/election/field/' })",
        "axios({ url: '/x', url: '/election/field/', baseURL: BASE })",
      ].map((t) => at(a, t)),
    ).toEqual([
      [],
      [],
      [
        "`api.request({ url: '/election/field/' })`: the response of GET /v1/election/field/, a promise of a response whose body is V1 field list",
      ],
      [
        "`axios({ url: '/x', url: '/election/field/', baseURL: BASE })`: a base URL and a path joined, an HTTP client with a base URL",
      ],
    ]);
  });

  it('`f.call(…)` kept in a `const` is its result, not `f` bound', () => {
    const a = run([
      'function show(x, y) { return y; }',
      'const r = show.call(null, 1);',
      "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); return r(fields); };",
    ]);
    expect(['y', 'r(fields)'].map((t) => at(a, t))).toEqual([[], []]);
  });

  it('an event named in kebab case reaches the listeners of its camelCase name, and of its own', () => {
    const a = run([
      "const events = new (require('events'))();",
      "events.on('fieldsLoaded', (list) => list[0].long_name);",
      "events.on('fields-x', (l2) => l2[0].long_name);",
      "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); events.emit('fields-loaded', fields); events.emit('fields-x', fields); };",
    ]);
    expect(['list', 'l2'].map((t) => at(a, t))).toEqual([['`list`: V1 field list'], ['`l2`: V1 field list']]);
  });

  it('a module whose name only contains `.vue` is no component: an emit from another file reaches its listeners', () => {
    const a = analyze({
      'lib.vue.helpers.js': "import { EventEmitter } from 'events'; export default new EventEmitter();",
      'a.js': "import bus from './lib.vue.helpers.js'; bus.on('loaded', (list) => list[0].long_name);",
      'b.js':
        "const BASE = 'https://api.voteamerica.org/v1';\nimport bus from './lib.vue.helpers.js'; export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); bus.emit('loaded', fields); };",
    });
    expect([['list[0]', 0, 'a.js']].map((t) => at(a, t))).toEqual([['`list[0]`: an element, V1 field descriptor']]);
    expect(unfollowed(a, 'b.js')).toEqual([]);
  });

  it("a component's script (`bus.vue.js`, `bus.vue.jsx`) is its `.vue` file: an emit in one reaches the listeners of the other", () => {
    const a = analyze({
      'bus.vue.js': "import { EventEmitter } from 'events'; export default new EventEmitter();",
      'a.js': "import bus from './bus.vue.js'; bus.on('loaded', (list) => list[0].long_name);",
      'bus.vue.jsx':
        "const BASE = 'https://api.voteamerica.org/v1';\nimport bus from './bus.vue.js'; export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); bus.emit('loaded', fields); };",
    });
    expect([['list[0]', 0, 'a.js']].map((t) => at(a, t))).toEqual([['`list[0]`: an element, V1 field descriptor']]);
    expect(unfollowed(a, 'bus.vue.jsx')).toEqual([]);
  });

  it('a component imported from a `.vue` file the program does not hold is wanted, whatever it is given last; a name declared in a block is no import', () => {
    const a = run([
      "import Picker from './Picker.vue';",
      "const m = require('./Missing.vue', (() => { return (send) => send(BASE); })());",
      "export const f = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); Picker.show(fields); Picker.show(fields.map(() => 1)); };",
    ]);
    expect(wanted(a)).toEqual(['Picker.vue']);
  });

  it('a class whose instances serve the API is exported when a member of it is (`Api.name`), or it is in `export default`', () => {
    const a = analyze({
      'a.js':
        "const BASE = 'https://api.voteamerica.org/v1';\nclass Api { load() { return fetch(BASE + '/election/field/').then((r) => r.json()); } }\nexport const label = Api.name;",
      'b.js':
        "const BASE = 'https://api.voteamerica.org/v1';\nclass Api { load() { return fetch(BASE + '/election/field/').then((r) => r.json()); } }\nexport default [Api];",
      'c.js':
        "const BASE = 'https://api.voteamerica.org/v1';\nclass Api { load() { return fetch(BASE + '/election/field/').then((r) => r.json()); } }\nexport const label = String(Api);",
    });
    expect(exporting(a)).toEqual(['a.js', 'b.js', 'c.js']);
  });
});
