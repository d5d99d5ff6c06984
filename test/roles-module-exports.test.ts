/**
 * Every way a module hands out a function or a class reaches its callers: CommonJS (`module.exports
 * = function …`, `= (…) => …`, `= class {…}`, `exports.x = …`, an object of them) and ES modules
 * (default exports of a function, an arrow, an anonymous or named class; named, renamed and namespace
 * imports). The checker declares some of these by the assignment itself (`module.exports = …`) or by
 * the default export's expression, not by a function or class: the API's data handed to such a
 * function reached no parameter, and `new` of such a class was no instance, so their reads stayed V1
 * while the request moved (a silent wrong answer).
 */
import { describe, expect, it } from 'vitest';
import { analyze, changedLines, V1 } from './helpers/program.js';

const FETCH_LIST = `fetch(${V1} + '/election/field/').then((r) => r.json())`;
const READ = 'fields.map((f) => f.long_name)';
const DESCRIPTOR = ['`f`: V1 field descriptor'];

describe('a function a module exports gets the data its importers hand it', () => {
  const forms: Record<string, [lib: string, use: string]> = {
    'module.exports = function': [
      `module.exports = function load(fields) { return ${READ}; };`,
      "const load = require('./load');",
    ],
    'module.exports = async function': [
      `module.exports = async function (fields) { return ${READ}; };`,
      "const load = require('./load');",
    ],
    'module.exports = arrow': [`module.exports = (fields) => ${READ};`, "const load = require('./load');"],
    'module.exports = name': [
      `function load(fields) { return ${READ}; }\nmodule.exports = load;`,
      "const load = require('./load');",
    ],
    'module.exports = { name }': [
      `function load(fields) { return ${READ}; }\nmodule.exports = { load };`,
      "const { load } = require('./load');",
    ],
    'module.exports = { method }': [
      `module.exports = { load(fields) { return ${READ}; } };`,
      "const { load } = require('./load');",
    ],
    'exports.load = arrow': [`exports.load = (fields) => ${READ};`, "const { load } = require('./load');"],
    'module.exports.load = function': [
      `module.exports.load = function (fields) { return ${READ}; };`,
      "const { load } = require('./load');",
    ],
    'export default function': [`export default function (fields) { return ${READ}; }`, "import load from './load';"],
    'export default arrow': [`export default (fields) => ${READ};`, "import load from './load';"],
    'export const arrow': [`export const load = (fields) => ${READ};`, "import { load } from './load';"],
    'export { go as load }': [
      `function go(fields) { return ${READ}; }\nexport { go as load };`,
      "import { load } from './load';",
    ],
    'import * as lib': [
      `export function load(fields) { return ${READ}; }`,
      "import * as lib from './load'; const { load } = lib;",
    ],
  };
  it.each(Object.entries(forms))('%s', (_form, [lib, use]) => {
    const a = analyze({ 'load.js': lib, 'main.js': `${use}\n${FETCH_LIST}.then((list) => load(list));` });
    expect(a.says(a.node('f', 1, 'load.js'))).toEqual(DESCRIPTOR);
  });

  it('the same function handed only the program’s own list gets nothing', () => {
    const a = analyze({
      'load.js': `module.exports = (fields) => ${READ};`,
      'main.js': "const load = require('./load');\nload([{ long_name: 'x' }]);",
    });
    // (The program's own object, not the API's descriptor: `long_name` stays.)
    expect(a.says(a.node('f', 1, 'load.js'))).toEqual(['`f`: an object the program builds']);
  });
});

