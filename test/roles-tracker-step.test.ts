/**
 * One step of the data flow (src/roles/tracker.ts: `step`; #28 mutation testing of tracker.ts:
 * the step): from a node holding a role to where that value goes next — a declaration and its
 * exports, a default, a class field, a conditional, an argument, an object or array literal, a
 * spread, a `return`, a `for…of`, an `export default`, a `switch` on a slug. Each program is
 * small; what the engine says of a node and the codemod's output are asserted exactly.
 */
import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/codemod/transform.js';
import { analyze, HOST, V1 } from './helpers/program.js';

const migrate = (lines: readonly string[], file = 'a.js') => transformSource(lines.join('\n'), file).output.split('\n');
const BASE = `const BASE = ${V1};`;
const V2_BASE = "const BASE = 'https://api.voteamerica.org/v2';";
/** The V1 field list, awaited. */
const GET = "await fetch(BASE + '/election/field/').then((r) => r.json())";

describe('a declaration', () => {
  it('an exported `const` holding the API data makes its module one whose importers are read', () => {
    const a = analyze({
      'a.js': [BASE, `export const fields = ${GET};`].join('\n'),
      'b.js': ["import { fields } from './a.js';", 'export const n = fields[0].long_name;'].join('\n'),
    });
    expect([...a.roles.exporting].map((sf) => sf.fileName)).toEqual(['/repo/a.js']);
    expect(a.says(a.node('fields[0]', 0, 'b.js'))).toEqual(['`fields[0]`: an element, V1 field descriptor']);
  });

  it("a parameter's default holds what it is given: the list read through it moves", () => {
    const code = [
      BASE,
      `exports.f = async () => { const fields = ${GET}; const g = (list = fields) => list[0].long_name; return g(); };`,
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('list'))).toEqual(['`list`: V1 field list']);
    expect(migrate(code)).toEqual([
      V2_BASE,
      `exports.f = async () => { const fields = ${GET}; const g = (list = fields) => list[0].description; return g(); };`,
    ]);
  });

  it("a binding's default (`const { list = fields } = o`) holds it too", () => {
    const code = [
      BASE,
      `exports.f = async (o) => { const fields = ${GET}; const { list = fields } = o; return list[0].long_name; };`,
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('list'))).toEqual(['`list`: V1 field list']);
    expect(migrate(code)[1]).toBe(
      `exports.f = async (o) => { const fields = ${GET}; const { list = fields } = o; return list[0].description; };`,
    );
  });

  it("a member bound under another name from `this` is the member read back, not the name's own flow", () => {
    const code = [
      BASE,
      `class Store { async load() { this.fields = ${GET}; } first() { const { fields: list = [] } = this; return list[0].long_name; } }`,
      'module.exports = Store;',
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('list'))).toEqual(['`list`: stored and read back, V1 field list']);
    expect(migrate(code)[1]).toBe(
      `class Store { async load() { this.fields = ${GET}; } first() { const { fields: list = [] } = this; return list[0].description; } }`,
    );
  });

  it('a private class field (`#base = BASE`) holds its initializer too: the data requested through `this.#base` moves', () => {
    const code = [
      BASE,
      "class Store { #base = BASE; async first() { const list = await fetch(this.#base + '/election/field/').then((r) => r.json()); return list[0].long_name; } }",
      'module.exports = Store;',
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('this.#base'))).toEqual(['`this.#base`: a V1 base URL']);
    expect(migrate(code)).toEqual([
      V2_BASE,
      "class Store { #base = BASE; async first() { const list = await fetch(this.#base + '/election/field/').then((r) => r.json()); return list[0].description; } }",
      code[2],
    ]);
  });

  it("a private class field holding the response's promise: what it resolves to moves", () => {
    const code = [
      BASE,
      "class Store { #list = fetch(BASE + '/election/field/').then((r) => r.json()); async first() { return (await this.#list)[0].long_name; } }",
      'module.exports = Store;',
    ];
    expect(migrate(code)[1]).toBe(
      "class Store { #list = fetch(BASE + '/election/field/').then((r) => r.json()); async first() { return (await this.#list)[0].description; } }",
    );
  });

  it('a parameter property (`constructor(private base)`) is read as `this.base`: the data requested through it moves', () => {
    const code = [
      BASE,
      "class Api { constructor(private base: string) {} get() { return fetch(this.base + '/election/field/').then((r) => r.json()); } }",
      'export const f = async () => (await new Api(BASE).get())[0].long_name;',
    ];
    const a = analyze({ 'a.ts': code.join('\n') });
    expect(a.says(a.node('this.base'))).toEqual(['`this.base`: a V1 base URL']);
    expect(migrate(code, 'a.ts')[2]).toBe('export const f = async () => (await new Api(BASE).get())[0].description;');
  });

  it('a class field holds its initializer, and `this.base` joined with a path is a request', () => {
    const a = analyze({
      'a.js': [
        BASE,
        "class Store { base = BASE; get() { return fetch(this.base + '/election/field/'); } }",
        'module.exports = Store;',
      ].join('\n'),
    });
    expect(a.says(a.node('base'))).toEqual(['`base`: a V1 base URL']);
    expect(a.says(a.node('this.base'))).toEqual(['`this.base`: a V1 base URL']);
  });
});

