import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { CivicMigrateError } from '../errors.js';

/** Why git could not answer: the guard then refuses to write (it fails closed). */
export class GitUnavailableError extends CivicMigrateError {}

/** The nearest folder at or above `dir` with a `.git` entry (folder or file), or undefined. */
function repositoryAbove(dir: string): string | undefined {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, '.git'))) return d;
    if (dirname(d) === d) return undefined;
  }
}

/** First line of what git said, for a one-line message. */
const firstLine = (text: string | undefined) =>
  (text ?? '')
    .trim()
    .split('\n')[0]
    ?.replace(/^fatal:\s*/, '') ?? '';

const HOW = 'commit or check by hand, then pass --allow-dirty to write anyway';

/**
 * The top folder of the git work tree holding `dir`, or undefined when `dir` is in none (no
 * `.git` above it, or git says so). Throws `GitUnavailableError` when a repository is there but git
 * cannot answer (not installed, "dubious ownership", a broken repository): uncommitted work could
 * be lost, so the guard fails closed.
 */
function workTreeOf(dir: string): string | undefined {
  const repo = repositoryAbove(dir);
  if (repo === undefined) return undefined;
  const top = spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd: dir, encoding: 'utf8' });
  if (top.error) {
    const why = (top.error as NodeJS.ErrnoException).code === 'ENOENT' ? 'git is not installed' : top.error.message;
    throw new GitUnavailableError(
      `refusing to write: ${repo} is a git repository but ${why}, so uncommitted changes cannot be checked; ${HOW}`,
    );
  }
  if (top.status === 0) return top.stdout.trim();
  if (/not a git repository/i.test(top.stderr)) return undefined;
  throw new GitUnavailableError(
    `refusing to write: git cannot tell whether ${repo} has uncommitted changes (${firstLine(top.stderr) || `exit ${top.status}`}); ${HOW}`,
  );
}

/** Changed, staged and untracked (not ignored) files of a work tree, as absolute paths. */
function uncommitted(root: string): string[] {
  const status = spawnSync('git', ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (status.status !== 0 || status.error)
    throw new GitUnavailableError(
      `refusing to write: git status failed in ${root} (${firstLine(status.stderr) || status.error?.message || `exit ${status.status}`}); ${HOW}`,
    );
  return status.stdout
    .split('\0')
    .filter((entry) => entry.length >= 4)
    .map((entry) => join(root, entry.slice(3)));
}

/**
 * The files with uncommitted changes (modified, staged, untracked, not ignored) at or below the
 * given absolute real paths, relative to `cwd`, sorted. Each target is checked in the work tree
 * that holds it; targets outside any work tree have nothing to protect.
 */
export function dirtyFiles(cwd: string, targets: readonly string[]): string[] {
  const byTree = new Map<string, string[]>();
  // One `git rev-parse` per work tree, not per file: a folder inside a known tree is in it
  // (a nested repository below a known tree's top is taken for the outer one).
  const tops: string[] = [];
  for (const target of targets) {
    let dir = target;
    try {
      if (!statSync(target).isDirectory()) dir = dirname(target);
    } catch {
      dir = dirname(target);
    }
    let top = tops.find((t) => dir === t || dir.startsWith(t + sep));
    if (!top) {
      top = workTreeOf(dir);
      if (top) tops.push(top);
    }
    if (top) byTree.set(top, [...(byTree.get(top) ?? []), target]);
  }
  const dirty = new Set<string>();
  for (const [top, inTree] of byTree) {
    for (const abs of uncommitted(top)) {
      if (inTree.some((t) => abs === t || abs.startsWith(t.endsWith(sep) ? t : t + sep))) {
        const rel = relative(cwd, abs);
        dirty.add(isAbsolute(rel) ? abs : rel.split(sep).join('/'));
      }
    }
  }
  return [...dirty].sort();
}