describe('what a function a module exports returns reaches its importers’ calls', () => {
  const forms: Record<string, [lib: string, use: string]> = {
    'module.exports = function': [
      `module.exports = function load() { return ${FETCH_LIST}; };`,
      "const load = require('./load');",
    ],
    'module.exports = arrow': [`module.exports = () => ${FETCH_LIST};`, "const load = require('./load');"],
    'require(…)() called as it is': [`module.exports = () => ${FETCH_LIST};`, "const load = () => require('./load')();"],
    'export default arrow': [`export default () => ${FETCH_LIST};`, "import load from './load';"],
    'export default async function () {…}': [
      `export default async function () { return ${FETCH_LIST}; }`,
      "import load from './load';",
    ],
    'export default function fetchAll, imported as load': [
      `export default function fetchAll() { return ${FETCH_LIST}; }`,
      "import load from './load';",
    ],
    'exports.load = arrow, read as a member': [`exports.load = () => ${FETCH_LIST};`, "const load = require('./load').load;"],
  };
  it.each(Object.entries(forms))('%s', (_form, [lib, use]) => {
    const a = analyze({ 'load.js': lib, 'main.js': `${use}\nload().then((list) => list.map((f) => f.long_name));` });
    expect(a.says(a.node('f', 1, 'main.js'))).toEqual(DESCRIPTOR);
  });

  it('a module that returns only its own list gives its callers nothing of the API', () => {
    const a = analyze({
      'load.js': "module.exports = () => Promise.resolve([{ long_name: 'x' }]);",
      'main.js': "const load = require('./load');\nload().then((list) => list.map((f) => f.long_name));",
    });
    expect(a.says(a.node('f', 1, 'main.js'))).toEqual([]);
  });
});

describe('an object holding a function by its name, handed on untyped: a call of its member is that function', () => {
  const LOAD = 'function load(a) { return a.fields(); }\nload(api).then((list) => list.map((f) => f.long_name));';
  const forms: Record<string, [lib: string, use: string]> = {
    'module.exports = { fields }': [
      `function fields() { return ${FETCH_LIST}; }\nmodule.exports = { fields };`,
      "const api = require('./client');",
    ],
    'module.exports = { fields: fields }': [
      `const fields = () => ${FETCH_LIST};\nmodule.exports = { fields: fields };`,
      "const api = require('./client');",
    ],
    'export default { fields }': [
      `function fields() { return ${FETCH_LIST}; }\nexport default { fields };`,
      "import api from './client';",
    ],
    'a local object { fields }': [
      `function fields() { return ${FETCH_LIST}; }\nexport const api = { fields };`,
      "import { api } from './client';",
    ],
  };
  it.each(Object.entries(forms))('%s', (_form, [lib, use]) => {
    const a = analyze({ 'client.js': lib, 'main.js': `${use}\n${LOAD}` });
    expect(a.says(a.node('f', 1, 'main.js'))).toEqual(DESCRIPTOR);
  });
});

describe('a module read whole and handed on untyped: a call of its member is its exported function', () => {
  const LOAD = 'function load(a) { return a.fields(); }\nload(api).then((list) => list.map((f) => f.long_name));';
  const forms: Record<string, [lib: string, use: string]> = {
    'exports.fields = arrow, require': [`exports.fields = () => ${FETCH_LIST};`, "const api = require('./client');"],
    'module.exports.fields = function, require': [
      `module.exports.fields = function () { return ${FETCH_LIST}; };`,
      "const api = require('./client');",
    ],
    'export const fields, import * as api': [`export const fields = () => ${FETCH_LIST};`, "import * as api from './client';"],
    'export { go as fields }, import * as api': [
      `function go() { return ${FETCH_LIST}; }\nexport { go as fields };`,
      "import * as api from './client';",
    ],
  };
  it.each(Object.entries(forms))('%s', (_form, [lib, use]) => {
    const a = analyze({ 'client.js': lib, 'main.js': `${use}\n${LOAD}` });
    expect(a.says(a.node('api', 1, 'main.js'))).toEqual(['`api`: the exports of a module']);
    expect(a.says(a.node('f', 1, 'main.js'))).toEqual(DESCRIPTOR);
  });

  it('a module whose functions serve only the program’s own data is not followed', () => {
    const a = analyze({
      'client.js': "export const fields = () => Promise.resolve([{ long_name: 'x' }]);",
      'main.js': `import * as api from './client';\n${LOAD}`,
    });
    expect(a.says(a.node('api', 1, 'main.js'))).toEqual([]);
    expect(a.says(a.node('f', 1, 'main.js'))).toEqual([]);
  });
});

