/**
 * Calls on the API's data (src/roles/tracker.ts: `method`, `lodashCall`, `namesRead`, callbacks and
 * returns; #28 mutation testing of tracker.ts: the calls): a promise's `catch`/`finally`, a
 * promise of a response read with `.json()`, a URL's `concat`, `reduce` with an initial value,
 * `flatMap`, lodash's `get`/`keyBy`/`groupBy`, a bound callback. Small programs; what the engine
 * says of a node is asserted exactly.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { transformSource } from '../src/codemod/transform.js';
import { evidenceOf } from '../src/roles/evidence.js';
import { analyze, V1 } from './helpers/program.js';

const BASE = `const BASE = ${V1};`;
const FIELDS = "fetch(BASE + '/election/field/').then((r) => r.json())";
/** What the engine says of each node (its text, the nth one) of one file after `BASE`. */
const says = (lines: string[], texts: (string | [string, number])[]) => {
  const a = analyze({ 'a.js': [BASE, ...lines].join('\n') });
  return texts.map((t) => (typeof t === 'string' ? a.says(a.node(t)) : a.says(a.node(t[0], t[1]))));
};
const inF = (body: string) => [`export const f = async () => { const fields = await ${FIELDS}; ${body} };`];

describe('a promise', () => {
  it('`catch` and `finally` give the same promise', () => {
    expect(
      says(
        [`export const f = async () => { const a = await ${FIELDS}.catch(() => []); return a[0].long_name; };`],
        ['a', 'a[0]'],
      ),
    ).toEqual([['`a`: V1 field list'], ['`a[0]`: an element, V1 field descriptor']]);
    expect(
      says([`export const f = async () => { const a = await ${FIELDS}.finally(() => 0); return a[0].long_name; };`], ['a[0]']),
    ).toEqual([['`a[0]`: an element, V1 field descriptor']]);
  });

  it('a promise of a response read with `.json()` is awaited its body; `.text()`, or `.json()` on a promise of the data, is not', () => {
    const ky = "require('ky').get('election/field/', { prefixUrl: BASE }).json()";
    expect(
      says(
        [
          `export const f = async () => { const t = await ${ky}; return t[0].long_name; };`,
          `export const g = async () => { const s = await fetch(BASE + '/election/field/').text(); const j = await ${FIELDS}.json(); return [s, j]; };`,
        ],
        [ky, 't', 's', 'j'],
      ),
    ).toEqual([
      ["`require('ky').get('election/field/', { prefixUrl: BASE })…`: awaited, a promise of V1 field list"],
      ['`t`: V1 field list'],
      [],
      [],
    ]);
  });
});

describe('a URL', () => {
  it('`concat` with one path joins; with two, or another method, is no URL; `toString` is the same URL', () => {
    expect(
      says(
        [
          "export const u = BASE.concat('/election/field/');",
          "export const v = BASE.startsWith('/election/field/');",
          "export const w = BASE.concat('/election', '/field/');",
          'export const x = BASE.toString();',
        ],
        [
          "BASE.concat('/election/field/')",
          "BASE.startsWith('/election/field/')",
          "BASE.concat('/election', '/field/')",
          'BASE.toString()',
        ],
      ),
    ).toEqual([
      ["`BASE.concat('/election/field/')`: a base URL and a path joined, a V1 API URL"],
      [],
      [],
      ['`BASE.toString()`: a V1 base URL'],
    ]);
  });
});

describe('a list method', () => {
  it('`flatMap` gives a list of what its callback returns', () => {
    expect(says(inF('const out = fields.flatMap((x) => [x]); return out[0].long_name;'), ['out', 'out[0]'])).toEqual([
      ['`out`: an array the program builds'],
      ['`out[0]`: stored and read back, V1 field descriptor'],
    ]);
  });

  it('`reduce` gives what its callback returns, and its initial value, which the callback gets first', () => {
    expect(
      says(
        inF(
          'const one = fields.reduce((acc, x) => acc || x, null); const all = fields.reduce((acc, x) => acc, fields[0]); const last = fields.reduce((acc, x) => x); const none = fields.reduce(() => fields[1]); return [one, all, last, none];',
        ),
        [['acc', 1], 'one', 'all', ['acc', 3], 'last', 'none'],
      ),
    ).toEqual([
      ['`acc`: V1 field descriptor'],
      ['`one`: V1 field descriptor'],
      ['`all`: V1 field descriptor'],
      ['`acc`: V1 field descriptor'],
      ['`last`: V1 field descriptor'],
      ['`none`: V1 field descriptor'],
    ]);
  });
});

