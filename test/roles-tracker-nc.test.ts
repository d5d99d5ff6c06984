/**
 * #28 mutation testing of tracker.ts: the code no other role test reaches (Stryker's "no coverage"):
 * a promise's `.catch`/`.finally`, `reduce`'s initial value and accumulator, lodash functions bound
 * by destructuring and `_.get`'s evidence, `x || {}` as the object stored into, `Object.values` and
 * `Object.fromEntries` of what the program builds, async generators, the calls of a function given
 * a key, an argument past the last parameter, a request awaited where it is made, React state set
 * through hooks and class constructors, event names in kebab case, plugin modules a site config
 * names (ES and CommonJS). What the engine says of a node (or its whole chain of evidence), or the
 * codemod's exact output.
 */
import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/codemod/transform.js';
import { evidenceOf } from '../src/roles/evidence.js';
import { analyze, changedLines, type Node, V1 } from './helpers/program.js';

const BASE = `const BASE = ${V1};`;
const V2_BASE = "const BASE = 'https://api.voteamerica.org/v2';";
const FIELDS = "fetch(BASE + '/election/field/').then((r) => r.json())";
const GET = `await ${FIELDS}`;
const migrate = (lines: readonly string[], file = 'a.js') => transformSource(lines.join('\n'), file).output.split('\n');
/** `exports.f`, given the V1 field list as `fields`: the lines of its body. */
const program = (...body: string[]) =>
  analyze({
    'a.js': [BASE, 'exports.f = async (key, opts) => {', `  const fields = ${GET};`, ...body.map((l) => `  ${l}`), '};'].join(
      '\n',
    ),
  });
type Analysis = ReturnType<typeof analyze>;
/** Each fact's whole chain of evidence at a node. */
const chain = (a: Analysis, n: Node) => a.roles.at(n).map((f) => evidenceOf(f).map((s) => s.says));
/** A parameter's name (the parameter itself is the outermost node written so). */
const nameOf = (n: Node) => (n as unknown as { name: Node }).name;
/** The evidence of `fields` from its request (the head of every chain from it). */
const FIELDS_CHAIN = [
  "`'https://api.voteamerica.org/v1'`: a V1 base URL",
  '`BASE`: a V1 base URL',
  '`r`: awaited, a response whose body is V1 field list',
  '`r`: a response whose body is V1 field list',
  '`r.json()`: awaited, a promise of V1 field list',
  "`fetch(BASE + '/election/field/').then((r) => r.json())`: returned by the call, a promise of V1 field list",
  "`await fetch(BASE + '/election/field/').then((r) => r.json())`: awaited, V1 field list",
  '`fields`: V1 field list',
  '`fields`: V1 field list',
];

describe('promises and reduce', () => {
  it("a promise's `.catch(…)` and `.finally(…)` are the same promise", () => {
    const a = program(
      "const p = fetch(BASE + '/election/field/').then((r) => r.json()).catch(() => []);",
      'const q = p.finally(() => {});',
      'return (await q)[0].long_name;',
    );
    expect(a.says(a.node("fetch(BASE + '/election/field/').then((r) => r.json()).catch(() => [])"))).toEqual([
      "`fetch(BASE + '/election/field/').then((r) => r.json()).ca…`: a promise of V1 field list",
    ]);
    expect(a.says(a.node('p.finally(() => {})'))).toEqual(['`p.finally(() => {})`: a promise of V1 field list']);
  });

  it("`reduce`'s initial value is what the call gives when the callback returns its accumulator", () => {
    const a = program('const x = fields.reduce((acc) => acc, fields[0]);', 'return x.long_name;');
    expect(a.says(a.node('fields.reduce((acc) => acc, fields[0])'))).toEqual([
      '`fields.reduce((acc) => acc, fields[0])`: V1 field descriptor',
    ]);
    expect(a.says(nameOf(a.node('acc')))).toEqual(['`acc`: an element, V1 field descriptor']);
  });

  it("what `reduce`'s callback returns is its accumulator next time", () => {
    const a = program('const x = fields.reduce((acc, f) => f);', 'return x.long_name;');
    expect(a.says(nameOf(a.node('acc')))).toEqual(['`acc`: V1 field descriptor']);
  });
});

