import { normalize } from 'node:path';
import { DEFAULT_MAX_BYTES } from '../files/read.js';
import { FAIL_ON, REPORT_FORMATS, type ReportFormat } from '../report/formats.js';
import { findConfig, withConfig } from './config.js';
import { createContext, type Io } from './context.js';
import { printFailure } from './fail.js';
import { REPORT_DEFAULTS, reportCommand } from './report.js';

type ReportArgs = Parameters<typeof reportCommand.handler>[0];

/**
 * `report` as a pre-commit hook or a CI step types it (paths, `--format`, `--fail-on`, patterns, the
 * config's options), answered without building the command line: yargs' own start and parse are a
 * third of a report of a few files. Any other call (an output file, a baseline, history, help, an
 * option written in another way, a value it would have to check) is undefined: the whole CLI parses
 * it and says what is wrong. The answer is the command's own handler's, given the arguments yargs
 * would give it (test/cli-quick-report.test.ts runs both paths on the same calls).
 */
export async function runQuickReport(argv: readonly string[], io: Io): Promise<number | undefined> {
  if (argv[0] !== 'report') return undefined;
  let full: string[];
  try {
    full = withConfig(argv, argv.includes('--no-config') ? undefined : await findConfig(io.cwd));
  } catch {
    // The whole CLI says what is wrong with the config.
    return undefined;
  }
  const args = quickReportArgs(full.slice(1));
  if (!args) return undefined;
  try {
    const context = await createContext(io, args.mappings === undefined ? {} : { mappings: args.mappings });
    return await reportCommand.handler(args, context);
  } catch (error) {
    return printFailure(error, io);
  }
}

/** Options that take a value, and what they accept. */
const VALUED: Record<string, (value: string) => boolean> = {
  '--format': (v) => (REPORT_FORMATS as readonly string[]).includes(v),
  '--fail-on': (v) => (FAIL_ON as readonly string[]).includes(v),
  '--include': (v) => v !== '',
  '--exclude': (v) => v !== '',
  '--mappings': (v) => v !== '',
  '--cache-location': (v) => v !== '',
  // A plain whole number; anything else is the parser's to convert and the handler's to refuse.
  '--max-bytes': (v) => /^[1-9][0-9]{0,8}$/.test(v),
};

/** Flags, and the option each sets to which value. */
const FLAGS: Record<string, readonly [string, boolean]> = {
  '--gitignore': ['gitignore', true],
  '--no-gitignore': ['gitignore', false],
  '--assume-civic': ['assume-civic', true],
  '--cache': ['cache', true],
  '--no-cache': ['cache', false],
  '--config': ['config', true],
  '--no-config': ['config', false],
};

/**
 * The handler's arguments for `report`'s arguments (after the command), as yargs gives them with the
 * command's defaults, or undefined when the call is not one this path takes.
 */
export function quickReportArgs(rest: readonly string[]): ReportArgs | undefined {
  const paths: string[] = [];
  const values = new Map<string, string[]>();
  const flags = new Map<string, boolean>();
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string;
    if (!arg.startsWith('-')) {
      // `help` is a command of the parser's own; a lone `-` is yargs' to read.
      if (arg === 'help' || arg === '') return undefined;
      paths.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq < 0 ? arg : arg.slice(0, eq);
    const accepts = VALUED[name];
    if (accepts) {
      const value = eq < 0 ? rest[++i] : arg.slice(eq + 1);
      if (value === undefined || value.startsWith('-') || !accepts(value)) return undefined;
      const list = values.get(name) ?? [];
      list.push(value);
      values.set(name, list);
      continue;
    }
    const flag = FLAGS[arg];
    // A flag given twice, or both ways, is the parser's to settle.
    if (!flag || flags.has(flag[0])) return undefined;
    flags.set(flag[0], flag[1]);
  }
  const one = (name: string): string | undefined => {
    const list = values.get(name);
    return list?.length === 1 ? list[0] : undefined;
  };
  // A single-valued option given twice becomes a list in yargs: the parser's to refuse.
  for (const name of ['--format', '--fail-on', '--mappings', '--max-bytes', '--cache-location'])
    if ((values.get(name)?.length ?? 0) > 1) return undefined;
  const mappings = one('--mappings');
  const maxBytes = one('--max-bytes');
  return {
    ...(mappings === undefined ? {} : { mappings: normalize(mappings) }),
    ...(paths.length ? { paths } : {}),
    include: values.get('--include'),
    exclude: values.get('--exclude'),
    gitignore: flags.get('gitignore') ?? true,
    'max-bytes': maxBytes === undefined ? DEFAULT_MAX_BYTES : Number(maxBytes),
    format: (one('--format') ?? REPORT_DEFAULTS.format) as ReportFormat,
    'fail-on': (one('--fail-on') ?? REPORT_DEFAULTS.failOn) as (typeof FAIL_ON)[number],
    output: undefined,
    baseline: undefined,
    'update-baseline': false,
    'json-schema': false,
    observed: undefined,
    history: false,
    commits: REPORT_DEFAULTS.commits,
    since: undefined,
    'assume-civic': flags.get('assume-civic') ?? false,
    cache: flags.get('cache') ?? false,
    'cache-location': one('--cache-location'),
  } as ReportArgs;
}