describe('a Map and a generator the program builds', () => {
  const lines = inF(
    "const m = new Map(); m.set('first', fields[0]); for (const e of m) [e]; const en = fields.entries(); const v = m.values(); const got = m.get('first'); function* g() { for (const x of fields) yield x; } const r = g().next(); const c = { ...g().next() }; return [en, v, got, r.value.long_name, c.value];",
  );

  it("a list's `entries()`, a map's `values()` and `get`, a generator's `next()`", () => {
    expect(
      says(lines, ['fields.entries()', 'm.values()', "m.get('first')", 'got', 'g().next()', 'r.value', 'c.value', ['e', 1]]),
    ).toEqual([
      ['`fields.entries()`: an array the program builds'],
      ['`m.values()`: an array the program builds'],
      ["`m.get('first')`: stored and read back, V1 field descriptor"],
      ['`got`: V1 field descriptor'],
      ['`g().next()`: an object the program builds'],
      ['`r.value`: stored and read back, V1 field descriptor'],
      ['`c.value`: stored and read back, V1 field descriptor'],
      ['`e`: an object the program builds'],
    ]);
  });

  it("what a map's `get` gives keeps the chain it was stored with", () => {
    const a = analyze({ 'a.js': [BASE, ...lines].join('\n') });
    // `for (const e of m)`: each entry, a pair made where it is iterated.
    expect(
      a.roles.at(a.node('e', 1)).map((f) =>
        evidenceOf(f)
          .map((x) => x.says)
          .slice(-3),
      ),
    ).toEqual([
      [
        '`m`: an element, an object the program builds',
        '`e`: an element, an object the program builds',
        '`e`: an object the program builds',
      ],
    ]);
    expect(a.roles.at(a.node("m.get('first')")).map((f) => evidenceOf(f).map((s) => s.says))).toEqual([
      [
        "`'https://api.voteamerica.org/v1'`: a V1 base URL",
        '`BASE`: a V1 base URL',
        '`r`: awaited, a response whose body is V1 field list',
        '`r`: a response whose body is V1 field list',
        '`r.json()`: awaited, a promise of V1 field list',
        "`fetch(BASE + '/election/field/').then((r) => r.json())`: returned by the call, a promise of V1 field list",
        "`await fetch(BASE + '/election/field/').then((r) => r.json())`: awaited, V1 field list",
        '`fields`: V1 field list',
        '`fields[0]`: an element, V1 field descriptor',
        "`m.get('first')`: stored and read back, V1 field descriptor",
      ],
    ]);
  });
});

describe('lodash on the API data', () => {
  const STATE = "fetch(BASE + '/election/data/state/CA/').then((r) => r.json())";
  it('`_.get` by a name gives the member; `_.pick`, or `_.get` by a list of names, does not', () => {
    expect(
      says(
        [
          "import _ from 'lodash';",
          `export const f = async () => { const s = await ${STATE}; const a = _.get(s, 'state_information'); const b = _.pick(s, 'state_information'); const c = _.get(s, ['state_information']); const d = _.pick(s); return [a, b, c, d]; };`,
        ],
        ["_.get(s, 'state_information')", "_.pick(s, 'state_information')", "_.get(s, ['state_information'])", '_.pick(s)'],
      ),
    ).toEqual([["`_.get(s, 'state_information')`: a member, V1 list of state information items"], [], [], []]);
  });

  it('`keyBy`, `groupBy`, `map` with a callback, `filter`: what each returns', () => {
    expect(
      says(
        [
          "import _ from 'lodash';",
          'export const f = async () => { const fields = await ' +
            FIELDS +
            "; const k = _.keyBy(fields, 'slug'); const g = _.groupBy(fields, 'slug'); const m = _.map(fields, (x) => x); const fl = _.filter(fields, (x) => x.slug); const one = _.first(fields); const kc = { ...k }; const gc = { ...g }; return [k.a, g.a[0], m[0], fl, one, kc.a, gc.a]; };",
        ],
        [
          "_.keyBy(fields, 'slug')",
          'k.a',
          "_.groupBy(fields, 'slug')",
          'g.a',
          'g.a[0]',
          '_.map(fields, (x) => x)',
          'm[0]',
          '_.filter(fields, (x) => x.slug)',
          '_.first(fields)',
          'kc.a',
          'gc.a',
        ],
      ),
    ).toEqual([
      ["`_.keyBy(fields, 'slug')`: an object the program builds"],
      ['`k.a`: stored and read back, V1 field descriptor'],
      ["`_.groupBy(fields, 'slug')`: an object the program builds"],
      ['`g.a`: stored and read back, an array the program builds'],
      ['`g.a[0]`: stored and read back, V1 field descriptor'],
      ['`_.map(fields, (x) => x)`: an array the program builds'],
      ['`m[0]`: stored and read back, V1 field descriptor'],
      ['`_.filter(fields, (x) => x.slug)`: V1 field list'],
      ['`_.first(fields)`: an element, V1 field descriptor'],
      ['`kc.a`: stored and read back, V1 field descriptor'],
      ['`gc.a`: stored and read back, an array the program builds'],
    ]);
  });
});

