/**
 * #28 mutation testing of tracker.ts: `meet`, `meetStaying`, `stayInto` (values that meet at one
 * place are of one kind). An object literal written where API objects go becomes such an object;
 * where the data there stays V1 (its base is shared with another service), the literal, the
 * literals it holds and the slugs it spells stay with it, with a marker. Exact output of the
 * codemod (one file) and what the engine says of a node. (More of the same: test/roles-meet.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/codemod/transform.js';
import { analyze, HOST, V1 } from './helpers/program.js';

const migrate = (lines: readonly string[]) => transformSource(lines.join('\n'), 'a.js').output.split('\n');

/** A base the API shares with another VoteAmerica service: what it requests stays V1. */
const SHARED = [
  `const HOST = ${HOST};`,
  "const BASE = HOST + '/v1';",
  "exports.s = (id) => fetch(BASE + '/registration/status/' + id + '/');",
];
const STAYS_NOTE = 'requested through a base that stays on V1 (it is shared with another service)';
const LONG_NAME_STAYS = `// civic-migrate: \`long_name\` is read from a V1 field descriptor ${STAYS_NOTE}: it becomes \`description\` when that request moves to V2`;
const SLUG_STAYS = `// civic-migrate: \`vbm_no_excuse\` names the field of V1 field descriptors ${STAYS_NOTE}: it becomes \`has_no_excuse_absentee\` when that request moves to V2`;
const VALUE_STAYS = `// civic-migrate: \`value\` is read from a V1 state information item ${STAYS_NOTE}: it becomes \`bool_value\` when that request moves to V2`;
const ITEM_SLUG_STAYS = `// civic-migrate: \`vbm_no_excuse\` names the field of V1 state information items ${STAYS_NOTE}: it becomes \`has_no_excuse_absentee\` when that request moves to V2`;

/** A helper reading descriptors, given the shared base's field list. */
const NAMES = [
  'const names = (list) => list.map((f) => f.long_name);',
  "exports.f = async () => names(await fetch(BASE + '/election/field/').then((r) => r.json()));",
];
/** A helper reading a state record's items, given the shared base's record. */
const YES = [
  "const yes = (record) => record.state_information.filter((i) => i.field_type === 'vbm_no_excuse' && i.value).length;",
  "exports.f = async () => yes(await fetch(BASE + '/election/data/state/IL/').then((r) => r.json()));",
];
const MOCK = "const v0 = { slug: 'vbm_no_excuse', long_name: 'x', field_format: 'Boolean', field_type: 'Boolean' };";

describe('a mock that meets data staying on V1, however far it comes from', () => {
  it('a mock handed on through forty names before it meets the data still stays with it', () => {
    const copies = Array.from({ length: 40 }, (_, i) => `const v${i + 1} = v${i};`);
    const code = [...SHARED, ...NAMES, MOCK, ...copies, 'exports.t = () => names([v40]);'];
    const out = migrate(code);
    const at = out.indexOf(MOCK);
    expect(at).toBeGreaterThan(0);
    expect(out.slice(at - 2, at)).toEqual([LONG_NAME_STAYS, SLUG_STAYS]);
    expect(out.slice(at + 1)).toEqual([...copies, 'exports.t = () => names([v40]);']);
  });
});

describe('a mock record that meets a state record staying on V1', () => {
  it('items kept in a constant, then named in the mock, stay with it', () => {
    const ITEMS = "const items = [{ field_type: 'vbm_no_excuse', value: true }];";
    const ITEM = "const item = { field_type: 'vbm_no_excuse', value: true };";
    const code = [
      ...SHARED,
      ...YES,
      ITEMS,
      ITEM,
      "exports.t = () => yes({ code: 'IL', name: 'Illinois', state_information: items });",
      "exports.u = () => yes({ code: 'IL', name: 'Illinois', state_information: [item] });",
    ];
    const out = migrate(code);
    expect(out.slice(-8)).toEqual([
      VALUE_STAYS,
      ITEM_SLUG_STAYS,
      ITEMS,
      VALUE_STAYS,
      ITEM_SLUG_STAYS,
      ITEM,
      "exports.t = () => yes({ code: 'IL', name: 'Illinois', state_information: items });",
      "exports.u = () => yes({ code: 'IL', name: 'Illinois', state_information: [item] });",
    ]);
  });
});

