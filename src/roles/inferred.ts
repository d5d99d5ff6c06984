import { dirname, resolve } from 'node:path';
import type { ts as TsNamespace } from 'ts-morph';
import { type Ts, typescript } from '../codemod/typescript.js';
import type { ProgramView } from './program-view.js';

/** An inferred program: the TS/JS files given, read as an editor reads loose JavaScript. */
export interface InferredProgram extends ProgramView {
  /** The program with more files (their texts as read), reusing what is parsed already. */
  withFiles(files: ReadonlyMap<string, string>): InferredProgram;
}

/**
 * A program over the given files without a config, as an editor infers one for loose JavaScript:
 * `allowJs`, `import` and `require` resolved between the files given (and only those: a file
 * comes in when the analysis asks for it), no library files, JSDoc read only where it gives JS
 * types. The texts are the ones given (what was read), so every offset is the file's. Built on the
 * compiler's own API: parsing is the cost, and nothing is parsed twice across rounds.
 */
export function inferredProgram(
  files: ReadonlyMap<string, string>,
  parsed: ReadonlyMap<string, TsNamespace.SourceFile> = new Map(),
): InferredProgram {
  const ts = typescript();
  // Stryker disable all: options that change only diagnostics the engine never asks for (checkJs, noEmit,
  // skipLibCheck, types, arbitrary extensions) or what the host below answers anyway (noResolve, noLib).
  const options: TsNamespace.CompilerOptions = {
    allowJs: true,
    checkJs: false,
    noEmit: true,
    noResolve: true,
    noLib: true,
    types: [],
    skipLibCheck: true,
    target: ts.ScriptTarget.ESNext,
    module: ts.ModuleKind.Preserve,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.Preserve,
    allowArbitraryExtensions: true,
  };
  // Stryker restore all
  const sources = new Map<string, TsNamespace.SourceFile>();
  for (const [path, sf] of parsed) if (files.get(path) === sf.text) sources.set(resolve(path), sf);
  const rest = new Map([...files].filter(([path]) => !sources.has(resolve(path))));
  return build(ts, options, sources, rest, undefined);
}

/**
 * A file parsed as an inferred program parses it (a caller may parse files while others are still
 * being read, and hand them to `inferredProgram`). JSDoc is read where it may declare an object type
 * (`@typedef`, `@property`): a declared V1 type is evidence; elsewhere it is skipped, as parsing every
 * comment of a large file costs more than the file's code.
 */
export function parseForProgram(path: string, text: string): TsNamespace.SourceFile {
  const ts = typescript();
  const abs = resolve(path);
  const jsDocParsingMode = /@typedef|@property|@type\s*\{/.test(text)
    ? ts.JSDocParsingMode.ParseForTypeInfo
    : ts.JSDocParsingMode.ParseNone;
  // Parent pointers are set by the binder, which the program's checker runs (made with the program): not twice.
  // Stryker disable next-line BooleanLiteral: setting them here too only costs time
  return ts.createSourceFile(
    abs,
    text,
    { languageVersion: ts.ScriptTarget.ESNext, jsDocParsingMode },
    false,
    scriptKindOf(ts, abs),
  );
}

function build(
  ts: Ts,
  options: TsNamespace.CompilerOptions,
  sources: Map<string, TsNamespace.SourceFile>,
  more: ReadonlyMap<string, string>,
  old: TsNamespace.Program | undefined,
): InferredProgram {
  const jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeInfo;
  for (const [path, text] of more) sources.set(resolve(path), parseForProgram(path, text));
  const dirs = new Set<string>();
  for (const path of sources.keys()) for (let d = dirname(path); !dirs.has(d); d = dirname(d)) dirs.add(d);
  // The program sees only the files given: resolving an import asks nothing of the disk.
  const host: TsNamespace.CompilerHost = {
    getSourceFile: (name) => sources.get(resolve(name)),
    fileExists: (name) => sources.has(resolve(name)),
    directoryExists: (name) => dirs.has(resolve(name)),
    // Stryker disable all: asked for nothing the program needs (no library, absolute root names, no emit), and an old program only saves work
    readFile: () => undefined,
    getDefaultLibFileName: () => 'lib.d.ts',
    writeFile: () => {},
    getCurrentDirectory: () => process.cwd(),
    getCanonicalFileName: (name) => name,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    jsDocParsingMode,
  };
  const program = ts.createProgram({ rootNames: [...sources.keys()], options, host, ...(old ? { oldProgram: old } : {}) });
  // Stryker restore all
  const own = new Map<string, TsNamespace.SourceFile>();
  // The program's own files are the ones given (a declaration file given is one of them).
  // Stryker disable next-line ConditionalExpression: without a library every file of the program is one given
  for (const sf of program.getSourceFiles()) if (sources.has(resolve(sf.fileName))) own.set(resolve(sf.fileName), sf);
  let service: TsNamespace.LanguageService | undefined;
  return {
    ts,
    program,
    checker: program.getTypeChecker(),
    // Made only when asked (a rename of a declared V1 type's member): it parses the files again.
    get languageService() {
      service ??= ts.createLanguageService({
        getCompilationSettings: () => options,
        getScriptFileNames: () => [...sources.keys()],
        // Stryker disable next-line all: one version for the service's whole life
        getScriptVersion: () => '1',
        getScriptSnapshot: (name) => {
          const sf = sources.get(resolve(name));
          return sf ? ts.ScriptSnapshot.fromString(sf.text) : undefined;
        },
        // Stryker disable all: the service reads the scripts from their snapshots, with no library and absolute names
        getCurrentDirectory: () => process.cwd(),
        getDefaultLibFileName: () => 'lib.d.ts',
        fileExists: (name) => sources.has(resolve(name)),
        readFile: (name) => sources.get(resolve(name))?.text,
        // Stryker restore all
        directoryExists: (name) => dirs.has(resolve(name)),
      });
      return service;
    },
    files: own,
    withFiles: (files) => build(ts, options, sources, files, program),
  };
}

/** JS files are read as JSX (React code puts JSX in `.js`), TS as TS. */
function scriptKindOf(ts: Ts, path: string): TsNamespace.ScriptKind {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  if (ext === 'tsx') return ts.ScriptKind.TSX;
  if (ext === 'ts' || ext === 'mts' || ext === 'cts') return ts.ScriptKind.TS;
  return ts.ScriptKind.JSX;
}
