import { basename, dirname, resolve, sep } from 'node:path';
import type { ts as TsNamespace } from 'ts-morph';
import { DEFAULT_MAX_BYTES, textSkipReason } from '../../files/read.js';
import { fileThere, noteProbe, readNoted, readNotedWithin } from '../../files/read-log.js';
import type { Mappings } from '../../mapping/mappings.js';
import { analyzeRoles, type RoleAnalysis } from '../../roles/analysis.js';
import { type ConfigFile, ConfigSources } from '../../roles/config-sources.js';
import type { ApiNode } from '../../roles/graph.js';
import { type InferredProgram, inferredOptions, inferredProgram } from '../../roles/inferred.js';
import { globalComponents } from '../../vue/registrations.js';
import { planFor } from '../plan.js';
import { transformProgramFile, transformProgramVue } from '../transform.js';
import type { TransformOptions, TransformResult } from '../types.js';
import { typescript } from '../typescript.js';
import { findCivicMembers, type RenameLocation, renameLocations } from './civic-types.js';
import { collector } from './collector.js';
import { Components } from './components.js';
import { programFacts } from './facts.js';
import { SCRIPT_FILE, VUE_FILE } from './file-kinds.js';
import { type ProgramFile, type ProgramMode, usesByFile } from './program-mode.js';

/** How many times the program may grow toward the files a tracked value reaches. */
const MAX_ROUNDS = 6;

/** Deciding a large inferred program in groups: what the run will ask of each file, decided while its group's program is open. */
export interface Grouping {
  readonly transformOptions: TransformOptions;
  /** Candidates' total text from which the program is decided in groups (`readWithProgram`'s `GROUP_FROM_BYTES`). */
  readonly fromBytes: number;
}

/** What every program of one run shares: the files it may take in, and what is found once among them. */
interface Inference {
  readonly mappings: Mappings;
  readonly maxBytes: number;
  readonly scripts: readonly string[];
  readonly vue: ReadonlySet<string>;
  readonly known: ReadonlySet<string>;
  readonly globals: () => ReadonlyMap<string, string>;
  readonly config: { files: readonly ConfigFile[]; cwd: string };
  importers?: Importers;
}

/** One program decided: its files, the role engine's analysis, the renames of declared types. */
interface Decided {
  readonly view: InferredProgram;
  readonly roles: RoleAnalysis;
  readonly renames: ReadonlyMap<string, readonly RenameLocation[]>;
  readonly components: Components;
  /** Files of the user's own code, outside the run's files, that the API's data goes on into (`outsideFiles`). */
  readonly outside: readonly string[];
}

/**
 * Program mode without a config, as an editor does for loose JavaScript: an inferred program over
 * the TS/JS files that show V1 usage (`candidates`: their texts as read), grown toward the files a
 * tracked value reaches (a function it is passed to in a module the program does not hold yet, the
 * importers of a module whose exports carry it), round by round; `files` are the files the run
 * may take in. Undefined when no TS/JS file shows V1 usage. With `grouping`, a program whose
 * candidates hold `fromBytes` of code or more is decided in groups, each file's answers kept
 * (see `decideInGroups`), when the groups are shown to be independent; else as one.
 */
export function inferredProgramMode(
  mappings: Mappings,
  candidates: ReadonlyMap<string, string>,
  files: readonly string[],
  maxBytes = DEFAULT_MAX_BYTES,
  parsed: ReadonlyMap<string, TsNamespace.SourceFile> = new Map(),
  config: { files: readonly ConfigFile[]; cwd: string } = { files: [], cwd: process.cwd() },
  grouping?: Grouping,
): ProgramMode | undefined {
  const scripts = files.filter((f) => SCRIPT_FILE.test(f) && !f.endsWith('.d.ts')).map(absolute);
  let found: ReadonlyMap<string, string> | undefined;
  const inference: Inference = {
    mappings,
    maxBytes,
    scripts,
    vue: new Set(files.filter((f) => VUE_FILE.test(f)).map(absolute)),
    known: new Set(scripts),
    globals: () => {
      found ??= globalComponents(scripts, (path) => readText(path, maxBytes));
      return found;
    },
    config,
  };
  let bytes = 0;
  for (const text of candidates.values()) bytes += text.length;
  if (grouping && config.files.length === 0 && bytes >= grouping.fromBytes) {
    const grouped = decideInGroups(inference, candidates, grouping);
    if (grouped) return grouped;
  }
  const decided = decide(inference, candidates, parsed);
  if (!decided) return undefined;
  const { roles } = decided;
  return {
    configPath: undefined,
    fileOf: (path) => programFile(decided, resolve(path)),
    typeCheck: () => [],
    configUsesOf: usesByFile(roles.configUses()),
    // The program could hold only the run's files: what it wanted beyond them.
    outsideOf: () => decided.outside,
    graphql: () => ({ types: roles.apiTypes(), usesApi: roles.reached.size > 0 }),
  };
}

