/**
 * Shapes of code the API's data went through unseen while its request moved, so its reads stayed V1
 * with no marker (a silent wrong answer): a module's default read as a member of the module read
 * whole (`api.default()`, `(await import('./api.js')).default()`); an object a variable gets from a
 * function's return or a conditional, then written into; functions copied into an object
 * (`Object.assign({}, { show })`, `{ ...helpers }`) and called on it; a parameter's default function;
 * an object literal's own functions reading it as `this`; a method of arrays borrowed with `.call`.
 * Each program fetches the V1 field list in one module and reads it in another; beside each read
 * that moves, the program's own data of the same shape stays.
 */
import { describe, expect, it } from 'vitest';
import { analyze, changedLines } from './helpers/program.js';

const V1_URL = "'https://api.voteamerica.org/v1/election/field/'";
const FETCH = `fetch(${V1_URL}).then((r) => r.json())`;
/** `api.js`, whose `load` fetches the V1 field list, and the line the migration changes in it. */
const API = `export const load = () => ${FETCH};\n`;
const API_MOVED = [`-${API.trim()}`, `+${API.trim().replace('/v1/', '/v2/')}`];
/** `main.js`: `go` gets the fields from `load`, then runs `body`. */
const main = (imports: string, ...body: string[]) =>
  `import { load } from './api.js';\n${imports}\nexport async function go(ok) {\n  const fields = await load();\n${body.map((l) => `  ${l}\n`).join('')}}\n`;
/** A line of `main.js` before and after: its `long_name` reads of the API's data renamed (the first `n` of them). */
const renamed = (line: string, n = 1) => {
  let left = n;
  return [`-  ${line}`, `+  ${line.replace(/long_name/g, (m) => (left-- > 0 ? 'description' : m))}`];
};

describe("a module's default, read as a member of the module read whole", () => {
  const DEFAULT_API = `export default function () { return ${FETCH}; }\n`;
  const DEFAULT_MOVED = [`-${DEFAULT_API.trim()}`, `+${DEFAULT_API.trim().replace('/v1/', '/v2/')}`];
  /** `own.js`: a default that gives the program's own list. */
  const OWN = "export default function () { return [{ long_name: 'mine' }]; }\n";
  const forms: Record<string, string[]> = {
    'import * as api, then api.default()': [
      "import * as api from './api.js';\nimport * as own from './own.js';\nexport async function go() {",
      '  const fields = await api.default();',
    ],
    "(await import('./api.js')).default()": [
      "import * as own from './own.js';\nexport async function go() {",
      "  const fields = await (await import('./api.js')).default();",
    ],
    "const api = await import('./api.js'), then api.default()": [
      "import * as own from './own.js';\nexport async function go() {",
      "  const api = await import('./api.js');\n  const fields = await api.default();",
    ],
  };
  it.each(Object.entries(forms))('%s', async (_form, [head, get]) => {
    const read = 'return [fields.map((f) => f.long_name), own.default().map((f) => f.long_name)];';
    expect(await changedLines({ 'api.js': DEFAULT_API, 'own.js': OWN, 'main.js': `${head}\n${get}\n  ${read}\n}\n` })).toEqual([
      DEFAULT_MOVED,
      renamed(read),
    ]);
  });

  it("`import('./api.js').then((m) => m.default().then(…))`: the callback's parameter is the module", async () => {
    const read = "return import('./api.js').then((m) => m.default().then((fields) => fields.map((f) => f.long_name)));";
    expect(await changedLines({ 'api.js': DEFAULT_API, 'main.js': `export function go() {\n  ${read}\n}\n` })).toEqual([
      DEFAULT_MOVED,
      renamed(read),
    ]);
  });

  it("a module loaded by `import()` gets the API's data its default is handed, and another module's default does not", async () => {
    const show = (name: string) => `export default function (list) { return list.map((${name}) => ${name}.long_name); }\n`;
    const files = {
      'api.js': API,
      'main.js': main(
        '',
        "const mine = await import('./own.js');",
        "mine.default([{ long_name: 'mine' }]);",
        "return (await import('./show.js')).default(fields);",
      ),
      'own.js': show('o'),
      'show.js': show('f'),
    };
    expect(await changedLines(files)).toEqual([
      API_MOVED,
      [`-${show('f').trim()}`, `+${show('f').trim().replace('long_name', 'description')}`],
    ]);
  });
});

describe('an object a variable gets from a function or a conditional, then written into', () => {
  const MAKE = 'export function make() { return {}; }\nexport const other = () => ({});\n';
  it('`const o = make()`, `make` in another module returning `{}`: what is stored is read back', async () => {
    const body = [
      'const o = make();',
      'o.first = fields[0];',
      'const own = other();',
      "own.first = { long_name: 'mine' };",
      'return [o.first.long_name, own.first.long_name];',
    ];
    const files = { 'api.js': API, 'main.js': main("import { make, other } from './make.js';", ...body), 'make.js': MAKE };
    expect(await changedLines(files)).toEqual([API_MOVED, renamed(body[4] as string)]);
    const a = analyze(files);
    expect(a.says(a.node('{}', 0, 'make.js'))).toEqual(['`{}`: an object the program builds']);
  });

  it('`const o = ok ? {} : null`, and a name given what a function returns (`const made = {}; return made`)', async () => {
    const body = [
      'const o = ok ? {} : null;',
      'o.first = fields[0];',
      'const p = build();',
      'p.first = fields[1];',
      'const own = ok ? {} : undefined;',
      "own.first = { long_name: 'mine' };",
      'return [o.first.long_name, p.first.long_name, own.first.long_name];',
    ];
    const files = {
      'api.js': API,
      'main.js': main('function build() {\n  const made = {};\n  return made;\n}', ...body),
    };
    expect(await changedLines(files)).toEqual([API_MOVED, renamed(body[6] as string, 2)]);
  });
});

