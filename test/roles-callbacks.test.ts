/**
 * Callbacks handed down to a helper that fetches the API's data itself and calls them there: the
 * role engine follows the function values from the helper's callers (src/roles/tracker.ts), so the
 * reads in the callback move with the request. fixtures/apps/js-callbacks runs the same shapes
 * against a server (test/apps.test.ts); these are in process, one file each, exact output.
 */
import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/codemod/transform.js';

const HOST = "const HOST = 'https://api.voteamerica.org';";
const FIELDS = "fetch(HOST + '/v1/election/field/').then((r) => r.json())";

/** The lines of the migrated file that changed, after the first (the host). */
function migrated(lines: string[]): string[] {
  const input = [HOST, ...lines].join('\n');
  const out = transformSource(input, 'app.js').output.split('\n');
  return out.slice(1);
}

const v2 = (lines: string[]) =>
  lines.map((l) =>
    l.replace('/v1/', '/v2/').replaceAll('long_name', 'description').replaceAll('vbm_no_excuse', 'has_no_excuse_absentee'),
  );

describe('callbacks handed to a helper that fetches', () => {
  const cases: Record<string, string[]> = {
    '`.then(cb)`': [
      `function withFields(cb) { return ${FIELDS}.then(cb); }`,
      'export const names = () => withFields((fields) => fields.map((f) => f.long_name));',
    ],
    '`cb(data)` in a closure': [
      `function withFields(cb) { return ${FIELDS}.then((data) => cb(data)); }`,
      'export const names = () => withFields((fields) => fields.map((f) => f.long_name));',
    ],
    '`done(data)` after await': [
      "async function withFields(done) { const data = await (await fetch(HOST + '/v1/election/field/')).json(); return done(data); }",
      'export const names = () => withFields(function (fields) { return fields.map((f) => f.long_name); });',
    ],
    'a helper held by a const': [
      `const withFields = (cb) => ${FIELDS}.then(cb);`,
      'export const names = () => withFields((fields) => fields.map((f) => f.long_name));',
    ],
    'a callback passed on by another helper': [
      `function withFields(cb) { return ${FIELDS}.then(cb); }`,
      'function outer(done) { return withFields(done); }',
      'export const names = () => outer((fields) => fields.map((f) => f.long_name));',
    ],
    'a callback passed on by a recursive helper': [
      `function walk(n, cb) { if (n > 0) return walk(n - 1, cb); return ${FIELDS}.then(cb); }`,
      'export const names = () => walk(3, (fields) => fields.map((f) => f.long_name));',
    ],
    'a function passed by its name': [
      `function withFields(cb) { return ${FIELDS}.then(cb); }`,
      'function show(fields) { return fields.map((f) => f.long_name); }',
      'export const names = () => withFields(show);',
    ],
    'the map function of `Array.from(list, fn)`, and a list copied by it': [
      `export const names = () => ${FIELDS}.then((fields) => Array.from(fields, (f) => f.long_name));`,
      `export const copies = () => ${FIELDS}.then((fields) => Array.from(fields).map((f) => f.long_name));`,
    ],
    'a list carried in an object written with a shorthand member (`return { fields }`)': [
      `async function load() { const fields = await ${FIELDS}; return { fields, n: 1 }; }`,
      'export const names = async () => (await load()).fields.map((f) => f.long_name);',
    ],
    "a constructor function's methods sharing `var self = this`": [
      'function W() { this.fields = []; }',
      `W.prototype.load = function () { var self = this; return ${FIELDS}.then(function (d) { self.fields = d; }); };`,
      'W.prototype.names = function () { return this.fields.map((f) => f.long_name); };',
      'module.exports = W;',
    ],
    "a class's getter (`get fields()`), read as a member": [
      `class S { constructor() { this._f = []; } get fields() { return this._f; } async load() { this._f = await ${FIELDS}; } }`,
      'const s = new S();',
      'exports.names = () => s.fields.map((f) => f.long_name);',
    ],
    'a callback kept in a local': [
      `function withFields(cb) { const f = cb; return ${FIELDS}.then(f); }`,
      'export const names = () => withFields((fields) => fields.map((f) => f.long_name));',
    ],
    "an options object's arrow": [
      `function withFields(opts) { return ${FIELDS}.then(opts.done); }`,
      'export const names = () => withFields({ done: (fields) => fields.map((f) => f.long_name) });',
    ],
    "an options object's method, called on the object": [
      `function withFields(opts) { return ${FIELDS}.then((d) => opts.done(d)); }`,
      'export const names = () => withFields({ done(fields) { return fields.map((f) => f.long_name); } });',
    ],
    "an options object's shorthand": [
      `function withFields(opts) { return ${FIELDS}.then(opts.done); }`,
      'function done(fields) { return fields.map((f) => f.long_name); }',
      'export const names = () => withFields({ done });',
    ],
    "a member of the program's own object, passed": [
      'const handlers = { fields: (fields) => fields.map((f) => f.long_name) };',
      `function withFields(cb) { return ${FIELDS}.then(cb); }`,
      'export const names = () => withFields(handlers.fields);',
    ],
    "a member of the program's own object, given to then": [
      'const handlers = { fields: (fields) => fields.map((f) => f.long_name) };',
      `export const names = () => ${FIELDS}.then(handlers.fields);`,
    ],
    'a registry of functions read by a computed key, called': [
      'const handlers = { fields: (fields) => fields.map((f) => f.long_name), count(fields) { return fields.length; } };',
      `export const names = (kind) => ${FIELDS}.then((d) => handlers[kind](d));`,
    ],
    'a registry of functions read by a computed key, given to then': [
      'const handlers = { fields: (fields) => fields.map((f) => f.long_name) };',
      `export const names = (kind) => ${FIELDS}.then(handlers[kind]);`,
    ],
    "an event's listeners (`on`, `once`), the data emitted": [
      "import { EventEmitter } from 'node:events';",
      'const bus = new EventEmitter();',
      "bus.on('fields', (fields) => console.log(fields.map((f) => f.long_name)));",
      "bus.once('fields', function (fields) { this.first = fields[0].long_name; });",
      `export const load = () => ${FIELDS}.then((d) => bus.emit('fields', d));`,
    ],
    'a class that keeps the callback it is built with': [
      `class Loader { constructor(cb) { this.cb = cb; } load() { return ${FIELDS}.then(this.cb); } }`,
      'export const names = () => new Loader((fields) => fields.map((f) => f.long_name)).load();',
    ],
    'a promise made around the request, resolved by `.then(resolve)`': [
      `function getFields() { return new Promise((resolve) => ${FIELDS}.then(resolve)); }`,
      'export const names = () => getFields().then((fields) => fields.map((f) => f.long_name));',
    ],
    'a promise made around the request, resolved by `resolve(data)`': [
      `const getFields = () => new Promise((resolve, reject) => { ${FIELDS}.then((d) => resolve(d), reject); });`,
      'export async function names() { const fields = await getFields(); return fields.map((f) => f.long_name); }',
    ],
    'a Node-style callback (`cb(null, data)`)': [
      `function getFields(cb) { ${FIELDS}.then((d) => cb(null, d), (e) => cb(e)); }`,
      'getFields((err, fields) => { if (!err) console.log(fields.map((f) => f.long_name)); });',
    ],
    "React's state set from the data (`.then(setFields)`)": [
      "import { useEffect, useState } from 'react';",
      'export function Fields() {',
      '  const [fields, setFields] = useState([]);',
      `  useEffect(() => { ${FIELDS}.then(setFields); }, []);`,
      '  return <ul>{fields.map((f) => <li key={f.slug}>{f.long_name}</li>)}</ul>;',
      '}',
    ],
    "React's state set from the data (`setState(await …)`, `React.useState`)": [
      "import React from 'react';",
      'export function Fields() {',
      '  const [fields, setFields] = React.useState([]);',
      "  React.useEffect(() => { (async () => { const r = await fetch(HOST + '/v1/election/field/'); setFields(await r.json()); })(); }, []);",
      '  return fields.map((f) => f.long_name).join();',
      '}',
    ],
    "React's state set by an updater (`setFields(() => list)`)": [
      "import { useEffect, useState } from 'react';",
      'export function Fields() {',
      '  const [fields, setFields] = useState([]);',
      `  useEffect(() => { ${FIELDS}.then((list) => setFields(() => list)); }, []);`,
      '  return <ul>{fields.map((f) => <li key={f.slug}>{f.long_name}</li>)}</ul>;',
      '}',
    ],
    "React's reducer (`useReducer`): the action dispatched, and the state it returns": [
      "import { useEffect, useReducer } from 'react';",
      "const reducer = (state, action) => (action.type === 'loaded' ? { ...state, fields: action.fields } : state);",
      'export function Fields() {',
      '  const [state, dispatch] = useReducer(reducer, { fields: [] });',
      `  useEffect(() => { ${FIELDS}.then((fields) => dispatch({ type: 'loaded', fields })); }, []);`,
      '  return <ul>{state.fields.map((f) => <li key={f.slug}>{f.long_name}</li>)}</ul>;',
      '}',
    ],
    "a class component's `this.setState({ fields })`, read as `this.state.fields`": [
      "import React from 'react';",
      'export class Fields extends React.Component {',
      '  state = { fields: [] };',
      `  componentDidMount() { ${FIELDS}.then((fields) => this.setState({ fields })); }`,
      '  render() { return <ul>{this.state.fields.map((f) => <li key={f.slug}>{f.long_name}</li>)}</ul>; }',
      '}',
    ],
    "a component's function prop, destructured and called": [
      `function Loader({ onLoad }) { ${FIELDS}.then((fields) => onLoad(fields)); return null; }`,
      'export function Page() { return <Loader onLoad={(fields) => console.log(fields.map((f) => f.long_name))} />; }',
    ],
    "a component's function prop given to then, a function passed by name": [
      `function Loader(props) { ${FIELDS}.then(props.onLoad); return null; }`,
      'function show(fields) { console.log(fields[0].long_name); }',
      'export function Page() { return <Loader onLoad={show}></Loader>; }',
    ],
    'a callback called through a choice (`(cb || noop)(data)`, `??`, `ok ? cb : other`)': [
      'const noop = () => {};',
      `function withFields(cb) { return ${FIELDS}.then((d) => (cb || noop)(d)); }`,
      `function withList(cb) { return ${FIELDS}.then((d) => (cb ?? noop)(d)); }`,
      `function withBoth(cb, ok) { return ${FIELDS}.then((d) => (ok ? cb : noop)(d)); }`,
      'export const a = () => withFields((list) => list[0].long_name);',
      'export const b = () => withList((list) => list[0].long_name);',
      'export const c = () => withBoth((list) => list[0].long_name, true);',
    ],
    'items handed one by one': [
      "function eachItem(cb) { return fetch(HOST + '/v1/election/data/state/WI/').then((r) => r.json()).then((s) => s.state_information.forEach(cb)); }",
      "export const flag = () => eachItem((item) => item.field_type === 'vbm_no_excuse' && console.log(item.value));",
    ],
  };

  it.each(Object.keys(cases))('%s: the reads move with the request', (name) => {
    const lines = cases[name] as string[];
    const expected = v2(lines).map((l) => l.replace('console.log(item.value)', 'console.log(item.bool_value)'));
    expect(migrated(lines)).toEqual(expected);
  });

  it('a helper of data that is not the API: its callbacks are left alone', () => {
    const lines = [
      "function withThings(cb) { return fetch('/things.json').then((r) => r.json()).then(cb); }",
      'export const names = () => withThings((fields) => fields.map((f) => f.long_name));',
    ];
    expect(migrated(lines)).toEqual(lines);
  });

  it("another event's listener is left alone", () => {
    const lines = [
      "import { EventEmitter } from 'node:events';",
      'const bus = new EventEmitter();',
      "bus.on('other', (x) => console.log(x.long_name));",
      "bus.on('fields', (fields) => fields.length);",
      `export const load = () => ${FIELDS}.then((d) => bus.emit('fields', d));`,
    ];
    expect(migrated(lines)).toEqual([...lines.slice(0, 4), ...v2(lines.slice(4))]);
  });

  it('a callback the helper never calls with the data is left alone', () => {
    const lines = [
      `function withFields(cb, log) { log('loading'); return ${FIELDS}.then(cb); }`,
      'export const names = () => withFields((fields) => fields.map((f) => f.long_name), (m) => m.long_name);',
    ];
    expect(migrated(lines)).toEqual([v2(lines)[0], lines[1]?.replace('(f) => f.long_name', '(f) => f.description')]);
  });
});