/** One program over the candidates (and the code that reads a config file's API URL), grown round by round, decided. */
function decide(
  inference: Inference,
  candidates: ReadonlyMap<string, string>,
  parsed: ReadonlyMap<string, TsNamespace.SourceFile>,
): Decided | undefined {
  const { mappings, maxBytes, scripts, vue, known, config } = inference;
  // A component joins the program as its virtual script.
  const components = new Components(inference.globals);
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
  for (let round = 1; round < MAX_ROUNDS; round++) {
    const more = new Map<string, string>();
    const take = (path: string) => {
      const name = components.nameOf(path);
      if (program.files.has(name) || more.has(name)) return;
      const text = known.has(path) || vue.has(path) ? readText(path, maxBytes) : undefined;
      if (text !== undefined) put(more, path, text);
    };
    for (const path of roles.wanted) take(resolve(path));
    if (roles.exporting.size > 0) {
      inference.importers ??= importerIndex([...scripts, ...vue], maxBytes);
      for (const sf of roles.exporting)
        for (const path of inference.importers.of(components.fileOf(resolve(sf.fileName)))) take(path);
    }
    if (more.size === 0) break;
    program = program.withFiles(more);
    roles = analyze();
  }
  // Declared types (TS, JSDoc) are evidence here too: their V1 members, and every place that names them.
  const renames = renameLocations(program, findCivicMembers(program, planFor(mappings)));
  return { view: program, roles, renames, components, outside: outsideFiles(roles.wanted, program, inference, components) };
}

/**
 * The files a program wanted (the API's data goes on into a function or a value of theirs) and could
 * not take in because the run was not given them: a script or component of the user's own (not
 * under node_modules) that is there on disk. A run on `api.js` alone that passes an item to
 * `helper.js`'s `show`, which reads its `value`: the codemod renames the slug in `api.js`, and
 * `helper.js` would read V1's `value` of a V2 item (undefined) unless it is migrated too. Whether each
 * is there is noted for the run cache (a file added there later is another answer; what an import
 * resolves to is the tracker's, not noted: an import that resolves elsewhere later, such as from a
 * `.d.ts` to a new `.ts`, is not seen by a kept answer).
 */
function outsideFiles(
  wanted: ReadonlySet<string>,
  program: InferredProgram,
  inference: Inference,
  components: Components,
): string[] {
  const out: string[] = [];
  for (const path of [...wanted].map((p) => resolve(p))) {
    if (inference.known.has(path) || inference.vue.has(path) || program.files.has(components.nameOf(path))) continue;
    if (!(SCRIPT_FILE.test(path) || VUE_FILE.test(path)) || path.split(sep).includes('node_modules')) continue;
    if (fileThere(path)) out.push(path);
  }
  return out.sort();
}

/** A file (absolute path) as a decided program sees it, or undefined when the program does not hold it. */
function programFile(decided: Decided, abs: string): ProgramFile | undefined {
  const { view, roles, renames, components } = decided;
  const name = components.nameOf(abs);
  const sourceFile = view.files.get(name);
  if (!sourceFile) return undefined;
  const facts = () => programFacts(view, sourceFile, renames.get(name) ?? [], roles);
  return {
    hasRenames: roles.reached.has(sourceFile) || renames.has(name),
    transform: (text, options) =>
      components.has(abs)
        ? transformProgramVue(text, sourceFile, facts(), options, components.virtualOf(abs, text))
        : transformProgramFile(text, abs, sourceFile, facts(), options),
  };
}

/** What a group's program decided of one of its files, kept after the program is dropped. */
interface Kept {
  readonly hasRenames: boolean;
  /** The text it was decided from (as the run reads it) and what the codemod decided. */
  readonly text?: string;
  readonly result?: TransformResult | undefined;
}

/** A group decided: its program's files (absolute paths), what each file holds, and what its program says as a whole. */
interface GroupOutcome {
  readonly files: ReadonlyMap<string, Kept>;
  /** The top-level names its scripts (files that are no module) declare: every file of the program sees them. */
  readonly globalNames: ReadonlySet<string>;
  /** The files its program's files import (relative specifiers, resolved), held or not. */
  readonly imports: ReadonlySet<string>;
  readonly usesApi: boolean;
  readonly outside: readonly string[];
}

