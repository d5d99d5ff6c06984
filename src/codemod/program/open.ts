import { dirname, resolve, sep } from 'node:path';
import { loadMappings } from '../../mapping/load.js';
import type { Mappings } from '../../mapping/mappings.js';
import type { ConfigFile } from '../../roles/config-sources.js';
import { SCRIPT_FILE, VUE_FILE } from './file-kinds.js';
import type { ProgramMode } from './program-mode.js';
import { findProjectConfig } from './project.js';

/**
 * Opens program mode when the options or the target ask for it: `project` names a config, or
 * (unless `project: false`) the first target's folder or one above it up to `cwd` has one.
 * Finds the V1 Civic types of the whole program and every place that names their renamed members.
 * The program's modules (the compiler, the role engine) are loaded only then: a run without a
 * config never loads them here.
 */
export async function openProgramMode(
  cwd: string,
  options: {
    readonly project?: string | false;
    readonly paths?: readonly string[];
    readonly mappings?: Mappings;
    readonly maxBytes?: number;
  },
  files: readonly string[],
  configFiles: readonly ConfigFile[] = [],
): Promise<ProgramMode | undefined> {
  if (options.project === false) return undefined;
  const configPath = options.project ? resolve(cwd, options.project) : findProjectConfig(cwd, options.paths?.[0] ?? '.', files);
  if (!configPath) return undefined;
  // The Vue components below the config join the program as their virtual scripts (as `vue-tsc` reads them).
  const below = dirname(configPath) + sep;
  const own = files.filter((f) => resolve(f).startsWith(below) && !f.includes('/node_modules/'));
  const vue = own.filter((f) => VUE_FILE.test(f));
  // The modules that may register the app's global components, when a component names one.
  const scripts = own.filter((f) => SCRIPT_FILE.test(f));
  const { programMode } = await import('./mode.js');
  return programMode(configPath, options.mappings ?? loadMappings(), { files: configFiles, cwd }, vue, options.maxBytes, scripts);
}
