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