describe('a callback the roles cannot follow gets a marker', () => {
  const marker = (callee: string, noun: string) =>
    `// civic-migrate: V1 ${noun}s are handed to \`${callee}\` here, a function this tool cannot see into: after the migration they arrive as V2 ${noun}s, so rename the names it reads (\`civic-migrate explain NAME\` says how)`;

  it.each([
    [
      'a registry filled after it is made, read by a computed key',
      'handlers[kind]',
      'field list',
      [
        'const handlers = {};',
        'handlers.fields = (fields) => fields.map((f) => f.long_name);',
        `export const names = (kind) => ${FIELDS}.then((d) => handlers[kind](d));`,
      ],
    ],
    [
      'a parameter no caller in the program fills',
      'cb',
      'field list',
      [`export function withFields(cb) { return ${FIELDS}.then(cb); }`],
    ],
    [
      'items mapped with such a parameter',
      'cb',
      'state information item',
      [
        "export const f = (cb) => fetch(HOST + '/v1/election/data/state/CA/').then((r) => r.json()).then((s) => s.state_information.map(cb));",
      ],
    ],
    [
      'an event no listener of the program hears',
      'bus.emit',
      'field list',
      [
        "import { EventEmitter } from 'node:events';",
        'export const bus = new EventEmitter();',
        `${FIELDS}.then((d) => bus.emit('fields', d));`,
      ],
    ],
    [
      'listeners kept in a list',
      'l',
      'field list',
      [
        'const listeners = [];',
        'export const onFields = (fn) => listeners.push(fn);',
        `${FIELDS}.then((d) => listeners.forEach((l) => l(d)));`,
      ],
    ],
    [
      "an action object handed to a parameter no caller fills (redux's `dispatch({ type, payload })`)",
      'dispatch',
      'field list',
      [`export const load = (dispatch) => ${FIELDS}.then((payload) => dispatch({ type: 'loaded', payload }));`],
    ],
    [
      "a function destructured from a parameter no caller fills (Vuex's `commit` in an action, a callback prop)",
      'commit',
      'field list',
      [`export const actions = { load({ commit }) { return ${FIELDS}.then((fields) => commit('setFields', fields)); } };`],
    ],
    [
      'one destructured deeper, or from a list',
      'done',
      'field list',
      [`export const load = ({ handlers: { done } }, [first]) => ${FIELDS}.then((d) => done(d));`],
    ],
    [
      "a store's `dispatch` (react-redux's `useDispatch()`): its reducers and what reads the state are not followed",
      'dispatch',
      'field list',
      [
        "import { useDispatch } from 'react-redux';",
        `export const Loader = () => { const dispatch = useDispatch(); return ${FIELDS}.then((fields) => dispatch({ type: 'loaded', payload: fields })); };`,
      ],
    ],
    [
      "a worker's `postMessage`: the worker reads it as `event.data`, not followed",
      'worker.postMessage',
      'field list',
      [
        "const worker = new Worker('./worker.js');",
        `export const start = () => ${FIELDS}.then((fields) => worker.postMessage(fields));`,
      ],
    ],
    [
      "Vuex's `this.$store.commit`",
      'this.$store.commit',
      'field list',
      [`export default { methods: { load() { return ${FIELDS}.then((fields) => this.$store.commit('setFields', fields)); } } };`],
    ],
    [
      "a class's callback no constructor call fills",
      'this.onLoad',
      'field list',
      [`export class Loader { load() { return ${FIELDS}.then((d) => this.onLoad(d)); } }`],
    ],
  ] as const)('%s', (_name, callee, noun, lines) => {
    const out = migrated([...lines]);
    const last = lines.length - 1;
    // The lines before the call are the callback's own: left as they are.
    expect(out).toEqual([...lines.slice(0, last), marker(callee, noun), ...v2(lines.slice(last))]);
  });

  it('none where the data is not requested from the API, stays on V1, or goes to a method of an object', () => {
    const lines = [
      "export const g = (cb) => fetch('/v1/things').then((r) => r.json()).then(cb);",
      "export const h = (res) => fetch(HOST + '/v1/election/field/').then((r) => r.json()).then((d) => res.json(d));",
      'export const k = (cb, fields) => fields.forEach(cb);',
      // The program's own `dispatch`: followed.
      'function dispatch(action) { return action.payload.map((f) => f.long_name); }',
      `export const m = () => ${FIELDS}.then((fields) => dispatch({ type: 'loaded', payload: fields }));`,
    ];
    expect(migrated(lines)).toEqual([lines[0], ...v2(lines.slice(1, 2)), lines[2], ...v2(lines.slice(3))]);
    const shared = [
      "const API = 'https://api.voteamerica.org/v1';",
      "export const status = () => fetch(API + '/registration/status/');",
      "export const f = (cb) => fetch(API + '/election/field/').then((r) => r.json()).then(cb);",
    ];
    const out = migrated(shared);
    expect(out.filter((l) => !l.includes('civic-migrate:'))).toEqual(shared);
    expect(out.join('\n')).not.toContain('are handed to');
  });
});