describe('functions copied into an object and called on the copy', () => {
  const SHOW = 'export function show(list) { return list.map((f) => f.long_name); }\n';
  const LABEL = 'export function label(list) { return list.map((f) => f.long_name); }\n';
  const forms: Record<string, string> = {
    'Object.assign({}, { show })': 'Object.assign({}, { show })',
    '{ ...helpers }': '{ ...helpers }',
    'Object.assign({}, helpers)': 'Object.assign({}, helpers)',
    '{ show }': '{ show }',
    '{ show: show }': '{ show: show }',
  };
  it.each(Object.entries(forms))('%s', async (_form, copy) => {
    const files = {
      'api.js': API,
      'label.js': LABEL,
      'main.js': main(
        "import { show } from './show.js';\nimport { label } from './label.js';\nconst helpers = { show };",
        `const h = ${copy};`,
        "const own = Object.assign({}, { show: label });\n  own.show([{ long_name: 'mine' }]);",
        'return h.show(fields);',
      ),
      'show.js': SHOW,
    };
    // (`label`, given only the program's own list under the same member name, keeps its read.)
    expect(await changedLines(files)).toEqual([
      API_MOVED,
      [`-${SHOW.trim()}`, `+${SHOW.trim().replace('long_name', 'description')}`],
    ]);
  });
});

describe('a parameter whose default is a function', () => {
  const RUN = 'export function run(list, fmt = (f) => f.long_name) { return list.map(fmt); }\n';
  it('`fmt = (f) => …` gets the elements of the API list `run` is handed', async () => {
    const files = { 'api.js': API, 'main.js': main("import { run } from './run.js';", 'return run(fields);'), 'run.js': RUN };
    expect(await changedLines(files)).toEqual([
      API_MOVED,
      [`-${RUN.trim()}`, `+${RUN.trim().replace('long_name', 'description')}`],
    ]);
  });

  it('`fmt = format`, a function declared elsewhere, is that function', async () => {
    const run = 'function format(f) { return f.long_name; }\nexport function run(list, fmt = format) { return list.map(fmt); }\n';
    const files = { 'api.js': API, 'main.js': main("import { run } from './run.js';", 'return run(fields);'), 'run.js': run };
    expect(await changedLines(files)).toEqual([
      API_MOVED,
      ['-function format(f) { return f.long_name; }', '+function format(f) { return f.description; }'],
    ]);
  });

  it('`fmt(x)`, the parameter called: its default gets what it is called with', async () => {
    const run = 'export function run(list, fmt = (f) => f.long_name) { return list.map((x) => fmt(x)); }\n';
    const files = { 'api.js': API, 'main.js': main("import { run } from './run.js';", 'return run(fields);'), 'run.js': run };
    expect(await changedLines(files)).toEqual([
      API_MOVED,
      [`-${run.trim()}`, `+${run.trim().replace('long_name', 'description')}`],
    ]);
  });

  it('the same function handed only the program’s own list keeps its read', async () => {
    const files = {
      'api.js': API,
      'main.js': main("import { run } from './run.js';", "return [fields, run([{ long_name: 'mine' }])];"),
      'run.js': RUN,
    };
    expect(await changedLines(files)).toEqual([API_MOVED]);
  });
});

describe('an object literal whose own functions read it as `this`', () => {
  const forms: Record<string, [view: string, read: string]> = {
    getter: ['get titles() { return this.list.map((f) => f.long_name); }', 'titles'],
    method: ['titles() { return this.list.map((f) => f.long_name); }', 'titles()'],
    'function value': ['titles: function () { return this.list.map((f) => f.long_name); }', 'titles()'],
  };
  it.each(Object.entries(forms))('%s', async (_form, [fn, read]) => {
    const body = [
      `const view = { list: fields, ${fn} };`,
      `const own = { list: [{ long_name: 'mine' }], ${fn} };`,
      `return [view.${read}, own.${read}];`,
    ];
    expect(await changedLines({ 'api.js': API, 'main.js': main('', ...body) })).toEqual([API_MOVED, renamed(body[0] as string)]);
  });

  it('an object given the data after it is made (`view.list = fields`)', async () => {
    const body = [
      'const view = { list: [], get titles() { return this.list.map((f) => f.long_name); } };',
      'view.list = fields;',
      'return view.titles;',
    ];
    expect(await changedLines({ 'api.js': API, 'main.js': main('', ...body) })).toEqual([API_MOVED, renamed(body[0] as string)]);
  });
});

describe('a method of arrays borrowed with `.call`', () => {
  const forms: Record<string, string> = {
    'Array.prototype.map.call': 'Array.prototype.map.call',
    '[].map.call': '[].map.call',
  };
  it.each(Object.entries(forms))('%s', async (_form, map) => {
    const body = [
      `const names = ${map}(fields, (f) => f.long_name);`,
      `const mine = ${map}([{ long_name: 'mine' }], (f) => f.long_name);`,
      'return [names, mine];',
    ];
    expect(await changedLines({ 'api.js': API, 'main.js': main('', ...body) })).toEqual([API_MOVED, renamed(body[0] as string)]);
  });

  it('`[].forEach.call`, `Array.prototype.find.call`: each element, and the element found', async () => {
    const body = [
      'const names = [];',
      '[].forEach.call(fields, (f) => names.push(f.long_name));',
      "const found = Array.prototype.find.call(fields, (f) => f.slug === 'x');",
      'return [names, found.long_name];',
    ];
    expect(await changedLines({ 'api.js': API, 'main.js': main('', ...body) })).toEqual([
      API_MOVED,
      [...renamed(body[1] as string), ...renamed(body[3] as string)],
    ]);
  });
});
