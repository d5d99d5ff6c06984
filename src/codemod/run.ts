import { realpathSync } from 'node:fs';
import { basename, relative, resolve, sep } from 'node:path';
import fg from 'fast-glob';
import { CivicMigrateError, describeIoFailure, ioFailure } from '../errors.js';
import { ENV_FILE_NAME } from '../files/config-files.js';
import { readConfigFiles } from '../files/config-read.js';
import { discoverFiles, type FileSelectionOptions } from '../files/discover.js';
import { DEFAULT_MAX_BYTES } from '../files/read.js';
import { cacheExclusion } from '../files/run-cache.js';
import type { SourceFile } from '../files/sources.js';
import { isLeftoverTemp, writeFileAtomic } from '../files/write.js';
import { loadMappings } from '../mapping/load.js';
import { isDataFile, isGraphqlFile } from '../repo/data-file-kinds.js';
import { type DataFileContext, repositoryFieldList, transformDataFile } from '../repo/data-files.js';
import { withRelativeEvidence } from '../roles/evidence.js';
import { gitPatch } from './diff.js';
import { applyEdits } from './edits.js';
import { CODEMOD_EXTENSIONS, DATA_EXTENSIONS } from './extensions.js';
import { dirtyFiles } from './git.js';
import { codemodPrefilter, planFor } from './plan.js';
import { openProgramMode } from './program/open.js';
import { openRunCache, outsideOfRun, readAgain, readWithProgram } from './program/sources.js';
import { transformSource } from './transform.js';
import type { Change, Marker, TransformOptions, TransformResult, TypeErrorRecord } from './types.js';

/** Why a file was not written after SIGINT/SIGTERM. */
export const INTERRUPTED = 'interrupted: not written';

export type FileStatus = 'changed' | 'unchanged' | 'skipped' | 'error';

export interface CodemodFileResult {
  /** Relative to `cwd`, `/`-separated. */
  readonly path: string;
  readonly status: FileStatus;
  /** Why a file was skipped (`too-large`, `binary`, `invalid-utf8`) or what went wrong. */
  readonly reason?: string;
  readonly changes: readonly Change[];
  readonly markers: readonly Marker[];
}

export interface CodemodTotals {
  readonly files: number;
  readonly changed: number;
  readonly unchanged: number;
  readonly skipped: number;
  readonly errors: number;
  /** Automatic rewrites (slugs, properties, endpoints). */
  readonly edits: number;
  /** Markers this run inserted. */
  readonly markersAdded: number;
  /** Places a person must look at (markers added, already there, or not written with `markers: false`). */
  readonly markers: number;
  /** Files the prefilter sent to the parser. */
  readonly parsed: number;
  /** Of the changed files, those that are not code: config files (URL values), recorded payloads, GraphQL documents. */
  readonly data: { readonly config: number; readonly payloads: number; readonly graphql: number };
}

export interface CodemodSummary {
  /** Every file's result, in path order (empty with `keepFiles: false`). */
  readonly files: readonly CodemodFileResult[];
  readonly totals: CodemodTotals;
  /** True when changed files were written (`write: true`). */
  readonly written: boolean;
  readonly durationMs: number;
  /** Program mode: the config of the program the decisions were made in (relative to `cwd`). */
  readonly program?: { readonly config: string };
  /**
   * Program mode: the type errors the migration would add to the program (none in the original,
   * some after, in the files that change or import them). With any, `write` writes nothing unless
   * `allowTypeErrors`. Always empty outside program mode.
   */
  readonly typeErrors: readonly TypeErrorRecord[];
}

export type { TypeErrorRecord } from './types.js';