describe('a generator', () => {
  it("an async generator's yielded promise is awaited in its elements; a generator's is not", () => {
    expect(
      says(
        [
          `async function* ag() { yield ${FIELDS}; }`,
          `function* sg() { yield ${FIELDS}; }`,
          'export const f = async () => { for await (const x of ag()) x[0].long_name; for (const p of sg()) p; return [ag(), sg()]; };',
        ],
        [['x', 1], ['p', 1], 'ag()', 'sg()'],
      ),
    ).toEqual([
      ['`x`: V1 field list'],
      ['`p`: a promise of V1 field list'],
      ['`ag()`: returned by the call, the function ag (the functions its members hold)'],
      ['`sg()`: returned by the call, the function sg (the functions its members hold)'],
    ]);
  });

  it("a call of a generator holds its iterable, made where it yields (evidence's last steps)", () => {
    const a = analyze({
      'a.js': [BASE, 'function* sg(list) { yield list; }', `export const f = async () => sg(await ${FIELDS});`].join('\n'),
    });
    expect(
      a.roles.at(a.node(`sg(await ${FIELDS})`)).map((f) =>
        evidenceOf(f)
          .map((s) => s.says)
          .slice(-3),
      ),
    ).toEqual([
      [
        '`list`: V1 field list',
        // (Worded as a function's static side: the iterable is a site at the generator.)
        '`list`: the function sg (the functions its members hold)',
        "`sg(await fetch(BASE + '/election/field/').then((r) => r.j…`: returned by the call, the function sg (the functions its members hold)",
      ],
    ]);
  });
});

describe('a function returning a URL', () => {
  it("its calls hold the API's base; not another service's path", () => {
    expect(
      says(
        [
          'function base() { return BASE; }',
          "function users() { return '/users/'; }",
          "export const f = () => fetch(base() + '/election/field/').then((r) => r.json());",
          'export const u = users();',
        ],
        ['base()', 'users()', "'/users/'"],
      ),
    ).toEqual([['`base()`: returned by the call, a V1 base URL'], [], ["`'/users/'`: a path of another service"]]);
  });
});

describe('names a lodash function reads', () => {
  const STATE = "fetch(BASE + '/election/data/state/CA/').then((r) => r.json())";
  let a: ReturnType<typeof analyze>;
  // Made before each test, not while the file is collected: code run outside a test is, to the mutation runner, every test's.
  beforeEach(() => {
    a = analyze({
      'a.js': [
        BASE,
        "import _ from 'lodash';",
        `export const f = async () => { const s = await ${STATE}; const fields = await ${FIELDS}; const pairs = fields.map((x) => [x]);`,
        "  return [_.find(s.state_information, { field_type: 'vbm_no_excuse' }), _.find(fields, { long_name: 'Early voting' }), _.filter(s.state_information, { 'a.b': 1, ['c']: 2, field_type: 'vbm_no_excuse' }), _.map(pairs, 'slug'), _.find(pairs, { slug: 'x' })]; };",
      ].join('\n'),
    });
  });
  const slot = (n: ReturnType<typeof a.node>) => {
    const f = a.roles.slugSlot(n as never);
    return (
      f &&
      evidenceOf(f)
        .map((s) => s.says)
        .slice(-2)
    );
  };

  it('a slug matched (`{ field_type: … }`) is a slot of the slug the element holds; another member is none', () => {
    expect([slot(a.node("'vbm_no_excuse'")), slot(a.node("'Early voting'")), slot(a.node("'vbm_no_excuse'", 1))]).toEqual([
      ['`s.state_information`: a member, V1 list of state information items', "`'vbm_no_excuse'`: an element, slug"],
      undefined,
      ['`s.state_information`: a member, V1 list of state information items', "`'vbm_no_excuse'`: an element, slug"],
    ]);
  });

  it("the names read on the API's elements: plain names only, not a path, a computed name, or the program's own lists", () => {
    expect(a.roles.named(a.sf('a.js')).map((x) => [x.node.getText(), x.facts.map((f) => evidenceOf(f).at(-1)?.says)])).toEqual([
      [
        'field_type',
        ['`field_type`: an element, V1 state information item', '`field_type`: an element, V1 state information item'],
      ],
      [
        'field_type',
        ['`field_type`: an element, V1 state information item', '`field_type`: an element, V1 state information item'],
      ],
      ['long_name', ['`long_name`: an element, V1 field descriptor']],
    ]);
  });
});

