/**
 * `report --history`: V1 usage at past commits, for a picture of whether it is going down. Commits
 * are sampled evenly along the first-parent history (`--commits N`, `--since DATE`); each one's files
 * are read from git objects (`git ls-tree`, `git cat-file --batch`), never checked out: the working
 * tree, the index and HEAD stay as they are. Files are exported into a scratch folder and only the
 * files whose blob changed since the previous sample are scanned again; the others keep the findings
 * they had. The first sample starts from the report of the working tree (`current`): a file the same
 * at that commit, at HEAD and in the working tree keeps the findings the report gave it, so only the
 * files that differ are read from git and scanned. When the history holds a tsconfig/jsconfig (whose
 * program reads the files it includes), such a file is linked into the scratch folder from the
 * working tree: a symbolic link, never written through (a later sample unlinks before it writes).
 * The data flow across files is followed within the files scanned together, so a change in one file
 * that changes another's decisions is seen when that other file changes too.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CivicMigrateError } from '../errors.js';
import type { Mappings } from '../mapping/mappings.js';
import type { Finding, HistoryPoint } from './finding.js';

export type { HistoryPoint } from './finding.js';

import { findV1Usage } from './find.js';

export interface HistoryOptions {
  /** Where the report runs: the repository's folder (or one below it: only that folder's files count). */
  readonly cwd: string;
  readonly mappings: Mappings;
  /** How many commits to sample (default 30), evenly over the first-parent history, the first and last included. */
  readonly commits?: number;
  /** Only commits after this date (anything `git log --since` takes). */
  readonly since?: string;
  readonly assumeCivic?: boolean;
  readonly include?: readonly string[];
  readonly exclude?: readonly string[];
  readonly maxBytes?: number;
  /**
   * The report of the working tree, made with the same options, and the files it read (`onRead`):
   * the first sample takes its findings for the files that have not changed since.
   */
  readonly current?: { readonly findings: readonly Finding[]; readonly files: ReadonlySet<string> };
}

class HistoryError extends CivicMigrateError {}