export interface CodemodRunOptions extends TransformOptions, FileSelectionOptions {
  /** Write the changed files (atomically). Default: dry run. */
  readonly write?: boolean;
  /** With `write`: proceed even when git shows uncommitted changes in the target paths. */
  readonly allowDirty?: boolean;
  /**
   * The program's config (`tsconfig.json`/`jsconfig.json`), or `false` for file-by-file
   * decisions. Default: the config in the first target's folder or above it (up to `cwd`), if any.
   */
  readonly project?: string | false;
  /** Program mode with `write`: write even when the migration adds type errors (they are still reported). */
  readonly allowTypeErrors?: boolean;
  /** Hand each changed file's unified diff to `onFile` (default false). */
  readonly diff?: boolean;
  /**
   * Keep every file's result in the summary's `files` (default true). Off, memory does not grow
   * with the number of files: `onFile` still sees each one.
   */
  readonly keepFiles?: boolean;
  /** Called for every file, in path order, as soon as it is done (with its diff when `diff` is set). */
  readonly onFile?: (result: CodemodFileResult, patch: string) => void | Promise<void>;
  readonly onProgress?: (done: number, total: number) => void;
  /** How files are written (tests inject failures); default `writeFileAtomic`. */
  readonly writeFile?: (path: string, data: string, options: { unchangedSince: string }) => Promise<void>;
  /**
   * Aborted (SIGINT, SIGTERM): the file in hand is finished, no other is written; the rest are
   * reported as `skipped` with reason `interrupted`.
   */
  readonly signal?: AbortSignal;
  /**
   * A folder for the cache (../files/run-cache.ts): a run whose question, candidates and what its
   * decisions read are as a kept run's takes that run's decisions (each file's edits, changes and
   * markers) from the read alone, and writes or shows them as it would its own. Not used with a
   * program a config describes.
   */
  readonly cache?: string;
  /** Called when the cache's entry could not be written, with why (the run is complete: the next one decides again). */
  readonly onCacheUnwritten?: (file: string, why: string) => void;
  /** Called when kept decisions are taken, with how many files were read to know they hold (the others' stat had not changed). */
  readonly onCacheAnswer?: (filesRead: number) => void;
  /**
   * Called with the files of the user's own code outside the run's files (absolute paths) that the
   * API's data goes on into (`ProgramMode.outsideOf`): migrated alone, the run's files would hand them
   * V2 data they read with V1 names. Such a run keeps nothing in the cache, so every run says so.
   */
  readonly onOutside?: (files: readonly string[]) => void;
}

/** What the cache keeps of a file's decision: all of it but the output, which is the input with the edits applied. */
type KeptResult = Omit<TransformResult, 'output'>;

/** A kept value a codemod run can take decisions from (anything else is a miss). */
function isKeptDecisions(value: unknown): value is [string, KeptResult][] {
  return (
    Array.isArray(value) &&
    value.every((item) => {
      if (!Array.isArray(item) || item.length !== 2 || typeof item[0] !== 'string') return false;
      const r = item[1] as Partial<KeptResult> | null;
      return (
        typeof r === 'object' &&
        r !== null &&
        typeof r.changed === 'boolean' &&
        Number.isInteger(r.ignored) &&
        [r.edits, r.changes, r.markers].every(Array.isArray) &&
        (r.error === undefined || typeof r.error === 'string')
      );
    })
  );
}

/** A decision as the cache keeps it, or undefined when its output is not its input with its edits applied (then nothing is kept). */
function toKept(r: TransformResult, text: string): KeptResult | undefined {
  const { output, ...kept } = r;
  return output === (r.changed ? applyEdits(text, r.edits) : text) ? kept : undefined;
}

/** A kept decision, whole again for the text it was made on. */
function fromKept(kept: KeptResult, text: string): TransformResult {
  return { ...kept, output: kept.changed ? applyEdits(text, kept.edits) : text };
}

/**
 * The outcomes read ahead, as the program would hand them on: a file the prefilter passed over
 * whose decision is kept (a program reached it and had something to change) read again, as a candidate.
 */
function* keptSources(batches: readonly (readonly SourceFile[])[], kept: ReadonlyMap<string, KeptResult>): Generator<SourceFile> {
  for (const batch of batches)
    for (const source of batch) yield source.kind === 'passed' && kept.has(source.file.path) ? readAgain(source) : source;
}

const NONE: readonly never[] = Object.freeze([]);

/**
 * Runs the codemod over files and folders and returns a summary; prints nothing. In a dry run
 * nothing is written; with `write`, each changed file is replaced atomically (a failure leaves
 * that file as it was and is reported; the run goes on). Throws `CivicMigrateError` for bad
 * paths and for a dirty git work tree (with `write`, unless `allowDirty`).
 */
