/**
 * The cache of the report and the codemod (`--cache`): what the last run that asked the same
 * question decided, kept with everything it was decided from, so that a run where none of it
 * changed answers from the read alone (no parser, no program, no role engine).
 *
 * What a run asks (its `question`: the command, the folder, the paths and patterns, the options)
 * names one entry, which the next run with that question replaces. The entry is valid for a run
 * when its `key` matches, a digest of:
 * - civic-migrate itself (its version and every file of its code, by size and modification time),
 *   Node's version and the mapping table's text;
 * - the question;
 * - the list of TS/JS/Vue files found (which modules exist: what an import may reach);
 * - the config files that hold an API URL, and every candidate's text (each file the prefilter kept);
 * and when every file its run read beyond the candidates (`ReadLog`: a helper a tracked value reached,
 * the scripts searched for importers, a component's package.json) is still as it was read, and every
 * place module resolution looked answers as it did (so every import resolves to the same file).
 * The files the prefilter passed over hold no V1 token: what they are is checked only where a
 * decision read them.
 *
 * A program a config describes (`--project`) reads what its types reach, through TypeScript: such a
 * run is decided afresh and not kept. Any failure to read an entry is a miss, and a failure to write
 * one costs the next run only its time (`saveEntry` says why).
 */
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeIoFailure } from '../errors.js';
import type { DiscoveredFile } from './discover.js';
import { DEFAULT_MAX_BYTES, readBytesSync } from './read.js';
import { bytesDigest, type ProbeKind, piecesDigest, probeAnswer, type ReadLog, readStateOf, recordReads } from './read-log.js';
import { type ParallelReadOptions, readSourcesParallel, type SourceFile } from './sources.js';

/** Bumped when an entry's layout or meaning changes. */
const FORMAT = 1;

/** An entry larger than this is not read (a cache of another tool, a mistake): the run decides afresh. */
const MAX_ENTRY_BYTES = 512 * 1024 * 1024;

/** A kept run: its key, what it read beyond the candidates, and what it decided (`value`, the command's own). */
export interface Entry<T> {
  readonly format: number;
  readonly key: string;
  readonly reads: readonly (readonly [string, string])[];
  readonly probes: readonly (readonly [string, string])[];
  readonly value: T;
}

/** What makes a run's key, beside the question. */
export interface KeyParts {
  /** The mapping table's file. */
  readonly table: string;
  /** The TS/JS/Vue files found, in order. */
  readonly scripts: Iterable<string>;
  /** Config files holding an API URL: path and text. */
  readonly configs: Iterable<readonly [string, string]>;
  /** Every candidate: path and text. */
  readonly candidates: Iterable<readonly [string, string]>;
}

/** The entry file of a question in a cache folder. */
export function entryFile(dir: string, question: unknown): string {
  return join(dir, `run-${bytesDigest(JSON.stringify(question)).slice(0, 16)}.json`);
}

/** The key of a run: see the module's comment. */
export function cacheKey(question: unknown, parts: KeyParts): string {
  const key = piecesDigest();
  for (const piece of [
    String(FORMAT),
    buildId(),
    process.version,
    readStateOf(parts.table, Number.MAX_SAFE_INTEGER),
    JSON.stringify(question),
  ])
    key.add(piece);
  // Each list closed by a piece no path is: a file moved from one list to another is another key.
  for (const path of parts.scripts) key.add(path);
  key.add('\0configs');
  for (const [path, text] of parts.configs) {
    key.add(path);
    key.add(bytesDigest(text));
  }
  key.add('\0candidates');
  for (const [path, text] of parts.candidates) {
    key.add(path);
    key.add(bytesDigest(text));
  }
  return key.digest();
}

let build: string | undefined;

/**
 * civic-migrate as it is installed: its version and its code's files (the folder of this module's
 * parent: dist/ or src/), each by path, size and modification time. A rebuilt or reinstalled
 * civic-migrate is another build. A few hundred stats, once per process; a folder that cannot be
 * listed makes a key no later run shares (a miss, never a wrong answer).
 */