describe('lodash', () => {
  it('a function destructured from `lodash`, under its own name or another', () => {
    const a = program(
      "const { sortBy } = require('lodash');",
      "const { sortBy: by } = require('lodash');",
      "return [sortBy(fields, 'slug'), by(fields, 'slug')];",
    );
    expect(a.says(a.node("sortBy(fields, 'slug')"))).toEqual(["`sortBy(fields, 'slug')`: V1 field list"]);
    expect(a.says(a.node("by(fields, 'slug')"))).toEqual(["`by(fields, 'slug')`: V1 field list"]);
  });

  it("`_.get(x, 'k')`'s evidence runs through what `x` holds, or through what was stored under `k`", () => {
    const a = program(
      "const first = _.get(fields, '0');",
      "const o = {}; o.k = fields[0]; const w = _.get(o, 'k');",
      'return [first, w];',
    );
    expect(chain(a, a.node("_.get(fields, '0')"))).toEqual([
      [...FIELDS_CHAIN, "`_.get(fields, '0')`: an element, V1 field descriptor"],
    ]);
    expect(chain(a, a.node("_.get(o, 'k')"))).toEqual([
      [
        ...FIELDS_CHAIN.filter((s) => s !== '`r`: awaited, a response whose body is V1 field list'),
        '`fields[0]`: an element, V1 field descriptor',
        "`_.get(o, 'k')`: stored and read back, V1 field descriptor",
      ],
    ]);
  });
});

describe('the object a name holds', () => {
  it('`x || {}` and `x ?? {}`: the literal is where what is stored into the name is kept', () => {
    const a = program(
      'const cache = opts.cache || {};',
      'const more = opts.more ?? {};',
      'cache.list = fields;',
      'more.list = fields;',
      'return [cache.list[0].long_name, more.list[0]];',
    );
    expect(a.says(a.node('cache.list', 1))).toEqual(['`cache.list`: stored and read back, V1 field list']);
    expect(a.says(a.node('more.list', 1))).toEqual(['`more.list`: stored and read back, V1 field list']);
  });
});

describe('a key a function is given', () => {
  it("the calls of a function that reads a key on the API's data are its calls by name or as a member, not other references", () => {
    const code = [
      BASE,
      `const h = { pick(key) { return ${FIELDS}.then((fields) => fields.map((f) => f[key])); } };`,
      `function pick(key) { return ${FIELDS}.then((fields) => fields.map((f) => f[key])); }`,
      'console.log(pick, pick.name);',
      "export const names = () => [h.pick('long_name'), pick('long_name')];",
    ];
    expect(migrate(code)).toEqual([
      V2_BASE,
      ...code.slice(1, 4),
      "export const names = () => [h.pick('description'), pick('description')];",
    ]);
  });
});

describe('a request whose data is not seen read', () => {
  it('awaited where it is made, it is used there: a marker says where its data goes unseen', () => {
    const code = [
      BASE,
      "exports.a = async () => { const res = await fetch(BASE + '/election/field/'); return JSON.parse(await res.text()).map((f) => f.long_name); };",
    ];
    expect(migrate(code)).toEqual([
      V2_BASE,
      "// civic-migrate: this request of `GET /v1/election/field/` moves to V2, but where its field list is read is not seen here (a library's callback or stream, a parse of the response's text, a caller outside the program): make sure that code reads V2's names (`civic-migrate explain NAME` says how)",
      code[1],
    ]);
  });
});

describe('iterables', () => {
  it("an async generator's yielded promise is awaited: `for await` gets what it settles with", () => {
    const a = program(
      "async function* gen() { yield fetch(BASE + '/election/field/').then((r) => r.json()); }",
      'for await (const list of gen()) return list[0].long_name;',
    );
    expect(a.says(nameOf(a.node('list')))).toEqual(['`list`: an element, V1 field list']);
  });
});

