/**
 * What the role engine asks of a program (src/roles/program-view.ts, #28 mutation testing): the
 * places that read a name's value across modules, the functions a call reaches, the name a
 * function is called by, and the expression under parentheses and type assertions. An inferred
 * program of the test's own files each time; answers as source text, exactly.
 */

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ts as TsNamespace } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { inferredProgram } from '../src/roles/inferred.js';
import { Calls, dynamicImportOf, skipParens } from '../src/roles/program-view.js';
import { nodeByText } from './helpers/nodes.js';
import { programView } from './helpers/program.js';

type Node = TsNamespace.Node;

const program = programView;

describe('referencesOf', () => {
  it("a variable's reads in its file and in modules that import it, under its name or another", () => {
    const p = program({
      'a.js': "export const BASE = 'https://api.voteamerica.org/v1';\nexport const f = () => BASE + '/x';",
      'b.js': "import { BASE as B } from './a.js';\nimport * as A from './a.js';\nexport const g = () => [B, A.BASE];",
    });
    const decl = p.node('a.js', 'BASE');
    expect(p.calls.referencesOf(decl).map(p.at)).toEqual(['a.js:2 BASE', 'b.js:3 B', 'b.js:3 A.BASE']);
    // Asked again: the same answer (kept).
    expect(p.calls.referencesOf(decl)).toBe(p.calls.referencesOf(decl));
  });

  it('a name exported under another name is read under that name where it is imported', () => {
    const p = program({
      'a.js': "const BASE = 'https://api.voteamerica.org/v1';\nexport { BASE as API_BASE };",
      'b.js':
        "import { API_BASE } from './a.js';\nimport { API_BASE as X } from './a.js';\nexport const g = () => [API_BASE, X];",
    });
    expect(p.calls.referencesOf(p.node('a.js', 'BASE')).map(p.at)).toEqual(['b.js:3 API_BASE', 'b.js:3 X']);
  });

  it("an object member's reads are the member accesses that hold its value; a local's stay in its function", () => {
    const p = program({
      'a.js': [
        "const config = { base: 'https://api.voteamerica.org/v1' };",
        'const f = () => config.base;',
        'function h() { const base = 1; return base; }',
        'function k() { const base = 2; return base + 1; }',
      ].join('\n'),
    });
    expect(p.calls.referencesOf(p.node('a.js', 'base')).map(p.at)).toEqual(['a.js:2 config.base']);
    // (The second `base` written is the member read; the third, `h`'s own.)
    expect(p.calls.referencesOf(p.node('a.js', 'base', 2)).map(p.at)).toEqual(['a.js:3 base']);
  });

  it('a CommonJS module: `require` of it reads its `module.exports`', () => {
    const p = program({
      'a.js': "module.exports = { base: 'https://api.voteamerica.org/v1' };",
      'b.js': "const cfg = require('./a.js');\nexports.g = () => cfg.base;",
    });
    expect(p.calls.referencesOfModule(p.view.files.get('/repo/a.js') as TsNamespace.SourceFile).map(p.at)).toEqual([
      "b.js:1 require('./a.js')",
    ]);
  });
});

describe('parameterPropertyReads', () => {
  it("a constructor's parameter property: the reads of its member, in the class and in other modules", () => {
    const p = program({
      'a.ts': "export class K { constructor(readonly base: string) {} url() { return this.base + '/x'; } }",
      'b.ts': "import { K } from './a';\nexport const u = new K('x').base;",
    });
    const param = p.node('a.ts', 'readonly base: string') as TsNamespace.ParameterDeclaration;
    const reads = p.calls.parameterPropertyReads(param);
    expect(reads.map(p.at)).toEqual(['a.ts:1 this.base', "b.ts:2 new K('x').base"]);
    // Asked again: the same answer (kept).
    expect(p.calls.parameterPropertyReads(param)).toBe(reads);
    // A pattern declares no member (an error the program may hold): none.
    const q = program({ 'a.ts': 'export class J { constructor(private { a }: any) {} m() { return this.a; } }' });
    expect(q.calls.parameterPropertyReads(q.node('a.ts', 'private { a }: any') as TsNamespace.ParameterDeclaration)).toEqual([]);
  });
});