describe('a class a module exports is followed from each `new` of it, under any name', () => {
  const BODY = [
    `  async get(path) { const res = await fetch(${V1} + path); return res.json(); }`,
    "  fields() { return this.get('/election/field/'); }",
    '}',
  ].join('\n');
  const forms: Record<string, [lib: string, use: string, made?: string, of?: string]> = {
    'module.exports = class {…}': [
      `module.exports = class {\n${BODY};`,
      "const Client = require('./client');",
      undefined,
      'a class',
    ],
    'module.exports = class Client {…}': [`module.exports = class Client {\n${BODY};`, "const Client = require('./client');"],
    'module.exports = Client': [`class Client {\n${BODY}\nmodule.exports = Client;`, "const Client = require('./client');"],
    'exports.Client = class {…}': [
      `exports.Client = class {\n${BODY};`,
      "const { Client } = require('./client');",
      undefined,
      'a class',
    ],
    'module.exports = { Client }, new lib.Client()': [
      `class Client {\n${BODY}\nmodule.exports = { Client };`,
      "const lib = require('./client');",
      'new lib.Client()',
    ],
    'export default class {…}': [`export default class {\n${BODY}`, "import Client from './client';", undefined, 'a class'],
    'export default class Api, imported as Client': [
      `export default class Api {\n${BODY}`,
      "import Client from './client';",
      undefined,
      'Api',
    ],
    'const Api = class {…}; export default Api': [
      `const Api = class {\n${BODY};\nexport default Api;`,
      "import Client from './client';",
      undefined,
      'Api',
    ],
    'export { Api as Client }': [
      `class Api {\n${BODY}\nexport { Api as Client };`,
      "import { Client } from './client';",
      undefined,
      'Api',
    ],
    'import * as lib, new lib.Client()': [
      `export class Client {\n${BODY}`,
      "import * as lib from './client';",
      'new lib.Client()',
    ],
    'a subclass of module.exports = class {…}': [
      `module.exports = class {\n${BODY};`,
      "const Base = require('./client');\nclass Client extends Base {}",
    ],
    'a constructor function, module.exports = Client': [
      [
        'function Client() {}',
        `Client.prototype.get = async function (path) { const res = await fetch(${V1} + path); return res.json(); };`,
        "Client.prototype.fields = function () { return this.get('/election/field/'); };",
        'module.exports = Client;',
      ].join('\n'),
      "const Client = require('./client');",
    ],
  };
  it.each(Object.entries(forms))('%s', (_form, [lib, use, made = 'new Client()', of = 'Client']) => {
    const a = analyze({
      'client.js': lib,
      'main.js': `${use}\nasync function load(client) { const fields = await client.fields(); return ${READ}; }\nload(${made});`,
    });
    expect(a.says(a.node(made, 0, 'main.js'))).toEqual([`\`${made}\`: an instance of ${of}`]);
    expect(a.says(a.node('f', 1, 'main.js'))).toEqual(DESCRIPTOR);
  });

  it('an anonymous class’s constructor gets what `new` hands it', () => {
    const a = analyze({
      'shelf.js': `module.exports = class {\n  constructor(list) { this.list = list; }\n  titles() { return this.list.map((f) => f.long_name); }\n};`,
      'main.js': `const Shelf = require('./shelf');\n${FETCH_LIST}.then((list) => new Shelf(list).titles());`,
    });
    expect(a.says(a.node('f', 1, 'shelf.js'))).toEqual(DESCRIPTOR);
  });
});

