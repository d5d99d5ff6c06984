/**
 * Builds (once, then cached) a large tree of real JS/TS for the benchmarks: the project's own
 * `node_modules` JS/TS files, copied as `copy-NN/…` until the tree holds the requested number of
 * files, with V1 Civic Data API references appended to 1% of the `.js` files.
 *
 *   npx tsx bench/make-tree.ts            # bench/.work/tree/      (20,000 files)
 *   npx tsx bench/make-tree.ts --files 50000   # bench/.work/tree-50k/
 *
 * Folder names the file discovery skips by default (`node_modules`, `dist`, dot-folders…) are
 * renamed with a `_` prefix so that every copied file is seen. `bench/.work/` is gitignored, so
 * tools must walk the tree with `gitignore: false` (CLI: `--no-gitignore`).
 *
 * The cache key is a hash of the node_modules JS/TS files' paths and sizes (plus `LAYOUT_VERSION`
 * and the file count): the tree is rebuilt, with other content, whenever the dependencies change
 * (an `npm install`, another lockfile). Numbers measured before and after such a change are on
 * different trees: compare ratios measured in one run, or the absolute numbers on one tree.
 */
import { createHash } from 'node:crypto';
import { existsSync, promises as fs } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SKIPPED_DIRS } from '../src/files/discover.js';
import { loadMappings } from '../src/mapping/load.js';
import type { Mappings } from '../src/mapping/mappings.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = join(ROOT, 'node_modules');
const WORK = join(ROOT, 'bench', '.work');
const EXTENSIONS = new Set(['js', 'mjs', 'cjs', 'jsx', 'ts', 'tsx', 'mts', 'cts']);
/** Larger files are generated bundles; the tools skip files over 2 MiB anyway. */
const MAX_SOURCE_BYTES = 1024 * 1024;
/** Bump when the layout or the injected snippets change: the cached tree is rebuilt. */
const LAYOUT_VERSION = 1;

export interface BenchTree {
  /** Absolute path of the tree's root folder. */
  readonly root: string;
  /** Number of files in the tree. */
  readonly files: number;
  /** Tree-relative paths of the `.js` files that got V1 references appended. */
  readonly injected: readonly string[];
  /** Total size in bytes. */
  readonly bytes: number;
}

interface Manifest extends BenchTree {
  readonly version: number;
  readonly sourceHash: string;
}

/** `bench/.work/tree` for 20,000 files, `bench/.work/tree-50k` for 50,000, … */
export function treePath(files: number): string {
  return join(WORK, files === 20_000 ? 'tree' : `tree-${Math.round(files / 1000)}k`);
}

/** Returns the cached tree for `files` files, building it first when missing or stale. */
export async function ensureTree(files = 20_000, log: (line: string) => void = () => {}): Promise<BenchTree> {
  const root = treePath(files);
  const manifestFile = `${root}.manifest.json`;
  const sources = await listSources();
  const sourceHash = createHash('sha1')
    .update(sources.map((s) => `${s.rel}:${s.size}`).join('\n'))
    .digest('hex');
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(await fs.readFile(manifestFile, 'utf8')) as Manifest;
    if (
      manifest.version === LAYOUT_VERSION &&
      manifest.sourceHash === sourceHash &&
      manifest.files === files &&
      existsSync(root)
    ) {
      return { root, files: manifest.files, injected: manifest.injected, bytes: manifest.bytes };
    }
  }
  if (sources.length === 0) throw new Error(`no JS/TS files under ${SOURCE}: run npm ci first`);
  log(`building ${relative(ROOT, root)} (${files} files from ${sources.length} in node_modules)…`);
  await fs.rm(root, { recursive: true, force: true });
  await fs.rm(manifestFile, { force: true });

  const snippets = v1Snippets(loadMappings());
  const injected: string[] = [];
  let count = 0;
  let bytes = 0;
  let jsSeen = 0;
  const madeDirs = new Set<string>();
  for (let copy = 0; count < files; copy++) {
    for (const source of sources) {
      if (count >= files) break;
      const rel = `copy-${String(copy).padStart(2, '0')}/${safeRel(source.rel)}`;
      const target = join(root, ...rel.split('/'));
      const dir = dirname(target);
      if (!madeDirs.has(dir)) {
        await fs.mkdir(dir, { recursive: true });
        madeDirs.add(dir);
      }
      // Every 100th `.js` file gets V1 references appended: 1% of the `.js` files.
      if (source.rel.endsWith('.js') && jsSeen++ % 100 === 50) {
        const text = await fs.readFile(source.abs, 'utf8');
        const snippet = snippets[injected.length % snippets.length] as string;
        const out = `${text}${text.endsWith('\n') ? '' : '\n'}${snippet}`;
        await fs.writeFile(target, out);
        bytes += Buffer.byteLength(out);
        injected.push(rel);
      } else {
        await fs.copyFile(source.abs, target);
        bytes += source.size;
      }
      count++;
    }
  }
  const manifest: Manifest = { version: LAYOUT_VERSION, sourceHash, root, files: count, injected, bytes };
  await fs.writeFile(manifestFile, `${JSON.stringify(manifest)}\n`);
  log(`built ${relative(ROOT, root)}: ${count} files, ${(bytes / 1e6).toFixed(0)} MB, ${injected.length} with V1 references`);
  return { root, files: count, injected, bytes };
}

