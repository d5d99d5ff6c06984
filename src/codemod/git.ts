import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';

/** The top folder of the git work tree holding `dir`, or undefined (not in one, or no git). */
function workTreeOf(dir: string): string | undefined {
  const top = spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd: dir, encoding: 'utf8' });
  return top.status === 0 && !top.error ? top.stdout.trim() : undefined;
}

/** Changed, staged and untracked (not ignored) files of a work tree, as absolute paths. */
function uncommitted(root: string): string[] {
  const status = spawnSync('git', ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (status.status !== 0 || status.error) return [];
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