describe('referencesOf: where a name can be read', () => {
  /** The references of the declared name written as `text` in a.js (of a declaration: of its name). */
  const refs = (files: Record<string, string>, text: string, nth = 0) => {
    const p = program(files);
    const n = p.node('a.js', text, nth) as Node & { name?: Node };
    return p.calls.referencesOf(n.name?.getText() === text ? n.name : n).map(p.at);
  };

  it("a local is read only in its block, loop, catch clause or function (a function declaration's: where it is declared)", () => {
    for (const code of [
      '{ const x = 1; x; }\nx;\nexport {};',
      'for (const x of []) x;\nx;\nexport {};',
      'for (let x = 0; ;) x;\nx;\nexport {};',
      'for (const x in {}) x;\nx;\nexport {};',
      'try {} catch (x) { x; }\nx;\nexport {};',
      'function g() { function x() {} x(); }\nx();',
    ])
      expect([code, refs({ 'a.js': code }, 'x')]).toEqual([code, ['a.js:1 x']]);
  });

  it("a module's own top-level name stays in its file; a script's is global, read by the program's other scripts", () => {
    expect(refs({ 'a.js': 'let base = 1;\nbase;\nexport {};', 'b.js': 'base + 1;' }, 'base')).toEqual(['a.js:2 base']);
    expect(refs({ 'a.js': 'let base = 1;\nbase;', 'b.js': 'base + 1;' }, 'base')).toEqual(['a.js:2 base', 'b.js:1 base']);
  });

  it('an export is read through imports and re-exports under each local name', () => {
    expect(
      refs(
        {
          'a.js': 'export const x = 1;\nexport function f() { return x; }',
          'b.js': "import { x } from './a.js';\nexport const y = x;\nexport { x };",
          'c.js': "import { x as z } from './b.js';\nz;",
        },
        'x',
      ),
    ).toEqual(['a.js:2 x', 'b.js:2 x', 'c.js:2 z']);
  });

  it('a rename of a rename, re-exported from the module (`export { API as URL } from`), is followed to its imports', () => {
    expect(
      refs(
        {
          'a.js': 'const BASE = 1;\nexport { BASE as API };',
          'b.js': "export { API as URL } from './a.js';",
          'c.js': "import { URL } from './b.js';\nURL;",
        },
        'BASE',
      ),
    ).toEqual(['c.js:2 URL']);
  });

  it("members: a class's static and private members, a string key read by element access, a member read in other files", () => {
    expect(refs({ 'a.js': 'class A { static x = 1; m() { return A.x; } }\nexport {};' }, 'x')).toEqual(['a.js:1 A.x']);
    expect(refs({ 'a.js': 'class A { #x = 1; m() { return this.#x; } }\nexport {};' }, '#x')).toEqual(['a.js:1 this.#x']);
    expect(refs({ 'a.js': "const o = { 'k': 1 };\no['k'];\no.k;\nexport {};" }, "'k'")).toEqual(["a.js:2 o['k']", 'a.js:3 o.k']);
    expect(refs({ 'a.js': "const o = { k: 1 };\no['k'];\no.k;", 'b.js': "o.k; o['k'];" }, 'k')).toEqual([
      "a.js:2 o['k']",
      'a.js:3 o.k',
      'b.js:1 o.k',
      "b.js:1 o['k']",
    ]);
    expect(refs({ 'a.js': 'class K { m() {} }\nnew K().m();\nexport {};' }, 'm')).toEqual(['a.js:2 new K().m']);
  });

  it('a shorthand member (`{ base }`) reads the variable', () => {
    expect(refs({ 'a.js': 'const base = 1;\nexport const o = { base, other: base };' }, 'base')).toEqual([
      'a.js:2 base',
      'a.js:2 base',
    ]);
  });

  it('a name the program does not declare has none; a global without declarations (`undefined`) is read where it is written', () => {
    expect(refs({ 'a.js': 'x;\nx;' }, 'x')).toEqual([]);
    expect(refs({ 'a.js': 'const a = undefined;\nconst b = undefined;' }, 'undefined')).toEqual(['a.js:2 undefined']);
  });

  it("a member read through a union of types is a read of each type's member", () => {
    const code = 'interface A { k: string }\ninterface B { k: string }\ndeclare const o: A | B;\nexport const v = o.k;';
    const p = program({ 'a.ts': code });
    expect([0, 1].map((nth) => p.calls.referencesOf(p.node('a.ts', 'k', nth)).map(p.at))).toEqual([
      ['a.ts:4 o.k'],
      ['a.ts:4 o.k'],
    ]);
  });

  it("a shorthand member's default (`{ base = other }`) reads the default's variable, not the member's", () => {
    const code = 'let base;\nconst other = 1;\n({ base = other } = {});\nexport {};';
    expect(refs({ 'a.js': code }, 'other')).toEqual(['a.js:3 other']);
    expect(refs({ 'a.js': code }, 'base')).toEqual(['a.js:3 base']);
  });

  it('an import under another name is read under it, in a shorthand member too', () => {
    const files = { 'a.js': 'export const BASE = 1;', 'b.js': "import { BASE as B } from './a.js';\nexport const o = { B };" };
    expect(refs(files, 'BASE')).toEqual(['b.js:2 B']);
  });

  it('a name exported or imported under its own name (`export { BASE as BASE }`) is read once, where it is', () => {
    expect(
      refs({ 'a.js': 'const BASE = 1;\nexport { BASE as BASE };', 'b.js': "import { BASE } from './a.js';\nBASE;" }, 'BASE'),
    ).toEqual(['b.js:2 BASE']);
    expect(
      refs({ 'a.js': 'export const BASE = 1;', 'b.js': "import { BASE as BASE } from './a.js';\nBASE;\nBASE;" }, 'BASE'),
    ).toEqual(['b.js:2 BASE', 'b.js:3 BASE']);
    expect(refs({ 'a.js': 'const BASE = 1;\nexport { BASE };\nBASE;' }, 'BASE')).toEqual(['a.js:3 BASE']);
  });

  it("another module's name of the same text is not read: its own variable, a destructured one, an import of another module", () => {
    expect(
      refs(
        {
          'a.js': 'export const BASE = 1;',
          'b.js': 'const BASE = 2;\nBASE;\nexport {};',
          'c.js': 'const { BASE } = globalThis;\nBASE;\nexport {};',
          'd.js': "import { BASE } from './e.js';\nBASE;",
          'e.js': 'export const BASE = 2;',
        },
        'BASE',
      ),
    ).toEqual([]);
  });

  it("an overload's or a repeated key's other declarations are no reads of it", () => {
    const p = program({ 'a.ts': 'export class A { m(): void;\nm(x?: number) {} }\nnew A().m();' });
    expect(p.calls.referencesOf(p.node('a.ts', 'm')).map(p.at)).toEqual(['a.ts:3 new A().m']);
    expect(refs({ 'a.js': 'const o = { k: 1, k: 2 };\no.k;\nexport {};' }, 'k')).toEqual(['a.js:2 o.k']);
    expect(refs({ 'a.js': 'class A { k = 1; k = 2; }\nnew A().k;\nexport {};' }, 'k')).toEqual(['a.js:2 new A().k']);
  });

  it('a pattern is no name: its names are', () => {
    expect(refs({ 'a.js': 'const { a } = { a: 1 };\na;\nexport {};' }, '{ a }')).toEqual([]);
    expect(refs({ 'a.js': 'const { a } = { a: 1 };\na;\nexport {};' }, 'a')).toEqual(['a.js:2 a']);
  });
});

