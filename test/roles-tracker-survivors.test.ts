/**
 * Survivors of mutation testing of src/roles/tracker.ts (#28), lines 125–720: the shapes no other
 * test had (`&&`, `,`, `||` in a binary, a client called as a function, a store's options, …).
 * Each program is small; what the engine says of a node and the codemod's output are asserted exactly.
 */
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/codemod/transform.js';
import { loadMappings } from '../src/mapping/load.js';
import { analyzeRoles } from '../src/roles/analysis.js';
import { evidenceOf } from '../src/roles/evidence.js';
import { inferredProgram } from '../src/roles/inferred.js';
import { nodeByText } from './helpers/nodes.js';
import { analyze, HOST, ROOT, V1 } from './helpers/program.js';

const migrate = (lines: readonly string[], file = 'a.js') => transformSource(lines.join('\n'), file).output.split('\n');
const BASE = `const BASE = ${V1};`;
const V2_BASE = "const BASE = 'https://api.voteamerica.org/v2';";
/** The V1 field list, awaited. */
const GET = "await fetch(BASE + '/election/field/').then((r) => r.json())";

describe('a binary expression', () => {
  it('`ok && fields` is what its right side holds: its reads move', () => {
    const code = [BASE, `exports.f = async (ok) => { const fields = ${GET}; const a = ok && fields; return a[0].long_name; };`];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('ok && fields'))).toEqual(['`ok && fields`: V1 field list']);
    expect(a.says(a.node('ok', 1))).toEqual([]);
    expect(migrate(code)).toEqual([
      V2_BASE,
      `exports.f = async (ok) => { const fields = ${GET}; const a = ok && fields; return a[0].description; };`,
    ]);
  });

  it('`fields && o` is not what its left side holds: a read on it stays', () => {
    const code = [BASE, `exports.f = async (o) => { const fields = ${GET}; const a = fields && o; return a.long_name; };`];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('fields && o'))).toEqual([]);
    expect(migrate(code)).toEqual([V2_BASE, code[1]]);
  });

  it('a comma expression is its last value: `(0, fields)` holds the list, `(fields, o)` does not', () => {
    const code = [
      BASE,
      `exports.f = async (o) => { const fields = ${GET}; const a = (0, fields); const b = (fields, o); return [a[0].long_name, b.long_name]; };`,
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('0, fields'))).toEqual(['`0, fields`: V1 field list']);
    expect(a.says(a.node('fields, o'))).toEqual([]);
    expect(migrate(code)).toEqual([
      V2_BASE,
      `exports.f = async (o) => { const fields = ${GET}; const a = (0, fields); const b = (fields, o); return [a[0].description, b.long_name]; };`,
    ]);
  });

  it('`o || fields` holds the list, said as a plain flow', () => {
    const a = analyze({
      'a.js': [BASE, `exports.f = async (o) => { const fields = ${GET}; const a = o || fields; return a[0].long_name; };`].join(
        '\n',
      ),
    });
    expect(a.says(a.node('o || fields'))).toEqual(['`o || fields`: V1 field list']);
  });
});

describe('a call of a value the tracker follows', () => {
  it('a constructor function called as a factory (`A(BASE)`, its statics followed): no client, and its statics still serve the data', () => {
    const code = [
      BASE,
      'function Api(base) { if (!(this instanceof Api)) return new Api(base); }',
      "Api.fields = function () { return fetch(BASE + '/election/field/').then((r) => r.json()); };",
      'function show(A) { A(BASE); return A.fields().then((l) => l[0].long_name); }',
      'module.exports = show(Api);',
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('A(BASE)'))).toEqual([]);
    expect(a.says(a.node('l[0]'))).toEqual(['`l[0]`: an element, V1 field descriptor']);
    expect(migrate(code)[3]).toBe('function show(A) { A(BASE); return A.fields().then((l) => l[0].description); }');
  });

  it("a module loaded whole and called (`api('x')`): no client either", () => {
    const a = analyze({
      'a.js': [BASE, "exports.fields = () => fetch(BASE + '/election/field/').then((r) => r.json());"].join('\n'),
      'b.js': ["const api = require('./a');", "api('x'); module.exports = api.fields().then((l) => l[0].long_name);"].join('\n'),
    });
    expect(a.says(a.node('api', 1, 'b.js'))).toEqual(['`api`: the exports of a module']);
    expect(a.says(a.node("api('x')", 0, 'b.js'))).toEqual([]);
    expect(a.says(a.node('l[0]', 0, 'b.js'))).toEqual(['`l[0]`: an element, V1 field descriptor']);
  });

  it('a client called with options and no URL requests nothing; one called with a URL requests it', () => {
    const code = [
      "const axios = require('axios');",
      BASE,
      'const api = axios.create({ baseURL: BASE });',
      "exports.f = (data) => api({ method: 'post', data });",
      'exports.g = () => api();',
      "exports.h = () => api({ url: '/election/field/' });",
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node("api({ method: 'post', data })"))).toEqual([]);
    expect(a.says(a.node('api()'))).toEqual([]);
    expect(a.says(a.node("api({ url: '/election/field/' })"))).toEqual([
      "`api({ url: '/election/field/' })`: the response of GET /v1/election/field/, a promise of a response whose body is V1 field list",
    ]);
  });
});

