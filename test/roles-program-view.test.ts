/**
 * What the role engine asks of a program (src/roles/program-view.ts, #28 mutation testing): the
 * places that read a name's value across modules, the functions a call reaches, the name a
 * function is called by, and the expression under parentheses and type assertions. An inferred
 * program of the test's own files each time; answers as source text, exactly.
 */
import type { ts as TsNamespace } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { inferredProgram } from '../src/roles/inferred.js';
import { Calls, dynamicImportOf, skipParens } from '../src/roles/program-view.js';
import { nodeByText } from './helpers/nodes.js';

type Node = TsNamespace.Node;

function program(files: Record<string, string>) {
  const view = inferredProgram(new Map(Object.entries(files).map(([p, t]) => [`/repo/${p}`, t])));
  const calls = new Calls(view);
  const { ts } = view;
  /** The outermost node of `file` written exactly as `text` (the `nth` one). */
  const node = (file: string, text: string, nth = 0): Node =>
    nodeByText(ts, view.files.get(`/repo/${file}`) as TsNamespace.SourceFile, text, nth);
  /** Where a node is and what it says: `file:line text`. */
  const at = (n: Node) => {
    const sf = n.getSourceFile();
    return `${sf.fileName.replace('/repo/', '')}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1} ${n.getText(sf)}`;
  };
  return { view, calls, ts, node, at };
}

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

describe('the readers of a default export', () => {
  const BASE = "const BASE = 'https://api.voteamerica.org/v1';";
  const sf = (p: ReturnType<typeof program>, file: string) => p.view.files.get(`/repo/${file}`) as TsNamespace.SourceFile;
  const exportAssignment = (p: ReturnType<typeof program>, file: string) =>
    sf(p, file).statements.find((s) => p.ts.isExportAssignment(s)) as TsNamespace.ExportAssignment;

  it('`export default BASE`: its default imports under any name, `{ default as X }`, a re-export, and `require`', () => {
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