describe('a dynamic import', () => {
  // Resolved as the compiler resolves a module: the files are on disk.
  const dir = mkdtempSync(join(tmpdir(), 'civic-program-view-'));
  const files = {
    'a.js': "export const BASE = 'x';\nexport function load() {}\nexport { load as other };",
    'b.js': "export async function g() { const { BASE, load: L, other } = await import('./a.js'); L(); other(); return BASE; }",
    'c.js':
      "export async function h() { const { BASE } = await import('./missing.js'); const { load } = await import(name); return [BASE, load]; }",
    'd.js': "export async function k() { const [load] = await import('./a.js'); return load; }",
  };
  for (const [f, t] of Object.entries(files)) writeFileSync(join(dir, f), t);
  const view = inferredProgram(new Map(Object.entries(files).map(([f, t]) => [join(dir, f), t])));
  const calls = new Calls(view);
  const node = (file: string, text: string) =>
    nodeByText(view.ts, view.files.get(join(dir, file)) as TsNamespace.SourceFile, text);
  const at = (n: Node) => `${n.getSourceFile().fileName.slice(dir.length + 1)} ${n.getText().split('\n')[0]}`;

  it('a name destructured from it reads the export, under its own name or another', () => {
    expect(calls.referencesOf(node('a.js', 'BASE')).map(at)).toEqual(['b.js BASE']);
    expect(calls.referencesOf(node('a.js', 'load')).map(at)).toEqual(['b.js other', 'b.js L']);
    expect(calls.calleesOf(node('b.js', 'L()') as TsNamespace.CallExpression).map(at)).toEqual([
      'a.js export function load() {}',
    ]);
    expect(calls.calleesOf(node('b.js', 'other()') as TsNamespace.CallExpression).map(at)).toEqual([
      'a.js export function load() {}',
    ]);
  });

  it('a module the program does not hold, or not written as a string, is none; so is an array pattern of a module', () => {
    const binding = (file: string, text: string) => {
      const b = node(file, text);
      if (!view.ts.isBindingElement(b)) throw new Error(`no binding ${text}`);
      return b;
    };
    expect(calls.dynamicExport(binding('b.js', 'BASE'))?.valueDeclaration?.getText()).toBe("BASE = 'x'");
    expect(
      [binding('c.js', 'BASE'), binding('c.js', 'load'), binding('d.js', 'load')].map((b) => calls.dynamicExport(b)),
    ).toEqual([undefined, undefined, undefined]);
  });
});

