/**
 * The program the role engine infers over loose JavaScript (src/roles/inferred.ts, #28 mutation
 * testing): only the files given, resolved between themselves and never from the disk, each read
 * with its own syntax (JSX in `.js`, TS in `.ts`/`.mts`/`.cts`, TSX), what is parsed reused, JSDoc
 * parsed only where it can declare a type, and a language service made on demand.
 */
import { resolve } from 'node:path';
import type { ts as TsNamespace } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { inferredProgram, parseForProgram } from '../src/roles/inferred.js';

const ROOT = resolve('/virtual/app');
const at = (rel: string) => resolve(ROOT, rel);
const FILES = new Map([
  [at('src/api.js'), "export function fieldList() { return fetch('/v1/election/field/'); }\n"],
  [at('src/main.js'), "import { fieldList } from './api.js';\nconst x = require('./util.cjs');\nfieldList();\n"],
  [at('src/util.cjs'), 'module.exports = { n: 1 };\n'],
]);

/** The declaration a name at `needle` in `file` resolves to: `file:line`, or `none`. */
function declarationOf(p: ReturnType<typeof inferredProgram>, file: string, needle: string): string {
  const sf = p.files.get(at(file)) as TsNamespace.SourceFile;
  const pos = sf.text.lastIndexOf(needle);
  let found: TsNamespace.Node | undefined;
  const visit = (n: TsNamespace.Node): void => {
    if (n.getStart(sf) === pos && p.ts.isIdentifier(n)) found = n;
    p.ts.forEachChild(n, visit);
  };
  visit(sf);
  let symbol = found && p.checker.getSymbolAtLocation(found);
  if (symbol && symbol.flags & p.ts.SymbolFlags.Alias) symbol = p.checker.getAliasedSymbol(symbol);
  const d = symbol?.declarations?.[0];
  if (!d) return 'none';
  const dsf = d.getSourceFile();
  return `${dsf.fileName.slice(ROOT.length + 1)}:${dsf.getLineAndCharacterOfPosition(d.getStart(dsf)).line + 1}`;
}

describe('inferredProgram', () => {
  it('holds the files given, and resolves imports and requires between them only', () => {
    const p = inferredProgram(FILES);
    expect([...p.files.keys()].map((f) => f.slice(ROOT.length + 1)).sort()).toEqual([
      'src/api.js',
      'src/main.js',
      'src/util.cjs',
    ]);
    expect(declarationOf(p, 'src/main.js', 'fieldList()')).toBe('src/api.js:1');
    expect(p.program.getSourceFiles().map((s) => s.fileName)).toEqual([...p.files.keys()]);
    // A module not given is not looked for on the disk.
    const alone = inferredProgram(new Map([[at('src/main.js'), FILES.get(at('src/main.js')) as string]]));
    expect(declarationOf(alone, 'src/main.js', 'fieldList()')).toBe('none');
    expect(alone.program.getSourceFiles()).toHaveLength(1);
  });

  it('reuses a file already parsed when its text is the one given, and parses it again when not', () => {
    const api = parseForProgram(at('src/api.js'), FILES.get(at('src/api.js')) as string);
    const stale = parseForProgram(at('src/main.js'), 'old text');
    const p = inferredProgram(
      FILES,
      new Map([
        [at('src/api.js'), api],
        [at('src/main.js'), stale],
      ]),
    );
    expect(p.files.get(at('src/api.js'))).toBe(api);
    expect(p.files.get(at('src/main.js'))?.text).toBe(FILES.get(at('src/main.js')));
  });

  it('withFiles adds files and keeps what was parsed', () => {
    const first = inferredProgram(new Map([[at('src/main.js'), FILES.get(at('src/main.js')) as string]]));
    const main = first.files.get(at('src/main.js'));
    const more = first.withFiles(new Map([[at('src/api.js'), FILES.get(at('src/api.js')) as string]]));
    expect(more.files.get(at('src/main.js'))).toBe(main);
    expect(declarationOf(more, 'src/main.js', 'fieldList()')).toBe('src/api.js:1');
    expect(more.files.size).toBe(2);
  });

  it('makes its language service when asked, over the same files', () => {
    const p = inferredProgram(FILES);
    const service = p.languageService;
    expect(p.languageService).toBe(service);
    const api = FILES.get(at('src/api.js')) as string;
    const refs = service.findReferences(at('src/api.js'), api.indexOf('fieldList')) ?? [];
    const places = refs.flatMap((r) => r.references.map((x) => `${x.fileName.slice(ROOT.length + 1)}@${x.textSpan.start}`));
    expect(places.sort()).toEqual(['src/api.js@16', 'src/main.js@71', 'src/main.js@9']);
    expect(service.getProgram()?.getSourceFiles().length).toBe(3);
  });
});

