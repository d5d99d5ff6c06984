import { relative, resolve, sep } from 'node:path';
import { loadMappings } from '../../mapping/load.js';
import type { Mappings } from '../../mapping/mappings.js';
import { analyzeRoles, type ConfigUse } from '../../roles/analysis.js';
import { type ConfigFile, ConfigSources } from '../../roles/config-sources.js';
import type { ApiNode } from '../../roles/graph.js';
import { codemodPrefilter, planFor } from '../plan.js';
import type { CodemodRunOptions, TypeErrorRecord } from '../run.js';
import { transformProgramFile } from '../transform.js';
import type { TransformOptions, TransformResult } from '../types.js';
import { findCivicMembers, type RenameLocation, renameLocations } from './civic-types.js';
import { programFacts } from './facts.js';
import { findProjectConfig, openProgram } from './project.js';
import { introducedTypeErrors, type Migrated } from './typecheck.js';

/** Program mode as the codemod's run sees it: per file, and for the whole migration. */
export interface ProgramMode {
  /** The config the program was opened from; undefined for a program inferred from the files (no config). */
  readonly configPath: string | undefined;
  /** The program's view of a file, or undefined when the program does not hold it (then the syntax decides). */
  fileOf(path: string): ProgramFile | undefined;
  /** The type errors the migrated files (by absolute real path) add to the program. */
  typeCheck(migrated: ReadonlyMap<string, Migrated>, cwd: string): TypeErrorRecord[];
  /** How the program uses the URL values of a config file (absolute path): empty when it reads none of them. */
  configUsesOf(path: string): readonly ConfigUse[];
  /** GraphQL types the program fills with API objects, and whether it uses the API at all (for `.graphql` files). */
  graphql(): { readonly types: ReadonlyMap<string, ApiNode>; readonly usesApi: boolean };
}

/** The uses of config values, by the config file's absolute path. */
export function usesByFile(uses: readonly ConfigUse[]): (path: string) => readonly ConfigUse[] {
  const byFile = new Map<string, ConfigUse[]>();
  for (const use of uses) {
    const path = resolve(use.value.file.path);
    byFile.set(path, [...(byFile.get(path) ?? []), use]);
  }
  return (path) => byFile.get(resolve(path)) ?? [];
}

export interface ProgramFile {
  /** The program renames something in this file: it must be read even when its text shows no V1 token. */
  readonly hasRenames: boolean;
  /** Decides the file with the program's facts; undefined when its text is not the program's (then the syntax decides). */
  transform(text: string, options: TransformOptions): TransformResult | undefined;
}

/**
 * Opens program mode when the options or the target ask for it: `project` names a config, or
 * (unless `project: false`) the first target's folder or one above it up to `cwd` has one.
 * Finds the V1 Civic types of the whole program and every place that names their renamed members.
 */
export function openProgramMode(
  cwd: string,
  options: CodemodRunOptions,
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