describe('the readers of a default export', () => {
  const BASE = "const BASE = 'https://api.voteamerica.org/v1';";
  const sf = (p: ReturnType<typeof program>, file: string) => p.view.files.get(`/repo/${file}`) as TsNamespace.SourceFile;
  const exportAssignment = (p: ReturnType<typeof program>, file: string) =>
    sf(p, file).statements.find((s) => p.ts.isExportAssignment(s)) as TsNamespace.ExportAssignment;

  it('`export default BASE`: its default imports under any name, `{ default as X }`, a re-export, `ns.default` of a namespace import, and `require`', () => {
    const p = program({
      'a.js': `${BASE}\nexport default BASE;`,
      'b.js': "import B from './a.js';\nexport const g = () => B + '/x';",
      'c.js': "import { default as C } from './a.js';\nexport const h = () => C;",
      'd.js': "export { default as D } from './a.js';",
      'e.js': "import { D } from './d.js';\nimport * as N from './a.js';\nexport const k = () => [D, N.default];",
      'f.js': "const cfg = require('./a.js');\nexports.m = () => cfg;",
      'g.js': "import other from './f.js';\nexport const n = () => other;",
    });
    expect(p.calls.referencesOfDefault(exportAssignment(p, 'a.js')).map(p.at)).toEqual([
      'b.js:2 B',
      'c.js:2 C',
      'e.js:3 D',
      'e.js:3 N.default',
      "f.js:1 require('./a.js')",
    ]);
  });

  it("`export { BASE as default }` is read where BASE's default imports are", () => {
    const p = program({
      'a.js': `${BASE}\nexport { BASE as default };`,
      'b.js': "import B from './a.js';\nexport const g = () => B + '/x';",
      'c.js': "export { default } from './a.js';",
      'd.js': "import D from './c.js';\nexport const h = () => D;",
    });
    expect(p.calls.referencesOf(p.node('a.js', 'BASE')).map(p.at)).toEqual(['b.js:2 B', 'd.js:2 D']);
  });

  it('`module.exports`: its default imports and the `require` calls of that module alone; a script has none', () => {
    const p = program({
      'a.js': 'module.exports = { base: 1 };',
      'b.js': "import cfg from './a.js';\nexport const g = () => cfg.base;",
      'c.js': "const c = require('./a.js');\nconst d = require('./d.js');\nc;",
      'd.js': 'module.exports = 2;',
      's.js': 'const s = 1;',
    });
    const readers = p.calls.referencesOfModule(sf(p, 'a.js'));
    expect(readers.map(p.at)).toEqual(['b.js:2 cfg', "c.js:1 require('./a.js')"]);
    // Asked again: the same answer (kept).
    expect(p.calls.referencesOfModule(sf(p, 'a.js'))).toBe(readers);
    expect(p.calls.referencesOfModule(sf(p, 's.js'))).toEqual([]);
  });

  it('a default import read in a shorthand member; a named import of the same variable is no reader of the default', () => {
    const p = program({
      'a.js': `${BASE}\nexport default BASE;\nexport { BASE };`,
      'b.js': "import B from './a.js';\nexport const o = { B };",
      'c.js': "import { BASE as C } from './a.js';\nexport const h = () => C;",
    });
    expect(p.calls.referencesOfDefault(exportAssignment(p, 'a.js')).map(p.at)).toEqual(['b.js:2 B']);
  });

  it("TypeScript's `export =` is read by `import X = require(…)` and a default import", () => {
    const p = program({
      'a.ts': `${BASE}\nexport = BASE;`,
      'b.ts': "import B = require('./a');\nexport const g = () => B + '/x';",
      'c.ts': "import C from './a';\nexport const h = () => C;",
    });
    expect(p.calls.referencesOfDefault(exportAssignment(p, 'a.ts')).map(p.at)).toEqual(['b.ts:2 B', 'c.ts:2 C']);
  });
});