function git(cwd: string, args: string[], input?: Buffer | string): Buffer {
  try {
    return execFileSync('git', args, { cwd, input, maxBuffer: 1 << 30, stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? '')
      .trim()
      .split('\n')[0];
    const code = (error as NodeJS.ErrnoException).code;
    throw new HistoryError(
      code === 'ENOENT'
        ? '--history: git is not installed (or not on PATH)'
        : `--history: git ${args[0]} failed${stderr ? `: ${stderr}` : ''}`,
    );
  }
}

/** `count` evenly spaced items of `list`, the first and the last included, in order. */
export function evenly<T>(list: readonly T[], count: number): T[] {
  if (list.length <= count) return [...list];
  if (count <= 1) return list.length ? [list.at(-1) as T] : [];
  const picked = new Set<number>();
  for (let i = 0; i < count; i++) picked.add(Math.round((i * (list.length - 1)) / (count - 1)));
  return [...picked].sort((a, b) => a - b).map((i) => list[i] as T);
}

interface Entry {
  readonly mode: string;
  readonly blob: string;
}

/** The regular files of a commit below the report's folder: path (relative to it) → mode and blob. */
function treeOf(cwd: string, commit: string): Map<string, Entry> {
  const out = new Map<string, Entry>();
  const text = git(cwd, ['ls-tree', '-r', '-z', commit, '--', '.']).toString('utf8');
  for (const line of text.split('\0')) {
    if (!line) continue;
    const tab = line.indexOf('\t');
    const [mode, type, blob] = line.slice(0, tab).split(' ') as [string, string, string];
    // Regular files only: symlinks (120000) and submodules (commit) are not text of this repository.
    if (type !== 'blob' || (mode !== '100644' && mode !== '100755')) continue;
    out.set(line.slice(tab + 1), { mode, blob });
  }
  return out;
}

interface Delta {
  readonly changed: Map<string, Entry>;
  readonly removed: string[];
}

/**
 * What changed below the report's folder between each pair of commits, in one `git diff-tree
 * --stdin` (a process per pair costs more than the diff): paths whose regular file is new or has
 * another blob (with it), and paths that are no longer a regular file.
 */
function changesAlong(cwd: string, pairs: readonly (readonly [string, string])[]): Delta[] {
  if (pairs.length === 0) return [];
  // A line of `--stdin` is a commit and the one it is compared with: `to from`. `--always`: a header
  // (the first commit of the line) for every pair, its changes after it.
  const input = pairs.map(([from, to]) => `${to} ${from}\n`).join('');
  const fields = git(cwd, ['diff-tree', '--stdin', '--always', '-r', '-z', '--no-renames', '--relative', '--', '.'], input)
    .toString('utf8')
    .split('\0');
  const deltas: Delta[] = [];
  for (let i = 0; i < fields.length; ) {
    const field = fields[i] as string;
    if (field === '') {
      i++;
      continue;
    }
    if (!field.startsWith(':')) {
      deltas.push({ changed: new Map(), removed: [] });
      i++;
      continue;
    }
    const delta = deltas.at(-1);
    const path = fields[i + 1];
    if (delta === undefined || path === undefined)
      throw new HistoryError('--history: git diff-tree answered in a form not understood');
    const [, mode, , blob] = field.slice(1).split(' ') as [string, string, string, string, string];
    const regular = mode === '100644' || mode === '100755';
    if (regular && !/^0+$/.test(blob)) delta.changed.set(path, { mode, blob });
    else delta.removed.push(path);
    i += 2;
  }
  if (deltas.length !== pairs.length)
    throw new HistoryError(`--history: git diff-tree answered for ${deltas.length} of ${pairs.length} pairs of commits`);
  return deltas;
}

/**
 * The paths below the report's folder that are not the same at a commit, at HEAD and in the working
 * tree: what changed from the commit to HEAD (`since`), and tracked files edited, staged, added or
 * deleted since HEAD (`git diff HEAD`).
 */
function differFrom(cwd: string, since: Delta): Set<string> {
  const differ = new Set([...since.changed.keys(), ...since.removed]);
  for (const path of git(cwd, ['diff', '--name-only', '-z', '--no-renames', '--relative', 'HEAD', '--', '.'])
    .toString('utf8')
    .split('\0'))
    if (path) differ.add(path);
  return differ;
}

/** The scratch folder, in the temporary folder. */
function scratchFolder(): string {
  return mkdtempSync(join(tmpdir(), 'civic-migrate-history-'));
}

/** The configs that make a scan open a program (`findProjectConfig`). */
const PROGRAM_CONFIG = /(?:^|\/)[tj]sconfig\.json$/;

/** Removes the scratch folder: with `rm -rf` where there is one (twice as fast as Node's for 20,000 files), else Node's. */
function removeFolder(folder: string): void {
  if (process.platform !== 'win32') {
    try {
      execFileSync('rm', ['-rf', '--', folder], { stdio: 'ignore' });
      return;
    } catch {
      // Node's below.
    }
  }
  rmSync(folder, { recursive: true, force: true });
}

/**
 * A working-tree file in the scratch folder: a symbolic link to it, or a copy where links cannot be
 * made. Not a hard link: that changes the file's inode (its change time, which git's index keeps,
 * so the next `git status` would hash every linked file again).
 */
function linkInto(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  try {
    symlinkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

/** Blob contents by id, read in one `git cat-file --batch`. */
function readBlobs(cwd: string, ids: readonly string[]): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  if (ids.length === 0) return out;
  const data = git(cwd, ['cat-file', '--batch'], `${ids.join('\n')}\n`);
  let at = 0;
  while (at < data.length) {
    const eol = data.indexOf(10, at);
    const [id, type, size] = data.subarray(at, eol).toString('utf8').split(' ');
    if (type !== 'blob' || id === undefined)
      throw new HistoryError(`--history: git cat-file answered ${type ?? 'nothing'} for ${id}`);
    const start = eol + 1;
    const end = start + Number(size);
    out.set(id, data.subarray(start, end));
    at = end + 1;
  }
  return out;
}

/** V1 usage at sampled past commits, oldest first. */
export async function reportHistory(options: HistoryOptions): Promise<HistoryPoint[]> {
  const { cwd } = options;
  const count = options.commits ?? 30;
  if (!Number.isInteger(count) || count < 1) throw new HistoryError('--commits must be a positive whole number');
  git(cwd, ['rev-parse', '--is-inside-work-tree']);
  const log = git(cwd, [
    'log',
    '--first-parent',
    '--reverse',
    '--format=%H%x1f%cI%x1f%s',
    ...(options.since ? [`--since=${options.since}`] : []),
    'HEAD',
  ])
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [commit, date, subject] = line.split('\x1f') as [string, string, string];
      return { commit, date, subject };
    });
  const sampled = evenly(log, count);
  const scratch = scratchFolder();
  try {
    // Each sample against the one before; with the working tree's report, the first against HEAD too.
    const head = log.at(-1)?.commit;
    const pairs = sampled.slice(1).map((s, i) => [(sampled[i] as { commit: string }).commit, s.commit] as const);
    const first = sampled[0];
    const withHead = options.current !== undefined && first !== undefined && head !== undefined;
    const deltas = changesAlong(cwd, withHead ? [[first.commit, head] as const, ...pairs] : pairs);
    const sinceFirst = withHead ? deltas.shift() : undefined;
    const firstTree = first === undefined ? new Map<string, Entry>() : treeOf(cwd, first.commit);
    // A scan reads only the files it is given, unless a tsconfig/jsconfig makes it open a program,
    // which reads what its config includes: then the files not scanned again must be there too.
    const programs = [firstTree, ...deltas.map((d) => d.changed)].some((tree) =>
      [...tree.keys()].some((path) => PROGRAM_CONFIG.test(path)),
    );
    /** Per file, the counts of its findings at the sample: kept until the file changes. */
    const kept = new Map<string, Counts>();
    const totals: Counts = { findings: 0, codemod: 0, person: 0 };
    const keep = (path: string, counts: Counts | undefined) => {
      const old = kept.get(path);
      if (old) for (const k of COUNT_KEYS) totals[k] -= old[k];
      if (counts) {
        kept.set(path, counts);
        for (const k of COUNT_KEYS) totals[k] += counts[k];
      } else kept.delete(path);
    };
    // The first sample: its whole tree, less what keeps the working tree report's findings.
    const firstDelta: Delta = { changed: firstTree, removed: [] };
    if (options.current && sinceFirst) {
      const { current } = options;
      const differ = differFrom(cwd, sinceFirst);
      const found = new Map<string, Finding[]>();
      for (const f of current.findings) found.set(f.file, [...(found.get(f.file) ?? []), f]);
      for (const path of firstTree.keys()) {
        if (differ.has(path) || !current.files.has(path)) continue;
        if (programs) linkInto(join(cwd, path), join(scratch, path));
        keep(path, countsOf(found.get(path) ?? []));
        firstTree.delete(path);
      }
    }
    const steps = first === undefined ? [] : [firstDelta, ...deltas];
    const blobs = blobLoader(
      cwd,
      steps.map((d) => [...d.changed.values()].map((e) => e.blob)),
    );
    const points: HistoryPoint[] = [];
    for (const [i, { commit, date, subject }] of sampled.entries()) {
      const delta = steps[i] as Delta;
      for (const path of delta.removed) {
        rmSync(join(scratch, path), { force: true });
        keep(path, undefined);
      }
      const changed = [...delta.changed];
      const contents = blobs(i);
      for (const [path, e] of changed) {
        const file = join(scratch, path);
        mkdirSync(dirname(file), { recursive: true });
        // Never written through: the file may be a link to the working tree's.
        rmSync(file, { force: true });
        writeFileSync(file, contents.get(e.blob) as Buffer);
        chmodSync(file, e.mode === '100755' ? 0o755 : 0o644);
      }
      if (changed.length > 0) {
        const result = await findV1Usage({
          cwd: scratch,
          paths: changed.map(([path]) => path),
          mappings: options.mappings,
          assumeCivic: options.assumeCivic ?? false,
          gitignore: false,
          ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}),
          ...(options.include?.length ? { include: options.include } : {}),
          ...(options.exclude?.length ? { exclude: options.exclude } : {}),
        });
        const byFile = new Map<string, Finding[]>(changed.map(([path]) => [path, []]));
        for (const f of result.findings) byFile.get(f.file)?.push(f);
        for (const [path, findings] of byFile) keep(path, countsOf(findings));
      }
      points.push({ commit, date, subject, ...totals, rescanned: changed.length });
    }
    return points;
  } finally {
    removeFolder(scratch);
  }
}

