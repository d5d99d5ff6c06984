/**
 * The report's cache (`report --cache`, `findV1Usage({ cache })`): the findings of the last run that
 * asked the same question, kept with everything they were decided from, so that a run where none
 * of it changed answers from the read alone (no parser, no program, no role engine).
 *
 * What a run asks (its `question`: the folder, the paths and patterns, the options) names one entry,
 * which the next run with that question replaces. The entry is valid for a run when its `key`
 * matches, a digest of:
 * - civic-migrate itself (its version and every file of its code, by size and modification time),
 *   Node's version and the mapping table's text;
 * - the question;
 * - the list of TS/JS/Vue files found (which modules exist: what an import may reach);
 * - the config files that hold an API URL, and every candidate's text (each file the prefilter kept);
 * and when every file its run read beyond the candidates (`ReadLog`: a helper a tracked value reached,
 * the scripts searched for importers, a component's package.json) is still as it was read, and every
 * place module resolution looked answers as it did (so every import resolves to the same file). The files the prefilter passed over
 * hold no V1 token: what they are is checked only where a decision read them.
 *
 * A program a config describes (`--project`) reads what its types reach, through TypeScript: such a
 * run is decided afresh and not kept. Any failure to read an entry is a miss, and a failure to write
 * one costs the next run only its time (`saveEntry` says why).
 */
import { mkdirSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeIoFailure } from '../errors.js';
import { readBytesSync } from '../files/read.js';
import { bytesDigest, type ProbeKind, piecesDigest, probeAnswer, type ReadLog, readStateOf } from '../files/read-log.js';
import type { Finding } from './finding.js';

/** Bumped when an entry's layout or meaning changes. */
const FORMAT = 1;

/** An entry larger than this is not read (a cache of another tool, a mistake): the run decides afresh. */
const MAX_ENTRY_BYTES = 512 * 1024 * 1024;

/** What a run keeps of its decisions: its findings and the counts that come with them. */
export interface CachedFindings {
  readonly findings: readonly Finding[];
  readonly suppressed: number;
  readonly filesAffected: number;
  /** Candidates, with the files a program reached and read again. */
  readonly filesCandidate: number;
}

interface Entry {
  readonly format: number;
  readonly key: string;
  readonly reads: readonly (readonly [string, string])[];
  readonly probes: readonly (readonly [string, string])[];
  readonly report: CachedFindings;
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
  return join(dir, `report-${bytesDigest(JSON.stringify(question)).slice(0, 16)}.json`);
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

/** The entry of a question, if there is one that can be read and has the right key; undefined otherwise. */
export function loadEntry(file: string, key: string): Entry | undefined {
  const read = readBytesSync(file, MAX_ENTRY_BYTES);
  if (read.kind !== 'bytes') return undefined;
  let entry: Partial<Entry>;
  try {
    entry = JSON.parse(read.bytes.toString('utf8')) as Partial<Entry>;
  } catch {
    return undefined;
  }
  if (!entry || typeof entry !== 'object' || entry.format !== FORMAT || entry.key !== key) return undefined;
  const pairs = (list: unknown) =>
    Array.isArray(list) && list.every((p) => Array.isArray(p) && p.length === 2 && p.every((x) => typeof x === 'string'));
  const report = entry.report as Partial<CachedFindings> | undefined;
  if (!pairs(entry.reads) || !pairs(entry.probes) || !report || !Array.isArray(report.findings)) return undefined;
  if (![report.suppressed, report.filesAffected, report.filesCandidate].every((n) => Number.isInteger(n))) return undefined;
  return entry as Entry;
}

/**
 * Whether what the entry's run read beyond the candidates is as it was: each file in the same state,
 * and each place module resolution looked answering as it did (so each import resolves to the same file).
 */
export function stillHolds(entry: Entry, maxBytes: number): boolean {
  for (const [path, state] of entry.reads) if (readStateOf(path, maxBytes) !== state) return false;
  for (const [at, answer] of entry.probes) {
    const split = at.indexOf('\0');
    if (probeAnswer(at.slice(0, split) as ProbeKind, at.slice(split + 1)) !== answer) return false;
  }
  return true;
}

/** Keeps a run's findings as its question's entry (atomically: a temporary file renamed). Undefined, or why it could not. */
export function saveEntry(file: string, key: string, log: ReadLog, report: CachedFindings): string | undefined {
  const entry: Entry = { format: FORMAT, key, reads: [...log.reads], probes: [...log.probes], report };
  const temp = `${file}.${process.pid}.tmp`;
  try {
    // The findings quote the code: readable by the user alone, as the code cache is.
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(temp, JSON.stringify(entry), { mode: 0o600 });
    renameSync(temp, file);
    return undefined;
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // not written
    }
    return describeIoFailure(error);
  }
}