describe('calleesOf', () => {
  const p = () =>
    program({
      'lib.js': [
        'export function load(x) { return x; }',
        'export const arrow = (x) => x;',
        'export class Client { constructor(base) { this.base = base; } get(p) { return this.base + p; } }',
        'export const tools = { pick: function (x) { return x; } };',
      ].join('\n'),
      'app.js': [
        "import { load, arrow, Client, tools } from './lib.js';",
        "import * as lib from './lib.js';",
        'const c = new Client(1);',
        'load(1); arrow(2); c.get(3); tools.pick(4); lib.load(5); console.log(6); JSON.parse(7);',
        'const choose = Math.random() > 0.5 ? load : arrow;',
        'choose(8);',
      ].join('\n'),
    });

  it('functions, arrows, methods, constructors and members of objects, through imports', () => {
    const q = p();
    const callees = (text: string) =>
      q.calls.calleesOf(q.node('app.js', text) as TsNamespace.CallExpression).map((f) => q.at(f).split(' ')[0]);
    expect(callees('load(1)')).toEqual(['lib.js:1']);
    expect(callees('arrow(2)')).toEqual(['lib.js:2']);
    expect(callees('c.get(3)')).toEqual(['lib.js:3']);
    expect(callees('new Client(1)')).toEqual(['lib.js:3']);
    expect(callees('tools.pick(4)')).toEqual(['lib.js:4']);
    expect(callees('lib.load(5)')).toEqual(['lib.js:1']);
  });

  it("a global's methods reach none of the program's functions", () => {
    const q = p();
    const callees = (text: string) => q.calls.calleesOf(q.node('app.js', text) as TsNamespace.CallExpression);
    expect([callees('console.log(6)'), callees('JSON.parse(7)')]).toEqual([[], []]);
  });
});