describe('a function bound, called through `call`, or given to a `let` where it is used', () => {
  const cases: Record<string, string[]> = {
    '`.then(this.show.bind(this))`': [
      'export class View {',
      `  load() { return ${FIELDS}.then(this.show.bind(this)); }`,
      '  show(list) { return list.map((f) => f.long_name); }',
      '}',
    ],
    '`.then(show.bind(null))`': [
      'function show(fields) { return fields.map((f) => f.long_name); }',
      `export const names = () => ${FIELDS}.then(show.bind(null));`,
    ],
    '`.then(show.bind(null, opts))`: the data is the parameter after the bound one': [
      'function show(opts, list) { return list.map((f) => f.long_name); }',
      `export const names = () => ${FIELDS}.then(show.bind(null, {}));`,
    ],
    '`list.forEach(this.row.bind(this))`': [
      'export class Rows {',
      `  load() { return ${FIELDS}.then((list) => list.forEach(this.row.bind(this))); }`,
      '  row(f) { return f.long_name; }',
      '}',
    ],
    'a bound function kept in a `const`, handed on and called': [
      'function show(opts, list) { return list.map((f) => f.long_name); }',
      'const render = show.bind(null, {});',
      'function keep(list) { return list; }',
      'const kept = keep.bind(null);',
      `export const names = () => ${FIELDS}.then(render);`,
      `export const titles = () => ${FIELDS}.then((l) => kept(l).map((f) => f.long_name));`,
    ],
    'a function given to a `let` by `??=` where it is used, handed on': [
      'let show;',
      'show ??= (list) => list.map((f) => f.long_name);',
      `export const names = () => ${FIELDS}.then(show);`,
    ],
    '`show.call(null, list)`, and what it returns': [
      'function keep(list) { return list; }',
      `export const names = () => ${FIELDS}.then((l) => keep.call(null, l).map((f) => f.long_name));`,
    ],
  };
  it.each(Object.entries(cases))('%s', (_name, lines) => {
    expect(migrated(lines)).toEqual(v2(lines));
  });

  it('the bound argument fills the first parameter: the one the data does not reach keeps its names', () => {
    const lines = [
      'function show(mine, list) { return [mine.map((m) => m.long_name), list.map((f) => f.long_name)]; }',
      `export const names = () => ${FIELDS}.then(show.bind(null, [{ long_name: 'x' }]));`,
    ];
    expect(migrated(lines)).toEqual([
      'function show(mine, list) { return [mine.map((m) => m.long_name), list.map((f) => f.description)]; }',
      (lines[1] as string).replace('/v1/', '/v2/'),
    ]);
  });
});