describe('what a mock record holds, followed where the API record has it', () => {
  const T =
    "exports.t = (extra, other) => yes({ code, name: 'Illinois', state_information: [{ field_type: 'vbm_no_excuse', value: { a: 1 } }, other, 'x'], more: { a: 1 }, ...extra, fn() { return 1; }, [code]: { b: 1 } });";
  const code = [...SHARED, ...YES, "const code = 'IL';", T];

  it('members of every kind (shorthand, spread, method, computed): the mock stays as written', () => {
    expect(migrate(code).slice(-3)).toEqual([VALUE_STAYS, ITEM_SLUG_STAYS, T]);
  });

  it('only its literals are followed, and only where the API has an object or a list', () => {
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node("{ field_type: 'vbm_no_excuse', value: { a: 1 } }"))).toContain(
      "`{ field_type: 'vbm_no_excuse', value: { a: 1 } }`: V1 state information item that stays on V1",
    );
    // A scalar of the API written as an object, a member the API has not, a string and a name among the items: not followed.
    expect(a.says(a.node('{ a: 1 }'))).toEqual([]);
    expect(a.says(a.node('{ a: 1 }', 1))).toEqual([]);
    expect(a.says(a.node("'x'"))).toEqual([]);
    expect(a.says(a.node('other', 1))).toEqual([]);
  });

  it('items a parameter gives are not the mock’s to follow', () => {
    const t =
      "exports.t = (items) => yes({ code: 'IL', name: 'Illinois', state_information: items, more: [{ field_type: 'vbm_no_excuse' }] });";
    const a = analyze({ 'a.js': [...SHARED, ...YES, t].join('\n') });
    expect(a.says(a.node('items', 1))).toEqual([]);
  });

  it('an object written where the API has a list gets the list’s role, and is not followed into', () => {
    const t =
      "exports.t = () => yes({ code: 'IL', name: 'Illinois', state_information: { field_type: 'vbm_no_excuse', value: 1 } });";
    const a = analyze({
      'a.js': [...SHARED, 'const yes = (record) => record.state_information.length + record.name;', YES[1] as string, t].join(
        '\n',
      ),
    });
    expect(a.says(a.node("{ field_type: 'vbm_no_excuse', value: 1 }"))).toEqual([
      "`{ field_type: 'vbm_no_excuse', value: 1 }` reads field_type, value: V1 state information item",
      "`{ field_type: 'vbm_no_excuse', value: 1 }`: V1 list of state information items that stays on V1",
    ]);
  });
});

describe('what meets the staying data and is not a literal of its kind', () => {
  it('a descriptor mock handed where a staying record goes is no record: it moves', () => {
    const t =
      "exports.t = () => show({ slug: 'vbm_no_excuse', long_name: 'x', field_format: 'Boolean', field_type: 'Boolean' });";
    const code = [
      ...SHARED,
      'const show = (v) => v.name;',
      "exports.f = async () => show(await fetch(BASE + '/election/data/state/IL/').then((r) => r.json()));",
      t,
    ];
    expect(migrate(code).at(-1)).toBe(
      "exports.t = () => show({ slug: 'has_no_excuse_absentee', description: 'x', field_format: 'Boolean', field_type: 'Boolean' });",
    );
  });

  it('a promise of a mock record, handed where the staying record goes, is not the record: the mock moves', () => {
    const code = [
      ...SHARED,
      'const show = (v) => v;',
      "exports.f = async () => show(await fetch(BASE + '/election/data/state/IL/').then((r) => r.json())).name;",
      "const mock = { code: 'IL', name: 'Illinois', state_information: [{ field_type: 'vbm_no_excuse', value: true }] };",
      'exports.t = () => show(Promise.resolve(mock));',
    ];
    expect(migrate(code).slice(-2)).toEqual([
      "const mock = { code: 'IL', name: 'Illinois', state_information: [{ field_type: 'has_no_excuse_absentee', bool_value: true }] };",
      'exports.t = () => show(Promise.resolve(mock));',
    ]);
  });

  it('a parameter read as a descriptor is not data the program writes: it does not stay with the data it meets', () => {
    // (Only literals stay: `d` comes from the callers of `g`, which the program does not show.)
    const code = [...SHARED, ...NAMES, "exports.g = (d) => (d.field_format === 'Boolean' ? names([d]) : d.long_name);"];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('d'))).toEqual([]);
    expect(migrate(code).at(-1)).toBe("exports.g = (d) => (d.field_format === 'Boolean' ? names([d]) : d.description);");
  });
});