describe('calleesOf: what a call reaches and what it does not', () => {
  const callees = (code: string, call: string) => {
    const q = program({ 'a.js': code });
    return q.calls.calleesOf(q.node('a.js', call) as TsNamespace.CallExpression).map((f) => q.at(f).split(' ')[0]);
  };

  it('through parentheses, a function assigned to a member, a class field and a name holding one of two functions', () => {
    expect(callees('function a() {}\n(a)();', '(a)()')).toEqual(['a.js:1']);
    expect(callees('exports.f = function () {};\nexports.f();', 'exports.f()')).toEqual(['a.js:1']);
    expect(callees('const o = {};\no.f = () => 1;\no.f();', 'o.f()')).toEqual(['a.js:2']);
    expect(callees('class C { f = () => 1; m() { this.f(); } }', 'this.f()')).toEqual(['a.js:1']);
    expect(callees('const k = { f: (x) => x };\nconst o = { k };\no.k.f(1);', 'o.k.f(1)')).toEqual(['a.js:1']);
    // A variable assigned a function after its declaration: each function it is assigned.
    expect(callees('let late;\nlate = () => 1;\nlate();', 'late()')).toEqual(['a.js:2']);
    expect(callees('let f;\nif (x) f = () => 1;\nelse f = (function () {});\nf();', 'f()')).toEqual(['a.js:2', 'a.js:3']);
    expect(callees('let g = () => 0;\ng = () => 1;\ng += 1;\ng();', 'g()')).toEqual(['a.js:1', 'a.js:2']);
    // What the checker resolves for the call (one signature).
    expect(callees('function a() {}\nfunction b() {}\nconst c = Math.random() ? a : b;\nc();', 'c()')).toEqual(['a.js:1']);
  });

  it('the function a call returns, called at once: `require(…)(x)` of a module exporting one, `make()(x)`', () => {
    const q = program({
      'routes.js': 'module.exports = function routes(client) {\n  return (req) => client;\n};',
      'app.js': "const handler = require('./routes')({});\nhandler(1);\nconst make = () => (x) => x;\nmake()(2);",
    });
    const at = (text: string) =>
      q.calls.calleesOf(q.node('app.js', text) as TsNamespace.CallExpression).map((f) => q.at(f).split('\n')[0]);
    expect(at("require('./routes')({})")).toEqual(['routes.js:1 function routes(client) {']);
    expect(at('make()(2)')).toEqual(['app.js:3 (x) => x']);
    // The call that returns it is the call of its maker, as before.
    expect(at('make()')).toEqual(['app.js:3 () => (x) => x']);
  });

  it('a member of what a call returns (`make().f()`): the member the checker finds', () => {
    expect(callees('const make = () => ({ f: () => 1 });\nmake().f();', 'make().f()')).toEqual(['a.js:1']);
  });

  it("the function a name holds, not the function its type is written as; a parameter or an unassigned variable of a function's type reaches none", () => {
    const ts = (code: string, call: string) => {
      const q = program({ 'a.ts': `function a() {}\n${code}\nexport {};` });
      return q.calls.calleesOf(q.node('a.ts', call) as TsNamespace.CallExpression).map((f) => q.at(f));
    };
    expect(ts('const f: typeof a = () => 1;\nf();', 'f()')).toEqual(['a.ts:2 () => 1']);
    expect(ts('function g(cb: typeof a) { cb(); }', 'cb()')).toEqual([]);
    expect(ts('let f: typeof a;\nf();', 'f()')).toEqual([]);
    // A type that reads the variable (`typeof f.length`) assigns it nothing.
    expect(ts('let f: () => number;\nf = () => 1;\ntype T = typeof f.length;\nf();', 'f()')).toEqual(['a.ts:3 () => 1']);
  });

  it('a sequence (`f, () => 2`) assigns the variable nothing', () => {
    expect(callees('let f;\nf = () => 1;\n(f, () => 2);\nf();', 'f()')).toEqual(['a.js:2']);
  });

  it('none: a class without a constructor, a class called without `new`, a bound copy, a declaration without a body, an undeclared root', () => {
    expect(callees('class K {}\nnew K();', 'new K()')).toEqual([]);
    expect(callees('class J { constructor() {} }\nJ();', 'J()')).toEqual([]);
    expect(callees('function a() {}\nconst d = a.bind(null);\nd();', 'd()')).toEqual([]);
    expect(callees('unknownThing.f();', 'unknownThing.f()')).toEqual([]);
    const ts = program({ 'a.ts': 'declare function f(): void;\nf();\nexport {};' });
    expect(ts.calls.calleesOf(ts.node('a.ts', 'f()') as TsNamespace.CallExpression)).toEqual([]);
  });
});