/**
 * A large inferred program decided in groups, one program open at a time, each file's answers
 * (`hasRenames`, the codemod's decisions with the run's options) kept as its group's program is
 * dropped. The candidates start in groups joined by their relative imports; after every group is
 * decided, groups are joined and decided again, until none is:
 * - whose programs hold a file in common (a value followed into a module another group holds: the
 *   rounds took it in, as they take in what one program would),
 * - where a file of one imports a file of the other (one program would resolve the import: a
 *   module re-exporting the API's function, imported by a file of another group),
 * - where one's scripts declare a top-level name the other's files spell (scripts share one scope).
 * Undefined, and the caller decides one program, when a group's data took a channel by name
 * between files (`RoleAnalysis.channels`: an event, the global object, web storage, a route, a
 * context), when a group fills GraphQL node types with the API's objects (a query of the type in any
 * file reads them), or when a file declares into the global scope from a module (`declare global`,
 * `declare module`): what links files there is not their imports, so a group alone may not be the
 * whole. Config files are left to one program by the caller.
 */
function decideInGroups(
  inference: Inference,
  candidates: ReadonlyMap<string, string>,
  grouping: Grouping,
): ProgramMode | undefined {
  const textOf = new Map([...candidates].map(([p, t]) => [resolve(p), t]));
  if ([...textOf.values()].some((t) => AMBIENT.test(t))) return undefined;
  const sets = new DisjointSets([...textOf.keys()]);
  for (const [from, text] of textOf) for (const target of importsOf(text, from)) if (textOf.has(target)) sets.join(from, target);
  const outcomes = new Map<string, GroupOutcome>();
  const collect = collector();
  // Now, so that V8 sizes the heap from what is live (tightly, under `readWithProgram`'s `savingMemory`) before the first group.
  collect(true);
  // A program of several groups holds an eighth of the code that makes a program large, at most
  // (none when every program is decided in groups, as the tests ask: each group is then its own).
  let pending = inBins(sets, textOf, grouping.fromBytes / 8);
  while (pending.length > 0) {
    for (const group of pending) {
      const outcome = decideGroup(inference, group, textOf, grouping);
      collect();
      if (!outcome) return undefined;
      outcomes.set(group[0] as string, outcome);
    }
    // Groups that must be one: a file in both programs, a file of one importing a file of the other,
    // or a script's name spelled in the other's files.
    const byFile = new Map<string, string>();
    const joined = new Set<string>();
    for (const [key, outcome] of outcomes)
      for (const file of outcome.files.keys()) {
        const other = byFile.get(file);
        if (other !== undefined && sets.find(other) !== sets.find(key)) joined.add(sets.join(other, key));
        byFile.set(file, key);
      }
    for (const [key, outcome] of outcomes)
      for (const target of outcome.imports) {
        const other = byFile.get(target);
        if (other !== undefined && sets.find(other) !== sets.find(key)) joined.add(sets.join(other, key));
      }
    const declaring = [...outcomes].filter(([, o]) => o.globalNames.size > 0);
    if (declaring.length > 0)
      for (const [key, outcome] of outcomes) {
        const spelled = identifiersIn([...outcome.files.keys()].map((f) => textOf.get(f) ?? readText(f, inference.maxBytes)));
        for (const [other, o] of declaring)
          if (sets.find(other) !== sets.find(key) && [...o.globalNames].some((n) => spelled.has(n)))
            joined.add(sets.join(other, key));
      }
    if (joined.size === 0) break;
    // The joined groups are decided again, as one each; the others stand.
    const roots = new Set([...joined].map((k) => sets.find(k)));
    for (const key of [...outcomes.keys()]) if (roots.has(sets.find(key))) outcomes.delete(key);
    pending = sets.groups().filter((g) => roots.has(sets.find(g[0] as string)));
  }
  const kept = new Map<string, Kept>();
  for (const outcome of outcomes.values()) for (const [file, k] of outcome.files) kept.set(file, k);
  const usesApi = [...outcomes.values()].some((o) => o.usesApi);
  return {
    configPath: undefined,
    fileOf(path) {
      const k = kept.get(resolve(path));
      if (!k) return undefined;
      return {
        hasRenames: k.hasRenames,
        // Decided with the run's options, from the text the run reads; another text is the syntax's to decide.
        transform: (text, options) => (text === k.text && sameOptions(options, grouping.transformOptions) ? k.result : undefined),
      };
    },
    typeCheck: () => [],
    configUsesOf: () => [],
    // No group fills a GraphQL type (else the program is decided as one).
    graphql: () => ({ types: new Map<string, ApiNode>(), usesApi }),
    outsideOf: () => [...new Set([...outcomes.values()].flatMap((o) => o.outside))].sort(),
  };
}