interface Counts {
  findings: number;
  codemod: number;
  person: number;
}

const COUNT_KEYS = ['findings', 'codemod', 'person'] as const;

function countsOf(findings: readonly Finding[]): Counts {
  let codemod = 0;
  let person = 0;
  for (const f of findings) {
    if (f.fixedBy === 'codemod') codemod++;
    else if (f.fixedBy === 'person') person++;
  }
  return { findings: findings.length, codemod, person };
}

/** What one `git cat-file --batch` may bring into memory before the samples that need it are written. */
const BLOB_BATCH_BYTES = 64 * 1024 * 1024;

/**
 * The blobs of sample `i`, read ahead for the samples after it in one `git cat-file --batch` as
 * long as their sizes (`--batch-check`) add up to at most BLOB_BATCH_BYTES: a process per sample
 * costs more than the reading.
 */
export function blobLoader(
  cwd: string,
  idsBySample: readonly (readonly string[])[],
  limit = BLOB_BATCH_BYTES,
): (i: number) => Map<string, Buffer> {
  const unique = [...new Set(idsBySample.flat())];
  const sizes = new Map<string, number>();
  if (unique.length > 0) {
    for (const line of git(cwd, ['cat-file', '--batch-check'], `${unique.join('\n')}\n`)
      .toString('utf8')
      .split('\n')) {
      const [id, type, size] = line.split(' ');
      if (id && type === 'blob') sizes.set(id, Number(size));
    }
  }
  let loaded = new Map<string, Buffer>();
  let upTo = -1;
  return (i) => {
    if (i > upTo) {
      const ids = new Set<string>();
      let bytes = 0;
      let j = i;
      for (; j < idsBySample.length; j++) {
        const more = (idsBySample[j] ?? []).filter((id) => !ids.has(id));
        const size = more.reduce((n, id) => n + (sizes.get(id) ?? 0), 0);
        if (j > i && bytes + size > limit) break;
        for (const id of more) ids.add(id);
        bytes += size;
      }
      loaded = readBlobs(cwd, [...ids]);
      upTo = j - 1;
    }
    return loaded;
  };
}
