import { relative, resolve, sep } from 'node:path';
import { loadMappings } from '../../mapping/load.js';
import type { Mappings } from '../../mapping/mappings.js';
import { analyzeRoles } from '../../roles/analysis.js';
import { type ConfigFile, ConfigSources } from '../../roles/config-sources.js';
import { codemodPrefilter, planFor } from '../plan.js';
import { transformProgramFile } from '../transform.js';
import { findCivicMembers, type RenameLocation, renameLocations } from './civic-types.js';
import { programFacts } from './facts.js';
import { type ProgramMode, usesByFile } from './program-mode.js';
import { findProjectConfig, openProgram } from './project.js';
import { introducedTypeErrors } from './typecheck.js';

export type { ProgramFile, ProgramMode } from './program-mode.js';

/**
 * Opens program mode when the options or the target ask for it: `project` names a config, or
 * (unless `project: false`) the first target's folder or one above it up to `cwd` has one.
 * Finds the V1 Civic types of the whole program and every place that names their renamed members.
 */
export function openProgramMode(
  cwd: string,
  options: { readonly project?: string | false; readonly paths?: readonly string[]; readonly mappings?: Mappings },
  files: readonly string[],
  configFiles: readonly ConfigFile[] = [],
): ProgramMode | undefined {
  if (options.project === false) return undefined;
  const configPath = options.project ? resolve(cwd, options.project) : findProjectConfig(cwd, options.paths?.[0] ?? '.', files);
  if (!configPath) return undefined;
  return programMode(configPath, options.mappings ?? loadMappings(), { files: configFiles, cwd });
}

/** Program mode on the program a config describes (throws a `CivicMigrateError` naming a config that cannot be opened). */
export function programMode(
  configPath: string,
  mappings: Mappings,
  config: { files: readonly ConfigFile[]; cwd: string } = { files: [], cwd: process.cwd() },
): ProgramMode {
  const ctx = openProgram(configPath);
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
      const sourceFile = ctx.files.get(abs);
      if (!sourceFile) return undefined;
      const mine = renames.get(abs) ?? none;
      return {
        hasRenames: mine.length > 0 || roles.reached.has(sourceFile),
        transform: (text, transformOptions) =>
          transformProgramFile(text, abs, sourceFile, programFacts(ctx, sourceFile, mine, roles), transformOptions),
      };
    },
    configUsesOf,
    graphql: () => ({ types: roles.apiTypes(), usesApi: roles.reached.size > 0 }),
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
