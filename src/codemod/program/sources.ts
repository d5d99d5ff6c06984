import type { ts as TsNamespace } from 'ts-morph';
import { type DiscoveredFile, type FileSelectionOptions, selectedAmong } from '../../files/discover.js';
import { readNoted } from '../../files/read-log.js';
import { RunCache } from '../../files/run-cache.js';
import { type ParallelReadOptions, readSourcesParallel, readsInThread, type SourceFile } from '../../files/sources.js';
import type { Mappings } from '../../mapping/mappings.js';
import type { ConfigFile } from '../../roles/config-sources.js';
import { parseForProgram } from '../../roles/inferred.js';
import type { TransformOptions } from '../types.js';
import { typescript } from '../typescript.js';
import { SCRIPT_FILE, VUE_FILE } from './file-kinds.js';
import type { ProgramMode } from './program-mode.js';

/**
 * From this much code in the TS/JS candidates (characters of text), an inferred program is decided
 * in groups (`inferredProgramMode`): one program of every candidate holds all their syntax trees and
 * facts at once (the 577 candidates of a 100,000-file tree, 3.1 MB of code, held 237 MB). Below it,
 * one program, its files parsed while a reading thread reads the others (the groups cost time: a
 * program per group, however small groups share one, and no parsing beside the reading).
 */
export const GROUP_FROM_BYTES = 1_000_000;

/** `GROUP_FROM_BYTES`, or `CIVIC_MIGRATE_GROUP_BYTES` (the tests set 0: every inferred program in groups, held to one program's answers). */
function groupFromBytes(): number {
  const given = process.env.CIVIC_MIGRATE_GROUP_BYTES;
  return given !== undefined && /^\d+$/.test(given) ? Number(given) : GROUP_FROM_BYTES;
}

export interface ProgramSources {
  /** The program the run decides TS/JS files in: the configured one, or one inferred from the candidates. */
  readonly program: ProgramMode | undefined;
  /**
   * Every file's read outcome, in the files' order. A file the prefilter passed over but the
   * program reaches (a helper a tracked value is handed to) comes as a candidate, read again.
   */
  readonly sources: Iterable<SourceFile>;
  /**
   * The run is done with the files: V8's heap is sized as before. A run with a large program keeps
   * the heap small (`savingMemory`) from the read until this is called, through the decisions and
   * the findings or edits made of them. Idempotent.
   */
  readonly done: () => void;
}

/**
 * The file loop of the codemod and the report with a program: every file is read once (its bytes
 * checked by the prefilter, the candidates decoded), then the program is opened (a configured one
 * is given; otherwise `infer` builds one from the TS/JS candidates' texts, parsed as they arrive
 * while a worker thread reads on), and the outcomes are handed back in order. What the read keeps
 * between the two is a record per file and the candidates' texts.
 */
