import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { Project, ts as TsNamespace } from 'ts-morph';
import type { Ts } from '../codemod/typescript.js';
import type { ProgramView } from './program-view.js';

/** An inferred program: the TS/JS files given, read as an editor reads loose JavaScript. */
export interface InferredProgram extends ProgramView {
  readonly project: Project;
  /** The program with more files (their texts read from disk, or given). */
  withFiles(files: ReadonlyMap<string, string>): InferredProgram;
}

/**
 * A program over the given files without a config, as an editor infers one for loose JavaScript:
 * `allowJs`, imports resolved between the files given (and only those: a file comes in when the
 * analysis asks for it), no library files. The texts are the ones given (what was read), so every
 * offset is the file's.
 */
export function inferredProgram(files: ReadonlyMap<string, string>): InferredProgram {
  const { Project: ProjectClass, ts } = createRequire(import.meta.url)('ts-morph') as typeof import('ts-morph');
  const project = new ProjectClass({
    compilerOptions: {
      allowJs: true,
      checkJs: false,
      noEmit: true,
      noResolve: true,
      noLib: true,
      types: [],
      skipLibCheck: true,
      target: ts.ScriptTarget.ESNext,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      jsx: ts.JsxEmit.Preserve,
      allowArbitraryExtensions: true,
    },
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    skipLoadingLibFiles: true,
  });
  return build(project, ts as unknown as Ts, files);
}

function build(project: Project, ts: Ts, files: ReadonlyMap<string, string>): InferredProgram {
  for (const [path, text] of files)
    project.createSourceFile(resolve(path), text, { overwrite: true, scriptKind: scriptKindOf(ts, path) });
  const program = project.getProgram().compilerObject;
  const own = new Map<string, TsNamespace.SourceFile>();
  for (const sf of program.getSourceFiles()) if (!sf.isDeclarationFile) own.set(resolve(sf.fileName), sf);
  return {
    ts,
    project,
    program,
    checker: program.getTypeChecker(),
    languageService: project.getLanguageService().compilerObject,
    files: own,
    withFiles: (more) => build(project, ts, more),
  };
}

/** JS files are read as JSX (React code puts JSX in `.js`), TS as TS. */
function scriptKindOf(ts: Ts, path: string): TsNamespace.ScriptKind {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  if (ext === 'tsx') return ts.ScriptKind.TSX;
  if (ext === 'ts' || ext === 'mts' || ext === 'cts') return ts.ScriptKind.TS;
  return ts.ScriptKind.JSX;
}
