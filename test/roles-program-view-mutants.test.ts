/**
 * Survivors of the mutation run of `src/roles/program-view.ts` (f594a5d, #28), each test checked with
 * its mutant applied by hand: which readers a module's default export has (a namespace import's
 * `.default`, `import()` awaited, in a name or given to `.then`, a re-export), which functions a
 * call reaches (functions kept in object literals the checker cannot type, through names and
 * spreads a few deep, `Object.assign`, a module loaded by `import()`), `functionOf`'s names and
 * `nameOf`. Answers as source text, exactly; the programs are on disk (a dynamic import resolves there).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ts as TsNamespace } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { inferredProgram } from '../src/roles/inferred.js';
import { Calls } from '../src/roles/program-view.js';
import { nodeByText } from './helpers/nodes.js';
import { changedLines } from './helpers/program.js';

type Node = TsNamespace.Node;

/** A program of these files on disk (a dynamic import resolves on disk), and its questions. */
function onDisk(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'civic-pv-mutants-'));
  for (const [f, t] of Object.entries(files)) writeFileSync(join(dir, f), t);
  const view = inferredProgram(new Map(Object.entries(files).map(([f, t]) => [join(dir, f), t])));
  const calls = new Calls(view);
  const sf = (file: string) => view.files.get(join(dir, file)) as TsNamespace.SourceFile;
  const node = (file: string, text: string, nth = 0) => nodeByText(view.ts, sf(file), text, nth);
  /** Where a node is and its first line: `file:line text`. */
  const at = (n: Node) => {
    const file = n.getSourceFile();
    const line = file.getLineAndCharacterOfPosition(n.getStart()).line + 1;
    return `${file.fileName.slice(dir.length + 1)}:${line} ${n.getText().split('\n')[0]}`;
  };
  const defaultOf = (file: string) =>
    sf(file).statements.find((s) => view.ts.isExportAssignment(s)) as TsNamespace.ExportAssignment;
  const defaultReaders = (file: string) => calls.referencesOfDefault(defaultOf(file)).map(at);
  return { view, calls, ts: view.ts, sf, node, at, defaultReaders };
}

const LOAD = 'function load(cb) { return cb; }\nexport default load;\nexport { load };';

describe('the readers of a default export read through the module read whole', () => {
  it('`ns.default` of its namespace imports only: no other member, no namespace given whole or called, no other module', () => {
    const p = onDisk({
      'a.js': LOAD,
      'o.js': 'export default function other() {}',
      'b.js': [
        "import * as N from './a.js';",
        "import * as O from './o.js';",
        'N.load();',
        'use(N);',
        'N();',
        'export const v = [N.default, O.default, N.default];',
      ].join('\n'),
    });
    expect(p.defaultReaders('a.js')).toEqual(['b.js:6 N.default', 'b.js:6 N.default']);
  });

  it('`import()` awaited, in a name, or given to `.then`: its `.default`; the module loaded as a statement, an argument, a callback without a parameter, a promise awaited', () => {
    const p = onDisk({
      'a.js': LOAD,
      'o.js': 'export default function other() {}',
      'b.js': [
        'export async function g() {',
        "  import('./a.js');",
        "  use(import('./a.js'));",
        "  import('./a.js').then(() => 1);",
        "  import('./a.js').then((m) => m.default(1));",
        "  const later = import('./a.js');",
        '  const k = await later;',
        "  const r = (await import('./a.js')).default((x) => x);",
        "  const s = await import('./a.js');",
        "  const o = (await import('./o.js')).default;",
        '  return [k.default, r, s.default, o];',
        '}',
      ].join('\n'),
    });
    expect(p.defaultReaders('a.js')).toEqual([
      'b.js:5 m.default',
      "b.js:8 (await import('./a.js')).default",
      'b.js:11 s.default',
    ]);
  });

  it('a name destructured from `import()` reads the default only as `default`, not under another export of the same function', () => {
    const p = onDisk({
      'a.js': LOAD,
      'b.js': [
        'export async function g() {',
        "  const { load: L } = await import('./a.js');",
        "  const { default: D } = await import('./a.js');",
        '  return [L(1), D(2)];',
        '}',
      ].join('\n'),
    });
    expect(p.defaultReaders('a.js')).toEqual(['b.js:4 D']);
  });
});

