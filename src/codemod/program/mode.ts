import { relative, resolve, sep } from 'node:path';
import type { ts as TsNamespace } from 'ts-morph';
import { DEFAULT_MAX_BYTES } from '../../files/read.js';
import type { Mappings } from '../../mapping/mappings.js';
import { analyzeRoles } from '../../roles/analysis.js';
import { type ConfigFile, ConfigSources } from '../../roles/config-sources.js';
import { globalComponents } from '../../vue/registrations.js';
import { codemodPrefilter, planFor } from '../plan.js';
import { transformProgramFile, transformProgramVue } from '../transform.js';
import { findCivicMembers, type RenameLocation, renameLocations } from './civic-types.js';
import { Components } from './components.js';
import { programFacts } from './facts.js';
import { readText } from './inferred-mode.js';
import { type ProgramMode, usesByFile } from './program-mode.js';
import { openProgram } from './project.js';
import { introducedTypeErrors } from './typecheck.js';

export type { ProgramFile, ProgramMode } from './program-mode.js';

/** A file of an installed package (under node_modules): not the user's own code. */
const ownedByPackage = (path: string): boolean => path.split(/[\\/]/).includes('node_modules');

/** Program mode on the program a config describes (throws a `CivicMigrateError` naming a config that cannot be opened). */
export function programMode(
  configPath: string,
  mappings: Mappings,
  config: { files: readonly ConfigFile[]; cwd: string } = { files: [], cwd: process.cwd() },
  /** Vue components the program holds too (paths). */
  vue: readonly string[] = [],
  maxBytes = DEFAULT_MAX_BYTES,
  /** Script files that may register the app's global components (paths). */
  scripts: readonly string[] = [],
): ProgramMode {
  const components = new Components(() => globalComponents(scripts, (path) => readText(resolve(path), maxBytes)));
  const virtual = new Map<string, string>();
  for (const path of vue) {
    const abs = resolve(path);
    // As the run reads files: a regular file within the size limit, text (a FIFO or a device is never opened).
    const text = readText(abs, maxBytes);
    const taken = text === undefined ? undefined : components.add(abs, text);
    if (taken) virtual.set(taken.name, taken.code);
  }
  const ctx = openProgram(configPath, virtual);
  components.register(ctx.files);
  const sources = config.files.length > 0 ? new ConfigSources(ctx.ts, config.files, config.cwd) : undefined;
  const plan = planFor(mappings);
  // Declared types are looked for everywhere, their members' names where V1 usage is; roles start
  // in the files that show V1 usage (the codemod's candidates) and go where they flow.
  const prefilter = codemodPrefilter(plan);
  const candidates = [...ctx.files.values()].filter((sf) => prefilter.isCandidate(sf.text));
  const renames = renameLocations(ctx, findCivicMembers(ctx, plan), candidates);
  const roles = analyzeRoles(ctx, mappings, candidates, sources);
  const configUsesOf = usesByFile(roles.configUses());
  const none: readonly RenameLocation[] = [];
  return {
    configPath,
    fileOf(path) {
      const abs = resolve(path);
      const name = components.nameOf(abs);
      const sourceFile = ctx.files.get(name);
      if (!sourceFile) return undefined;
      const mine = renames.get(name) ?? none;
      const facts = () => programFacts(ctx, sourceFile, mine, roles);
      return {
        hasRenames: mine.length > 0 || roles.reached.has(sourceFile),
        transform: (text, transformOptions) =>
          components.has(abs)
            ? transformProgramVue(text, sourceFile, facts(), transformOptions, components.virtualOf(abs, text))
            : transformProgramFile(text, abs, sourceFile, facts(), transformOptions),
      };
    },
    configUsesOf,
    graphql: () => ({ types: roles.apiTypes(), usesApi: roles.reached.size > 0 }),
    outsideOf(givenFiles) {
      const given = givenFiles();
      // TypeScript names files with `/`; the run's paths are the platform's.
      const pathOf = (sf: TsNamespace.SourceFile) => resolve(components.fileOf(sf.fileName));
      const isGiven = (sf: TsNamespace.SourceFile) => given.has(pathOf(sf));
      // The files not given that the whole program's data reaches; none (every run on the whole tree): nothing to ask.
      const reached = [...roles.reached].filter((sf) => !isGiven(sf) && !ownedByPackage(sf.fileName));
      if (reached.length === 0) return [];
      // Of those, what the data goes through on its way to or from the run's files.
      const linked = roles.linkedTo(new Set([...ctx.files.values()].filter(isGiven)));
      return reached
        .filter((sf) => linked.has(sf))
        .map(pathOf)
        .sort();
    },
    typeCheck(migrated, cwdForNames) {
      return introducedTypeErrors(ctx, migrated).map((e) => ({
        file: relative(cwdForNames, e.path).split(sep).join('/'),
        line: e.line,
        column: e.column,
        code: e.code,
        message: e.message,
      }));
    },
  };
}