describe('functionOf and assignedFunctions', () => {
  it('the function a declaration is or holds as its value; none for a value that is no function', () => {
    const q = program({
      'a.js':
        'const n = 1;\nconst f = (() => 2);\nconst o = { m: function () {} };\nclass C { h = () => 3 }\nfunction d() {}\nexport {};',
    });
    const fn = (text: string) => {
      const found = q.calls.functionOf(q.node('a.js', text));
      return found ? q.at(found) : null;
    };
    expect(['n = 1', 'f = (() => 2)', 'm: function () {}', 'h = () => 3', 'function d() {}'].map(fn)).toEqual([
      null,
      'a.js:2 () => 2',
      'a.js:3 function () {}',
      'a.js:4 () => 3',
      'a.js:5 function d() {}',
    ]);
  });

  it('the functions assigned to a variable after its declaration; none for any other name', () => {
    const q = program({
      'a.js':
        'let f;\nf = 5;\nf = (() => 1);\nf ??= () => 2;\nf ||= () => 3;\nf &&= () => 4;\nf += 1;\nf;\nfunction g() {}\nexport {};',
    });
    const symbol = (text: string) => q.view.checker.getSymbolAtLocation((q.node('a.js', text) as Node & { name: Node }).name);
    // `=`, and the logical assignments (a default set where it is used); no other operator assigns a function.
    expect(q.calls.assignedFunctions(symbol('f')).map(q.at)).toEqual([
      'a.js:3 () => 1',
      'a.js:4 () => 2',
      'a.js:5 () => 3',
      'a.js:6 () => 4',
    ]);
    expect([q.calls.assignedFunctions(symbol('function g() {}')), q.calls.assignedFunctions(undefined)]).toEqual([[], []]);
  });
});

describe('nameOf', () => {
  it('the name each kind of function is called by', () => {
    const q = program({
      'a.js': [
        'function decl() {}',
        'const arrow = () => 1;',
        'const paren = (() => 2);',
        'const o = { member: function () {}, method() {} };',
        'class K { constructor() {} m() {} }',
        'exports.assigned = () => 3;',
        'let late; late = function () {};',
        'const named = function inner() {}.bind(null);',
        '[1].map(() => 4);',
        'const outer = function own() {};',
        "const q = { 'quoted': () => 5, [k]: () => 6 };",
        'class S { static field = () => 7; get g() { return 8; } }',
        'let p2; p2 = (function () {});',
        'const run = fallback || (() => 9);',
        "reg['k'] = () => 10;",
      ].join('\n'),
    });
    const fns: Node[] = [];
    const visit = (n: Node) => {
      if (q.calls.isFunctionLike(n)) fns.push(n);
      q.ts.forEachChild(n, visit);
    };
    visit(q.view.files.get('/repo/a.js') as Node);
    expect(fns.map((f) => q.calls.nameOf(f as never)?.getText() ?? null)).toEqual([
      'decl',
      'arrow',
      'paren',
      'member',
      'method',
      'K',
      'm',
      'assigned',
      'late',
      'inner',
      null,
      'outer',
      "'quoted'",
      null,
      'field',
      'g',
      'p2',
      // Not named by the other side of `||`; an element access is no name.
      null,
      null,
    ]);
  });
});

describe('skipParens and dynamicImportOf', () => {
  it('drops parentheses, `!`, `as`, `satisfies` and `<T>`; finds the module of `import()` written as a string', () => {
    const q = program({
      'a.ts': [
        'declare const x: any;',
        'const a = ((x as any)! satisfies unknown);',
        'const b = <any>(x);',
        "const m = await import('./m.js');",
        "const n = (import('./n.js'));",
        'const o = import(x);',
        "const r = require('./r.js');",
      ].join('\n'),
    });
    const init = (name: string) =>
      (q.node('a.ts', name).parent as TsNamespace.VariableDeclaration).initializer as TsNamespace.Expression;
    expect([skipParens(q.ts, init('a')).getText(), skipParens(q.ts, init('b')).getText()]).toEqual(['x', 'x']);
    expect(['m', 'n', 'o', 'r'].map((n) => dynamicImportOf(q.ts, init(n)) ?? null)).toEqual(['./m.js', './n.js', null, null]);
  });
});
