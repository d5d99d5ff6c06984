import { dirname, resolve } from 'node:path';
import type { ts as TsNamespace } from 'ts-morph';
import { type Ts, typescript } from '../codemod/typescript.js';
import { VIRTUAL_SCRIPT } from '../vue/virtual.js';
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
  const options = inferredOptions(ts);
  const sources = new Map<string, TsNamespace.SourceFile>();
  for (const [path, sf] of parsed) if (files.get(path) === sf.text) sources.set(resolve(path), sf);
  const rest = new Map([...files].filter(([path]) => !sources.has(resolve(path))));
  return build(ts, options, sources, rest, undefined);
}

/** The compiler options of an inferred program: how it reads files and resolves imports. */
export function inferredOptions(ts: Ts): TsNamespace.CompilerOptions {
  // Stryker disable all: options that change only diagnostics the engine never asks for (checkJs, noEmit,
  // skipLibCheck, types, arbitrary extensions) or what the host below answers anyway (noResolve, noLib).
  return {
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
  for (const path of unsharedScripts(ts, sources)) {
    let sf = sources.get(path) as TsNamespace.SourceFile;
    // A file an earlier program bound as a script is parsed again: its binding would stay a script's.
    if ((sf as { locals?: unknown }).locals !== undefined) sf = parseForProgram(path, sf.text);
    asModule(sf);
    sources.set(path, sf);
  }
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

/**
 * The files without an import or export that cannot share one global scope with the others, so the
 * program reads each as a module of its own (the compiler would link their top-level names with the
 * other scripts' by name, and a read in one file would take the value of another's declaration):
 * a Vue component's virtual script (the SFC compiler makes a module), a file awaiting at its top level (only a module may), and two scripts that declare the same
 * top-level name where one of them declares it with `let`, `const` or `class` (in one page that
 * is a SyntaxError: they run apart, as Node's modules or on different pages). A CommonJS file
 * (`require`, `module.exports`, `exports.x`) is a module already.
 */
function unsharedScripts(ts: Ts, sources: ReadonlyMap<string, TsNamespace.SourceFile>): Set<string> {
  const out = new Set<string>();
  /** By name: the scripts declaring it, and those declaring it lexically. */
  const declared = new Map<string, { all: Set<string>; lexical: boolean }>();
  for (const [path, sf] of sources) {
    if (sf.isDeclarationFile || ts.isExternalModule(sf) || COMMONJS.test(sf.text)) continue;
    if (VIRTUAL_SCRIPT.test(path) || awaitsAtTop(ts, sf)) {
      out.add(path);
      continue;
    }
    for (const { name, lexical } of topLevelNames(ts, sf)) {
      const entry = declared.get(name) ?? { all: new Set<string>(), lexical: false };
      entry.all.add(path);
      entry.lexical ||= lexical;
      declared.set(name, entry);
    }
  }
  for (const { all, lexical } of declared.values()) if (lexical && all.size > 1) for (const path of all) out.add(path);
  return out;
}

/**
 * Makes a parsed file a module for the program that binds it (as an `export {}` would, without
 * changing its text): its top-level names are its own.
 */
export function asModule(sf: TsNamespace.SourceFile): void {
  (sf as { externalModuleIndicator?: unknown }).externalModuleIndicator ??= true;
}

/** What makes a JS file CommonJS for the compiler (its binder looks for the same). */
const COMMONJS = /\brequire\s*\(|\bmodule\.exports\b|\bexports\.[\w$]+\s*=/;

/** The names a script declares at its top level, and whether it declares each with `let`, `const` or `class`. */
function topLevelNames(ts: Ts, sf: TsNamespace.SourceFile): { name: string; lexical: boolean }[] {
  const out: { name: string; lexical: boolean }[] = [];
  const bind = (name: TsNamespace.BindingName, lexical: boolean): void => {
    if (ts.isIdentifier(name)) out.push({ name: name.text, lexical });
    else for (const e of name.elements) if (!ts.isOmittedExpression(e)) bind(e.name, lexical);
  };
  for (const st of sf.statements) {
    if (ts.isVariableStatement(st)) {
      const lexical = (st.declarationList.flags & ts.NodeFlags.BlockScoped) !== 0;
      for (const d of st.declarationList.declarations) bind(d.name, lexical);
    } else if (ts.isFunctionDeclaration(st) && st.name) out.push({ name: st.name.text, lexical: false });
    else if (ts.isClassDeclaration(st) && st.name) out.push({ name: st.name.text, lexical: true });
  }
  return out;
}

/** Whether a file awaits outside any function (`const x = await …`, `for await`): a module's code. */
function awaitsAtTop(ts: Ts, sf: TsNamespace.SourceFile): boolean {
  if (!sf.text.includes('await')) return false;
  const visit = (n: TsNamespace.Node): boolean => {
    if (ts.isAwaitExpression(n) || (ts.isForOfStatement(n) && n.awaitModifier !== undefined)) return true;
    if (ts.isFunctionLike(n) || ts.isClassLike(n)) return false;
    return ts.forEachChild(n, visit) === true;
  };
  return visit(sf);
}

/** JS files are read as JSX (React code puts JSX in `.js`), TS as TS. */
function scriptKindOf(ts: Ts, path: string): TsNamespace.ScriptKind {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  if (ext === 'tsx') return ts.ScriptKind.TSX;
  if (ext === 'ts' || ext === 'mts' || ext === 'cts') return ts.ScriptKind.TS;
  return ts.ScriptKind.JSX;
}