describe('a function another function returns, called where that result goes', () => {
  const cases: Record<string, string[]> = {
    'a closure over the URL (`return () => fetch(url)…`)': [
      'function makeLoader(url) { return () => fetch(url).then((r) => r.json()); }',
      "const load = makeLoader(HOST + '/v1/election/field/');",
      'export const names = () => load().then((list) => list.map((f) => f.long_name));',
    ],
    'curried arrows, the inner one async': [
      'const makeLoader = (url) => async () => (await fetch(url)).json();',
      "const load = makeLoader(HOST + '/v1/election/field/');",
      'export const names = () => load().then((list) => list.map((f) => f.long_name));',
    ],
  };
  it.each(Object.entries(cases))('%s', (_name, lines) => {
    expect(migrated(lines)).toEqual(v2(lines));
  });

  it('the same loader made for another service keeps its names', () => {
    const lines = [
      'function makeLoader(url) { return () => fetch(url).then((r) => r.json()); }',
      "const load = makeLoader('https://example.com/list');",
      'export const names = () => load().then((list) => list.map((f) => f.long_name));',
    ];
    expect(migrated(lines)).toEqual(lines);
  });
});

describe('`Promise.allSettled`: each element is an outcome, its `value` the data', () => {
  const cases: Record<string, string[]> = {
    'destructured, `.value` read': [
      `export const names = () => Promise.allSettled([${FIELDS}]).then(([r]) => r.value.map((f) => f.long_name));`,
    ],
    'by index after `await`': [
      `export async function names() { const out = await Promise.allSettled([${FIELDS}, Promise.resolve(1)]); return out[0].value.map((f) => f.long_name); }`,
    ],
    '`for…of` over the outcomes': [
      `export async function names() { for (const o of await Promise.allSettled([${FIELDS}])) if (o.status === 'fulfilled') return o.value.map((f) => f.long_name); }`,
    ],
  };
  it.each(Object.entries(cases))('%s', (_name, lines) => {
    expect(migrated(lines)).toEqual(v2(lines));
  });

  it('the outcome of another promise keeps its names', () => {
    const lines = [
      `export async function names() { const [, b] = await Promise.allSettled([${FIELDS}, Promise.resolve([{ long_name: 'x' }])]); return b.value.map((g) => g.long_name); }`,
    ];
    expect(migrated(lines)).toEqual([(lines[0] as string).replace('/v1/', '/v2/')]);
  });
});