describe('a literal that meets API objects', () => {
  it('an array the program builds, meeting a staying record, is not an object that meets it', () => {
    const code = [
      ...SHARED,
      'const show = (v) => v;',
      "exports.f = async () => show(await fetch(BASE + '/election/data/state/IL/').then((r) => r.json())).name;",
      "const mock = { code: 'IL', name: 'Illinois', state_information: [{ field_type: 'vbm_no_excuse', value: true }] };",
      'exports.t = () => show(mock.state_information);',
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node("[{ field_type: 'vbm_no_excuse', value: true }]"))).toEqual([
      "`[{ field_type: 'vbm_no_excuse', value: true }]`: an array the program builds",
    ]);
  });

  it('where a list and an object meet a default, the default is the object', () => {
    const code = [
      `const BASE = ${V1};`,
      'exports.f = async () => {',
      "  const fields = await fetch(BASE + '/election/field/').then((r) => r.json());",
      "  const a = fields ?? fields[0] ?? { long_name: '' };",
      '  return a.long_name;',
      '};',
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node("{ long_name: '' }"))).toEqual([
      "`{ long_name: '' }`: an object the program builds",
      "`{ long_name: '' }`: V1 field descriptor",
    ]);
  });

  it('a default for a member of a map the program fills with API items is such an item', () => {
    const code = [
      `const BASE = ${V1};`,
      'exports.g = async (state) => {',
      "  const record = await fetch(BASE + '/election/data/state/' + state + '/').then((r) => r.json());",
      '  const byField = {};',
      '  for (const item of record.state_information) byField[item.field_type] = item;',
      '  return (byField.vbm_no_excuse ?? { value: false }).value;',
      '};',
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    // Besides what the map holds, what its slug-named member suggests: the map holds no objects of the program's own.
    expect(a.says(a.node('{ value: false }'))).toEqual([
      '`{ value: false }`: an object the program builds',
      '`{ value: false }`: V1 state information item (vbm_no_excuse)',
      '`{ value: false }`: V1 state information item',
      '`{ value: false }`: V1 state information item',
    ]);
    expect(migrate(code)[5]).toBe('  return (byField.has_no_excuse_absentee ?? { bool_value: false }).bool_value;');
  });
});

