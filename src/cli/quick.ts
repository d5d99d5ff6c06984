import { findConfig, withConfig } from './config.js';
import { createContext, type Io } from './context.js';
import { explainCommand } from './explain.js';
import { printFailure } from './fail.js';

/**
 * The calls answered without building the command line: `explain SLUG` as typed, with at most the
 * config's `--mappings`. yargs and every other command's modules are a third of such a run; the bin
 * loads this module alone (dist/cli/quick.cjs) and the whole CLI only when it answers undefined.
 * The answer is the command's own handler's: `run` asks here first too, so both paths are one.
 */
export async function runQuick(argv: readonly string[], io: Io): Promise<number | undefined> {
  const [command, slug, ...rest] = argv;
  // `explain help` is the command's help, the parser's to print.
  if (command !== 'explain' || !slug || slug.startsWith('-') || slug === 'help' || rest.length > 0) return undefined;
  let args: string[];
  try {
    args = withConfig(argv, await findConfig(io.cwd));
  } catch {
    // The whole CLI says what is wrong with the config.
    return undefined;
  }
  const mappings = args.slice(2);
  if (mappings.length > 1 || (mappings.length === 1 && !mappings[0]?.startsWith('--mappings='))) return undefined;
  try {
    const context = await createContext(io, { ...(mappings[0] ? { mappings: mappings[0].slice('--mappings='.length) } : {}) });
    return await explainCommand.handler({ slug, json: false }, context);
  } catch (error) {
    return printFailure(error, io);
  }
}