/** One group's program, decided, and what the run will ask of each of its files; undefined when the group is not the whole of its flows. */
function decideGroup(
  inference: Inference,
  group: readonly string[],
  textOf: ReadonlyMap<string, string>,
  grouping: Grouping,
): GroupOutcome | undefined {
  const candidates = new Map(group.map((p) => [p, textOf.get(p) as string]));
  const decided = decide(inference, candidates, new Map());
  if (!decided) return { files: new Map(), globalNames: new Set(), imports: new Set(), usesApi: false, outside: [] };
  // A channel by name, or GraphQL node types filled with the API's objects (every query of the type, in any file, reads them).
  if (decided.roles.channels.size > 0 || decided.roles.apiTypes().size > 0) return undefined;
  const { ts } = decided.view;
  const files = new Map<string, Kept>();
  const globalNames = new Set<string>();
  const imports = new Set<string>();
  for (const [name, sf] of decided.view.files) {
    if (AMBIENT.test(sf.text)) return undefined;
    for (const target of importsOf(sf.text, decided.components.fileOf(name))) imports.add(target);
    if (
      !sf.isDeclarationFile &&
      !ts.isExternalModule(sf) &&
      (sf as { commonJsModuleIndicator?: unknown }).commonJsModuleIndicator === undefined
    )
      for (const declared of (sf as { locals?: ReadonlyMap<string, unknown> }).locals?.keys() ?? []) globalNames.add(declared);
    const abs = decided.components.fileOf(name);
    const file = programFile(decided, abs);
    if (!file) continue;
    const candidate = candidates.has(abs);
    if (!candidate && !file.hasRenames) {
      files.set(abs, { hasRenames: false });
      continue;
    }
    // As the run will hand it to `transform`: a candidate's text as read, another file's read again from disk (as `readWithProgram` does).
    const text = candidate ? textOf.get(abs) : readText(abs, inference.maxBytes);
    const result = text === undefined ? undefined : file.transform(text, grouping.transformOptions);
    files.set(abs, { hasRenames: file.hasRenames, ...(text === undefined ? {} : { text, result }) });
  }
  return { files, globalNames, imports, usesApi: decided.roles.reached.size > 0, outside: decided.outside };
}

/**
 * The groups, packed in order into programs of up to `binBytes` of candidate code, each one set
 * from now on (decided together, they are joined as any groups one program decides: a later round
 * decides again the whole of it). One program decides as the one of every candidate does: the
 * groups are only what memory asks for, and most are one file of a few kilobytes, for which a
 * program each costs more than the file (on the 100,000-file tree, 572 groups took 10.9–11.0 s,
 * 25 programs of up to 128 KiB 9.2–9.4 s, the same findings; peak memory within the runs' spread).
 */
export function inBins(sets: DisjointSets, textOf: ReadonlyMap<string, string>, binBytes: number): string[][] {
  const bins: string[][] = [];
  let bytes = Number.POSITIVE_INFINITY;
  for (const group of sets.groups()) {
    const size = group.reduce((n, f) => n + (textOf.get(f)?.length ?? 0), 0);
    const bin = bins.at(-1);
    if (bin && bytes + size <= binBytes) {
      sets.join(bin[0] as string, group[0] as string);
      bin.push(...group);
      bytes += size;
    } else {
      bins.push([...group]);
      bytes = size;
    }
  }
  return bins;
}