describe('`Object.values` and `Object.fromEntries`', () => {
  it("`Object.values` of an object the program fills is its members; of the API's list, its elements", () => {
    const a = program(
      'const byKey = {};',
      'byKey[key] = fields[0];',
      'const vals = Object.values(byKey);',
      'const all = Object.values(fields);',
      'return [vals.map((v) => v.long_name), all.map((w) => w.long_name)];',
    );
    expect(a.says(a.node('Object.values(byKey)'))).toEqual(['`Object.values(byKey)`: an array the program builds']);
    expect(a.says(nameOf(a.node('v')))).toEqual(['`v`: an element, V1 field descriptor']);
    expect(a.says(nameOf(a.node('w')))).toEqual(['`w`: an element, V1 field descriptor']);
  });

  it("`Object.fromEntries` of a `Map` the program fills holds the map's values", () => {
    const a = program(
      'const m = new Map();',
      'm.set(key, fields[0]);',
      'const o = Object.fromEntries(m);',
      'return o.x.long_name;',
    );
    expect(a.says(a.node('Object.fromEntries(m)'))).toEqual(['`Object.fromEntries(m)`: an object the program builds']);
    expect(a.says(a.node('o.x'))).toEqual(['`o.x`: stored and read back, V1 field descriptor']);
  });
});

describe('arguments', () => {
  it('an argument past the last parameter goes to the rest parameter, not to a parameter before it', () => {
    const a = program('function g(x, b, ...rest) { return [x, b, rest]; }', 'return g(1, fields[0], 3, fields);');
    expect(a.says(nameOf(a.node('b')))).toEqual(['`b`: an argument reaching this parameter, V1 field descriptor']);
  });
});

describe('an event named in kebab case', () => {
  it("`emit('fields-loaded', …)` reaches the listeners of `fieldsLoaded`, as Vue matches them", () => {
    const a = program(
      "const events = new (require('events'))();",
      "events.on('fieldsLoaded', (list) => list[0].long_name);",
      "events.emit('fields-loaded', fields);",
    );
    expect(a.says(nameOf(a.node('list')))).toEqual(['`list`: V1 field list']);
  });
});

describe("a site config's plugin", () => {
  const CONFIG =
    "module.exports = { plugins: [{ resolve: './civic-source', options: { url: 'https://api.voteamerica.org/v1/election/field/' } }] };";
  const MARK =
    "+  // civic-migrate: this request of `GET /v1/election/field/` moves to V2, but where its field list is read is not seen here (a library's callback or stream, a parse of the response's text, a caller outside the program): make sure that code reads V2's names (`civic-migrate explain NAME` says how)";

  it('a plugin module the program does not hold yet joins it: its exported node API functions get the options, its other functions not', async () => {
    const plugin = [
      'const headers = {};',
      'let later;',
      "export const name = 'civic-source';",
      'const helper = async (api, opts) => {',
      '  const r = await fetch(opts.url, { headers });',
      '  return JSON.parse(await r.text());',
      '};',
      'export const sourceNodes = async (api, options) => {',
      '  const r = await fetch(options.url, { headers });',
      '  return JSON.parse(await r.text());',
      '};',
    ];
    expect(await changedLines({ 'gatsby-config.js': CONFIG, 'civic-source.js': plugin.join('\n') })).toEqual([
      [MARK],
      [`-${CONFIG}`, `+${CONFIG.replace('/v1/', '/v2/')}`],
    ]);
  });

  it('a CommonJS plugin (`exports.sourceNodes = …`, as `gatsby-node.js` is written) gets the options too; a function another object holds does not', async () => {
    const plugin = [
      "require('dotenv').config();",
      'const helpers = {};',
      "exports.pluginName = 'civic-source';",
      'helpers.load = async (api, opts) => {',
      '  const r = await fetch(opts.url);',
      '  return JSON.parse(await r.text());',
      '};',
      'exports.sourceNodes = async (api, options) => {',
      '  const fields = await (await fetch(options.url)).json();',
      '  return fields.map((f) => f.long_name);',
      '};',
    ];
    expect(await changedLines({ 'civic-source.js': plugin.join('\n'), 'gatsby-config.js': CONFIG })).toEqual([
      ['-  return fields.map((f) => f.long_name);', '+  return fields.map((f) => f.description);'],
      [`-${CONFIG}`, `+${CONFIG.replace('/v1/', '/v2/')}`],
    ]);
  });
});

