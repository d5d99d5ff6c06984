import { readFileSync } from 'node:fs';
import yargs, { type Argv } from 'yargs';
import { CivicMigrateError, UsageError } from '../errors.js';
import { adaptCommand } from './adapt.js';
import { codemodCommand } from './codemod.js';
import { findConfig, withConfig } from './config.js';
import { type CommandDef, createContext, type GlobalArgs, type Io } from './context.js';
import { explainCommand } from './explain.js';
import { printFailure } from './fail.js';
import { fetchCommand } from './fetch.js';
import { mappingsCommand } from './mappings.js';
import { observeCommand } from './observe.js';
import { runQuick } from './quick.js';
import { runQuickReport } from './quick-report.js';
import { reportCommand } from './report.js';
import { serveCommand } from './serve.js';
import { verifyCommand } from './verify.js';
import { helpWidth } from './width.js';

/** Every command, in the order `--help` lists them. */
export const commands: readonly CommandDef<never>[] = [
  explainCommand,
  mappingsCommand,
  codemodCommand,
  reportCommand,
  adaptCommand,
  serveCommand,
  fetchCommand,
  verifyCommand,
  observeCommand,
] as unknown as CommandDef<never>[];

const EXIT = { ok: 0, findings: 1, error: 2, internal: 70 } as const;

/**
 * `-` as the value of an option that names a file (`-o -`, `--out -`, `--fields -`): yargs takes a
 * lone `-` for a positional, so it is joined to its option (`--out=-`) before parsing.
 */
function dashValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (argv[i + 1] === '-' && FILE_OPTIONS.has(arg)) {
      out.push(`${arg === '-o' ? '--output' : arg}=-`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/** Options whose value is a file, where `-` means stdin or stdout. */
const FILE_OPTIONS = new Set(['-o', '--output', '--out', '--fields', '--overrides']);

/**
 * Runs the CLI and returns its exit code. Known errors print one line on stderr and return 2;
 * unknown errors are re-thrown for the caller (the bin prints the stack and exits 70).
 */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const quick = (await runQuick(argv, io)) ?? (await runQuickReport(argv, io));
  if (quick !== undefined) return quick;
  return runParsed(argv, io);
}

/** The CLI with its command line parsed by yargs: every call the quick paths do not take. */
export async function runParsed(argv: readonly string[], io: Io): Promise<number> {
  let exitCode: number = EXIT.ok;
  // `help codemod` is `codemod --help`; `help` alone is `--help`.
  if (argv[0] === 'help') return runParsed(argv.length > 1 ? [...argv.slice(1), '--help'] : ['--help'], io);
  let args: string[];
  try {
    // civic-migrate.config.json (or "civic-migrate" in package.json): flags the command line does not give.
    args = withConfig(dashValues(argv), argv.includes('--no-config') ? undefined : await findConfig(io.cwd));
  } catch (error) {
    if (!(error instanceof CivicMigrateError)) throw error;
    io.stderr.write(`civic-migrate: ${error.message}\n`);
    return error.exitCode;
  }
  let parser: Argv<GlobalArgs> = yargs(args)
    .scriptName('civic-migrate')
    .usage('$0 <command> [options]\n\nMigrate Civic Data API integrations from V1 to V2.')
    .option('config', {
      type: 'boolean',
      global: true,
      default: true,
      describe:
        'Read civic-migrate.config.json (or "civic-migrate" in package.json) from here up to the repository root (--no-config: do not)',
    })
    .option('mappings', {
      type: 'string',
      global: true,
      describe: 'Use this mapping table instead of the bundled one',
      normalize: true,
    })
    .example('$0 codemod src', 'show the V1 → V2 diff of src/ (--write applies it)')
    .example('$0 report --fail-on manual', 'V1 usage left, in any language; exit 1 on what a person must fix')
    .example('$0 explain vbm_no_excuse', 'what happened to a V1 slug, path or URL, and what to do')
    .example('$0 adapt state-v1.json --to v2', 'convert a payload')
    .example('$0 help codemod', "a command's options")
    .epilog(
      'Exit codes: 0 ok · 1 findings, pending changes or differences (per command) · 2 usage error or unusable input (one line on stderr) · 130/143 stopped by a signal · 70 internal error (a bug). See README.md.',
    )
    .strict()
    // `observe -- node app.js --port 3000`: what follows `--` is the command's, kept apart as `--`.
    .parserConfiguration({ 'populate--': true })
    .demandCommand(1, 'Name a command.')
    .recommendCommands()
    .help()
    .alias('help', 'h')
    .version(packageVersion())
    .wrap(helpWidth((io.stdout as { columns?: number }).columns))
    .exitProcess(false)
    .fail((msg, err) => {
      if (err) throw err;
      throw new UsageError(msg ?? 'invalid arguments');
    });
  // yargs renders a command's whole help as its handler starts, to show it if the command fails
  // later; a failure here is one line (`.fail` above), never the help: a tenth of a short run saved.
  const usage = (parser as unknown as { getInternalMethods?(): { getUsageInstance?(): { cacheHelpMessage?: () => void } } })
    .getInternalMethods?.()
    .getUsageInstance?.();
  if (usage?.cacheHelpMessage) usage.cacheHelpMessage = () => {};
  for (const def of commands) {
    parser = parser.command(
      def.command as string,
      def.describe,
      (y) => def.builder(y),
      async (args) => {
        exitCode = await def.handler(args as never, await createContext(io, args as GlobalArgs));
      },
    );
  }
  try {
    let helpText = '';
    await parser.parseAsync(args, {}, (err, _argv, output) => {
      if (err) return;
      helpText = output;
    });
    if (helpText) io.stdout.write(`${helpText}\n`);
    return exitCode;
  } catch (error) {
    return printFailure(error, io);
  }
}

/** Our own version, from package.json (same depth from src/cli and dist/cli). */
function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}