describe('built-ins that hand the data on: the first promise to settle, a deep copy, a weak map', () => {
  const cases: Record<string, string[]> = {
    '`Promise.race`': [`export const names = () => Promise.race([${FIELDS}]).then((fields) => fields.map((f) => f.long_name));`],
    '`Promise.any` after `await`, beside a timeout': [
      `export async function names() { const fields = await Promise.any([${FIELDS}, new Promise((r) => setTimeout(r, 9))]); return fields.map((f) => f.long_name); }`,
    ],
    '`JSON.parse(JSON.stringify(x))`': [
      `export const names = () => ${FIELDS}.then((fields) => JSON.parse(JSON.stringify(fields)).map((f) => f.long_name));`,
    ],
    '`Object.assign({}, item)`, a copy of one descriptor': [
      `export const first = () => ${FIELDS}.then((fields) => Object.assign({}, fields[0]).long_name);`,
    ],
    'the arguments a timer hands its callback': [
      `export const later = () => ${FIELDS}.then((fields) => { setTimeout((l) => l[0].long_name, 5, fields); process.nextTick((l) => l[1].long_name, fields); setImmediate((x, l) => l[2].long_name, 0, fields); });`,
    ],
    'a `WeakMap` keyed by an object': [
      'const cache = new WeakMap();',
      `export const names = (key) => ${FIELDS}.then((fields) => { cache.set(key, fields); return cache.get(key).map((f) => f.long_name); });`,
    ],
  };
  it.each(Object.entries(cases))('%s', (_name, lines) => {
    expect(migrated(lines)).toEqual(v2(lines));
  });

  it('what the program parses or races of its own keeps its names', () => {
    const lines = [
      `export const a = () => ${FIELDS};`,
      "export const b = () => Promise.race([Promise.resolve([{ long_name: 'x' }])]).then((l) => l.map((f) => f.long_name));",
      "export const c = (fields) => JSON.parse(JSON.stringify(a())).length + JSON.parse('[]').map((g) => g.long_name);",
      'export const d = (text) => JSON.stringify([{ long_name: text }]);',
      "export const e = () => a().then((fields) => setTimeout((l, m) => m.long_name, 5, fields, { long_name: 'x' }));",
    ];
    expect(migrated(lines)).toEqual([(lines[0] as string).replace('/v1/', '/v2/'), ...lines.slice(1)]);
  });
});

