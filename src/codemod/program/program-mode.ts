import { resolve } from 'node:path';
import type { ConfigUse } from '../../roles/analysis.js';
import type { ApiNode } from '../../roles/graph.js';
import type { TransformOptions, TransformResult, TypeErrorRecord } from '../types.js';
import type { Migrated } from './typecheck.js';

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
  /**
   * Files of the user's own code (absolute paths), not among the run's files (`given`: their
   * absolute paths, asked only by a configured program), that the API's data goes on into from the
   * run's files: what the run decides for its files assumes they are migrated too.
   */
  outsideOf(given: () => ReadonlySet<string>): readonly string[];
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