function buildId(): string {
  if (build !== undefined) return build;
  const lines: string[] = [readStateOf(fileURLToPath(new URL('../../package.json', import.meta.url)), 1024 * 1024)];
  try {
    const code = fileURLToPath(new URL('..', import.meta.url));
    for (const e of readdirSync(code, { recursive: true, withFileTypes: true })) {
      if (!e.isFile()) continue;
      const path = join(e.parentPath, e.name);
      const s = statSync(path);
      lines.push(`${path}\0${s.size}\0${s.mtimeMs}`);
    }
  } catch (error) {
    lines.push(`unlisted ${process.pid} ${Date.now()} ${String(error)}`);
  }
  lines.sort();
  build = bytesDigest(lines.join('\n'));
  return build;
}

/**
 * The entry of a question, if there is one that can be read, has the right key and a value `valid`
 * takes; undefined otherwise.
 */
export function loadEntry<T>(file: string, key: string, valid: (value: unknown) => value is T): Entry<T> | undefined {
  const read = readBytesSync(file, MAX_ENTRY_BYTES);
  if (read.kind !== 'bytes') return undefined;
  let entry: Partial<Entry<unknown>>;
  try {
    entry = JSON.parse(read.bytes.toString('utf8')) as Partial<Entry<unknown>>;
  } catch {
    return undefined;
  }
  if (!entry || typeof entry !== 'object' || entry.format !== FORMAT || entry.key !== key) return undefined;
  const pairs = (list: unknown) =>
    Array.isArray(list) && list.every((p) => Array.isArray(p) && p.length === 2 && p.every((x) => typeof x === 'string'));
  if (!pairs(entry.reads) || !pairs(entry.probes) || !valid(entry.value)) return undefined;
  return entry as Entry<T>;
}

/**
 * Whether what the entry's run read beyond the candidates is as it was: each file in the same state,
 * and each place module resolution looked answering as it did (so each import resolves to the same file).
 */
export function stillHolds(entry: Entry<unknown>, maxBytes: number): boolean {
  for (const [path, state] of entry.reads) if (readStateOf(path, maxBytes) !== state) return false;
  for (const [at, answer] of entry.probes) {
    const split = at.indexOf('\0');
    if (probeAnswer(at.slice(0, split) as ProbeKind, at.slice(split + 1)) !== answer) return false;
  }
  return true;
}

/**
 * How many entries a cache folder keeps: each question has its own (a hook's changing file lists,
 * many repositories in one user folder), so the least recently used go beyond this.
 */
export const MAX_ENTRIES = 64;

/** An entry's file name, and a temporary one a run killed while writing left. */
const ENTRY_NAME = /^run-[0-9a-f]{16}\.json$/;
const TEMP_NAME = /^run-[0-9a-f]{16}\.json\.\d+\.tmp$/;

/**
 * Keeps what a run decided as its question's entry (atomically: a temporary file renamed), and
 * keeps the folder to `keepAtMost` entries, the least recently used going first (a hit marks its
 * entry used: `touchEntry`); temporary files older than an hour go too. Undefined, or why it could not.
 */
export function saveEntry<T>(file: string, key: string, log: ReadLog, value: T, keepAtMost = MAX_ENTRIES): string | undefined {
  const entry: Entry<T> = { format: FORMAT, key, reads: [...log.reads], probes: [...log.probes], value };
  const temp = `${file}.${process.pid}.tmp`;
  try {
    // The findings quote the code: readable by the user alone, as the code cache is.
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(temp, JSON.stringify(entry), { mode: 0o600 });
    renameSync(temp, file);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // not written
    }
    return describeIoFailure(error);
  }
  prune(dirname(file), keepAtMost);
  return undefined;
}

/** Drops the least recently used entries beyond `keepAtMost`, and old temporary files. Failures cost only space. */
function prune(dir: string, keepAtMost: number): void {
  try {
    const now = Date.now();
    const entries: { path: string; used: number }[] = [];
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (ENTRY_NAME.test(name)) entries.push({ path, used: statSync(path).mtimeMs });
      else if (TEMP_NAME.test(name) && now - statSync(path).mtimeMs > 3_600_000) unlinkSync(path);
    }
    entries.sort((a, b) => b.used - a.used);
    for (const { path } of entries.slice(keepAtMost)) unlinkSync(path);
  } catch {
    // Another run pruned it first, or the folder cannot be listed: the next run tries again.
  }
}

/** Marks an entry used now (a hit), so that pruning keeps it. */
function touchEntry(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // A read-only cache still answers.
  }
}

