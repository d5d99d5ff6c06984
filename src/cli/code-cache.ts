/**
 * V8's compiled code kept between runs, for the two large CommonJS files a run loads: the CLI's
 * bundle (dist/cli/bundle.cjs, ~1.4 MB) and ts-morph's TypeScript (~9 MB). Node 22 has a module
 * compile cache (`module.enableCompileCache`); Node 20 has not, so this is the same idea by hand,
 * measured in bench/startup.ts: compiling is a third of a short run.
 *
 * A file is compiled by `vm.Script` with the cached data of an earlier run; V8 checks the data
 * against its own version, flags and the source (a rejected cache is compiled anew and rewritten).
 * The cache is keyed by the file's path, size, modification time and inode, and Node's version and
 * architecture, so an edited or reinstalled file is never served another's code. It is written at
 * exit of a short run (`WRITE_WITHIN_MS`), so it holds what such a run compiled (the parser's
 * functions, not only the top level), once per key, atomically (a temporary file renamed). Any
 * failure to read or write it only costs the compile: the cache is a speed-up, never a dependency.
 *
 * Where: `$CIVIC_MIGRATE_CACHE_DIR`, else `$XDG_CACHE_HOME/civic-migrate`, else
 * `~/.cache/civic-migrate`; `CIVIC_MIGRATE_CACHE_DIR=off` turns it off.
 */

import { isAscii } from 'node:buffer';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import { basename, dirname, join } from 'node:path';
import { constants, Script } from 'node:vm';
import { fnv64 } from '../hash.js';

export { cacheDir } from './cache-dir.js';
export { helpWidth } from './width.js';

/** Files from this size up are worth a cache entry (TypeScript, the bundle); smaller ones compile in no time. */
export const CACHED_FROM_BYTES = 512 * 1024;

interface NodeModule {
  exports: unknown;
  filename: string;
  require(id: string): unknown;
}

interface ModuleInternals {
  wrap(source: string): string;
  prototype: { _compile(this: NodeModule, content: string, filename: string, format?: unknown): unknown };
  _extensions: Record<
    string,
    (this: unknown, module: NodeModule & { _compile(content: string, filename: string): unknown }, filename: string) => unknown
  >;
}

const internals = Module as unknown as ModuleInternals;

/** What identifies a file as it is now on disk (path, size, modification time, inode); undefined when it cannot be stat'ed. */
function statKey(filename: string): string | undefined {
  try {
    const s = statSync(filename);
    return `${filename}\0${s.size}\0${s.mtimeMs}\0${s.ino}`;
  } catch {
    return undefined;
  }
}

/** The cache file of one source file as it is now on disk (undefined when it cannot be stat'ed). */
function entryFor(dir: string, filename: string, variant: string): string | undefined {
  const file = statKey(filename);
  if (file === undefined) return undefined;
  const key = fnv64(`${file}\0${process.version}\0${process.arch}\0${variant}`);
  return join(dir, `${basename(filename)}.${variant ? `${variant}.` : ''}${key}.v8`);
}

function readCache(entry: string | undefined): Buffer | undefined {
  if (entry === undefined) return undefined;
  try {
    return readFileSync(entry);
  } catch {
    return undefined;
  }
}

/**
 * Writes an entry atomically (a temporary file renamed) and removes the entries of the directory it
 * replaces (`replaced`: the same file's other versions). Any failure costs the next run only what the
 * entry would have saved.
 */
function writeEntry(dir: string, entry: string, data: string | Buffer, replaced: (name: string) => boolean): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const temp = `${entry}.${process.pid}.tmp`;
    writeFileSync(temp, data, { mode: 0o600 });
    renameSync(temp, entry);
    const name = basename(entry);
    for (const other of readdirSync(dir)) if (other !== name && replaced(other)) unlinkSync(join(dir, other));
  } catch {
    // A cache is a speed-up, never a dependency.
  }
}

/** Writes a code cache entry, and drops the same file's older entries (other versions, other stats). */
function writeCache(dir: string, entry: string, data: Buffer): void {
  const name = basename(entry);
  const stem = name.slice(0, name.length - '.0123456789abcdef.v8'.length);
  writeEntry(
    dir,
    entry,
    data,
    (other) => other.startsWith(`${stem}.`) && /\.[0-9a-f]{16}\.v8$/.test(other) && other.length === name.length,
  );
}

/** The environment yargs reads its locale from: help in another language is another entry. */
const LOCALE_ENV = ['LC_ALL', 'LC_MESSAGES', 'LANG', 'LANGUAGE'] as const;

/**
 * Where the output of `--help` is kept for this build of the CLI (the bundle as it is on disk), this
 * width and this locale: the help depends on nothing else. Undefined when the bundle cannot be stat'ed.
 */
export function helpEntry(dir: string, bundle: string, width: number, env: NodeJS.ProcessEnv): string | undefined {
  const file = statKey(bundle);
  if (file === undefined) return undefined;
  const variant = fnv64(`${width}\0${LOCALE_ENV.map((k) => env[k] ?? '').join('\0')}`);
  return join(dir, `help.${fnv64(file)}.${variant}.txt`);
}