interface Source {
  readonly abs: string;
  /** Relative to node_modules, `/`-separated. */
  readonly rel: string;
  readonly size: number;
}

async function listSources(): Promise<Source[]> {
  const out: Source[] = [];
  const walk = async (dir: string): Promise<void> => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const abs = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '.bin') await walk(abs);
        continue;
      }
      if (!entry.isFile()) continue;
      const dot = entry.name.lastIndexOf('.');
      if (dot <= 0 || !EXTENSIONS.has(entry.name.slice(dot + 1))) continue;
      const { size } = await fs.stat(abs);
      if (size > MAX_SOURCE_BYTES) continue;
      out.push({ abs, rel: relative(SOURCE, abs).split(sep).join('/'), size });
    }
  };
  await walk(SOURCE);
  return out;
}

/** Renames the folders the discovery skips by default, so that the copy is walked. */
function safeRel(rel: string): string {
  const parts = rel.split('/');
  return parts
    .map((part, i) => (i < parts.length - 1 && (part.startsWith('.') || DEFAULT_SKIPPED_DIRS.includes(part)) ? `_${part}` : part))
    .join('/');
}

/** Realistic V1 integration code, built from the table's own slugs, endpoints and hosts. */
function v1Snippets(m: Mappings): string[] {
  const rules = [...m.byV1.values()];
  const renames = rules.filter((r) => r.kind === 'rename');
  const booleans = renames.filter((r) => m.v1FormatOf(r.v1) === 'Boolean');
  const consolidated = rules.filter((r) => r.kind === 'consolidate');
  const deleted = rules.filter((r) => r.kind === 'delete');
  const host = m.hosts[0] as string;
  const field = m.endpoints.find((e) => !e.v1.includes('{') && e.v2)?.v1 ?? '/v1/election/field/';
  const state = m.endpoints.find((e) => e.v1.includes('{state}') && e.v2)?.v1 ?? '/v1/election/data/state/{state}/';
  const [stateHead] = state.split('{state}');
  const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;
  const out: string[] = [];
  for (let i = 0; i < 8; i++) {
    const r = pick(renames, i);
    const b = pick(booleans, i);
    const c = pick(consolidated, i);
    const d = pick(deleted, i);
    out.push(
      [
        '',
        '// Appended by bench/make-tree.ts: V1 Civic Data API usage.',
        `;(function civicV1Bench${i}(global) {`,
        `  var API = 'https://${host}';`,
        `  function load(code) {`,
        `    return fetch(API + '${stateHead}' + code + '/').then(function (r) { return r.json(); });`,
        '  }',
        `  function fields() { return fetch(API + '${field}').then(function (r) { return r.json(); }); }`,
        '  function show(state) {',
        `    var byField = {};`,
        `    state.state_information.forEach(function (item) { byField[item.field_type] = item; });`,
        `    if (byField['${r.v1}']) console.log(byField['${r.v1}'].text);`,
        `    var ok = byField.${b.v1} && byField.${b.v1}.value;`,
        `    var gone = byField['${c.v1}'];`,
        `    return { ok: ok, gone: gone, old: state.${d.v1} };`,
        '  }',
        '  global.civicV1Bench = { load: load, fields: fields, show: show };',
        "})(typeof globalThis !== 'undefined' ? globalThis : this);",
        '',
      ].join('\n'),
    );
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const at = process.argv.indexOf('--files');
  const files = at === -1 ? 20_000 : Number(process.argv[at + 1]);
  if (!Number.isInteger(files) || files <= 0) throw new Error('--files takes a positive integer');
  const started = performance.now();
  const tree = await ensureTree(files, (line) => process.stderr.write(`${line}\n`));
  process.stdout.write(
    `${tree.root}: ${tree.files} files, ${(tree.bytes / 1e6).toFixed(0)} MB, ${tree.injected.length} with V1 references (${((performance.now() - started) / 1000).toFixed(1)} s)\n`,
  );
}
