import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Project, ts as TsNamespace } from 'ts-morph';
import { CivicMigrateError } from '../../errors.js';
import { type Ts, typescript } from '../typescript.js';

/** The config files that make a folder a program, in the order they are looked for. */
export const CONFIG_NAMES = ['tsconfig.json', 'jsconfig.json'] as const;

/**
 * The config of the program that holds the target: the nearest `tsconfig.json` or
 * `jsconfig.json`, in the target folder (a file's folder) or above it, whose program includes
 * at least one of `files` (a config that does not, such as a repository's own beside a fixture
 * folder, is passed over). Undefined when there is none: the codemod then reads file by file.
 */
export function findProjectConfig(cwd: string, target: string, files: readonly string[]): string | undefined {
  let dir = resolve(cwd, target);
  try {
    if (!statSync(dir).isDirectory()) dir = dirname(dir);
  } catch {
    dir = dirname(dir);
  }
  const wanted = new Set(files.map((f) => resolve(f)));
  if (wanted.size === 0) return undefined;
  for (;;) {
    for (const name of CONFIG_NAMES) {
      const path = join(dir, name);
      if (existsSync(path) && includesAny(path, wanted)) return path;
    }
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/** Whether a config's program includes one of the files (its `files`/`include`/`exclude`, read without building the program). */
function includesAny(configPath: string, wanted: ReadonlySet<string>): boolean {
  const ts = typescript();
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  if (read.error) return true; // a broken config is reported when the program is opened
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(configPath), jsDefaults(configPath), configPath);
  return parsed.fileNames.some((f) => wanted.has(resolve(f)));
}

/** A `jsconfig.json` means JavaScript: its program holds `.js` files unless it says otherwise. */
function jsDefaults(configPath: string): TsNamespace.CompilerOptions {
  return basename(configPath) === 'jsconfig.json' ? { allowJs: true, maxNodeModuleJsDepth: 2, skipLibCheck: true } : {};
}

/** A program open for analysis: the ts-morph project and the compiler objects the decisions ask. */
export interface ProgramContext {
  readonly configPath: string;
  readonly project: Project;
  readonly ts: Ts;
  readonly program: TsNamespace.Program;
  readonly checker: TsNamespace.TypeChecker;
  readonly languageService: TsNamespace.LanguageService;
  /** The program's own source files (not declaration files, not `node_modules`), by absolute path. */
  readonly files: ReadonlyMap<string, TsNamespace.SourceFile>;
}

/**
 * Opens the program a config describes. ts-morph is loaded here, on demand: the syntactic path
 * never pays for it. A config that cannot be read or parsed is a `CivicMigrateError` naming it.
 */
export async function openProgram(configPath: string): Promise<ProgramContext> {
  const { Project: ProjectClass, ts } = await import('ts-morph');
  let project: Project;
  try {
    project = new ProjectClass({ tsConfigFilePath: configPath, compilerOptions: jsDefaults(configPath) });
  } catch (error) {
    throw new CivicMigrateError(`${configPath}: cannot open the program: ${(error as Error).message.split('\n')[0]}`, {
      cause: error,
    });
  }
  const configErrors = project.getConfigFileParsingDiagnostics?.() ?? [];
  const fatal = configErrors.find((d) => d.getCategory() === ts.DiagnosticCategory.Error && d.getCode() !== 18003);
  if (fatal) {
    const message = ts.flattenDiagnosticMessageText(fatal.compilerObject.messageText, ' ');
    throw new CivicMigrateError(`${configPath}: ${message}`);
  }
  const program = project.getProgram().compilerObject;
  const files = new Map<string, TsNamespace.SourceFile>();
  for (const sf of program.getSourceFiles()) {
    if (sf.isDeclarationFile || sf.fileName.includes('/node_modules/')) continue;
    files.set(resolve(sf.fileName), sf);
  }
  return {
    configPath,
    project,
    ts: ts as unknown as Ts,
    program,
    checker: program.getTypeChecker(),
    languageService: project.getLanguageService().compilerObject,
    files,
  };
}