describe('a Pinia store found where its options are first followed as an object (`isStore`)', () => {
  it('in a file not seeded, its options followed from a member given data (`this.initial` in `state()`): the first action’s `this` is the store too', () => {
    const files: Record<string, string> = {
      'store.js': `import { defineStore } from 'pinia';
import { fetchFields } from './api.js';
export const useFieldStore = defineStore('fields', {
  initial: fetchFields(),
  state() { return { fields: [], pending: this.initial }; },
  actions: {
    async load() { this.fields = await fetchFields(); },
    first() { return this.fields[0].long_name; },
  },
});
`,
      'api.js':
        "export const fetchFields = () => fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json());\n",
    };
    const view = inferredProgram(new Map(Object.entries(files).map(([p, t]) => [`${ROOT}/${p}`, t])));
    const sf = (f: string) => view.files.get(`${ROOT}/${f}`) as Parameters<typeof nodeByText>[1];
    // Seeded in `api.js` alone, as the codemod's inferred program is where the store's file spells nothing of the API.
    const roles = analyzeRoles(view, loadMappings(), [sf('api.js')]);
    const says = (text: string, nth = 0) =>
      roles.at(nodeByText(view.ts, sf('store.js'), text, nth)).map((f) => evidenceOf(f).at(-1)?.says);
    expect([0, 1, 2].map((nth) => says('this', nth))).toEqual([
      ['`this`: an object the program builds'],
      ['`this`: an object the program builds'],
      ['`this`: an object the program builds'],
    ]);
    expect(says('this.fields[0]')).toEqual(['`this.fields[0]`: an element, V1 field descriptor']);
  });
});

describe('`actions` and `getters` of an options object given to a function that is not Pinia’s `defineStore`', () => {
  it('each group is its own `this`: what an action stores is not what a getter reads', () => {
    const code = [
      BASE,
      'const register = (id, options) => options;',
      "module.exports = register('fields', {",
      `  actions: { async load() { this.fields = ${GET}; } },`,
      '  getters: { first() { return this.fields[0].long_name; } },',
      '});',
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.says(a.node('this'))).toEqual(['`this`: an object the program builds']);
    expect(a.says(a.node('this', 1))).toEqual([]);
    expect(a.says(a.node('this.fields[0]'))).toEqual([]);
    expect(migrate(code)).toEqual([V2_BASE, ...code.slice(1)]);
  });
});

describe('a mock that meets data staying on V1, its slug written as a `const`', () => {
  /** A base the API shares with another VoteAmerica service: what it requests stays V1. */
  const SHARED = [
    `const HOST = ${HOST};`,
    "const BASE = HOST + '/v1';",
    "exports.s = (id) => fetch(BASE + '/registration/status/' + id + '/');",
  ];
  const STAYS_NOTE = 'requested through a base that stays on V1 (it is shared with another service)';
  const body = [
    "const names = (list) => list.filter((f) => f.slug === 'vbm_no_excuse').map((f) => f.long_name);",
    "exports.f = async () => names(await fetch(BASE + '/election/field/').then((r) => r.json()));",
    "const NO_EXCUSE = 'vbm_no_excuse';",
    "exports.t = () => names([{ slug: NO_EXCUSE, long_name: 'x', n: COUNT }]);",
    'const COUNT = 1;',
  ];

  it('the slug stays with the mock, with a marker (before, the `const` alone moved to V2: the mock no longer matched)', () => {
    const code = [...SHARED, ...body];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.roles.slugSlot(a.node("'vbm_no_excuse'", 1))?.role.key).toBe('api:slug:::shared');
    expect(migrate(code).slice(-5)).toEqual([
      `// civic-migrate: \`vbm_no_excuse\` names the field of V1 field descriptors ${STAYS_NOTE}: it becomes \`has_no_excuse_absentee\` when that request moves to V2`,
      "const NO_EXCUSE = 'vbm_no_excuse';",
      `// civic-migrate: \`long_name\` is read from a V1 field descriptor ${STAYS_NOTE}: it becomes \`description\` when that request moves to V2`,
      body[3],
      body[4],
    ]);
  });
});