describe('a computed key a function is given (`keyLiterals`)', () => {
  const migrate = (lines: string[]) =>
    transformSource([BASE, ...lines].join('\n'), 'a.js')
      .output.split('\n')
      .slice(1);
  const PICK = `function pick(key) { return ${FIELDS}.then((fields) => fields.map((f) => f[key])); }`;

  it("a method of an object called by name, and a function also referenced without a call: each caller's name moves", () => {
    const lines = [
      `const api = { pick(key) { return ${FIELDS}.then((fields) => fields.map((f) => f[key])); } };`,
      "export const names = () => api.pick('long_name');",
      PICK,
      "export const all = () => pick('long_name'); export const ref = pick;",
    ];
    expect(migrate(lines)).toEqual(lines.map((l) => l.replaceAll('long_name', 'description')));
  });

  it('a caller that gives no key: the name given by the other stays', () => {
    const lines = [PICK, "export const all = () => pick('long_name'); export const none = () => pick();"];
    expect(migrate(lines)).toEqual(lines);
  });

  it('the data passed through another function first is no argument of this one: both callers move', () => {
    const lines = [
      'function same(list) { return list; }',
      `function pick(key) { return ${FIELDS}.then((fields) => same(fields).map((f) => f[key])); }`,
      "export const a = () => pick('long_name'); export const b = () => pick('long_name').then((l) => l.length);",
    ];
    expect(migrate(lines)).toEqual(lines.map((l) => l.replaceAll('long_name', 'description')));
  });

  it('several callers of a function handed the data beside a key: each literal key is a giver, a variable none', () => {
    const a = analyze({
      'a.js': [
        BASE,
        'function pluck(items, key) { return items.map((x) => x[key]); }',
        `export const names = () => ${FIELDS}.then((fields) => pluck(fields, 'long_name'));`,
        "export const own = (k) => pluck([{ title: 'x' }], k);",
      ].join('\n'),
    });
    expect(a.roles.keyGivers(a.sf('a.js')).map((g) => [g.node.getText(), g.facts.length])).toEqual([["'long_name'", 1]]);
  });
});

describe("an event's listeners (`listenersOf`)", () => {
  const migrate = (lines: string[], file = 'a.js') =>
    transformSource([BASE, ...lines].join('\n'), file)
      .output.split('\n')
      .slice(1);

  it('a listener with the event written as text and a function; not one without them, nor another event', () => {
    const lines = [
      "import { EventEmitter } from 'node:events';",
      'const bus = new EventEmitter(); const EVENT = 1;',
      "bus.on('fields', (fields) => fields[0].long_name);",
      "bus.on(); bus.on('fields'); bus.on(EVENT, (x) => x.long_name); bus.once('other', (o) => o.long_name);",
      `export const load = () => ${FIELDS}.then((d) => bus.emit('fields', d));`,
    ];
    expect(migrate(lines)).toEqual([
      ...lines.slice(0, 2),
      "bus.on('fields', (fields) => fields[0].description);",
      ...lines.slice(3),
    ]);
  });

  it('a listener on an emitter imported from a package, on an undeclared global, or on `globalThis`', () => {
    const lines = [
      "import bus from 'some-bus';",
      "bus.on('fields', (fields) => fields[0].long_name); emitter.on('fields', (f) => f[1].long_name); globalThis.on('fields', (g) => g[2].long_name);",
      `export const load = () => ${FIELDS}.then((d) => bus.emit('fields', d));`,
    ];
    expect(migrate(lines)).toEqual(lines.map((l) => l.replaceAll('long_name', 'description')));
  });

  it('a listener added with type arguments (`bus.on<Field[]>(…)`), or a space before the parenthesis', () => {
    const lines = [
      "import { EventEmitter } from 'node:events';",
      'const bus = new EventEmitter();',
      "bus.on<any>('fields', (fields: any) => fields[0].long_name);",
      "bus.once ('fields', (fields) => fields[1].long_name); bus.on/* typed */('fields', (all) => all[2].long_name);",
      `export const load = () => ${FIELDS}.then((d) => bus.emit('fields', d));`,
    ];
    expect(migrate(lines, 'a.ts')).toEqual(lines.map((l) => l.replaceAll('long_name', 'description')));
  });
});