describe('the default export re-exported, and a module loaded into a member', () => {
  it("`export { default } from`, `export { default as 'q' } from`: read by a namespace import's `.default`, by `q`", () => {
    const p = onDisk({
      'a.js': LOAD,
      'c.js': "export { default } from './a.js';\nexport { default as 'q' } from './a.js';",
      'd.js':
        "import * as C from './c.js';\nimport { q } from './c.js';\nimport { default as X } from './c.js';\nC.default;\nq;\nX;",
    });
    expect(p.defaultReaders('a.js')).toEqual(['d.js:6 X', 'd.js:4 C.default', 'd.js:5 q']);
  });

  it('`import()` awaited into a member or a default: its `.default` read through that name', () => {
    const p = onDisk({
      'a.js': LOAD,
      'e.js': [
        'export async function h() {',
        "  const o = { m: await import('./a.js') };",
        "  const { k = await import('./a.js') } = {};",
        '  return [o.m.default, k.default];',
        '}',
      ].join('\n'),
    });
    expect(p.defaultReaders('a.js')).toEqual(['e.js:4 o.m.default', 'e.js:4 k.default']);
  });

  const API =
    "export default function load() { return fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json()); }\n";
  const MOVED = [
    "-export default function load() { return fetch('https://api.voteamerica.org/v1/election/field/').then((r) => r.json()); }",
    "+export default function load() { return fetch('https://api.voteamerica.org/v2/election/field/').then((r) => r.json()); }",
  ];

  it("the codemod renames what the API's default function gives through a namespace import of its re-export", async () => {
    const d =
      "import * as C from './c.js';\nexport async function go() { const list = await C.default(); return list.map((f) => f.long_name); }\n";
    expect(await changedLines({ 'api.js': API, 'c.js': "export { default } from './api.js';\n", 'd.js': d })).toEqual([
      MOVED,
      [
        '-export async function go() { const list = await C.default(); return list.map((f) => f.long_name); }',
        '+export async function go() { const list = await C.default(); return list.map((f) => f.description); }',
      ],
    ]);
  });

  it("the codemod renames what the API's default function gives when its module is loaded into a member", async () => {
    const e =
      "export async function go() { const o = { m: await import('./api.js') }; const list = await o.m.default(); return list.map((f) => f.long_name); }\n";
    expect(await changedLines({ 'api.js': API, 'e.js': e })).toEqual([
      MOVED,
      [`-${e.trim()}`, `+${e.trim().replace('long_name', 'description')}`],
    ]);
  });
});

