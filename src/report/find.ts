import { realpathSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { codemodPrefilter, planFor } from '../codemod/plan.js';
import { openProgramMode } from '../codemod/program/open.js';
import type { ProgramMode } from '../codemod/program/program-mode.js';
import { openRunCache, outsideOfRun, readWithProgram } from '../codemod/program/sources.js';
import type { Edit } from '../codemod/types.js';
import { readConfigFiles } from '../files/config-read.js';
import { type DiscoveredFile, discoverFiles, type FileSelectionOptions } from '../files/discover.js';
import { DEFAULT_MAX_BYTES } from '../files/read.js';
import { cacheExclusion } from '../files/run-cache.js';
import type { SourceFile } from '../files/sources.js';
import { DEFAULT_TABLE_PATH, loadMappings } from '../mapping/load.js';
import type { Mappings } from '../mapping/mappings.js';
import { isDataFile } from '../repo/data-file-kinds.js';
import { withRelativeEvidence } from '../roles/evidence.js';
import { type Finding, READ_SKIP_REASONS, type ReadSkipReason, type ReportResult } from './finding.js';
import { isCodemodFile } from './fixer.js';
import { createReportRules } from './rules.js';
import { decisionOptions, scanText } from './scan-text.js';

export interface FindV1UsageOptions extends FileSelectionOptions {
  /** The table; the bundled one by default. */
  readonly mappings?: Mappings;
  /** Treat every file as Civic Data context, so `long_name` is always a high-confidence finding. */
  readonly assumeCivic?: boolean;
  /**
   * Program mode, as for the codemod: a tsconfig/jsconfig whose program decides TS/JS files by
   * types, references and constants, or `false` for file-by-file. Default: the config in or above
   * the first path, if it includes the files found.
   */
  readonly project?: string | false;
  /**
   * Called with each file the report read (scanned as text, or skipped as binary, too large or not
   * UTF-8), by its path relative to `cwd`: what a later scan of the same bytes may take the findings of.
   */
  readonly onRead?: (file: string) => void;
  /**
   * A folder for the report's cache (../files/run-cache.ts): a run whose question, candidates and what its
   * decisions read are as a kept run's answers with that run's findings, from the read alone.
   * Not used with a program a config describes.
   */
  readonly cache?: string;
  /** Called when the cache's entry could not be written, with why (the result is complete: the next run decides again). */
  readonly onCacheUnwritten?: (file: string, why: string) => void;
  /** Called when a kept entry answered, with how many files were read to know it holds (the others' stat had not changed). */
  readonly onCacheAnswer?: (filesRead: number) => void;
  /**
   * Called with the files of the user's own code outside the run's files (absolute paths) that the
   * API's data goes on into (`ProgramMode.outsideOf`): their V1 reads are not in this report. Such a
   * run keeps nothing in the cache, so every run says so.
   */
  readonly onOutside?: (files: readonly string[]) => void;
}

/**
 * Finds V1 usage below the given paths, without printing anything. Each file is read once; the
 * prefilter decides from the text whether it is searched further. Binary, too large and invalid
 * UTF-8 files are counted as skipped; unreadable files and folders are listed in `stats.errors`.
 * A path that does not exist throws `IoError`; a bad glob throws `UsageError`.
 */
export async function findV1Usage(options: FindV1UsageOptions = {}): Promise<ReportResult> {
  // Not `performance.now()`: the global loads Node's performance timeline, a millisecond of a hook's run.
  const started = Date.now();
  const cwd = resolve(options.cwd ?? process.cwd());
  const mappings = options.mappings ?? loadMappings();
  const rules = createReportRules(mappings, { assumeCivic: options.assumeCivic ?? false });
  const discovery = await discoverFiles({
    cwd,
    ...(options.paths ? { paths: options.paths } : {}),
    ...(options.include ? { include: options.include } : {}),
    // The cache's entries hold findings (V1 slugs): a cache folder inside the tree is not searched.
    ...(options.exclude || options.cache !== undefined
      ? { exclude: [...(options.exclude ?? []), ...cacheExclusion(cwd, options.cache)] }
      : {}),
    gitignore: options.gitignore ?? true,
  });
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const codemodFiles = codemodPrefilter(planFor(mappings), true);
  // Config files holding an API URL: decided with the code that reads them, as the codemod decides them.
  const configFiles = readConfigFiles(
    discovery.files.map((f) => f.path),
    mappings.hosts,
    maxBytes,
  );
  const configured = await openProgramMode(
    cwd,
    {
      mappings,
      maxBytes,
      ...(options.paths ? { paths: options.paths } : {}),
      ...(options.project === undefined ? {} : { project: options.project }),
    },
    discovery.files.map((f) => f.path),
    configFiles,
  );
  /** Program mode: what the codemod would write, by file, for the type check. */
  const migrated = new Map<string, { text: string; edits: readonly Edit[] }>();
  const transformOptions = decisionOptions(rules);
  const skippedFiles = Object.fromEntries(READ_SKIP_REASONS.map((r) => [r, 0])) as Record<ReadSkipReason, number>;
  const errors = discovery.errors.map((e) => ({ file: e.rel, message: e.message }));
  const skippedList: { file: string; reason: Exclude<ReadSkipReason, 'binary'>; bytes: number }[] = [];
  let filesScanned = 0;
  let bytesScanned = 0;
  /** Counts a file's outcome; true for a candidate, to search further. */
  const tally = (source: SourceFile): source is Extract<SourceFile, { kind: 'candidate' }> => {
    const { file } = source;
    if (source.kind === 'error') {
      errors.push({ file: file.rel, message: source.message });
      return false;
    }
    options.onRead?.(file.rel);
    if (source.kind === 'skipped') {
      skippedFiles[source.reason]++;
      // Binary files (images, fonts, archives) are counted, not listed: text is what holds V1 usage.
      if (source.reason !== 'binary') skippedList.push({ file: file.rel, reason: source.reason, bytes: source.bytes });
      return false;
    }
    filesScanned++;
    bytesScanned += source.bytes;
    return source.kind === 'candidate';
  };
  const result = (decided: CachedFindings, typeErrors: ReportResult['typeErrors'], configPath?: string): ReportResult => {
    errors.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    return {
      ...(configPath ? { program: { config: relative(cwd, configPath).split(sep).join('/') || '.' } } : {}),
      typeErrors,
      findings: decided.findings,
      table: mappings.source === DEFAULT_TABLE_PATH ? 'bundled' : tableName(cwd, mappings.source),
      stats: {
        filesScanned,
        filesCandidate: decided.filesCandidate,
        filesAffected: decided.filesAffected,
        bytesScanned,
        suppressed: decided.suppressed,
        skippedFiles,
        skippedList,
        skippedByDiscovery: { ...discovery.skipped },
        errors,
        elapsedMs: Date.now() - started,
      },
    };
  };
  // A TS/JS/Vue file is read as the codemod reads it: the same candidates (and its left-over markers).
  const read = {
    specs: [codemodFiles.spec, rules.prefilter.spec],
    pick: (file: DiscoveredFile) => (isCodemodFile(file.rel) ? 0 : 1),
    maxBytes,
  };
  // With a cache (not for a configured program: its types reach files through TypeScript), a kept
  // run's findings answer when they hold (read ahead); else the run decides, and keeps them.
  const cache =
    options.cache !== undefined && !configured
      ? openRunCache(options.cache, question(options, cwd, mappings, maxBytes), mappings.source, discovery.files, configFiles)
      : undefined;
  const ahead = await cache?.readAhead(read, isCachedFindings);
  if (ahead?.entry) {
    options.onCacheAnswer?.(ahead.reread);
    for (const batch of ahead.read) for (const source of batch) tally(source);
    return result(ahead.entry.value, []);
  }
  try {
    // Without a config, the TS/JS candidates make an inferred program, as the codemod's.
    const { program, sources, done } = await readWithProgram(discovery.files, read, {
      configured,
      infer: options.project === false ? undefined : mappings,
      config: { files: configFiles, cwd },
      transformOptions,
      ...cache?.decide(ahead),
    });
    // A large program's run keeps the heap small (`savingMemory`) to its last finding.
    try {
      const decided = await decideFindings(sources, program, tally, migrated, { rules, mappings, transformOptions, cwd });
      const answer = result(decided, program ? program.typeCheck(migrated, cwd) : [], program?.configPath);
      const outside = await outsideOfRun(program, discovery.files, cwd, options);
      if (outside.length > 0) options.onOutside?.(outside);
      if (cache && outside.length === 0) {
        const why = cache.keep(decided);
        if (why !== undefined) options.onCacheUnwritten?.(cache.file, why);
      }
      return answer;
    } finally {
      done();
    }
  } finally {
    cache?.close();
  }
}

/** What the findings are made with: the table's rules, and what the run asks of each file. */
interface Deciding {
  readonly rules: ReturnType<typeof createReportRules>;
  readonly mappings: Mappings;
  readonly transformOptions: ReturnType<typeof decisionOptions>;
  readonly cwd: string;
}

/**
 * The findings of a run's files, in order: each outcome counted by `tally`, each candidate searched
 * (decided by the program when it holds the file; else alone, or as a config file or payload).
 * Program mode: what the codemod would write is put in `migrated`, for the type check.
 */
async function decideFindings(
  sources: Iterable<SourceFile>,
  program: ProgramMode | undefined,
  tally: (source: SourceFile) => source is Extract<SourceFile, { kind: 'candidate' }>,
  migrated: Map<string, { text: string; edits: readonly Edit[] }>,
  { rules, mappings, transformOptions, cwd }: Deciding,
): Promise<CachedFindings> {
  // Every outcome but the files the prefilter passed over, counted as they come (most of a large tree).
  const outcomes: Exclude<SourceFile, { kind: 'passed' }>[] = [];
  for (const source of sources) {
    if (source.kind !== 'passed') outcomes.push(source);
    else tally(source);
  }
  // A TS/JS/Vue candidate no program decides is decided alone, by the codemod: loaded only for a run that has one.
  const alone = outcomes.some((s) => s.kind === 'candidate' && isCodemodFile(s.file.rel))
    ? (await import('../codemod/transform.js')).transformSource
    : undefined;
  // Config files and recorded payloads are decided by modules a run without one never loads.
  const data = outcomes.some((s) => s.kind === 'candidate' && isDataFile(s.file.path))
    ? await import('../repo/data-files.js')
    : undefined;
  const dataContext = data && { mappings, ...data.repositoryFieldList(outcomes, mappings) };
  const findings: Finding[] = [];
  let filesCandidate = 0;
  let filesAffected = 0;
  let suppressed = 0;
  for (const source of outcomes) {
    if (!tally(source)) continue;
    filesCandidate++;
    const { file, text } = source;
    const inProgram = program?.fileOf(file.path);
    const scan = scanText(text, file.rel, rules, {
      prefiltered: true,
      ...(inProgram ? { transform: () => inProgram.transform(text, transformOptions) } : {}),
      ...(alone ? { transformSource: alone } : {}),
      ...(data && dataContext && isDataFile(file.path)
        ? {
            data: () =>
              data.transformDataFile(text, file.path, {
                ...dataContext,
                ...(program ? { uses: program.configUsesOf(file.path), graphql: program.graphql() } : {}),
              }),
          }
        : {}),
    });
    if (inProgram && scan.transformed?.changed)
      migrated.set(realPathOr(file.path), { text: scan.transformed.output, edits: scan.transformed.edits });
    suppressed += scan.suppressed;
    if (scan.findings.length) {
      filesAffected++;
      for (const f of scan.findings) findings.push(withRelativeEvidence(f, cwd));
    }
  }
  return { findings, suppressed, filesAffected, filesCandidate };
}

/** What a report asks (its cache entry's name, part of its key): the command, where, which files, how. */
function question(options: FindV1UsageOptions, cwd: string, mappings: Mappings, maxBytes: number) {
  return {
    command: 'report',
    cwd,
    paths: options.paths ?? null,
    include: options.include ?? null,
    exclude: options.exclude ?? null,
    gitignore: options.gitignore ?? true,
    maxBytes,
    assumeCivic: options.assumeCivic ?? false,
    project: options.project ?? null,
    table: mappings.source,
  };
}

/** What a report keeps of its decisions: its findings and the counts that come with them. */
export interface CachedFindings {
  readonly findings: readonly Finding[];
  readonly suppressed: number;
  readonly filesAffected: number;
  /** Candidates, with the files a program reached and read again. */
  readonly filesCandidate: number;
}

/** A kept value a report can answer with (anything else is a miss). */
function isCachedFindings(value: unknown): value is CachedFindings {
  const v = value as Partial<CachedFindings> | undefined;
  return (
    typeof v === 'object' &&
    v !== null &&
    Array.isArray(v.findings) &&
    [v.suppressed, v.filesAffected, v.filesCandidate].every((n) => Number.isInteger(n))
  );
}

function tableName(cwd: string, source: string): string {
  const rel = relative(cwd, resolve(cwd, source));
  return (rel.startsWith('..') ? resolve(cwd, source) : rel).split(sep).join('/');
}

/** A file's real path, or the path itself when it cannot be resolved (it was just read through it). */
function realPathOr(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