describe('a computed key on the API’s data, spelled elsewhere: the names it is given move with the reads', () => {
  const cases: Record<string, string[]> = {
    'a `const` key': ["const KEY = 'long_name';", `export const first = () => ${FIELDS}.then((fields) => fields[0][KEY]);`],
    'a key each caller gives a function that reads its own data': [
      `function pick(key) { return ${FIELDS}.then((fields) => fields.map((f) => f[key])); }`,
      "export const names = () => pick('long_name');",
      "export const names2 = () => pick('long_name').then((l) => l.length);",
    ],
    'a key the one caller gives beside the data': [
      'function pluck(items, key) { return items.map((x) => x[key]); }',
      `export const names = () => ${FIELDS}.then((fields) => pluck(fields, 'long_name'));`,
    ],
  };
  it.each(Object.entries(cases))('%s', (_name, lines) => {
    expect(migrated(lines)).toEqual(v2(lines));
  });

  it('a `let` key, a key one caller gives as a variable, and a function called with other objects too: unchanged', () => {
    const lines = [
      "let KEY = 'long_name';",
      `export const first = () => ${FIELDS}.then((fields) => fields[0][KEY]);`,
      `function pick(key) { return ${FIELDS}.then((fields) => fields.map((f) => f[key])); }`,
      "export const names = (k) => pick('long_name').then(() => pick(k));",
    ];
    expect(migrated(lines)).toEqual([lines[0] as string, ...v2(lines.slice(1, 3)), lines[3]]);
  });
});