/**
 * One run's use of the cache: its question's entry, the key of what it read, the log of what its
 * decisions read beyond that. `open` gives none where the table was not read from a file (built in
 * memory, it has no text the key could hold).
 *
 * A run calls `readAhead` (an entry that holds is the answer), then `decide`, whose options it
 * hands to `readWithProgram`, then `keep` with what it decided, and `close` in any case.
 */
export class RunCache {
  readonly file: string;
  private log: { readonly close: () => ReadLog } | undefined;
  /** The key of the outcomes read ahead, or (a first run) the candidates as they were read. */
  private key: string | undefined;
  private seen: (readonly [string, string])[] = [];

  private constructor(
    dir: string,
    private readonly question: unknown,
    private readonly parts: Omit<KeyParts, 'candidates'>,
  ) {
    this.file = entryFile(dir, question);
  }

  static open(dir: string, question: unknown, parts: Omit<KeyParts, 'candidates'>): RunCache | undefined {
    return readStateOf(parts.table, Number.MAX_SAFE_INTEGER) === 'none' ? undefined : new RunCache(dir, question, parts);
  }

  /** The key of a run that read these candidates. */
  keyOf(candidates: Iterable<readonly [string, string]>): string {
    return cacheKey(this.question, { ...this.parts, candidates });
  }

  /**
   * Where an entry is kept, reads every file first (the calling thread reading a share beside the
   * reading thread: nothing is parsed meanwhile) and looks the entry up by the key of what it read:
   * the outcomes in their batches, and the entry when it holds. Undefined where no entry is kept (a
   * first run, a new question): the run reads and parses as without a cache.
   */
  async readAhead<T>(
    files: readonly DiscoveredFile[],
    read: ParallelReadOptions,
    valid: (value: unknown) => value is T,
  ): Promise<{ readonly read: (readonly SourceFile[])[]; readonly entry?: Entry<T> } | undefined> {
    if (!existsSync(this.file)) return undefined;
    const batches: (readonly SourceFile[])[] = [];
    for await (const batch of readSourcesParallel(files, { ...read, share: true })) batches.push(batch);
    this.key = this.keyOf(batches.flatMap(candidatesOf));
    const entry = loadEntry(this.file, this.key, valid);
    const holds = entry !== undefined && stillHolds(entry, read.maxBytes ?? DEFAULT_MAX_BYTES);
    if (holds) touchEntry(this.file);
    return { read: batches, ...(holds ? { entry } : {}) };
  }

  /**
   * The run decides: from here on, what it reads beyond the candidates is noted. What to hand the
   * program's read: the outcomes read ahead (each batch let go as it is taken: what the program
   * keeps of a passed-over file is its size, not the record), or a hook collecting a first run's
   * candidates as they are read.
   */
  decide(ahead: { readonly read: (readonly SourceFile[])[] } | undefined): {
    read?: Iterable<readonly SourceFile[]>;
    onBatch?: (batch: readonly SourceFile[]) => void;
  } {
    this.log ??= recordReads();
    if (ahead) return { read: drain(ahead.read) };
    return { onBatch: (batch) => void this.seen.push(...candidatesOf(batch)) };
  }

  /** Keeps what the run decided (noted reads with it); undefined, or why it could not. */
  keep<T>(value: T): string | undefined {
    const log = this.log?.close();
    this.log = undefined;
    if (!log) return 'nothing was recorded';
    return saveEntry(this.file, this.key ?? this.keyOf(this.seen), log, value);
  }

  /** Stops noting reads (a run that ends without keeping anything). */
  close(): void {
    this.log?.close();
    this.log = undefined;
  }
}

/** The candidates of a batch of outcomes: path and text. */
function candidatesOf(batch: readonly SourceFile[]): (readonly [string, string])[] {
  return batch.flatMap((s) => (s.kind === 'candidate' ? [[s.file.path, s.text] as const] : []));
}

/** The items of a list, each let go of as it is taken (outcomes read ahead, handed to the program). */
function* drain<T>(list: T[]): Generator<T> {
  for (let item = list.shift(); item !== undefined; item = list.shift()) yield item;
}

/**
 * A cache folder inside `cwd`, as an exclude pattern anchored there (none for a folder outside it):
 * its entries quote code and name V1 slugs, and are not the repository's to search or migrate.
 */
export function cacheExclusion(cwd: string, dir: string | undefined): string[] {
  if (dir === undefined) return [];
  const rel = relative(cwd, resolve(cwd, dir));
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? [] : [`/${rel.split(sep).join('/')}`];
}