describe('a conditional expression', () => {
  it('holds what its branches hold', () => {
    const a = analyze({
      'a.js': [
        BASE,
        `exports.f = async (ok) => { const fields = ${GET}; const d = ok ? fields[0] : null; return d.long_name; };`,
      ].join('\n'),
    });
    expect(a.says(a.node('ok ? fields[0] : null'))).toEqual(['`ok ? fields[0] : null`: V1 field descriptor']);
  });

  it('not what its condition holds: a read on the object it picks stays', () => {
    const code = [BASE, `exports.f = async (o) => { const fields = ${GET}; const x = fields[0] ? o : o; return x.long_name; };`];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('fields[0] ? o : o'))).toEqual([]);
    expect(migrate(code)).toEqual([V2_BASE, code[1]]);
  });
});

describe('an element access, a call, a `new`', () => {
  it('a list used as a key is not what the read returns', () => {
    const code = [BASE, `exports.f = async (t) => { const fields = ${GET}; const b = t[fields]; return b.long_name; };`];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('t[fields]'))).toEqual([]);
    expect(migrate(code)).toEqual([V2_BASE, code[1]]);
  });

  it('`new C` without arguments, `C` holding the data: nothing more, and the analysis goes on', () => {
    const code = [BASE, `exports.f = async () => { const fields = ${GET}; const C = fields; return new C; };`];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('C', 1))).toEqual(['`C`: V1 field list']);
    expect(a.says(a.node('new C'))).toEqual([]);
  });

  it('a client called as a function is no function of the program: its `.get` calls are still followed', () => {
    const code = [
      "const axios = require('axios');",
      BASE,
      'const api = axios.create({ baseURL: BASE });',
      "exports.f = async () => { const { data } = await api('/election/field/'); return data; };",
      "exports.g = async () => { const { data } = await api.get('/election/field/'); return data[0].long_name; };",
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node("api.get('/election/field/')"))).toEqual([
      "`api.get('/election/field/')`: the response of GET /v1/election/field/, a promise of a response whose body is V1 field list",
    ]);
    expect(migrate(code)[4]).toBe(
      "exports.g = async () => { const { data } = await api.get('/election/field/'); return data[0].description; };",
    );
  });
});

describe('object and array literals', () => {
  it('a variable holding data, assigned by `for (x of list)`: its reads move (the for-of name is no member of a literal)', () => {
    const code = [
      BASE,
      `exports.f = async () => { const fields = ${GET}; let x = fields[0]; for (x of fields) console.log(x.long_name); return x.long_name; };`,
    ];
    expect(migrate(code)).toEqual([
      V2_BASE,
      `exports.f = async () => { const fields = ${GET}; let x = fields[0]; for (x of fields) console.log(x.description); return x.description; };`,
    ]);
  });

  it('a variable declared before, assigned by `for (x of list)`: each element, its reads move', () => {
    const code = [
      BASE,
      `exports.f = async () => { const fields = ${GET}; let x; for (x of fields) console.log(x.long_name); return x; };`,
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('x', 2))).toEqual(['`x`: V1 field descriptor']);
    expect(migrate(code)).toEqual([
      V2_BASE,
      `exports.f = async () => { const fields = ${GET}; let x; for (x of fields) console.log(x.description); return x; };`,
    ]);
  });

  it('the variable a for-of assigns is not iterated itself: holding a list before, it holds no element of it', () => {
    const code = [
      BASE,
      `exports.f = async (others) => { const fields = ${GET}; let x = fields; for (x of others) console.log(x); return x.long_name; };`,
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('x', 3))).toEqual(['`x`: V1 field list']);
    expect(migrate(code)).toEqual([V2_BASE, code[1]]);
  });

  it('a default in a destructuring assignment (`({ a = v } = o)`) makes no object of the pattern', () => {
    const a = analyze({
      'a.js': [BASE, `exports.f = async (o) => { const fields = ${GET}; let a; ({ a = fields[0] } = o); return a; };`].join('\n'),
    });
    expect(a.says(a.node('fields[0]'))).toEqual(['`fields[0]`: an element, V1 field descriptor']);
    expect(a.says(a.node('{ a = fields[0] }'))).toEqual([]);
  });

  it('a spread list is the elements of the array it is spread into, beside its own literals', () => {
    const code = [
      BASE,
      `exports.f = async () => { const fields = ${GET}; const all = [...fields]; const more = [{ long_name: 'x' }, ...fields]; return [all[0].long_name, more[1].long_name, more[0].long_name]; };`,
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('[...fields]'))).toEqual(['`[...fields]`: an array the program builds']);
    expect(a.says(a.node('all[0]'))).toEqual(['`all[0]`: stored and read back, V1 field descriptor']);
    expect(migrate(code)).toEqual([
      V2_BASE,
      `exports.f = async () => { const fields = ${GET}; const all = [...fields]; const more = [{ description: 'x' }, ...fields]; return [all[0].description, more[1].description, more[0].description]; };`,
    ]);
  });

  it('a value under `!`, `typeof` or `void` in an array literal is not an element of it', () => {
    const code = [
      BASE,
      `exports.f = async () => { const fields = ${GET}; const out = [!fields, typeof fields, void fields]; return [out[0].long_name, out[1].long_name]; };`,
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('[!fields, typeof fields, void fields]'))).toEqual([]);
    expect(a.says(a.node('out[0]'))).toEqual([]);
    expect(migrate(code)).toEqual([V2_BASE, code[1]]);
  });
});

