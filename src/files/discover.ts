import type { Dirent } from 'node:fs';
import { accessSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { describeIoFailure, IoError, ioFailure, UsageError } from '../errors.js';
import { DEFAULT_MAX_BYTES, readInputFileSync } from './read.js';

/** Folders never walked into (unless named as a path): dependencies and build output. */
export const DEFAULT_SKIPPED_DIRS: readonly string[] = ['node_modules', 'dist', 'build', 'out', 'coverage', 'bower_components'];

export interface DiscoverOptions extends Omit<FileSelectionOptions, 'cwd' | 'maxBytes'> {
  /** Paths are resolved, and reported, relative to this folder. */
  readonly cwd: string;
  /** Keep only files with these extensions (without the dot); all files when absent. */
  readonly extensions?: readonly string[];
  /** With `extensions`: also keep files whose name matches (`.env`, `.env.local`: names without an extension of their own). */
  readonly names?: RegExp;
}

/** Which files a command works on: the selection options the codemod and the report share. */
export interface FileSelectionOptions {
  /** Paths are resolved, and reported, relative to this folder. Default: `process.cwd()`. */
  readonly cwd?: string;
  /** Files, folders or glob patterns (expanded here, not by the shell). Default: `.` */
  readonly paths?: readonly string[];
  /** gitignore-style patterns: when given, only matching files are kept. */
  readonly include?: readonly string[];
  /** gitignore-style patterns of files and folders to leave out. */
  readonly exclude?: readonly string[];
  /** Honour `.gitignore` files and `.git/info/exclude` (default true). */
  readonly gitignore?: boolean;
  /** Files larger than this are skipped and counted (default 2 MiB). */
  readonly maxBytes?: number;
}

export interface DiscoveredFile {
  /** Absolute path. */
  readonly path: string;
  /** Relative to `cwd`, `/`-separated (what reports and diffs show). */
  readonly rel: string;
}

export type SkipReason = 'gitignored' | 'excluded' | 'default-skip' | 'symlink-outside' | 'symlink-loop' | 'unreadable';

export interface Discovery {
  readonly files: DiscoveredFile[];
  /** How many entries were left out, by reason (folders count once). */
  readonly skipped: Record<SkipReason, number>;
  /** Folders or links that could not be read: `{ rel, message }`. */
  readonly errors: { rel: string; message: string }[];
}

/**
 * Of some files (absolute paths), those a run over its whole folder (`cwd`) with these selection
 * options would take: inside the folder, not in a folder every run skips (`DEFAULT_SKIPPED_DIRS`, a
 * dot-folder), not left out by `.gitignore`, `include` or `exclude`. A file the user left out is
 * not one to tell them to run on.
 */
export async function selectedAmong(
  files: readonly string[],
  options: Omit<DiscoverOptions, 'paths' | 'extensions' | 'names'>,
): Promise<string[]> {
  const out: string[] = [];
  for (const file of files) {
    const rel = relative(options.cwd, file);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) continue;
    const folders = rel.split(sep).slice(0, -1);
    if (folders.some((d) => d.startsWith('.') || DEFAULT_SKIPPED_DIRS.includes(d))) continue;
    try {
      if ((await discoverFiles({ ...options, paths: [rel] })).files.length > 0) out.push(file);
    } catch {
      // Gone since: nothing to tell.
    }
  }
  return out;
}

/** Every character fast-glob may read as a pattern (`*`, `?`, classes, braces, extglobs): a path without one is a plain path. */
const GLOB_CHARS = /[*?[\]{}()!+@]/;

const toPosix = (p: string) => (sep === '/' ? p : p.split(sep).join('/'));

interface IgnoreLayer {
  /** Absolute folder the patterns are relative to. */
  readonly base: string;
  readonly rules: Ignore;
}

/**
 * Lists the files below the given paths, sorted, with `.gitignore`, default skips, include and
 * exclude applied. Symlinks are followed only when they resolve inside one of the given paths,
 * and each real folder is walked once (no loops). A path that does not exist is an `IoError`.
 */