describe('a key given by several callers of a function handed the API’s data beside other objects', () => {
  it('each V1 name given is left, with a marker where it is given (not a silent miss, not a guess)', () => {
    const lines = [
      'function pluck(items, key) { return items.map((x) => x[key]); }',
      `export const names = () => ${FIELDS}.then((fields) => pluck(fields, 'long_name'));`,
      "export const own = () => pluck([{ title: 'x' }], 'title');",
    ];
    expect(migrated(lines)).toEqual([
      lines[0],
      "// civic-migrate: `long_name` is given here to name what a function reads on V1 field descriptors (V2 calls it `description`), and its other calls may hand it other objects: pass `description` where the API's data arrives, or give each its own code path",
      (lines[1] as string).replace('/v1/', '/v2/'),
      lines[2],
    ]);
  });
});

describe('a V1 Boolean’s text compared on a state item the migration moves', () => {
  const STATE = "fetch(HOST + '/v1/election/state/CA/').then((r) => r.json())";
  const MARKER =
    "// civic-migrate: a V1 state item's `text` is compared with `'True'` here: V2 gives a Boolean as `bool_value` and does not document its `text`'s casing, so compare `bool_value` (`true`/`false`) instead";
  it('gets a marker (`"True"`, `!== "False"`), not on other texts or on data the program builds', () => {
    const lines = [
      `export const yes = () => ${STATE}.then((s) => s.state_information.filter((i) => i.text === 'True').length);`,
      `export const no = () => ${STATE}.then((s) => s.state_information.filter((i) => ('False' !== (i.text))).length);`,
      `export const other = () => ${STATE}.then((s) => s.state_information.filter((i) => i.text === 'Yes' || i.field_type === 'True').length);`,
      "export const mine = () => [{ text: 'True' }].filter((i) => i.text === 'True').length;",
    ];
    const path =
      '// civic-migrate: `/v1/election/state/{state}/` became `/v2/election/data/state/{state}/`: The early, unauthenticated V1 state path. V2 has only the keyed path: send HTTP Basic auth (API key ID as user name, secret as password).';
    const moved = (line: string | undefined) => (line as string).replace('/v1/election/state/', '/v2/election/data/state/');
    expect(migrated(lines)).toEqual([
      MARKER,
      path,
      moved(lines[0]),
      MARKER.replace("`'True'`", "`'False'`"),
      path,
      moved(lines[1]),
      path,
      moved(lines[2]),
      lines[3],
    ]);
  });
});

describe('an object literal whose methods share `this`', () => {
  it('what one method stores on `this` is what another reads there, through arrows, and its methods are called on it', () => {
    const lines = [
      'export const store = {',
      `  load() { return ${FIELDS}.then((list) => { this.fields = list; }); },`,
      '  names() { return this.fields.map((f) => f.long_name); },',
      '  first: function () { return this.pick(0).long_name; },',
      '  pick(i) { return this.fields[i]; },',
      '};',
      "export const other = { fields: [{ long_name: 'x' }], names() { return this.fields.map((f) => f.long_name); } };",
    ];
    expect(migrated(lines)).toEqual(v2(lines.slice(0, 6)).concat(lines.slice(6)));
  });
});
