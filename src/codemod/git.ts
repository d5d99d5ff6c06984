import { spawnSync } from 'node:child_process';
import { isAbsolute, join, relative, sep } from 'node:path';

/**
 * The files with uncommitted changes (modified, staged, untracked, not ignored) at or below the
 * given absolute paths, relative to `cwd`; undefined when `cwd` is not in a git work tree (or git
 * is missing): then there is nothing to protect.
 */
export function dirtyFiles(cwd: string, targets: readonly string[]): string[] | undefined {
  const top = spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd, encoding: 'utf8' });
  if (top.status !== 0 || top.error) return undefined;
  const root = top.stdout.trim();
  const status = spawnSync('git', ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (status.status !== 0 || status.error) return undefined;
  const dirty: string[] = [];
  for (const entry of status.stdout.split('\0')) {
    if (entry.length < 4) continue;
    const abs = join(root, entry.slice(3));
    if (targets.some((t) => abs === t || abs.startsWith(t.endsWith(sep) ? t : t + sep))) {
      const rel = relative(cwd, abs);
      dirty.push(isAbsolute(rel) ? abs : rel.split(sep).join('/'));
    }
  }
  return dirty.sort();
}