describe('files the program does not hold, handed something by a call (`wanted`)', () => {
  /** The files wanted by a program of `a.js` alone, `send.js` beside it on disk. */
  const wanted = (code: string) => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'trk-wanted-')));
    writeFileSync(join(dir, 'send.js'), 'exports.send = (x) => x;\n');
    writeFileSync(join(dir, 'a.js'), code);
    const view = inferredProgram(new Map([[join(dir, 'a.js'), code]]));
    return [...analyzeRoles(view, loadMappings()).wanted].map((f) => f.replace(dir, ''));
  };

  it('handed a URL of the API: wanted', () => {
    expect(wanted(`const { send } = require('./send');\nsend(${V1} + '/election/field/');\n`)).toEqual(['/send.js']);
  });

  it('handed only a URL of another service: not wanted', () => {
    expect(wanted(`const { send } = require('./send');\nsend(${V1} + '/registration/status/');\n`)).toEqual([]);
  });
});

describe("a module's own value (`isModule`)", () => {
  const isModule = (files: Record<string, string>, text: string, nth = 0, file?: string) => {
    const a = analyze(files);
    return a.roles.isModule(a.node(text, nth, file ?? (Object.keys(files)[0] as string)));
  };

  it('an object literal assigned to `module.exports` without parentheses is the module; one in an expression statement is not', () => {
    const code = 'module.exports = { vbm_no_excuse: 1 };\n({ vbm_no_excuse: 2 });\n';
    expect(isModule({ 'a.js': code }, '{ vbm_no_excuse: 1 }')).toBe(true);
    expect(isModule({ 'a.js': code }, '{ vbm_no_excuse: 2 }')).toBe(false);
    expect(transformSource(code, 'a.js').output).toBe(code.replace('vbm_no_excuse: 2', 'has_no_excuse_absentee: 2'));
  });

  it('`exports` in an ES module, where a script of the program declares a global of that name: the code’s own', () => {
    const files = { 'a.mjs': 'export const a = 1;\nexports.vbm_no_excuse = 1;\n', 'g.js': 'var exports = {};\n' };
    expect(isModule(files, 'exports')).toBe(false);
    expect(isModule({ 'a.mjs': files['a.mjs'] }, 'exports')).toBe(true);
  });

  it('`exports` an ambient declaration names (`@types/node`’s global) is the module’s', () => {
    const files = {
      'a.ts': "import { x } from './b';\nexports.vbm_no_excuse = x;\n",
      'b.ts': 'export const x = 1;\n',
      'node.d.ts': 'declare var exports: any;\n',
    };
    // (Before, it was the code's own: with a tsconfig.json, the codemod renamed `exports.vbm_no_excuse`, breaking its importers.)
    expect(isModule(files, 'exports')).toBe(true);
  });
});

describe('a `yield`', () => {
  it('at the top of a module (code that does not parse) yields from no function: the analysis goes on', () => {
    const code = [
      BASE,
      "export const fields = await fetch(BASE + '/election/field/').then((r) => r.json());",
      'yield fields;',
      'export const n = fields[0].long_name;',
    ];
    const a = analyze({ 'a.mjs': code.join('\n') });
    expect(a.says(a.node('fields', 1))).toEqual(['`fields`: V1 field list']);
    expect(a.says(a.node('fields[0]'))).toEqual(['`fields[0]`: an element, V1 field descriptor']);
    expect(migrate(code, 'a.mjs')).toEqual([V2_BASE, code[1], code[2], 'export const n = fields[0].description;']);
  });
});

