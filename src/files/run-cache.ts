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
 * decision read them. To know which files are candidates a run reads every file, except one whose
 * stat (size, modification and change times, inode) is the one the entry's run recorded before it
 * read it: what that read found stands (passed over, binary, too large, not UTF-8). A file changed
 * within two seconds of that run is not recorded, so that a change in the same clock tick as the
 * stat is never taken for no change (git's index has the same care).
 *
 * A program a config describes (`--project`) reads what its types reach, through TypeScript: such a
 * run is decided afresh and not kept. Any failure to read an entry is a miss, and a failure to write
 * one costs the next run only its time (`saveEntry` says why).
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeIoFailure } from '../errors.js';
import { jsonPieces } from '../json-pieces.js';
import type { DiscoveredFile } from './discover.js';
import { DEFAULT_MAX_BYTES, READ_BATCH_FILES, readBytesSync } from './read.js';
import { bytesDigest, type ProbeKind, piecesDigest, probeAnswer, type ReadLog, readStateOf, recordReads } from './read-log.js';
import { type ParallelReadOptions, readSourcesParallel, type SourceFile } from './sources.js';

/** Bumped when an entry's layout or meaning changes. */
const FORMAT = 2;

/** An entry larger than this is not read (a cache of another tool, a mistake): the run decides afresh. */
const MAX_ENTRY_BYTES = 512 * 1024 * 1024;