describe('a bound function as a callback', () => {
  const migrate = (lines: string[]) =>
    transformSource([BASE, ...lines].join('\n'), 'a.js')
      .output.split('\n')
      .slice(1);

  it('what `map` returns through it, with no argument bound or with one (its return is the same)', () => {
    const lines = [
      'function pick(f) { return f; } function pickWith(o, f) { return f; }',
      `export const g = async () => (await ${FIELDS}).map(pick.bind(null))[0].long_name;`,
      `export const h = async () => (await ${FIELDS}).map(pickWith.bind(null, {}))[0].long_name;`,
    ];
    expect(migrate(lines)).toEqual(lines.map((l) => l.replace('long_name', 'description')));
  });

  it('a parameter with a default function, given to `map`: the function each caller hands gets the elements', () => {
    const lines = [
      'function show(list, fmt = (x) => x) { return list.map(fmt); }',
      `export const g = async () => show(await ${FIELDS}, (f) => f.long_name);`,
    ];
    expect(migrate(lines)).toEqual(lines.map((l) => l.replace('long_name', 'description')));
  });

  it('a default that is an undeclared name, and an undeclared callback: functions this tool cannot see into (markers)', () => {
    const lines = [
      'function show(list, fmt = undeclaredFmt) { return list.map(fmt); }',
      `export const g = async () => [show(await ${FIELDS}), (await ${FIELDS}).map(undeclaredFn)[0].long_name];`,
    ];
    const marker = (x: string) =>
      `// civic-migrate: V1 field descriptors are handed to \`${x}\` here, a function this tool cannot see into: after the migration they arrive as V2 field descriptors, so rename the names it reads (\`civic-migrate explain NAME\` says how)`;
    expect(migrate(lines)).toEqual([marker('fmt'), lines[0], marker('undeclaredFn'), lines[1]]);
  });

  it("`reduce`'s accumulator through a bound function: its first parameter, none with an argument bound", () => {
    expect(
      says(
        [
          'function step(acc, x) { return acc || x; }',
          'function tagged(tag, acc, x) { return tag && x; }',
          `export const f = async () => { const fields = await ${FIELDS}; return [fields.reduce(step.bind(null), null), fields.reduce(tagged.bind(null, 'k'), null)]; };`,
        ],
        [
          ['acc', 1],
          ['tag', 1],
        ],
      ),
    ).toEqual([['`acc`: V1 field descriptor'], []]);
  });
});

describe("a Pinia store's `$patch`, and a member of an object called", () => {
  let a: ReturnType<typeof analyze>;
  // Made before each test, not while the file is collected: code run outside a test is, to the mutation runner, every test's.
  beforeEach(() => {
    a = analyze({
      'store.js': `import { defineStore } from 'pinia';
export const useFieldStore = defineStore('fields', {
  state: () => ({ fields: [], record: null }),
  actions: {
    async loadState(code) {
      const record = await fetch(\`https://api.voteamerica.org/v1/election/data/state/\${code}/\`).then((r) => r.json());
      this.$patch((state) => { state.record = record; });
      this.$patch({ fields: record.state_information });
      this.$patch([record]); const m = new Map(); m.set('extra', record); this.$patch(m);
      const o = { list: record }; o.list();
    },
    first() { return this.fields[0].value; },
    second() { return this.extra; },
  },
});
`,
    });
  });

  it("a function given to `$patch` gets the store; an object's members are the store's; a member that holds no function is not called", () => {
    expect([
      a.says(a.node('state', 2)),
      a.says(a.node('this.fields')),
      a.says(a.node('o.list()')),
      a.says(a.node('this.extra')),
    ]).toEqual([
      ['`state`: an object the program builds'],
      [
        '`this.fields`: stored and read back, V1 list of state information items',
        '`this.fields`: stored and read back, V1 list of state information items',
      ],
      [],
      [],
    ]);
  });
});