describe('the functions a call reaches', () => {
  const callees = (p: ReturnType<typeof onDisk>, file: string, text: string) =>
    p.calls.calleesOf(p.node(file, text) as TsNamespace.CallExpression).map(p.at);

  it('a name a type of the same name is declared for: the function its value is', () => {
    const p = onDisk({ 'a.ts': 'type show = () => number;\nconst show = () => 1;\nconst o = { show };\no.show();\nexport {};' });
    expect(callees(p, 'a.ts', 'o.show()')).toEqual(['a.ts:2 () => 1']);
  });

  it('`new X()` of a name holding what a call made: the constructor the checker resolves', () => {
    const p = onDisk({ 'c.js': 'function makeClass() { return class { constructor() {} }; }\nconst X = makeClass();\nnew X();' });
    expect(callees(p, 'c.js', 'new X()')).toEqual(['c.js:1 constructor() {}']);
  });

  it('an object literal the checker cannot type: the function of the name called, not a value of that name, a spread or another member', () => {
    const p = onDisk({
      'd.js': [
        'const k = Object.freeze({ show: 1, ...rest, other() {}, [key]: () => 2 });',
        'k.show();',
        'k.other();',
        'const helpers = Object.freeze({ shared() {} });',
        'const j = Object.freeze({ ...helpers, own() {} });',
        'j.shared();',
        'j.own();',
      ].join('\n'),
    });
    expect([callees(p, 'd.js', 'k.show()'), callees(p, 'd.js', 'k.other()')]).toEqual([[], ['d.js:1 other() {}']]);
    expect([callees(p, 'd.js', 'j.shared()'), callees(p, 'd.js', 'j.own()')]).toEqual([
      ['d.js:4 shared() {}'],
      ['d.js:5 own() {}'],
    ]);
  });

  it('a call of two arguments other than `Object.assign` holds no literal it is given', () => {
    const p = onDisk({
      'f.js': [
        'function wrap(a) { return JSON.parse(a); }',
        "const k = wrap('{}', { show() {} });",
        'k.show();',
        'const m = Object.assign({}, { show() {} });',
        'm.show();',
      ].join('\n'),
    });
    expect([callees(p, 'f.js', 'k.show()'), callees(p, 'f.js', 'm.show()')]).toEqual([[], ['f.js:4 show() {}']]);
  });

  it('names that hold each other, or spread each other, hold no literal (and the question ends)', () => {
    const p = onDisk({
      'e.js': [
        'const a = b;',
        'const b = a;',
        'a.show();',
        'const s1 = Object.freeze({ ...s2 });',
        'const s2 = Object.freeze({ ...s1 });',
        's1.show();',
      ].join('\n'),
    });
    expect([callees(p, 'e.js', 'a.show()'), callees(p, 'e.js', 's1.show()')]).toEqual([[], []]);
  });

  it('a literal is followed four names deep, and four spreads deep', () => {
    const names = ['const a0 = Object.freeze({ show() {} });'];
    const spreads = ['const s0 = Object.freeze({ show() {} });'];
    for (let i = 1; i <= 5; i++) {
      names.push(`const a${i} = a${i - 1};`, `a${i}.show();`);
      spreads.push(`const s${i} = Object.freeze({ ...s${i - 1} });`, `s${i}.show();`);
    }
    const p = onDisk({ 'n.js': names.join('\n'), 's.js': spreads.join('\n') });
    expect([1, 4, 5].map((i) => callees(p, 'n.js', `a${i}.show()`))).toEqual([['n.js:1 show() {}'], ['n.js:1 show() {}'], []]);
    expect([1, 4, 5].map((i) => callees(p, 's.js', `s${i}.show()`))).toEqual([['s.js:1 show() {}'], ['s.js:1 show() {}'], []]);
  });

  it("`const s = await import(…)`, then `s.default(…)`: the module's default function", () => {
    const p = onDisk({
      'g.js': 'export default function load() {}\nexport const BASE = 1;',
      'h.js': "export async function go() { const s = await import('./g.js'); s.default(1); s.BASE(); }",
    });
    expect([callees(p, 'h.js', 's.default(1)'), callees(p, 'h.js', 's.BASE()')]).toEqual([
      ['g.js:1 export default function load() {}'],
      [],
    ]);
  });
});

describe('functionOf and exportedFunctions', () => {
  it('a function is followed four names deep; names that hold each other hold none', () => {
    const code = ['const f0 = () => 1;'];
    for (let i = 1; i <= 5; i++) code.push(`const f${i} = f${i - 1};`);
    code.push('const c1 = c2;', 'const c2 = c1;', 'export {};');
    const p = onDisk({ 'a.js': code.join('\n') });
    const fn = (text: string) => {
      const found = p.calls.functionOf(p.node('a.js', text));
      return found ? p.at(found) : null;
    };
    expect(['f1 = f0', 'f4 = f3', 'f5 = f4', 'c1 = c2'].map(fn)).toEqual(['a.js:1 () => 1', 'a.js:1 () => 1', null, null]);
  });

  it("a member read as a value (a getter's) is no exported function", () => {
    const p = onDisk({
      'b.js':
        'const cart = { get total() { return 1; } };\nexport const total = cart.total;\nexport const same = cart;\nexport function f() {}',
    });
    expect([...p.calls.exportedFunctions(p.sf('b.js')).entries()].map(([k, v]) => `${k} ${p.at(v)}`)).toEqual([
      'f b.js:4 export function f() {}',
    ]);
  });
});

describe('nameOf', () => {
  it("a function written as a `for` loop's first expression is called by no name", () => {
    const p = onDisk({ 'a.js': 'for ((() => 1); ; ) break;\nfor (const g = () => 2; ; ) break;\nexport {};' });
    const fns = [p.node('a.js', '() => 1'), p.node('a.js', '() => 2')];
    expect(fns.map((f) => p.calls.nameOf(f as never)?.getText() ?? null)).toEqual([null, 'g']);
  });
});