/** A module that declares into the global scope, or declares a module by name: what it declares is seen by files that do not import it. */
const AMBIENT = /\bdeclare\s+(?:global\b|module\s+['"])/;

/** Whether two runs of the codemod decide alike. */
function sameOptions(a: TransformOptions, b: TransformOptions): boolean {
  return a.mappings === b.mappings && a.markers === b.markers && a.longName === b.longName && a.decisionsOnly === b.decisionsOnly;
}

/** The identifiers spelled in some texts. */
function identifiersIn(texts: readonly (string | undefined)[]): Set<string> {
  const out = new Set<string>();
  for (const text of texts) if (text) for (const m of text.matchAll(/[A-Za-z_$][\w$]*/g)) out.add(m[0]);
  return out;
}

/** Sets of paths, joined (union–find). */
export class DisjointSets {
  private readonly parent = new Map<string, string>();
  constructor(items: readonly string[]) {
    for (const item of items) this.parent.set(item, item);
  }
  find(item: string): string {
    let root = item;
    while (this.parent.get(root) !== root) root = this.parent.get(root) as string;
    this.parent.set(item, root);
    return root;
  }
  /** Joins the sets of two items; returns the root of the joined set. */
  join(a: string, b: string): string {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(rb, ra);
    return ra;
  }
  /** The sets, each in the items' order. */
  groups(): string[][] {
    const out = new Map<string, string[]>();
    for (const item of this.parent.keys()) {
      const root = this.find(item);
      const set = out.get(root);
      if (set) set.push(item);
      else out.set(root, [item]);
    }
    return [...out.values()];
  }
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
    const text = readText(path, maxBytes);
    if (text === undefined) continue;
    const env = (text.includes('process.env') || text.includes('import.meta.env')) && envKeys.some((k) => text.includes(k));
    if (env || names.some((n) => text.includes(n))) out.set(path, text);
  }
  return out;
}

/**
 * A path made absolute: the same string when it is already. Node's `resolve` builds a new string out
 * of the path's segments (a rope of a dozen pieces), and the run keeps one for each of the tree's
 * scripts: 60,000 of them held 30 MB that way on the 100,000-file tree.
 */
function absolute(path: string): string {
  const made = resolve(path);
  return made === path ? path : made;
}

/**
 * A regular file's text (UTF-8) within the size limit, as the run reads it; undefined when it is
 * not text or cannot be read (never opens a FIFO or a device).
 */
export function readText(path: string, maxBytes: number): string | undefined {
  const bytes = readNotedWithin(path, maxBytes);
  return bytes === undefined || textSkipReason(bytes, maxBytes) ? undefined : bytes.toString('utf8');
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
function importerIndex(scripts: readonly string[], maxBytes: number): Importers {
  const byTarget = new Map<string, string[]>();
  for (const path of scripts) {
    const text = readText(path, maxBytes);
    if (text === undefined) continue;
    for (const target of importsOf(text, path)) {
      const list = byTarget.get(target) ?? [];
      if (!list.includes(path)) list.push(path);
      byTarget.set(target, list);
    }
  }
  return { of: (path) => byTarget.get(path) ?? [] };
}

/**
 * The files a text imports by relative specifiers (`import … from`, `import()`, `require()`),
 * resolved as an inferred program resolves them (`./api.js` may be `api.ts`), else as CommonJS
 * finds a file without its extension. The importers of a module and the joins between groups
 * (`decideInGroups`) both ask this.
 */
function importsOf(text: string, from: string): string[] {
  const ts = typescript();
  const options = inferredOptions(ts);
  const host = probingHost(ts);
  const out: string[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[2] as string;
    const resolved = ts.resolveModuleName(specifier, from, options, host).resolvedModule?.resolvedFileName;
    const target = resolved ? absolute(resolved) : resolveLoosely(specifier, from);
    if (target) out.push(target);
  }
  return out;
}

let probing: TsNamespace.ModuleResolutionHost | undefined;

/**
 * TypeScript's file system for module resolution, telling the cache where it looked
 * (`noteProbe`, `noteRead`): an import resolves elsewhere only when one of those answers changes.
 */
function probingHost(ts: typeof TsNamespace): TsNamespace.ModuleResolutionHost {
  probing ??= {
    fileExists: (path) => {
      const there = ts.sys.fileExists(path);
      noteProbe('file', path, there ? '1' : '0');
      return there;
    },
    directoryExists: (path) => {
      const there = ts.sys.directoryExists(path);
      noteProbe('dir', path, there ? '1' : '0');
      return there;
    },
    realpath: (path) => {
      const real = ts.sys.realpath?.(path) ?? path;
      noteProbe('real', path, real);
      return real;
    },
    readFile: (path) => {
      const text = readNoted(path)?.toString('utf8');
      return text?.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    },
    getCurrentDirectory: () => ts.sys.getCurrentDirectory(),
  };
  return probing;
}

/** `require('./x')` from CommonJS without an extension: the file with one of the script extensions. */
function resolveLoosely(specifier: string, from: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  for (const suffix of ['', '.js', '.cjs', '.mjs', '.ts', '.jsx', '.tsx', '/index.js', '/index.ts'])
    if (fileThere(base + suffix)) return base + suffix;
  return undefined;
}