/** A kept run: its key, what it read beyond the candidates, and what it decided (`value`, the command's own). */
export interface Entry<T> {
  readonly format: number;
  readonly key: string;
  readonly reads: readonly (readonly [string, string])[];
  readonly probes: readonly (readonly [string, string])[];
  readonly value: T;
  /**
   * What the run's read found of each file it was given, for a later run to take without reading
   * it again (`RunCache.readAhead`): the files' list (`base`), and per file, in order, a line
   * `size:mtime:ctime:inode:verdict` (verdict `p` passed over, `b` binary, `l` too large, `u` not
   * UTF-8), or an empty line (a candidate, an error, a file changed within seconds of the run);
   * the lines in chunks of a thousand, each chunk's lines joined by newlines.
   */
  readonly stats?: { readonly base: string; readonly records: readonly string[] };
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
function entryFile(dir: string, question: unknown): string {
  return join(dir, `run-${bytesDigest(JSON.stringify(question)).slice(0, 16)}.json`);
}

/** What every key of a run starts from: the format, civic-migrate's build, Node's version, the table's text, the question. */
function setupOf(question: unknown, table: string): string {
  const setup = piecesDigest();
  for (const piece of [
    String(FORMAT),
    buildId(),
    process.version,
    readStateOf(table, Number.MAX_SAFE_INTEGER),
    JSON.stringify(question),
  ])
    setup.add(piece);
  return setup.digest();
}

/** The key of a run (see the module's comment), from its setup (`setupOf`). */
function cacheKey(setup: string, parts: Omit<KeyParts, 'table'>): string {
  const key = piecesDigest();
  key.add(setup);
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

/** An entry file, parsed, when it can be read and is of this format (its key and value not yet checked). */
function readEntry(file: string): Partial<Entry<unknown>> | undefined {
  const read = readBytesSync(file, MAX_ENTRY_BYTES);
  if (read.kind !== 'bytes') return undefined;
  let entry: Partial<Entry<unknown>>;
  try {
    entry = JSON.parse(read.bytes.toString('utf8')) as Partial<Entry<unknown>>;
  } catch {
    return undefined;
  }
  return entry && typeof entry === 'object' && entry.format === FORMAT ? entry : undefined;
}

/** The entry, if it has the right key and a value `valid` takes; undefined otherwise. */
function checkEntry<T>(entry: Partial<Entry<unknown>>, key: string, valid: (value: unknown) => value is T): Entry<T> | undefined {
  if (entry.key !== key) return undefined;
  const pairs = (list: unknown) =>
    Array.isArray(list) && list.every((p) => Array.isArray(p) && p.length === 2 && p.every((x) => typeof x === 'string'));
  return pairs(entry.reads) && pairs(entry.probes) && valid(entry.value) ? (entry as Entry<T>) : undefined;
}

/**
 * Whether what the entry's run read beyond the candidates is as it was: each file in the same state,
 * and each place module resolution looked answering as it did (so each import resolves to the same file).
 */
function stillHolds(entry: Entry<unknown>, maxBytes: number): boolean {
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
export function saveEntry<T>(
  file: string,
  key: string,
  log: ReadLog,
  value: T,
  keepAtMost = MAX_ENTRIES,
  stats?: Entry<T>['stats'],
): string | undefined {
  const entry: Entry<T> = {
    format: FORMAT,
    key,
    reads: [...log.reads],
    probes: [...log.probes],
    value,
    ...(stats ? { stats } : {}),
  };
  const temp = `${file}.${process.pid}.tmp`;
  try {
    // The findings quote the code: readable by the user alone, as the code cache is.
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    // Piece by piece down to each finding (`value.findings`) and each chunk of stat records.
    writePieces(temp, jsonPieces(entry, 0, 3));
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

/**
 * Writes a new file (mode 0600) of pieces of text one after the other: a 100,000-file report's
 * entry is 10 MB, and as one string it was, with its bytes, a first run's peak memory.
 */
function writePieces(path: string, pieces: Iterable<string>): void {
  const fd = openSync(path, 'w', 0o600);
  try {
    for (const piece of pieces) {
      const bytes = Buffer.from(piece, 'utf8');
      for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
    }
  } finally {
    closeSync(fd);
  }
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
 * A file changed this recently before a run (its ctime) is read by the next run whatever its
 * stat says: a change within the file system's clock tick of the stat would not show in it.
 */
const SETTLED_MS = 2000;

/** Skip reasons a stat record may stand for, by letter. */
const VERDICTS = { b: 'binary', l: 'too-large', u: 'invalid-utf8' } as const;

/**
 * The files' stats, as numbers (a line of text per file, built from a template, is a rope of its
 * pieces, a few hundred bytes, until it is flattened): `size` is -1 until a regular file's stat is taken.
 */
class Stats {
  readonly size: Float64Array;
  readonly mtime: Float64Array;
  readonly ctime: Float64Array;
  readonly ino: Float64Array;

  /** `at`: a time before any of the files was read (a stat is a record only for a file settled by then). */
  constructor(
    n: number,
    readonly at: number,
  ) {
    this.size = new Float64Array(n).fill(-1);
    this.mtime = new Float64Array(n);
    this.ctime = new Float64Array(n);
    this.ino = new Float64Array(n);
  }

  /** Takes file `i`'s stat. */
  take(i: number, path: string): void {
    try {
      const s = statSync(path);
      if (!s.isFile()) return;
      this.size[i] = s.size;
      this.mtime[i] = s.mtimeMs;
      this.ctime[i] = s.ctimeMs;
      this.ino[i] = s.ino;
    } catch {
      // Not there any more: read, and said so by the read.
    }
  }

  /** File `i`'s stat as a record line starts (`size:mtime:ctime:inode`); undefined for what is not a regular file. */
  line(i: number): string | undefined {
    const size = this.size[i] as number;
    return size < 0 ? undefined : `${size}:${this.mtime[i]}:${this.ctime[i]}:${this.ino[i]}`;
  }

  /**
   * Whether file `i` had settled before the run read it: unchanged since two seconds before `at`.
   * Then what the read found is what it holds as its stat says, whenever the stat was taken (a
   * change after `at` gives a later ctime; one within the clock tick of a stat would not show).
   * The modification time too, for file systems whose ctime is not a change time (FAT's is the
   * creation time, and its modification time counts in steps of two seconds).
   */
  settled(i: number): boolean {
    const since = this.at - SETTLED_MS;
    return (this.size[i] as number) >= 0 && (this.ctime[i] as number) < since && (this.mtime[i] as number) < since;
  }
}

/** The letter a read outcome is kept as (undefined: a candidate or an error, read again every time). */
function verdictOf(source: SourceFile): string | undefined {
  if (source.kind === 'passed') return 'p';
  if (source.kind !== 'skipped') return undefined;
  return (Object.keys(VERDICTS) as (keyof typeof VERDICTS)[]).find((k) => VERDICTS[k] === source.reason);
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
  private readonly setup: string;
  /** The setup and the list of files, in order: what a stat record is valid for. */
  private readonly base: string;
  /** The key of the outcomes read ahead, or (a first run) the candidates as they were read. */
  private key: string | undefined;
  private seen: (readonly [string, string])[] = [];
  /** Each file's stat (before the read where an entry is kept, as it is read on a first run). */
  private stats: Stats | undefined;
  /** What the run's read found of each file (`verdictOf`), in order. */
  private verdicts: (string | undefined)[] = [];

  private constructor(
    dir: string,
    question: unknown,
    private readonly files: readonly DiscoveredFile[],
    private readonly parts: Omit<KeyParts, 'candidates' | 'table'>,
    table: string,
  ) {
    this.file = entryFile(dir, question);
    this.setup = setupOf(question, table);
    const base = piecesDigest();
    base.add(this.setup);
    for (const f of files) base.add(f.path);
    this.base = base.digest();
  }

  /** The cache of a run over `files` (in order). */
  static open(
    dir: string,
    question: unknown,
    files: readonly DiscoveredFile[],
    parts: Omit<KeyParts, 'candidates'>,
  ): RunCache | undefined {
    if (readStateOf(parts.table, Number.MAX_SAFE_INTEGER) === 'none') return undefined;
    return new RunCache(dir, question, files, { scripts: parts.scripts, configs: parts.configs }, parts.table);
  }

  /** The key of a run that read these candidates. */
  keyOf(candidates: Iterable<readonly [string, string]>): string {
    return cacheKey(this.setup, { ...this.parts, candidates });
  }

  /** When the run began, before any file was read. */
  private readonly opened = Date.now();

  /** Takes every file's stat, before any is read. */
  private statAll(): Stats {
    const stats = new Stats(this.files.length, this.opened);
    for (let i = 0; i < this.files.length; i++) stats.take(i, (this.files[i] as DiscoveredFile).path);
    this.stats = stats;
    return stats;
  }

  /**
   * Where an entry is kept, reads the files first (the calling thread reading a share beside the
   * reading thread: nothing is parsed meanwhile) and looks the entry up by the key of what it read:
   * the outcomes in their batches, how many files were read, and the entry when it holds. A file
   * whose stat is the one the entry's run recorded (size, times, inode; settled before that run) is
   * not read again: what that run's read found of it stands. Undefined where no entry is kept (a
   * first run, a new question): the run reads and parses as without a cache.
   */
  async readAhead<T>(
    read: ParallelReadOptions,
    valid: (value: unknown) => value is T,
  ): Promise<{ readonly read: (readonly SourceFile[])[]; readonly reread: number; readonly entry?: Entry<T> } | undefined> {
    if (!existsSync(this.file)) return undefined;
    const raw = readEntry(this.file);
    const records =
      raw?.stats?.base === this.base && Array.isArray(raw.stats.records) && raw.stats.records.every((c) => typeof c === 'string')
        ? raw.stats.records.flatMap((c) => c.split('\n'))
        : undefined;
    const stats = this.statAll();
    const known = this.files.map((file, i): SourceFile | undefined => {
      const now = records?.[i] ? stats.line(i) : undefined;
      const record = records?.[i];
      if (now === undefined || record?.length !== now.length + 2 || !record.startsWith(`${now}:`)) return undefined;
      const bytes = stats.size[i] as number;
      const verdict = record.at(-1) as string;
      if (verdict === 'p') return { kind: 'passed', file, bytes };
      const reason = VERDICTS[verdict as keyof typeof VERDICTS];
      return reason ? { kind: 'skipped', file, reason, bytes } : undefined;
    });
    const again = this.files.filter((_, i) => known[i] === undefined);
    const fresh: SourceFile[] = [];
    for await (const batch of readSourcesParallel(again, { ...read, share: true })) for (const s of batch) fresh.push(s);
    let next = 0;
    const outcomes = known.map((k) => k ?? (fresh[next++] as SourceFile));
    const batches: (readonly SourceFile[])[] = [];
    for (let at = 0; at < outcomes.length; at += READ_BATCH_FILES) batches.push(outcomes.slice(at, at + READ_BATCH_FILES));
    this.key = this.keyOf(batches.flatMap(candidatesOf));
    const entry = raw && checkEntry(raw, this.key, valid);
    const holds = entry !== undefined && stillHolds(entry, read.maxBytes ?? DEFAULT_MAX_BYTES);
    if (holds) touchEntry(this.file);
    return { read: batches, reread: again.length, ...(holds ? { entry } : {}) };
  }

  /**
   * The run decides: from here on, what it reads beyond the candidates is noted. What to hand the
   * program's read: the outcomes read ahead (each batch let go as it is taken: what the program
   * keeps of a passed-over file is its size, not the record), or a hook collecting a first run's
   * candidates, verdicts and stats as they are read.
   */
  decide(ahead: { readonly read: (readonly SourceFile[])[] } | undefined): {
    read?: Iterable<readonly SourceFile[]>;
    onBatch?: (batch: readonly SourceFile[]) => void;
  } {
    this.log ??= recordReads();
    if (ahead) {
      this.verdicts = ahead.read.flatMap((batch) => batch.map(verdictOf));
      return { read: drain(ahead.read) };
    }
    // Each file's stat as its batch is read, spread over the read rather than in a burst before it:
    // `settled` keeps only the files unchanged since before the run, so a stat taken after the read
    // still says what the read found.
    const stats = new Stats(this.files.length, this.opened);
    this.stats = stats;
    return {
      onBatch: (batch) => {
        this.seen.push(...candidatesOf(batch));
        for (const source of batch) {
          const i = this.verdicts.length;
          this.verdicts.push(verdictOf(source));
          stats.take(i, source.file.path);
        }
      },
    };
  }

  /** Keeps what the run decided (noted reads and the files' stat records with it); undefined, or why it could not. */
  keep<T>(value: T): string | undefined {
    const log = this.log?.close();
    this.log = undefined;
    if (!log) return 'nothing was recorded';
    return saveEntry(this.file, this.key ?? this.keyOf(this.seen), log, value, MAX_ENTRIES, this.records());
  }

  /** The stat records of the files this run read (see `Entry.stats`); a file changed within seconds of the stat has none. */
  private records(): Entry<unknown>['stats'] {
    const { stats, verdicts } = this;
    if (!stats || verdicts.length !== this.files.length) return undefined;
    // Joined a thousand lines at a time: each line is a rope of its pieces until it is joined. The
    // chunks are kept as they are (written one by one: joined, they were 5 MB at 100,000 files).
    const chunks: string[] = [];
    for (let from = 0; from < verdicts.length; from += 1000) {
      const lines: string[] = [];
      for (let i = from; i < Math.min(from + 1000, verdicts.length); i++) {
        const verdict = verdicts[i];
        lines.push(verdict !== undefined && stats.settled(i) ? `${stats.line(i)}:${verdict}` : '');
      }
      chunks.push(lines.join('\n'));
    }
    return { base: this.base, records: chunks };
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
