/**
 * `report --history`: V1 usage at past commits, for a picture of whether it is going down. Commits
 * are sampled evenly along the first-parent history (`--commits N`, `--since DATE`); each one's files
 * are read from git objects (`git ls-tree`, `git cat-file --batch`), never checked out: the working
 * tree, the index and HEAD stay as they are. Files are exported into a scratch folder and only the
 * files whose blob changed since the previous sample are scanned again; the others keep the findings
 * they had. (The data flow across files is followed within the files scanned together, so a change
 * in one file that changes another's decisions is seen when that other file changes too.)
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * What changed below the report's folder between two commits (`git diff-tree`): paths whose regular
 * file is new or has another blob (with it), and paths that are no longer a regular file.
 */
function changesBetween(cwd: string, from: string, to: string): { changed: Map<string, Entry>; removed: string[] } {
  const changed = new Map<string, Entry>();
  const removed: string[] = [];
  const fields = git(cwd, ['diff-tree', '-r', '-z', '--no-renames', '--relative', from, to, '--', '.'])
    .toString('utf8')
    .split('\0');
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const head = fields[i] as string;
    const path = fields[i + 1] as string;
    if (!head.startsWith(':')) break;
    const [, mode, , blob] = head.slice(1).split(' ') as [string, string, string, string, string];
    const regular = mode === '100644' || mode === '100755';
    if (regular && !/^0+$/.test(blob)) changed.set(path, { mode, blob });
    else removed.push(path);
  }
  return { changed, removed };
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
  const scratch = mkdtempSync(join(tmpdir(), 'civic-migrate-history-'));
  try {
    let previous: string | undefined;
    let kept = new Map<string, Finding[]>();
    const points: HistoryPoint[] = [];
    for (const { commit, date, subject } of sampled) {
      // The first sample's whole tree; then only what changed since the previous sample.
      const delta =
        previous === undefined ? { changed: treeOf(cwd, commit), removed: [] } : changesBetween(cwd, previous, commit);
      for (const path of delta.removed) {
        rmSync(join(scratch, path), { force: true });
        kept.delete(path);
      }
      const changed = [...delta.changed];
      const blobs = readBlobs(cwd, [...new Set(changed.map(([, e]) => e.blob))]);
      for (const [path, e] of changed) {
        const file = join(scratch, path);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, blobs.get(e.blob) as Buffer);
        chmodSync(file, e.mode === '100755' ? 0o755 : 0o644);
      }
      const next = new Map(kept);
      if (changed.length > 0) {
        for (const [path] of changed) next.set(path, []);
        const result = await findV1Usage({
          cwd: scratch,
          paths: changed.map(([path]) => path),
          mappings: options.mappings,
          assumeCivic: options.assumeCivic ?? false,
          gitignore: false,
          ...(options.include?.length ? { include: options.include } : {}),
          ...(options.exclude?.length ? { exclude: options.exclude } : {}),
        });
        for (const f of result.findings) next.get(f.file)?.push(f);
      }
      kept = next;
      previous = commit;
      const all = [...kept.values()].flat();
      points.push({
        commit,
        date,
        subject,
        findings: all.length,
        codemod: all.filter((f) => f.fixedBy === 'codemod').length,
        person: all.filter((f) => f.fixedBy === 'person').length,
        rescanned: changed.length,
      });
    }
    return points;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