export async function runCodemod(options: CodemodRunOptions = {}): Promise<CodemodSummary> {
  const started = performance.now();
  const cwd = resolve(options.cwd ?? process.cwd());
  const mappings = options.mappings ?? loadMappings();
  const plan = planFor(mappings);
  const transformOptions: TransformOptions = {
    mappings,
    ...(options.markers === undefined ? {} : { markers: options.markers }),
    ...(options.longName === undefined ? {} : { longName: options.longName }),
  };
  const discovery = await discoverFiles({
    cwd,
    paths: options.paths ?? ['.'],
    extensions: [...CODEMOD_EXTENSIONS, ...DATA_EXTENSIONS],
    names: ENV_FILE_NAME,
    ...(options.include ? { include: options.include } : {}),
    // A cache folder inside the tree is not migrated (its entries are JSON that names V1 slugs).
    ...(options.exclude || options.cache !== undefined
      ? { exclude: [...(options.exclude ?? []), ...cacheExclusion(cwd, options.cache)] }
      : {}),
    ...(options.gitignore === undefined ? {} : { gitignore: options.gitignore }),
  });

  if (options.write && !options.allowDirty) {
    // The target paths: each folder or file named, and the fixed folder a glob starts from.
    const targets: string[] = [];
    for (const raw of options.paths?.length ? options.paths : ['.']) {
      const pattern = raw.replace(/\\/g, '/');
      const base = fg.isDynamicPattern(pattern) ? (fg.generateTasks([pattern])[0]?.base ?? '.') : raw;
      const target = resolve(cwd, base);
      try {
        targets.push(realpathSync(target));
      } catch (error) {
        throw ioFailure(target, 'resolve', error);
      }
    }
    // The cache's own entries are not work to protect.
    const keptDir = options.cache === undefined ? undefined : resolve(cwd, options.cache);
    const dirty = dirtyFiles(cwd, targets).filter((f) => !keptDir || !resolve(cwd, f).startsWith(keptDir + sep));
    if (dirty.length > 0) {
      const list = (files: string[]) => files.slice(0, 3).join(', ') + (files.length > 3 ? `, … (${files.length} files)` : '');
      const leftovers = dirty.filter(isLeftoverTemp);
      const left =
        leftovers.length === 0
          ? ''
          : `; ${list(leftovers)} ${leftovers.length === 1 ? 'is a temporary file' : 'are temporary files'} left by a killed civic-migrate run (the files written are whole): delete ${leftovers.length === 1 ? 'it' : 'them'}`;
      throw new CivicMigrateError(
        `refusing to write: the git work tree has uncommitted changes in the target paths (${list(dirty)})${left}; commit or stash them, or pass --allow-dirty`,
      );
    }
  }

  const prefilter = codemodPrefilter(plan);
  const write = options.writeFile ?? writeFileAtomic;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const files = discovery.files;
  const results: CodemodFileResult[] = [];
  const keepFiles = options.keepFiles ?? true;
  const counts: Record<FileStatus, number> = { changed: 0, unchanged: 0, skipped: 0, error: 0 };
  let edits = 0;
  let markersAdded = 0;
  let markers = 0;
  let parsed = 0;
  const data = { config: 0, payloads: 0, graphql: 0 };
  const changedReal = new Set<string>();
  const emit = async (decided: CodemodFileResult, patch = '') => {
    // Evidence is shown with paths relative to where the run is, as every other path.
    const result =
      decided.changes.some((c) => c.evidence) || decided.markers.some((m) => m.evidence)
        ? {
            ...decided,
            changes: decided.changes.map((c) => withRelativeEvidence(c, cwd)),
            markers: decided.markers.map((m) => withRelativeEvidence(m, cwd)),
          }
        : decided;
    counts[result.status]++;
    if (keepFiles) results.push(result);
    await options.onFile?.(result, patch);
  };
  for (const e of discovery.errors) {
    await emit({ path: e.rel, status: 'error', reason: e.message, changes: NONE, markers: NONE });
  }

  // Program mode: the program that holds the target, when a tsconfig/jsconfig (or --project) says so;
  // otherwise (unless `project: false`) one inferred from the TS/JS files that show V1 usage, once read.
  // Config files holding an API URL: the program decides their values with the code that reads them.
  const configFiles = readConfigFiles(
    files.map((f) => f.path),
    mappings.hosts,
    maxBytes,
  );
  const configured = await openProgramMode(
    cwd,
    options,
    files.map((f) => f.path),
    configFiles,
  );
  /** Program mode decides the whole program before it writes anything: the results wait here. */
  const pending: { rel: string; real: string; text: string; result: TransformResult }[] = [];

  /** Writes (or, in a dry run, shows) one decided file, and reports it. */
  const finish = async (file: { rel: string }, real: string, text: string, r: TransformResult) => {
    const rel = real === resolve(cwd, file.rel) ? file.rel : relative(cwd, real).split(sep).join('/');
    if (options.write) {
      if (options.signal?.aborted) {
        await emit({ path: file.rel, status: 'skipped', reason: INTERRUPTED, changes: r.changes, markers: r.markers });
        return;
      }
      try {
        await write(real, r.output, { unchangedSince: text });
      } catch (error) {
        const reason = error instanceof CivicMigrateError ? error.message : `cannot write: ${describeIoFailure(error)}`;
        await emit({ path: file.rel, status: 'error', reason, changes: NONE, markers: r.markers });
        return;
      }
    }
    edits += r.changes.length;
    markersAdded += r.markers.filter((x) => x.added).length;
    if (isDataFile(real)) {
      if (r.changes.some((c) => c.kind === 'payload')) data.payloads++;
      else if (isGraphqlFile(basename(real).toLowerCase())) data.graphql++;
      else data.config++;
    }
    await emit(
      { path: file.rel, status: 'changed', changes: r.changes, markers: r.markers },
      options.diff ? gitPatch(rel, text, r.output) : '',
    );
  };

  const read = { specs: [prefilter.spec], pick: () => 0, maxBytes };
  // With a cache (not for a configured program: its types reach files through TypeScript), a kept
  // run's decisions are taken when they hold (read ahead) and every candidate has one; else the run
  // decides, and keeps them.
  const cache =
    options.cache !== undefined && !configured
      ? openRunCache(options.cache, question(options, cwd, mappings, maxBytes), mappings.source, files, configFiles)
      : undefined;
  const ahead = await cache?.readAhead(read, isKeptDecisions);
  const keptMap = ahead?.entry && new Map(ahead.entry.value);
  const kept =
    keptMap && ahead.read.every((batch) => batch.every((s) => s.kind !== 'candidate' || keptMap.has(s.file.path)))
      ? keptMap
      : undefined;
  /** What this run decided, to keep (undefined once something cannot be kept: a file not decided, an output not its edits'). */
  let decided: [string, KeptResult][] | undefined = cache && !kept ? [] : undefined;
  if (kept) {
    options.onCacheAnswer?.(ahead?.reread ?? 0);
    options.onProgress?.(files.length, files.length);
  }
  const { program, sources, done } = kept
    ? { program: undefined, sources: keptSources(ahead?.read ?? [], kept), done: () => undefined }
    : await readWithProgram(files, read, {
        configured,
        infer: options.project === false ? undefined : mappings,
        onRead: (done) => options.onProgress?.(done, files.length),
        config: { files: configFiles, cwd },
        transformOptions,
        ...cache?.decide(ahead),
      });
  let typeErrors: readonly TypeErrorRecord[] = [];
  // A large program's run keeps the heap small (`savingMemory`) to its last file.
  try {
    const outcomes = [...sources];
    const dataContext: DataFileContext = { mappings, ...repositoryFieldList(outcomes, mappings) };
    for (const source of outcomes) {
      const { file } = source;
      if (options.write && options.signal?.aborted) {
        decided = undefined;
        await emit({ path: file.rel, status: 'skipped', reason: INTERRUPTED, changes: NONE, markers: NONE });
        continue;
      }
      if (source.kind !== 'candidate') {
        const status = source.kind === 'passed' ? 'unchanged' : source.kind;
        const reason = source.kind === 'error' ? source.message : source.kind === 'skipped' ? source.reason : undefined;
        await emit({ path: file.rel, status, ...(reason ? { reason } : {}), changes: NONE, markers: NONE });
        continue;
      }
      const inProgram = program?.fileOf(file.path);
      parsed++;
      const keptResult = kept?.get(file.path);
      let r: TransformResult;
      try {
        r = keptResult
          ? fromKept(keptResult, source.text)
          : isDataFile(file.path)
            ? transformDataFile(source.text, file.path, {
                ...dataContext,
                ...(program ? { uses: program.configUsesOf(file.path), graphql: program.graphql() } : {}),
              })
            : (inProgram?.transform(source.text, transformOptions) ?? transformSource(source.text, file.path, transformOptions));
      } catch (error) {
        throw new Error(`while transforming ${file.rel}: ${(error as Error).message}`, { cause: error });
      }
      if (decided) {
        const keep = toKept(r, source.text);
        if (keep) decided.push([file.path, keep]);
        else decided = undefined;
      }
      markers += r.markers.filter((m) => m.confidence !== 'low').length;
      if (r.error) {
        await emit({ path: file.rel, status: 'error', reason: r.error, changes: NONE, markers: r.markers });
        continue;
      }
      if (!r.changed) {
        await emit({ path: file.rel, status: 'unchanged', changes: r.changes, markers: r.markers });
        continue;
      }
      // A file reached through a symlink is changed (and shown in the diff) at its real path, once.
      let real: string;
      try {
        real = realpathSync(file.path);
      } catch (error) {
        await emit({
          path: file.rel,
          status: 'error',
          reason: `cannot resolve: ${describeIoFailure(error)}`,
          changes: NONE,
          markers: r.markers,
        });
        continue;
      }
      if (changedReal.has(real)) {
        await emit({
          path: file.rel,
          status: 'skipped',
          reason: 'symlink to a file already changed',
          changes: NONE,
          markers: NONE,
        });
        continue;
      }
      changedReal.add(real);
      // A configured program is type-checked before anything is written: its results wait.
      if (program?.configPath) pending.push({ rel: file.rel, real, text: source.text, result: r });
      else await finish(file, real, source.text, r);
    }

    const outside = await outsideOfRun(program, files, cwd, options);
    if (outside.length > 0) options.onOutside?.(outside);
    if (cache && decided && outside.length === 0) {
      const why = cache.keep(decided);
      if (why !== undefined) options.onCacheUnwritten?.(cache.file, why);
    }

    // The compiler as the safety net: the migrated program must not have type errors the original did not.
    if (program) {
      typeErrors = program.typeCheck(
        new Map(pending.map((p) => [p.real, { text: p.result.output, edits: p.result.edits }])),
        cwd,
      );
      const refuse = options.write && typeErrors.length > 0 && !options.allowTypeErrors;
      for (const p of pending) {
        if (refuse) {
          const reason = `not written: the migration adds ${typeErrors.length === 1 ? 'a type error' : `${typeErrors.length} type errors`} to the program (each is listed); fix ${typeErrors.length === 1 ? 'it' : 'them'} first, or pass --allow-type-errors`;
          await emit({ path: p.rel, status: 'error', reason, changes: p.result.changes, markers: p.result.markers });
        } else await finish({ rel: p.rel }, p.real, p.text, p.result);
      }
    }
  } finally {
    done();
    cache?.close();
  }

  return {
    files: results,
    ...(program?.configPath ? { program: { config: relative(cwd, program.configPath).split(sep).join('/') || '.' } } : {}),
    typeErrors,
    totals: {
      files: counts.changed + counts.unchanged + counts.skipped + counts.error,
      changed: counts.changed,
      unchanged: counts.unchanged,
      skipped: counts.skipped,
      errors: counts.error,
      edits,
      markersAdded,
      markers,
      parsed,
      data,
    },
    written: options.write === true,
    durationMs: performance.now() - started,
  };
}

/** What a codemod run asks (its cache entry's name, part of its key): the command, where, which files, how. */
function question(options: CodemodRunOptions, cwd: string, mappings: { source: string }, maxBytes: number) {
  return {
    command: 'codemod',
    cwd,
    paths: options.paths ?? ['.'],
    include: options.include ?? null,
    exclude: options.exclude ?? null,
    gitignore: options.gitignore ?? true,
    maxBytes,
    project: options.project ?? null,
    markers: options.markers ?? null,
    longName: options.longName ?? null,
    table: mappings.source,
  };
}