/** The help kept at an entry, or undefined. */
export function readHelp(entry: string): string | undefined {
  try {
    return readFileSync(entry, 'utf8');
  } catch {
    return undefined;
  }
}

/** Keeps the help at its entry (atomically), and drops what earlier builds kept. Failures cost only the next run's rendering. */
export function keepHelp(dir: string, entry: string, text: string): void {
  const build = basename(entry).split('.')[1];
  writeEntry(dir, entry, text, (other) => /^help\.[0-9a-f]{16}\.[0-9a-f]{16}\.txt$/.test(other) && other.split('.')[1] !== build);
}

/**
 * Only a run this short writes an entry. An entry holds the code of everything its run compiled,
 * and every later run of the command deserialises all of it: written by a report of 100,000 files
 * (the role engine, the codemod) it was 989 KB against 603 KB from a report of one .py file, and a
 * report of one .py file read with it took 1.45-1.51x `node -e 0` against 1.39-1.40x. A long run
 * gains little from an entry; the next short run writes one.
 */
const WRITE_WITHIN_MS = 2000;

/**
 * Compiles and runs a CommonJS module's source with the cached code of an earlier run, and keeps the
 * code at exit when there was none (or V8 rejected it).
 */
function compileCached(module: NodeModule, content: string, filename: string, dir: string | undefined, variant: string): void {
  const entry = dir === undefined ? undefined : entryFor(dir, filename, variant);
  const cachedData = readCache(entry);
  const script = new Script(internals.wrap(content), {
    filename,
    cachedData,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (dir !== undefined && entry !== undefined && (cachedData === undefined || script.cachedDataRejected === true)) {
    process.once('exit', () => {
      if (process.uptime() * 1000 <= WRITE_WITHIN_MS) writeCache(dir, entry, script.createCachedData());
    });
  }
  // A require of the file's own place, as Node gives a module (resolve, resolve.paths, cache).
  const require = Module.createRequire(filename);
  const run = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, require, module, filename, dirname(filename));
}

/**
 * A source file's text. Bundlers and TypeScript ship ASCII, and Node 20 decodes ASCII as Latin-1 in
 * a fraction of the time it takes as UTF-8 (9 MB of TypeScript: ~1 ms against ~110 ms here); any
 * other text is decoded as UTF-8, as Node's loader would.
 */
export function readSourceText(filename: string): string {
  const bytes = readFileSync(filename);
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/** Whether Node loads this `.js` file as CommonJS: its nearest package.json does not say `"type": "module"`. */
function isCommonJs(filename: string): boolean {
  for (let dir = dirname(filename); ; ) {
    let text: string | undefined;
    try {
      text = readFileSync(join(dir, 'package.json'), 'utf8');
    } catch {
      // No package.json here: look further up.
    }
    if (text !== undefined) {
      try {
        return (JSON.parse(text) as { type?: unknown }).type !== 'module';
      } catch {
        return false;
      }
    }
    const up = dirname(dir);
    if (up === dir) return true;
    dir = up;
  }
}

let hooked = false;

/**
 * From now on, CommonJS files of `CACHED_FROM_BYTES` or more (ts-morph's TypeScript) are read by
 * `readSourceText` and, with a cache directory, compiled with the code cache. Smaller files, and
 * anything that is not a CommonJS `.js` file, take Node's own path.
 */
export function loadLargeModulesFast(dir: string | undefined): void {
  if (hooked) return;
  hooked = true;
  const extensions = internals._extensions;
  const js = extensions['.js'];
  if (js === undefined) return;
  extensions['.js'] = function (module, filename) {
    let size: number;
    try {
      size = statSync(filename).size;
    } catch {
      return js.call(this, module, filename);
    }
    if (size < CACHED_FROM_BYTES || !isCommonJs(filename)) return js.call(this, module, filename);
    return module._compile(readSourceText(filename), filename);
  };
  if (dir === undefined) return;
  const compile = internals.prototype._compile;
  internals.prototype._compile = function (this: NodeModule, content: string, filename: string, format?: unknown) {
    // Node 20.19+ hands an ES module `require`d from CommonJS here too, as format 'module': Node's own.
    if (content.length < CACHED_FROM_BYTES || (format !== undefined && format !== 'commonjs'))
      return compile.call(this, content, filename, format);
    return compileCached(this, content, filename, dir, '');
  };
}

/**
 * Loads the CLI's bundle, with the code cache when there is a directory for it, one entry per command
 * (each keeps the functions its runs compile). Undefined when there is no bundle (a build without it).
 */
export function requireBundle(bundle: string, dir: string | undefined, command: string): unknown {
  let content: string;
  try {
    content = readSourceText(bundle);
  } catch {
    return undefined;
  }
  const module = new Module(bundle) as unknown as NodeModule & { paths: string[]; loaded: boolean };
  module.filename = bundle;
  module.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(dirname(bundle));
  compileCached(module, content, bundle, dir, command.replace(/[^a-z-]/g, '') || 'cli');
  module.loaded = true;
  return module.exports;
}