describe('a callback given a source, a lodash function bound from `require`', () => {
  it("a callback's parameter given the URL literal itself is it, not its source", () => {
    expect(says([`[${V1}].forEach((u) => fetch(u + '/election/field/'));`], [['u', 1]])).toEqual([['`u`: a V1 base URL']]);
  });

  it('`const { sortBy } = require(…)`: the lodash function its name binds', () => {
    expect(
      says(
        [
          "const { sortBy, first: head } = require('lodash');",
          `export const f = async () => { const fields = await ${FIELDS}; return [sortBy(fields, 'slug'), head(fields)]; };`,
        ],
        ["sortBy(fields, 'slug')", 'head(fields)'],
      ),
    ).toEqual([["`sortBy(fields, 'slug')`: V1 field list"], ['`head(fields)`: an element, V1 field descriptor']]);
  });
});

describe('requests whose data no value holds (`unread`)', () => {
  it('awaited, or read as text through another promise of the response: unread; dropped or returned: not', () => {
    const a = analyze({
      'a.js': [
        BASE,
        "export const f = async () => { const res = await fetch(BASE + '/election/field/'); return res.status; };",
        "export const g = () => fetch(BASE + '/election/field/?a').finally(() => 0).then((r) => r.text());",
        "export const h = () => { fetch(BASE + '/election/field/?b'); return fetch(BASE + '/election/field/?c'); };",
      ].join('\n'),
    });
    expect(a.roles.unread(a.sf('a.js')).map((u) => u.node.getText())).toEqual([
      "fetch(BASE + '/election/field/')",
      "fetch(BASE + '/election/field/?a')",
    ]);
  });
});

describe('URLs handed on, functions returned, getters read', () => {
  it("an object holding the base handed to a library's call is seen; a Map holding it is not", () => {
    const a = analyze({
      'a.js': [
        BASE,
        "const m = new Map(); m.set('a', BASE);",
        'export const c = makeClient({ base: BASE }); export const d = makeClient(m);',
      ].join('\n'),
    });
    expect(a.roles.unseenUrls(a.sf('a.js')).map((u) => u.node.getText())).toEqual(['makeClient({ base: BASE })']);
  });

  it('a function another returns is a function value where it is made; a getter is read where its member is', () => {
    expect(
      says(
        [
          "function makeLoader(url) { return () => fetch(url + '/election/field/').then((r) => r.json()); }",
          `class S { async load() { this.f = await ${FIELDS}; } get fields() { return this.f; } }`,
          'export const load = makeLoader(BASE); export const n = (s = new S()) => [s.fields, s.fields];',
        ],
        ["() => fetch(url + '/election/field/').then((r) => r.json())", 's.fields', ['s.fields', 1]],
      ),
    ).toEqual([
      ["`() => fetch(url + '/election/field/').then((r) => r.json())`: a function"],
      ['`s.fields`: returned by the call, V1 field list'],
      ['`s.fields`: returned by the call, V1 field list'],
    ]);
  });
});

describe('a getter of an object literal', () => {
  it('is read where its member is, once per read', () => {
    const a = analyze({
      'a.js': [
        BASE,
        `let cache; export const load = async () => { cache = await ${FIELDS}; };`,
        'const store = { get fields() { return cache; } };',
        'export const n = () => [store.fields, store.fields];',
      ].join('\n'),
    });
    expect([0, 1].map((i) => a.roles.at(a.node('store.fields', i)).map((f) => evidenceOf(f).at(-1)?.says))).toEqual([
      ['`store.fields`: returned by the call, V1 field list'],
      ['`store.fields`: returned by the call, V1 field list'],
    ]);
  });
});

describe('a registry of functions read by a computed key (`registryOf`)', () => {
  it("a parameter's default object, or an undeclared name: a function this tool cannot see into (a marker)", () => {
    const lines = [
      `export const f = (kind, handlers = { fields: (l) => l[0].long_name }) => ${FIELDS}.then(handlers[kind]);`,
      `export const g = (kind) => ${FIELDS}.then(undeclared[kind]);`,
    ];
    const marker = (x: string) =>
      `// civic-migrate: V1 field lists are handed to \`${x}\` here, a function this tool cannot see into: after the migration they arrive as V2 field lists, so rename the names it reads (\`civic-migrate explain NAME\` says how)`;
    expect(
      transformSource([BASE, ...lines].join('\n'), 'a.js')
        .output.split('\n')
        .slice(1),
    ).toEqual([marker('handlers[kind]'), lines[0], marker('undeclared[kind]'), lines[1]]);
  });
});