describe('files whose exports carry the API’s data or URLs (`exporting`)', () => {
  const exporting = (files: Record<string, string>) => [...analyze(files).roles.exporting].map((sf) => sf.fileName);

  it('a base of the API and a path of another service: the base counts, whichever comes first', () => {
    const code = [`const BASE = ${V1};`, 'exports.base = BASE;', "const S = BASE + '/registration/status/';", 'exports.s = S;'];
    expect(exporting({ 'a.js': code.join('\n') })).toEqual(['/repo/a.js']);
  });

  it('only a URL of another service: nothing', () => {
    expect(exporting({ 'a.js': "exports.s = 'https://api.voteamerica.org/v1/registration/status/';" })).toEqual([]);
  });

  it('an HTTP client with the API’s base, a response, a function returning the data: each counts', () => {
    expect(exporting({ 'a.js': `const axios = require('axios');\nexports.api = axios.create({ baseURL: ${V1} });` })).toEqual([
      '/repo/a.js',
    ]);
    expect(exporting({ 'a.mjs': `export const res = await fetch(${V1} + '/election/field/');` })).toEqual(['/repo/a.mjs']);
    expect(exporting({ 'a.js': `exports.f = () => fetch(${V1} + '/election/field/');` })).toEqual(['/repo/a.js']);
  });

  it('functions returning nothing of the API: nothing', () => {
    expect(exporting({ 'a.js': 'exports.f = () => 1;\nexports.g = (cb) => cb();\nexports.make = () => () => 1;' })).toEqual([]);
    expect(exporting({ 'a.js': `exports.make = () => () => fetch(${V1} + '/election/field/');` })).toEqual(['/repo/a.js']);
  });

  it('the data however deep in objects the module builds, and an object holding itself, are asked once each', () => {
    const deep = `exports.o = { a: { b: { c: { d: { e: fetch(${V1} + '/election/field/') } } } } };`;
    expect(exporting({ 'a.js': deep })).toEqual(['/repo/a.js']);
    expect(exporting({ 'a.js': "const o = { name: 'x' };\no.self = o;\nexports.o = o;" })).toEqual([]);
  });
});

describe('instances of the program’s own classes (#28 mutation testing of tracker.ts: instances)', () => {
  const CLASS = [
    `const BASE = ${V1};`,
    'class C {',
    "  a() { return fetch(BASE + '/election/field/'); }",
    `  b() { const x0 = BASE + '/registration/status/'; ${Array.from({ length: 12 }, (_, i) => `const x${i + 1} = x${i};`).join(' ')} return x12; }`,
    '  me() { return this; }',
    '  n() { return this.a(); }',
    '}',
    'const c = new C();',
  ];

  it('a class whose methods return the API’s data among other things is followed: `this` handed on is the instance, a receiver is not', () => {
    const a = analyze({ 'a.js': [...CLASS, 'exports.run = () => c.me().a();'].join('\n') });
    expect(a.says(a.node('new C()'))).toEqual(['`new C()`: an instance of C']);
    expect(a.says(a.node('this'))).toEqual(['`this`: an instance of C']);
    expect(a.says(a.node('this', 1))).toEqual([]);
    expect(a.says(a.node('c.me()'))).toEqual(['`c.me()`: returned by the call, an instance of C']);
  });

  it('a subclass another module exports, with no name or by a later `module.exports =`, is what that module exports', () => {
    const client = `export class Client { fields() { return fetch(${V1} + '/election/field/'); } }`;
    const a = analyze({ 'a.mjs': client, 'b.mjs': "import { Client } from './a.mjs';\nexport default class extends Client {}" });
    expect([...a.roles.exporting].map((sf) => sf.fileName).sort()).toEqual(['/repo/a.mjs', '/repo/b.mjs']);
    const cjs = analyze({
      'a.js': `class Client { fields() { return fetch(${V1} + '/election/field/'); } }\nmodule.exports = { Client };`,
      'b.js': "const { Client } = require('./a.js');\nclass Cached extends Client {}\nmodule.exports = Cached;",
    });
    expect([...cjs.roles.exporting].map((sf) => sf.fileName).sort()).toEqual(['/repo/a.js', '/repo/b.js']);
  });

  it('a class no other module can import is not what its file exports; a subclass another module exports is', () => {
    expect([...analyze({ 'a.js': [...CLASS, 'c.me().a();'].join('\n') }).roles.exporting]).toEqual([]);
    const a = analyze({
      'a.mjs': `export class Client { fields() { return fetch(${V1} + '/election/field/'); } }`,
      'b.mjs': "import { Client } from './a.mjs';\nexport class Cached extends Client {}",
    });
    expect([...a.roles.exporting].map((sf) => sf.fileName).sort()).toEqual(['/repo/a.mjs', '/repo/b.mjs']);
  });
});