describe('scripts: files without an import or export', () => {
  /** The program over these files (relative to the root). */
  const of = (files: Record<string, string>) => inferredProgram(new Map(Object.entries(files).map(([p, t]) => [at(p), t])));

  it('share one global scope when they can run in one page: a `var` or a function of one is read by another', () => {
    const p = of({
      'config.js': "var API = 'https://api.voteamerica.org/v1';\nfunction get(path) { return fetch(API + path); }\n",
      'app.js': "get('/election/field/');\nAPI;\n",
      'more.js': 'function get(path) { return path; }\nget;\n',
    });
    expect([declarationOf(p, 'app.js', 'API'), declarationOf(p, 'app.js', 'get('), declarationOf(p, 'more.js', 'get;')]).toEqual([
      'config.js:1',
      'config.js:2',
      'config.js:2',
    ]);
  });

  it('are modules of their own when one declares with `let`, `const` or `class` a name another declares (a SyntaxError in one page)', () => {
    const p = of({
      'a.js': 'const fields = [];\nvar shared = 1;\n',
      'b.js': 'const fields = load();\nfields;\nshared;\n',
      'c.js': 'var n = 1;\n',
      'd.js': 'let n = 2;\nn;\n',
      'e.js': 'class Item {}\n',
      'f.js': 'function Item() {}\nItem;\n',
      'g.js': 'const [first, { second }] = list;\n',
      'h.js': 'var second;\nsecond;\nshared;\n',
    });
    expect([
      declarationOf(p, 'b.js', 'fields;'),
      declarationOf(p, 'b.js', 'shared;'),
      declarationOf(p, 'd.js', 'n;'),
      declarationOf(p, 'f.js', 'Item;'),
      declarationOf(p, 'h.js', 'second;'),
      declarationOf(p, 'h.js', 'shared;'),
    ]).toEqual(['b.js:1', 'none', 'd.js:1', 'f.js:1', 'h.js:1', 'none']);
  });

  it('is a module when it awaits at its top level, and a component of Vue always is', () => {
    const p = of({
      'load.js': 'const settings = await fetch(url);\nasync function later() { await x; }\n',
      'late.js': 'async function f() { await g(); }\nconst kept = 1;\n',
      'List.vue.js': 'const rows = ref([]);\n',
      'use.js': 'settings;\nrows;\nkept;\n',
    });
    expect(['settings;', 'rows;', 'kept;'].map((n) => declarationOf(p, 'use.js', n))).toEqual(['none', 'none', 'late.js:2']);
    const loops = of({ 'loop.js': 'for await (const x of xs) {}\nconst y = 1;\n', 'use.js': 'y;\n' });
    expect(declarationOf(loops, 'use.js', 'y;')).toBe('none');
  });

  it('a file a later round adds makes a script already bound a module, parsed again', () => {
    const first = of({ 'a.js': 'const fields = [];\n', 'c.js': 'fields;\n' });
    expect(declarationOf(first, 'c.js', 'fields;')).toBe('a.js:1');
    const more = first.withFiles(new Map([[at('b.js'), 'const fields = load();\nfields;\n']]));
    expect(more.files.get(at('a.js'))).not.toBe(first.files.get(at('a.js')));
    expect(more.files.get(at('c.js'))).toBe(first.files.get(at('c.js')));
    expect([declarationOf(more, 'c.js', 'fields;'), declarationOf(more, 'b.js', 'fields;')]).toEqual(['none', 'b.js:1']);
  });

  it('leaves a CommonJS file and a module as they are', () => {
    const p = of({
      'cjs.js': "const fields = require('./x');\n",
      'esm.js': 'export const fields = 1;\n',
      'script.js': 'const fields = 2;\nfields;\n',
      'use.js': 'fields;\n',
    });
    expect([declarationOf(p, 'script.js', 'fields;'), declarationOf(p, 'use.js', 'fields;')]).toEqual([
      'script.js:1',
      'script.js:1',
    ]);
  });
});

describe('parseForProgram', () => {
  const errors = (path: string, text: string) => {
    const sf = parseForProgram(path, text) as TsNamespace.SourceFile & { parseDiagnostics: readonly unknown[] };
    return sf.parseDiagnostics.length;
  };
  it('reads JSX in .js and .jsx, TS in .ts, .mts and .cts, TSX in .tsx, whatever the case of the extension', () => {
    const jsx = 'const a = <div className="x" />;\n';
    const assertion = 'const a = <string>b;\n';
    expect([errors('/x/a.js', jsx), errors('/x/a.JSX', jsx), errors('/x/a.tsx', jsx), errors('/x/a.mjs', jsx)]).toEqual([
      0, 0, 0, 0,
    ]);
    expect(errors('/x/a.ts', jsx)).toBeGreaterThan(0);
    for (const ext of ['ts', 'mts', 'cts', 'TS']) expect([ext, errors(`/x/a.${ext}`, assertion)]).toEqual([ext, 0]);
    expect(errors('/x/a.tsx', assertion)).toBeGreaterThan(0);
    expect(errors('/x/a.js', assertion)).toBeGreaterThan(0);
    expect(parseForProgram('rel/a.js', '').fileName).toBe(resolve('rel/a.js'));
    // Any other extension is read as JavaScript with JSX, not as the compiler's default (TS).
    expect([errors('/x/a.es6', jsx), errors('/x/a.es6', assertion) > 0]).toEqual([0, true]);
  });

  it('parses JSDoc only where it can declare a type', () => {
    const jsDocOf = (text: string) => {
      const sf = parseForProgram('/x/a.js', text);
      const first = sf.statements[0] as TsNamespace.Node & { jsDoc?: unknown[] };
      return (first.jsDoc ?? []).length;
    };
    expect(jsDocOf('/** @typedef {{ long_name: string }} Field */\nconst a = 1;\n')).toBe(1);
    expect(jsDocOf('/** @property {string} slug */\nconst a = 1;\n')).toBe(1);
    expect(jsDocOf('/** @type {Field} */\nconst a = 1;\n')).toBe(1);
    expect(jsDocOf('/** @type{Field} */\nconst a = 1;\n')).toBe(1);
    expect(jsDocOf('/** Says hello. @returns {string} */\nconst a = 1;\n')).toBe(0);
  });
});