describe('a module that spells nothing of the API joins the program when its class is handed the API', () => {
  it('`new Feed(client)` of a module with no V1 name in it: the reads its instances serve move', async () => {
    const files: Record<string, string> = {
      'client.js': `class Client {\n  async fields() { const res = await fetch(${V1} + '/election/field/'); return res.json(); }\n}\nmodule.exports = Client;\n`,
      // No V1 slug, field or URL: a report's prefilter does not pick it, the program must take it.
      'feed.js':
        'module.exports = class {\n  constructor(client) { this.client = client; }\n  list() { return this.client.fields(); }\n};\n',
      'names.js': 'module.exports = async (feed) => (await feed.list()).map((f) => f.long_name);\n',
      'main.js':
        "const Client = require('./client');\nconst Feed = require('./feed');\nconst names = require('./names');\nnames(new Feed(new Client())).then(console.log);\n",
    };
    expect(await changedLines(files)).toEqual([
      [
        "-  async fields() { const res = await fetch('https://api.voteamerica.org/v1' + '/election/field/'); return res.json(); }",
        "+  async fields() { const res = await fetch('https://api.voteamerica.org/v2' + '/election/field/'); return res.json(); }",
      ],
      [
        '-module.exports = async (feed) => (await feed.list()).map((f) => f.long_name);',
        '+module.exports = async (feed) => (await feed.list()).map((f) => f.description);',
      ],
    ]);
  });
});

