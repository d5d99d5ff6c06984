import { readFileSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import type { ts as TsNamespace } from 'ts-morph';
import { DEFAULT_MAX_BYTES, textSkipReason } from '../../files/read.js';
import type { Mappings } from '../../mapping/mappings.js';
import { analyzeRoles, type RoleAnalysis } from '../../roles/analysis.js';
import { type ConfigFile, ConfigSources } from '../../roles/config-sources.js';
import { type InferredProgram, inferredProgram } from '../../roles/inferred.js';
import { globalComponents } from '../../vue/registrations.js';
import { planFor } from '../plan.js';
import { transformProgramFile, transformProgramVue } from '../transform.js';
import { findCivicMembers, renameLocations } from './civic-types.js';
import { Components } from './components.js';
import { programFacts } from './facts.js';
import { SCRIPT_FILE, VUE_FILE } from './file-kinds.js';
import { type ProgramMode, usesByFile } from './program-mode.js';

export { SCRIPT_FILE } from './file-kinds.js';

/** How many times the program may grow toward the files a tracked value reaches. */
const MAX_ROUNDS = 6;

/**
 * Program mode without a config, as an editor does for loose JavaScript: an inferred program over
 * the TS/JS files that show V1 usage (`candidates`: their texts as read), grown toward the files a
 * tracked value reaches (a function it is passed to in a module the program does not hold yet, the
 * importers of a module whose exports carry it), round by round; `files` are the files the run
 * may take in. Undefined when no TS/JS file shows V1 usage.
 */
export function inferredProgramMode(
  mappings: Mappings,
  candidates: ReadonlyMap<string, string>,
  files: readonly string[],
  maxBytes = DEFAULT_MAX_BYTES,
  parsed: ReadonlyMap<string, TsNamespace.SourceFile> = new Map(),
  config: { files: readonly ConfigFile[]; cwd: string } = { files: [], cwd: process.cwd() },
): ProgramMode | undefined {
  const plan = planFor(mappings);
  const scripts = files.filter((f) => SCRIPT_FILE.test(f) && !f.endsWith('.d.ts')).map((f) => resolve(f));
  const vue = new Set(files.filter((f) => VUE_FILE.test(f)).map((f) => resolve(f)));
  const known = new Set(scripts);
  // A component joins the program as its virtual script.
  const components = new Components(() => globalComponents(scripts, (path) => readBytes(path, maxBytes)?.toString('utf8')));
  const texts = new Map<string, string>();
  /** Puts a file's text (as read) where the program reads it. */
  const put = (into: Map<string, string>, abs: string, text: string): void => {
    if (known.has(abs)) into.set(abs, text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    const virtual = vue.has(abs) ? components.add(abs, text) : undefined;
    if (virtual) into.set(virtual.name, virtual.code);
  };
  for (const [path, text] of candidates) put(texts, resolve(path), text);
  // Code that reads a config file holding an API URL is part of the program, whatever its text shows.
  const have = (path: string) => texts.has(components.nameOf(path));
  for (const [path, text] of configReaders(config.files, [...scripts, ...vue], have, maxBytes)) put(texts, path, text);
  if (texts.size === 0) return undefined;

  const parsedByPath = new Map([...parsed].map(([path, sf]) => [resolve(path), sf]));
  let program: InferredProgram = inferredProgram(texts, parsedByPath);
  let sources: ConfigSources | undefined;
  const analyze = () => {
    // Evidence in a component's virtual script names the component.
    components.register(program.files);
    if (config.files.length > 0) sources = new ConfigSources(program.ts, config.files, config.cwd);
    return analyzeRoles(program, mappings, undefined, sources);
  };
  let roles: RoleAnalysis = analyze();
  let importers: Importers | undefined;
  for (let round = 1; round < MAX_ROUNDS; round++) {
    const more = new Map<string, string>();
    const take = (path: string) => {
      const name = components.nameOf(path);
      if (program.files.has(name) || more.has(name)) return;
      const bytes = (known.has(path) || vue.has(path)) && readBytes(path, maxBytes);
      if (bytes) put(more, path, bytes.toString('utf8'));
    };
    for (const path of roles.wanted) take(resolve(path));
    if (roles.exporting.size > 0) {
      importers ??= importerIndex(program, [...scripts, ...vue], maxBytes);
      for (const sf of roles.exporting) for (const path of importers.of(components.fileOf(resolve(sf.fileName)))) take(path);
    }
    if (more.size === 0) break;
    program = program.withFiles(more);
    roles = analyze();
  }
  const decided = roles;
  const view = program;
  // Declared types (TS, JSDoc) are evidence here too: their V1 members, and every place that names them.
  const renames = renameLocations(view, findCivicMembers(view, plan));
  return {
    configPath: undefined,
    fileOf(path) {
      const abs = resolve(path);
      const name = components.nameOf(abs);
      const sourceFile = view.files.get(name);
      if (!sourceFile) return undefined;
      const facts = () => programFacts(view, sourceFile, renames.get(name) ?? [], decided);
      return {
        hasRenames: decided.reached.has(sourceFile) || renames.has(name),
        transform: (text, options) =>
          components.has(abs)
            ? transformProgramVue(text, sourceFile, facts(), options, components.virtualOf(abs, text))
            : transformProgramFile(text, abs, sourceFile, facts(), options),
      };
    },
    typeCheck: () => [],
    configUsesOf: usesByFile(decided.configUses()),
    graphql: () => ({ types: decided.apiTypes(), usesApi: decided.reached.size > 0 }),
  };
}

/**
 * The script files and components, outside the program, that name a config file's API URL value: an env
 * variable's name beside `process.env` or `import.meta.env`, a JSON or YAML file's name. Read only
 * when some config file holds an API URL.
 */
function configReaders(
  files: readonly ConfigFile[],
  scripts: readonly string[],
  have: (path: string) => boolean,
  maxBytes: number,
): Map<string, string> {
  const out = new Map<string, string>();
  if (files.length === 0) return out;
  const envKeys = files.flatMap((f) => (f.tree.format === 'env' ? f.tree.entries.map((e) => String(e.path[0])) : []));
  const names = files.filter((f) => f.tree.format !== 'env').map((f) => basename(f.path));
  for (const path of scripts) {
    if (have(path)) continue;
    const bytes = readBytes(path, maxBytes);
    if (!bytes) continue;
    const text = bytes.toString('utf8');
    const env = (text.includes('process.env') || text.includes('import.meta.env')) && envKeys.some((k) => text.includes(k));
    if (env || names.some((n) => text.includes(n))) out.set(path, text);
  }
  return out;
}

/** A regular file's bytes within the size limit, when they are text; undefined otherwise (never opens a FIFO or a device). */
export function readBytes(path: string, maxBytes: number): Buffer | undefined {
  try {
    const stat = statSync(path);
    if (!stat.isFile() || stat.size > maxBytes) return undefined;
    const bytes = readFileSync(path);
    return textSkipReason(bytes, maxBytes) ? undefined : bytes;
  } catch {
    return undefined;
  }
}

interface Importers {
  of(path: string): readonly string[];
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"\n]*)\1/g;

/**
 * Which files import which, among the TS/JS files of the tree: their relative import specifiers
 * (`import … from`, `import()`, `require()`), resolved as the program resolves them. Built once,
 * and only when a module's exports carry a tracked value.
 */
function importerIndex(program: InferredProgram, scripts: readonly string[], maxBytes: number): Importers {
  const { ts } = program;
  const options = program.program.getCompilerOptions();
  const byTarget = new Map<string, string[]>();
  for (const path of scripts) {
    const bytes = readBytes(path, maxBytes);
    if (!bytes) continue;
    const text = bytes.toString('utf8');
    for (const match of text.matchAll(SPECIFIER)) {
      const specifier = match[2] as string;
      const resolved = ts.resolveModuleName(specifier, path, options, ts.sys).resolvedModule?.resolvedFileName;
      const target = resolved ? resolve(resolved) : resolveLoosely(specifier, path);
      if (!target) continue;
      const list = byTarget.get(target) ?? [];
      if (!list.includes(path)) list.push(path);
      byTarget.set(target, list);
    }
  }
  return { of: (path) => byTarget.get(path) ?? [] };
}

/** `require('./x')` from CommonJS without an extension: the file with one of the script extensions. */
function resolveLoosely(specifier: string, from: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  for (const suffix of ['', '.js', '.cjs', '.mjs', '.ts', '.jsx', '.tsx', '/index.js', '/index.ts']) {
    try {
      if (statSync(base + suffix).isFile()) return base + suffix;
    } catch {
      // not this one
    }
  }
  return undefined;
}