export async function readWithProgram(
  files: readonly DiscoveredFile[],
  read: Omit<ParallelReadOptions, 'extra'>,
  options: {
    /** A program a config describes (opened before reading: the files its types reach are read too). */
    readonly configured?: ProgramMode | undefined;
    /** Without a configured program: infer one with this table (undefined: each file is a program of its own). */
    readonly infer?: Mappings | undefined;
    readonly onRead?: (done: number) => void;
    /** The repository's config files holding API URLs, and where the program runs. */
    readonly config?: { readonly files: readonly ConfigFile[]; readonly cwd: string };
    /**
     * What the run asks of each file (`transform`'s options): with it, an inferred program of much
     * code is decided in groups (`inferredProgramMode`, from `GROUP_FROM_BYTES`).
     */
    readonly transformOptions?: TransformOptions;
    /**
     * The files' outcomes, already read (`report --cache` reads first, to know whether it must decide
     * anything). Without a configured program: the files its types reach are not read again.
     */
    readonly read?: Iterable<readonly SourceFile[]>;
    /** Called with each batch of outcomes as it is read (`report --cache` keys a first run by its candidates). */
    readonly onBatch?: (batch: readonly SourceFile[]) => void;
  },
): Promise<ProgramSources> {
  const { configured } = options;
  // A file the prefilter passed over is kept as its size alone (a small integer, no object): most
  // of a large tree's files are (100,000 records were 4 MB).
  const outcomes: (SourceFile | number)[] = [];
  const texts = new Map<string, string>();
  const parsed = new Map<string, TsNamespace.SourceFile>();
  const inferring = !configured && options.infer !== undefined;
  // The candidates are parsed for a program of them all (below): beyond the size from which that
  // program is decided in groups, each group parses its own (none holds them all).
  const groupFrom = options.transformOptions ? groupFromBytes() : Number.POSITIVE_INFINITY;
  let bytes = 0;
  const extra = (file: DiscoveredFile) => configured?.fileOf(file.path)?.hasRenames === true;
  let done = 0;
  let collect: ((now?: boolean) => void) | undefined;
  let release: (() => void) | undefined;
  // Parsed as they arrive when a thread reads on meanwhile; else once all are read, when it is
  // known whether one program holds them (else each is parsed by its group).
  const early = options.read === undefined && readsInThread(files.length, read);
  const parse = (path: string, text: string) =>
    parsed.set(path, parseForProgram(path, text.charCodeAt(0) === 0xfeff ? text.slice(1) : text));
  const programText = (source: SourceFile): source is Extract<SourceFile, { kind: 'candidate' }> =>
    inferring && source.kind === 'candidate' && (SCRIPT_FILE.test(source.file.path) || VUE_FILE.test(source.file.path));
  for await (const batch of options.read ?? readSourcesParallel(files, { ...read, extra })) {
    options.onBatch?.(batch);
    for (const source of batch) if (programText(source)) bytes += source.text.length;
    if (bytes > 0 && bytes >= groupFrom && release === undefined) {
      // A large program (a batch that takes the candidates past the size is not parsed): V8 keeps
      // the heap small from here to the last outcome handed out, and the trees parsed so far are
      // let go (each group parses its own), collected now rather than left while the rest is read.
      // Loaded here: a run without a large program never loads node:v8 (a short run's start-up).
      const memory = await import('./collector.js');
      release = memory.savingMemory();
      collect = memory.collector();
      if (parsed.size > 0) {
        parsed.clear();
        collect(true);
      }
    }
    for (const source of batch) {
      outcomes.push(source.kind === 'passed' ? source.bytes : source);
      options.onRead?.(++done);
      if (!programText(source)) continue;
      // As it was read (the text the run hands `transform`); the program reads a script without its
      // BOM, and takes a component's virtual script.
      texts.set(source.file.path, source.text);
      if (!SCRIPT_FILE.test(source.file.path)) continue;
      if (early && release === undefined) parse(source.file.path, source.text);
      // A script candidate is parsed, now or once all are read: TypeScript is loaded with the first,
      // while the heap is small. Loaded once all are read, it came on top of the whole read's records
      // (9 MB of source, its file's bytes and its cached code: on the 100,000-file report, 142 → 191 MB).
      else typescript();
    }
    collect?.();
  }
  if (!early && release === undefined) for (const [path, text] of texts) if (SCRIPT_FILE.test(path)) parse(path, text);
  const paths = () => files.map((f) => f.path);
  // The role engine is loaded only for a run that has something to decide with it.
  let program: ProgramMode | undefined;
  try {
    program =
      configured ??
      (options.infer && (texts.size > 0 || (options.config?.files.length ?? 0) > 0)
        ? (await import('./inferred-mode.js')).inferredProgramMode(
            options.infer,
            texts,
            paths(),
            read.maxBytes,
            parsed,
            options.config,
            options.transformOptions && { transformOptions: options.transformOptions, fromBytes: groupFrom },
          )
        : undefined);
  } catch (error) {
    release?.();
    throw error;
  }
  function* sources(): Generator<SourceFile> {
    for (let i = 0; i < outcomes.length; i++) {
      const kept = outcomes[i] as SourceFile | number;
      const source: SourceFile =
        typeof kept === 'number' ? { kind: 'passed', file: files[i] as DiscoveredFile, bytes: kept } : kept;
      yield source.kind === 'passed' && program?.fileOf(source.file.path)?.hasRenames ? readAgain(source) : source;
    }
  }
  return { program, sources: sources(), done: () => release?.() };
}

/**
 * A file the prefilter passed over that a program reached (it has something to change there), read
 * again as a candidate; as it was when it cannot be read.
 */
export function readAgain(source: Extract<SourceFile, { kind: 'passed' }>): SourceFile {
  const text = readNoted(source.file.path)?.toString('utf8');
  return text === undefined ? source : { kind: 'candidate', file: source.file, bytes: source.bytes, text };
}

/**
 * The files of the user's own code, not among the run's `files`, that the API's data the program
 * decided goes through (`ProgramMode.outsideOf`), of those a run over its whole folder with the same
 * selection would take (never one the user left out with `exclude`, `.gitignore` or a folder every
 * run skips). What the codemod and the report warn about.
 */
export async function outsideOfRun(
  program: ProgramMode | undefined,
  files: readonly DiscoveredFile[],
  cwd: string,
  selection: FileSelectionOptions,
): Promise<string[]> {
  if (!program) return [];
  return selectedAmong(
    program.outsideOf(() => new Set(files.map((f) => f.path))),
    {
      cwd,
      ...(selection.include ? { include: selection.include } : {}),
      ...(selection.exclude ? { exclude: selection.exclude } : {}),
      ...(selection.gitignore === undefined ? {} : { gitignore: selection.gitignore }),
    },
  );
}

/**
 * The cache of a report or codemod run (../../files/run-cache.ts) without a configured program:
 * keyed by the table, the TS/JS/Vue files found (which modules an import may reach) and the config
 * files holding an API URL, beside the run's question (with the size from which its program is
 * decided in groups: the same answers, held to them by the tests, but not assumed here) and its candidates.
 */
export function openRunCache(
  dir: string,
  question: Record<string, unknown>,
  table: string,
  files: readonly DiscoveredFile[],
  configFiles: readonly ConfigFile[],
): RunCache | undefined {
  return RunCache.open(dir, { ...question, groups: groupFromBytes() }, files, {
    table,
    scripts: files.flatMap((f) => (SCRIPT_FILE.test(f.path) || VUE_FILE.test(f.path) ? [f.path] : [])),
    configs: configFiles.map((f) => [f.path, f.text] as const),
  });
}