describe('a return, a for-of', () => {
  it('a `return` at the top of a CommonJS module returns from no function: the analysis goes on', () => {
    const code = [BASE, 'if (!globalThis.fetch) return BASE;', "exports.f = () => fetch(BASE + '/election/field/');"];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('BASE', 2))).toEqual(['`BASE`: a V1 base URL']);
    expect(migrate(code)).toEqual([V2_BASE, code[1], code[2]]);
  });

  it('a for-of written without a name (code that does not parse) declares nothing', () => {
    const code = [
      BASE,
      `exports.f = async () => { const fields = ${GET}; for (const of fields) {} return fields[0].long_name; };`,
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('fields[0]'))).toEqual(['`fields[0]`: an element, V1 field descriptor']);
  });
});

describe('`export default`', () => {
  it("a module's default export of the API's data reaches its default imports", () => {
    const a = analyze({
      'a.js': [BASE, "export default fetch(BASE + '/election/field/').then((r) => r.json());"].join('\n'),
      'b.js': ["import p from './a.js';", 'export const g = async () => (await p)[0].long_name;'].join('\n'),
    });
    expect([...a.roles.exporting].map((sf) => sf.fileName)).toEqual(['/repo/a.js']);
    expect(a.says(a.node('p', 1, 'b.js'))).toEqual(['`p`: a promise of V1 field list']);
    expect(a.says(a.node('(await p)[0]', 0, 'b.js'))).toEqual(['`(await p)[0]`: an element, V1 field descriptor']);
  });

  it("an object of the program's own (another service's path) exported by default is not followed into its importers", () => {
    const a = analyze({
      'a.js': "export default { path: '/registration/status/' };",
      'b.js': ["import c from './a.js';", 'export const g = () => c.path;'].join('\n'),
    });
    expect([...a.roles.exporting]).toEqual([]);
    expect(a.says(a.node('c.path', 0, 'b.js'))).toEqual([]);
  });

  it('what a module exports otherwise makes it no exporting one', () => {
    const a = analyze({
      'a.js': [BASE, `exports.f = async () => { const fields = ${GET}; return fields[0] ? 1 : 2; };`].join('\n'),
    });
    expect([...a.roles.exporting]).toEqual([]);
  });
});

describe('a `switch` on a slug the API sends', () => {
  const SHARED = [
    `const HOST = ${HOST};`,
    "const BASE = HOST + '/v1';",
    "exports.s = (id) => fetch(BASE + '/registration/status/' + id + '/');",
  ];
  const STAYS = 'requested through a base that stays on V1 (it is shared with another service)';
  const body = [
    `exports.f = async () => { const fields = ${GET}; for (const f of fields) { switch (f.slug) { case 'vbm_no_excuse': return 1; default: return 0; } } };`,
  ];

  it("its case literals are the API's slugs: beside a base that stays on V1, they stay, with a marker", () => {
    const a = analyze({ 'a.js': [...SHARED, ...body].join('\n') });
    expect(a.roles.slugSlot(a.node("'vbm_no_excuse'"))?.role.key).toBe('api:slug:::shared');
    const out = migrate([...SHARED, ...body]);
    expect(out.slice(-3)).toEqual([
      `// civic-migrate: \`vbm_no_excuse\` names the field of V1 field descriptors ${STAYS}: it becomes \`has_no_excuse_absentee\` when that request moves to V2`,
      '// civic-migrate: `/v1/election/field/` is joined with `api.voteamerica.org/v1`, which is also used for `/v1/registration/status/` (another service that stays on V1): call the Civic Data API through a V2 base of its own',
      body[0],
    ]);
  });

  it('a literal the switch is on, with the slug as a case, is no slot', () => {
    const a = analyze({
      'a.js': [
        BASE,
        `exports.f = async () => { const fields = ${GET}; const f = fields[0]; switch ('vbm_no_excuse') { case f.slug: return 3; } };`,
      ].join('\n'),
    });
    expect(a.roles.slugSlot(a.node("'vbm_no_excuse'"))).toBeUndefined();
  });
});
