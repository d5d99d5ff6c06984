import { resolve } from 'node:path';
import type { Argv } from 'yargs';
import type { Mappings } from '../mapping/mappings.js';

/** Where a command reads and writes: the real process, or buffers in tests. */
export interface Io {
  readonly stdout: { write(chunk: string): unknown; readonly isTTY?: boolean };
  readonly stderr: { write(chunk: string): unknown; readonly isTTY?: boolean };
  readonly stdin: NodeJS.ReadableStream;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
}

/** What every command handler receives besides its arguments. */
export interface Context {
  readonly io: Io;
  /** The table: `--mappings FILE` when given, else the bundled one; validated on first use. */
  mappings(): Mappings;
}

export interface GlobalArgs {
  mappings?: string;
}

/**
 * One CLI command. Handlers return the exit code; they import heavy modules (ts-morph, the
 * server) lazily so that `--help` and light commands start fast.
 */
export interface CommandDef<A = Record<string, unknown>> {
  readonly command: string | readonly string[];
  readonly describe: string;
  builder(y: Argv<GlobalArgs>): Argv<GlobalArgs & A>;
  handler(args: GlobalArgs & A, ctx: Context): Promise<number> | number;
}

export function defineCommand<A>(def: CommandDef<A>): CommandDef<A> {
  return def;
}

/**
 * The table loader (and zod with it) is imported here, when a command runs, not at start-up:
 * `--help` and argument errors stay fast.
 */
export async function createContext(io: Io, args: GlobalArgs): Promise<Context> {
  const { loadMappings } = await import('../mapping/load.js');
  let cached: Mappings | undefined;
  return {
    io,
    mappings: () => {
      cached ??= loadMappings(args.mappings === undefined ? undefined : resolve(io.cwd, args.mappings));
      return cached;
    },
  };
}