describe('a slug the API sends compared with a literal (`compared`): the literal is a slug slot', () => {
  const SHARED = [
    `const HOST = ${HOST};`,
    "const BASE = HOST + '/v1';",
    "exports.s = (id) => fetch(BASE + '/registration/status/' + id + '/');",
    `const OWN = ${V1};`,
    'const has = (list, slug) => list.some((f) => f.slug === slug);',
  ];
  const STAYS_NOTE = 'requested through a base that stays on V1 (it is shared with another service)';
  const staying = "exports.a = async () => has(await fetch(BASE + '/election/field/').then((r) => r.json()), 'vbm_no_excuse');";
  const moving = "exports.b = async () => has(await fetch(OWN + '/election/field/').then((r) => r.json()), 'vbm_universal');";

  it('data that stays V1 decides a slot that moving data reaches too, whichever comes first', () => {
    // The moving list handed on through ten names: its comparison comes after the staying one.
    const late = `exports.b = async () => { const l0 = await fetch(OWN + '/election/field/').then((r) => r.json()); ${Array.from(
      { length: 10 },
      (_, i) => `const l${i + 1} = l${i};`,
    ).join(' ')} return has(l10, 'vbm_universal'); };`;
    for (const body of [
      [staying, moving],
      [moving, staying],
      [staying, late],
    ]) {
      const code = [...SHARED, ...body];
      const a = analyze({ 'a.js': code.join('\n') });
      expect(a.roles.slugSlot(a.node("'vbm_no_excuse'"))?.role.key).toBe('api:slug:::shared');
      expect(a.roles.slugSlot(a.node("'vbm_universal'"))?.role.key).toBe('api:slug:::shared');
      const out = migrate(code);
      expect(out).toContain(
        `// civic-migrate: \`vbm_universal\` names the field of V1 field descriptors ${STAYS_NOTE}: it becomes \`has_automatic_vbm\` when that request moves to V2`,
      );
      expect(out).toContain(body.includes(late) ? late : moving);
    }
  });

  it('of two kinds of data that stay V1 reaching one literal, the first decides it (its noun is said)', () => {
    // The state record handed on through ten names: its item's comparison comes after the descriptor's.
    const chain = Array.from({ length: 10 }, (_, i) => `const l${i + 1} = l${i};`).join(' ');
    const code = [
      ...SHARED.slice(0, 3),
      'const is = (f, i, slug) => f.slug === slug || i.field_type === slug;',
      `exports.a = async () => { const fields = await fetch(BASE + '/election/field/').then((r) => r.json()); const l0 = await fetch(BASE + '/election/data/state/IL/').then((r) => r.json()); ${chain} return is(fields[0], l10.state_information[0], 'vbm_no_excuse'); };`,
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    const slot = a.roles.slugSlot(a.node("'vbm_no_excuse'"));
    expect([slot?.role.key, slot?.prev?.role.key]).toEqual(['api:slug:::shared', 'api:v1.descriptor:::shared']);
  });

  it('a slug a `const` holds, compared with data that stays V1, stays with a marker (before, it alone moved: the filter found nothing)', () => {
    const code = [
      ...SHARED.slice(0, 3),
      "const NO_EXCUSE = 'vbm_no_excuse';",
      "exports.a = async () => (await fetch(BASE + '/election/field/').then((r) => r.json())).filter((f) => f.slug === NO_EXCUSE);",
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.roles.slugSlot(a.node("'vbm_no_excuse'"))?.role.key).toBe('api:slug:::shared');
    expect(migrate(code).slice(4, 6)).toEqual([
      `// civic-migrate: \`vbm_no_excuse\` names the field of V1 field descriptors ${STAYS_NOTE}: it becomes \`has_no_excuse_absentee\` when that request moves to V2`,
      code[3],
    ]);
  });

  it("a helper comparing its parameter: the literals its calls pass, at that parameter's place, are slots; nothing else is", () => {
    const code = [
      `const OWN = ${V1};`,
      'const item = (list, slug) => list.find((f) => f.slug === slug);',
      "exports.f = async () => { const fields = await fetch(OWN + '/election/field/').then((r) => r.json()); return [item(fields, ('vbm_no_excuse')), item(fields), fields[0].slug === UNDECLARED]; };",
      'exports.item = item;',
      'exports.n = item.length;',
      "exports.later = (run) => run(item, 'vbm_universal');",
      "['vbm_automatic'].map((s) => (list) => list.find((f) => f.slug === s));",
    ];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.roles.slugSlot(a.node("'vbm_no_excuse'"))?.role.key).toBe('api:slug:::');
    expect(a.roles.slugSlot(a.node("'vbm_universal'"))).toBeUndefined();
    expect(a.says(a.node("item(fields, ('vbm_no_excuse'))"))).toEqual([
      "`item(fields, ('vbm_no_excuse'))`: returned by the call, V1 field descriptor",
    ]);
  });

  it('moving data alone makes a slot too', () => {
    const code = [`const OWN = ${V1};`, 'const has = (list, slug) => list.some((f) => f.slug === slug);', moving];
    const a = analyze({ 'a.js': code.join('\n') });
    expect(a.roles.slugSlot(a.node("'vbm_universal'"))?.role.key).toBe('api:slug:::');
  });
});