describe('a default export imported at run time (`const { default: load } = await import(…)`)', () => {
  it('what it returns reaches its calls, and what its callers hand it reaches its parameter', async () => {
    const files: Record<string, string> = {
      'package.json': '{ "type": "module" }\n',
      'load.js': `export default () => ${FETCH_LIST};\n`,
      'show.js': 'export default (list) => list.map((g) => g.long_name);\n',
      'main.js': [
        "export async function titles() { const { default: load } = await import('./load.js'); const list = await load(); return list.map((f) => f.long_name); }",
        "export async function shown() { const { default: show } = await import('./show.js'); const { default: load } = await import('./load.js'); return show(await load()); }",
        '',
      ].join('\n'),
    };
    const changed = await changedLines(files);
    expect(
      changed.map((lines) => lines.map((l) => l.slice(0, 1) + (l.match(/long_name|description|\/v[12]'/g) ?? []).join(','))),
    ).toEqual([
      ["-/v1'", "+/v2'"],
      ['-long_name', '+description'],
      ['-long_name', '+description'],
    ]);
  });
});

describe('a class, a constructor function or a namespace object handed on as a value: a call of its static method is that method', () => {
  const SHOW = 'function show(A) { return A.fields().then((list) => list.map((f) => f.long_name)); }\nshow(Api);';
  const forms: Record<string, [lib: string, use: string, says: string]> = {
    'static method, module.exports = { Api }': [
      `class Api { static fields() { return ${FETCH_LIST}; } }\nmodule.exports = { Api };`,
      "const { Api } = require('./client');",
      'the class Api (its static methods)',
    ],
    'module.exports = class { static … }': [
      `module.exports = class { static fields() { return ${FETCH_LIST}; } };`,
      "const Api = require('./client');",
      'a class (its static methods)',
    ],
    'a static arrow field, export default class': [
      `export default class Api { static fields = () => ${FETCH_LIST}; }`,
      "import Api from './client';",
      'the class Api (its static methods)',
    ],
    'a static async method, export class': [
      `export class Api { static async fields() { const r = await fetch(${V1} + '/election/field/'); return r.json(); } }`,
      "import { Api } from './client';",
      'the class Api (its static methods)',
    ],
    'a static calling another through `this`, const Api = class': [
      `const Api = class { static fields() { return this.get('/election/field/'); } static get(p) { return fetch(${V1} + p).then((r) => r.json()); } };\nmodule.exports = Api;`,
      "const Api = require('./client');",
      'the class Api (its static methods)',
    ],
    'Api.fields = function after class Api {}': [
      `class Api {}\nApi.fields = function () { return ${FETCH_LIST}; };\nmodule.exports = Api;`,
      "const Api = require('./client');",
      'the class Api (its static methods)',
    ],
    'Api.fields = function after function Api() {}': [
      `function Api() {}\nApi.fields = function () { return ${FETCH_LIST}; };\nmodule.exports = Api;`,
      "const Api = require('./client');",
      'the function Api (the functions its members hold)',
    ],
    'var Api = {}; Api.fields = function': [
      `var Api = {};\nApi.fields = function () { return ${FETCH_LIST}; };\nmodule.exports = Api;`,
      "const Api = require('./client');",
      'an object the program builds',
    ],
    'const Api = {}; Api.fields = arrow; export default': [
      `const Api = {};\nApi.fields = () => ${FETCH_LIST};\nexport default Api;`,
      "import Api from './client';",
      'an object the program builds',
    ],
  };
  it.each(Object.entries(forms))('%s', (_form, [lib, use, says]) => {
    const a = analyze({ 'client.js': lib, 'main.js': `${use}\n${SHOW}` });
    expect(a.says(a.node('Api', 1, 'main.js'))).toEqual([`\`Api\`: ${says}`]);
    expect(a.says(a.node('f', 1, 'main.js'))).toEqual(DESCRIPTOR);
  });

  it('a class whose static methods serve only the program’s own data is not followed', () => {
    const a = analyze({
      'client.js': "class Api { static fields() { return Promise.resolve([{ long_name: 'x' }]); } }\nmodule.exports = Api;",
      'main.js': `const Api = require('./client');\n${SHOW}`,
    });
    expect(a.says(a.node('Api', 1, 'main.js'))).toEqual([]);
    expect(a.says(a.node('f', 1, 'main.js'))).toEqual([]);
  });

  it('`new Api()`, `Api()` and `Api.prototype` are no reads of its static side', () => {
    const a = analyze({
      'a.js': [
        `function Api() {}`,
        `Api.fields = function () { return ${FETCH_LIST}; };`,
        'Api.prototype.x = 1;',
        'const made = new Api();',
        'const called = Api();',
        'const held = Api;',
      ].join('\n'),
    });
    const side = ['`Api`: the function Api (the functions its members hold)'];
    // (`function Api`, `Api.fields`, `Api.prototype`, `new Api`, `Api()`, `held = Api`.)
    expect([2, 3, 4, 5].map((nth) => a.says(a.node('Api', nth)))).toEqual([[], [], [], side]);
  });

  it('the codemod moves the reads of the data a handed-on class’s static method returns', async () => {
    expect(
      await changedLines({
        'client.js': `const BASE = ${V1};\nclass Api { static fields() { return fetch(BASE + '/election/field/').then((r) => r.json()); } }\nmodule.exports = Api;`,
        'main.js': `const Api = require('./client');\n${SHOW}`,
      }),
    ).toEqual([
      ["-const BASE = 'https://api.voteamerica.org/v1';", "+const BASE = 'https://api.voteamerica.org/v2';"],
      [
        '-function show(A) { return A.fields().then((list) => list.map((f) => f.long_name)); }',
        '+function show(A) { return A.fields().then((list) => list.map((f) => f.description)); }',
      ],
    ]);
  });
});

describe('a function exported by a list (`export { fields }`) brings in its importers', () => {
  it('a module between the request and the read that spells nothing of the API joins the program', async () => {
    const lib = `const BASE = ${V1};\nfunction fields() { return fetch(BASE + '/election/field/').then((r) => r.json()); }\nexport { fields };\n`;
    const mid = "import { fields } from './lib.js';\nfunction get() { return fields(); }\nexport { get as default };\n";
    const main = "import get from './mid.js';\nget().then((l) => console.log(l.map((f) => f.long_name)));\n";
    expect(await changedLines({ 'lib.js': lib, 'mid.js': mid, 'main.js': main, 'package.json': '{"type":"module"}' })).toEqual([
      ["-const BASE = 'https://api.voteamerica.org/v1';", "+const BASE = 'https://api.voteamerica.org/v2';"],
      [
        '-get().then((l) => console.log(l.map((f) => f.long_name)));',
        '+get().then((l) => console.log(l.map((f) => f.description)));',
      ],
    ]);
  });
});