describe("React's state", () => {
  const HANDED = (to: string, indent = '') =>
    `${indent}// civic-migrate: V1 field lists are handed to \`${to}\` here, a function this tool cannot see into: after the migration they arrive as V2 field lists, so rename the names it reads (\`civic-migrate explain NAME\` says how)`;
  const jsx = (lines: readonly string[]) => migrate([BASE, ...lines], 'a.jsx');

  it("a setter of another hook's pair (`useLocalStorage`) is a function not seen into: a marker", () => {
    const code = [
      "import { useEffect } from 'react';",
      "import { useLocalStorage } from 'usehooks-ts';",
      'export function Fields() {',
      "  const [fields, setFields] = useLocalStorage('fields', []);",
      `  useEffect(() => { ${FIELDS}.then(setFields); }, []);`,
      '  return fields.map((f) => f.long_name);',
      '}',
    ];
    expect(jsx(code)).toEqual([V2_BASE, ...code.slice(0, 4), HANDED('setFields', '  '), ...code.slice(4)]);
  });

  const component = (...body: string[]) => [
    "import React from 'react';",
    'const shared = {};',
    'export class Fields extends React.Component {',
    ...body.map((l) => `  ${l}`),
    '}',
  ];

  it('`this.setState(list)` (not an object of members), a class with no initial state, `this.setState` outside a class: markers', () => {
    const given = component(
      'state = { fields: [] };',
      `componentDidMount() { ${FIELDS}.then((fields) => this.setState(fields)); }`,
      'render() { return this.state.fields.map((f) => f.long_name); }',
    );
    expect(jsx(given)).toEqual([V2_BASE, ...given.slice(0, 4), HANDED('this.setState', '  '), ...given.slice(4)]);
    const noState = component(
      `componentDidMount() { ${FIELDS}.then((fields) => this.setState({ fields })); }`,
      'render() { return this.state.fields.map((f) => f.long_name); }',
    );
    expect(jsx(noState)).toEqual([V2_BASE, ...noState.slice(0, 3), HANDED('this.setState', '  '), ...noState.slice(3)]);
    const outside = [`export function load() { ${FIELDS}.then((fields) => this.setState({ fields })); }`];
    expect(jsx(outside)).toEqual([V2_BASE, HANDED('this.setState'), ...outside]);
  });

  it("the state a constructor starts with (`this.state = { … }`) holds what `setState` sets; other members' and objects' `state` do not", () => {
    const code = component(
      'constructor(props) {',
      '  super(props);',
      '  const first = true;',
      '  this.state = { fields: [] };',
      '  this.other = { fields: [] };',
      '  shared.state = { fields: [] };',
      '}',
      `componentDidMount() { ${FIELDS}.then((fields) => this.setState({ fields })); }`,
      'render() {',
      '  return [this.state.fields.map((f) => f.long_name), this.other.fields.map((f) => f.long_name), shared.state.fields.map((f) => f.long_name)];',
      '}',
    );
    expect(jsx(code)).toEqual([
      V2_BASE,
      ...code.slice(0, 12),
      '    return [this.state.fields.map((f) => f.description), this.other.fields.map((f) => f.long_name), shared.state.fields.map((f) => f.long_name)];',
      ...code.slice(13),
    ]);
  });
});