export async function discoverFiles(options: DiscoverOptions): Promise<Discovery> {
  const cwd = resolve(options.cwd);
  const useGitignore = options.gitignore ?? true;
  const extensions = options.extensions ? new Set(options.extensions.map((e) => e.toLowerCase())) : undefined;
  const include = options.include?.length ? ignore().add([...options.include]) : undefined;
  const exclude = options.exclude?.length ? ignore().add([...options.exclude]) : undefined;
  const skipped: Record<SkipReason, number> = {
    gitignored: 0,
    excluded: 0,
    'default-skip': 0,
    'symlink-outside': 0,
    'symlink-loop': 0,
    unreadable: 0,
  };
  const errors: { rel: string; message: string }[] = [];
  const found = new Map<string, DiscoveredFile>();
  const relOf = (abs: string) => toPosix(relative(cwd, abs)) || '.';

  // Expand the path arguments: globs through fast-glob, the rest as they are.
  const roots: string[] = [];
  const explicitFiles: string[] = [];
  for (const raw of options.paths?.length ? options.paths : ['.']) {
    // fast-glob is loaded for a pattern only: a hook's plain paths never pay for its start.
    const fg = GLOB_CHARS.test(raw) ? (await import('fast-glob')).default : undefined;
    if (fg?.isDynamicPattern(raw.replace(/\\/g, '/'))) {
      const matches = await fg(raw.replace(/\\/g, '/'), {
        cwd,
        absolute: true,
        dot: false,
        onlyFiles: true,
        followSymbolicLinks: false,
        ignore: DEFAULT_SKIPPED_DIRS.map((d) => `**/${d}/**`),
      });
      if (matches.length === 0) throw new UsageError(`no file matches the pattern "${raw}"`);
      explicitFiles.push(...matches.map((m) => resolve(m)));
      continue;
    }
    const abs = resolve(cwd, raw);
    let stat: import('node:fs').Stats;
    try {
      stat = statSync(abs);
    } catch (error) {
      // `.` names no folder in a message: its absolute path does.
      throw ioFailure(raw === '.' ? abs : raw, 'read', error);
    }
    if (stat.isDirectory()) roots.push(abs);
    else explicitFiles.push(abs);
  }

  const realRoots = roots.map((r) => {
    try {
      return realpathSync(r);
    } catch (error) {
      throw ioFailure(r, 'resolve', error);
    }
  });
  const insideRoots = (real: string) => realRoots.some((root) => real === root || real.startsWith(root + sep));

  // Files named directly are kept (extensions and include/exclude still apply, gitignore too).
  const gitignoreCache = new Map<string, Ignore | null>();
  const readIgnoreFile = async (file: string): Promise<Ignore | null> => {
    if (gitignoreCache.has(file)) return gitignoreCache.get(file) ?? null;
    let rules: Ignore | null = null;
    try {
      rules = ignore().add(
        readInputFileSync(file, 'ignore file', { maxBytes: DEFAULT_MAX_BYTES, name: relOf(file), onInvalidUtf8: () => {} }),
      );
    } catch (error) {
      // A missing file is no rules; one that cannot be read (a FIFO, too large) is said, never waited on.
      if (!(error instanceof IoError) || (error.cause as NodeJS.ErrnoException | undefined)?.code !== 'ENOENT')
        errors.push({ rel: relOf(file), message: error instanceof IoError ? error.detail : String(error) });
      rules = null;
    }
    gitignoreCache.set(file, rules);
    return rules;
  };
  /** The .gitignore layers that apply in `dir`: from the repository root (if any) down to `dir`. */
  const layerCache = new Map<string, Promise<IgnoreLayer[]>>();
  const ancestorLayers = (dir: string): Promise<IgnoreLayer[]> => {
    let layers = layerCache.get(dir);
    if (!layers) {
      layers = computeAncestorLayers(dir);
      layerCache.set(dir, layers);
    }
    return layers;
  };
  const computeAncestorLayers = async (dir: string): Promise<IgnoreLayer[]> => {
    if (!useGitignore) return [];
    const chain: string[] = [];
    let cur = dir;
    let repoRoot: string | undefined;
    for (;;) {
      chain.unshift(cur);
      try {
        accessSync(join(cur, '.git'));
        repoRoot = cur;
        break;
      } catch {}
      const parent = resolve(cur, '..');
      if (parent === cur) break;
      cur = parent;
    }
    const dirs = repoRoot ? chain : [dir];
    const layers: IgnoreLayer[] = [];
    if (repoRoot) {
      const info = await readIgnoreFile(infoExcludeOf(repoRoot));
      if (info) layers.push({ base: repoRoot, rules: info });
    }
    for (const d of dirs) {
      const rules = await readIgnoreFile(join(d, '.gitignore'));
      if (rules) layers.push({ base: d, rules });
    }
    return layers;
  };
  const ignoredBy = (layers: readonly IgnoreLayer[], abs: string, isDir: boolean): boolean => {
    for (const layer of layers) {
      const rel = toPosix(relative(layer.base, abs));
      if (!rel || rel.startsWith('..') || isAbsolute(rel)) continue;
      if (layer.rules.ignores(isDir ? `${rel}/` : rel)) return true;
    }
    return false;
  };
  const userFilter = (abs: string, isDir: boolean, known?: string): SkipReason | undefined => {
    if (!exclude && !include) return undefined;
    const rel = known ?? relOf(abs);
    if (rel === '.' || rel.startsWith('..')) return undefined;
    if (exclude?.ignores(isDir ? `${rel}/` : rel)) return 'excluded';
    if (!isDir && include && !include.ignores(rel)) return 'excluded';
    return undefined;
  };
  const keep = (abs: string, known?: string) => {
    if (extensions) {
      const dot = abs.lastIndexOf('.');
      const ext = dot > abs.lastIndexOf(sep) ? abs.slice(dot + 1).toLowerCase() : '';
      if (!extensions.has(ext) && !options.names?.test(abs.slice(abs.lastIndexOf(sep) + 1))) return;
    }
    // Where `rel` is the tail of `abs` (below `cwd`, on POSIX), it is sliced from it: a sliced string
    // shares `abs`'s characters (100,000 paths held twice were 7 MB), and slicing flattens `abs`
    // while it is young (a concatenation kept unflattened holds a 32-byte rope node per path).
    const rel =
      known !== undefined && sep === '/' && abs.length > known.length && abs.endsWith(known)
        ? abs.slice(abs.length - known.length)
        : (known ?? relOf(abs));
    found.set(abs, { path: abs, rel });
  };

  for (const file of explicitFiles) {
    const reason = userFilter(file, false);
    if (reason) {
      skipped[reason]++;
      continue;
    }
    if (ignoredBy(await ancestorLayers(resolve(file, '..')), file, false)) {
      skipped.gitignored++;
      continue;
    }
    keep(file);
  }

  const visited = new Set<string>();
  const walk = async (dir: string, real: string, layers: IgnoreLayer[]): Promise<void> => {
    if (visited.has(real)) {
      skipped['symlink-loop']++;
      return;
    }
    visited.add(real);
    let entries: Dirent[];
    try {
      // Synchronous: a tree holds thousands of small folders, and a thread-pool round trip per
      // folder costs more than the listing (about half the walk's time on 20,000 files).
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      skipped.unreadable++;
      errors.push({ rel: relOf(dir), message: `cannot list: ${describeIoFailure(error)}` });
      return;
    }
    let here = layers;
    if (useGitignore && entries.some((e) => e.name === '.gitignore' && !e.isDirectory())) {
      const rules = await readIgnoreFile(join(dir, '.gitignore'));
      if (rules && !layers.some((l) => l.base === dir)) here = [...layers, { base: dir, rules }];
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    // Below `cwd`, an entry's relative path is its folder's plus its name: no `path.relative` per
    // file. (A folder above `cwd`, walked for a path such as `..`, holds `cwd` itself: not there.)
    const dirRel = relOf(dir);
    const relBase = dirRel === '.' ? '' : dirRel.startsWith('..') ? undefined : `${dirRel}/`;
    const prefix = dir.endsWith(sep) ? dir : dir + sep;
    const subdirs: [string, string][] = [];
    for (const entry of entries) {
      const abs = prefix + entry.name;
      const rel = relBase === undefined ? undefined : relBase + entry.name;
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      let realPath: string | undefined;
      if (entry.isSymbolicLink()) {
        try {
          realPath = realpathSync(abs);
          const stat = statSync(realPath);
          isDir = stat.isDirectory();
          isFile = stat.isFile();
        } catch (error) {
          skipped.unreadable++;
          const code = (error as NodeJS.ErrnoException).code;
          const message =
            code === 'ENOENT' ? 'broken symlink: no such file' : `cannot resolve the symlink: ${describeIoFailure(error)}`;
          errors.push({ rel: relOf(abs), message });
          continue;
        }
        if (!insideRoots(realPath)) {
          skipped['symlink-outside']++;
          continue;
        }
      }
      // A `.git` file (a worktree's or a submodule's pointer to its git directory) is git's, not text to search.
      if ((isDir && (entry.name.startsWith('.') || DEFAULT_SKIPPED_DIRS.includes(entry.name))) || entry.name === '.git') {
        skipped['default-skip']++;
        continue;
      }
      if (!isDir && !isFile) continue;
      if (here.length > 0 && ignoredBy(here, abs, isDir)) {
        skipped.gitignored++;
        continue;
      }
      const reason = userFilter(abs, isDir, rel);
      if (reason) {
        skipped[reason]++;
        continue;
      }
      if (isDir) subdirs.push([abs, realPath ?? join(real, entry.name)]);
      else keep(abs, rel);
    }
    for (const [abs, realPath] of subdirs) await walk(abs, realPath, here);
  };
  for (let i = 0; i < roots.length; i++) {
    const root = roots[i] as string;
    await walk(root, realRoots[i] as string, await ancestorLayers(root));
  }

  const files = [...found.values()].sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  return { files, skipped, errors };
}

/**
 * The repository's `info/exclude`: in `.git/` for a plain clone; for a worktree or a submodule, whose
 * `.git` is a file (`gitdir: …`), in the git directory it names, or in that one's common directory
 * (`commondir`: a worktree shares its main repository's). Unreadable pointers mean no such file.
 */
function infoExcludeOf(repoRoot: string): string {
  const dotGit = join(repoRoot, '.git');
  try {
    if (!statSync(dotGit).isFile()) return join(dotGit, 'info', 'exclude');
    const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, 'utf8'));
    if (!pointer) return join(dotGit, 'info', 'exclude');
    const gitDir = resolve(repoRoot, pointer[1] as string);
    let common = gitDir;
    try {
      common = resolve(gitDir, readFileSync(join(gitDir, 'commondir'), 'utf8').trim());
    } catch {
      // No commondir: the git directory is its own (a submodule).
    }
    return join(common, 'info', 'exclude');
  } catch {
    return join(dotGit, 'info', 'exclude');
  }
}
