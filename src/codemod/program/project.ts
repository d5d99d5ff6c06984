import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';
import type { Project, ts as TsNamespace } from 'ts-morph';
import { CivicMigrateError } from '../../errors.js';
import { asModule } from '../../roles/inferred.js';
import { type Ts, typescript } from '../typescript.js';

/** The config files that make a folder a program, in the order they are looked for. */
const CONFIG_NAMES = ['tsconfig.json', 'jsconfig.json'] as const;

/**
 * The config of the program that holds the target: the nearest `tsconfig.json` or
 * `jsconfig.json`, in the target folder (a file's folder) or above it, whose program includes
 * at least one of `files` (a config that does not, such as a repository's own beside a fixture
 * folder, is passed over). Undefined when there is none: the codemod then reads file by file.
 */
export function findProjectConfig(cwd: string, target: string, files: readonly string[]): string | undefined {
  // A program holds TS/JS files and Vue components (as vue-tsc reads them): without any among the files,
  // there is nothing to decide by types.
  files = files.filter((f) => PROGRAM_FILE.test(f));
  let dir = resolve(cwd, target);
  try {
    if (!statSync(dir).isDirectory()) dir = dirname(dir);
  } catch {
    dir = dirname(dir);
  }
  // Discovered paths are absolute and normalized already: resolving 20,000 of them again is a tenth of a second.
  const wanted = new Set(files.map((f) => (isAbsolute(f) ? f : resolve(f))));
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

const PROGRAM_FILE = /\.(?:[cm]?[jt]sx?|vue)$/i;

/** Whether a config's program includes one of the files (its `files`/`include`/`exclude`, read without building the program). */
function includesAny(configPath: string, wanted: ReadonlySet<string>): boolean {
  const quick = quickIncludes(configPath, wanted);
  if (quick !== undefined) return quick;
  const ts = typescript();
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  if (read.error) return true; // a broken config is reported when the program is opened
  const parsed = ts.parseJsonConfigFileContent(
    read.config,
    ts.sys,
    dirname(configPath),
    jsDefaults(configPath),
    configPath,
    undefined,
    [{ extension: '.vue', isMixedContent: true, scriptKind: ts.ScriptKind.Deferred }],
  );
  return parsed.fileNames.some((f) => wanted.has(resolve(f)));
}

/**
 * `includesAny` for a plain config, without loading TypeScript: JSON with comments, no `extends`
 * or `references`, patterns of `*`, `**` and `?` only. Undefined when the config is not that plain
 * (TypeScript reads it then).
 */
export function quickIncludes(configPath: string, wanted: ReadonlySet<string>): boolean | undefined {
  let config: {
    extends?: unknown;
    references?: unknown;
    files?: unknown;
    include?: unknown;
    exclude?: unknown;
    compilerOptions?: { allowJs?: unknown; outDir?: unknown };
  };
  try {
    const text = readFileSync(configPath, 'utf8');
    config = JSON.parse(withoutComments(text).replace(/,(\s*[}\]])/g, '$1'));
  } catch {
    return undefined;
  }
  if (config.extends !== undefined || config.references !== undefined || config.files !== undefined) return undefined;
  const strings = (v: unknown) => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined);
  const include = config.include === undefined ? ['**/*'] : strings(config.include);
  const outDir = typeof config.compilerOptions?.outDir === 'string' ? [config.compilerOptions.outDir] : [];
  const exclude =
    config.exclude === undefined ? ['node_modules', 'bower_components', 'jspm_packages', ...outDir] : strings(config.exclude);
  // Including a package folder on purpose, or patterns with braces, classes or negation: TypeScript decides.
  if (!include || !exclude || include.some((p) => /node_modules|bower_components|jspm_packages/.test(p))) return undefined;
  if ([...include, ...exclude].some((p) => /[{}[\]!]/.test(p))) return undefined;
  const js = basename(configPath) === 'jsconfig.json' || config.compilerOptions?.allowJs === true;
  const dir = dirname(configPath);
  const toRegex = (pattern: string, prefix: boolean) => {
    const p = pattern.replace(/^\.\//, '').replace(/\/$/, '');
    const body = p
      .split('/')
      .map((part) =>
        part === '**'
          ? '(?:.*/)?'
          : `${part
              .replace(/[.+^$()|\\]/g, '\\$&')
              .replace(/\*/g, '[^/]*')
              .replace(/\?/g, '[^/]')}/`,
      )
      .join('')
      .replace(/\/$/, '');
    // A pattern without a wildcard in its last part names a folder: everything below it.
    const folder = prefix && !/[*?]/.test(p.split('/').at(-1) ?? '') && !/\.[a-z]+$/i.test(p);
    return new RegExp(`^${body.replace(/\(\?:\.\*\/\)\?$/, '.*')}${folder ? '(?:/.*)?' : ''}$`);
  };
  const inc = include.map((p) => toRegex(p, true));
  const exc = exclude.map((p) => toRegex(p, true));
  const base = dir.endsWith(sep) ? dir : dir + sep;
  for (const file of wanted) {
    // Below the config's folder, its path from there (a prefix, not `path.relative` per file).
    if (!file.startsWith(base)) continue;
    const rel = sep === '/' ? file.slice(base.length) : file.slice(base.length).split(sep).join('/');
    if (!(js ? /\.(?:[cm]?[jt]sx?|vue)$/i : /\.(?:[cm]?tsx?|vue)$/i).test(rel)) continue;
    // Wildcards never reach into package folders or dot folders (as TypeScript's matching).
    if (/(^|\/)(node_modules|bower_components|jspm_packages|\.[^/]*)\//.test(rel)) continue;
    if (inc.some((r) => r.test(rel)) && !exc.some((r) => r.test(rel))) return true;
  }
  return false;
}

/** JSON with comments (as tsconfig allows) without them; strings are kept as they are. */
function withoutComments(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      out += text.slice(start, i + 1);
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
      out += ' ';
    } else out += c;
  }
  return out;
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
 * Opens the program a config describes, with the `virtual` files given (name → text). ts-morph is loaded here, on demand (synchronously, so that
 * the ESLint rule can open a program too): the syntactic path never pays for it. A config that
 * cannot be read or parsed is a `CivicMigrateError` naming it.
 */
export function openProgram(configPath: string, virtual: ReadonlyMap<string, string> = new Map()): ProgramContext {
  const { Project: ProjectClass, ts } = createRequire(import.meta.url)('ts-morph') as typeof import('ts-morph');
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
  // Files the config does not list but the program holds (Vue components' virtual scripts), by name.
  for (const [name, code] of virtual) project.createSourceFile(name, code, { overwrite: true });
  const program = project.getProgram().compilerObject;
  // A component is a module, whatever its script imports or exports (bound with the checker, made below).
  for (const name of virtual.keys()) {
    const sf = program.getSourceFile(name);
    if (sf) asModule(sf);
  }
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
