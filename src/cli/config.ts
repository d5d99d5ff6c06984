import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { readInputFileSync } from '../files/read.js';
import type { Config } from './config-schema.js';

/**
 * `civic-migrate.config.json` (or a `"civic-migrate"` key in package.json): the options a team
 * would otherwise repeat on every call (checked by ./config-schema.ts). Flags given on the command
 * line win. Paths are relative to the file that names them.
 */
const CONFIG_FILE = 'civic-migrate.config.json';

/** Which flag each key sets, for which commands, and whether it is a path. */
const FLAGS: Record<Exclude<keyof Config, '$schema'>, { flag: string; commands: readonly string[]; path?: true }> = {
  mappings: {
    flag: '--mappings',
    commands: ['codemod', 'report', 'adapt', 'explain', 'mappings', 'serve', 'fetch', 'verify'],
    path: true,
  },
  include: { flag: '--include', commands: ['codemod', 'report'] },
  exclude: { flag: '--exclude', commands: ['codemod', 'report'] },
  gitignore: { flag: '--gitignore', commands: ['codemod', 'report'] },
  maxBytes: { flag: '--max-bytes', commands: ['codemod', 'report'] },
  longName: { flag: '--long-name', commands: ['codemod'] },
  project: { flag: '--project', commands: ['codemod', 'report'], path: true },
  failOn: { flag: '--fail-on', commands: ['report'] },
  format: { flag: '--format', commands: ['report'] },
  baseline: { flag: '--baseline', commands: ['report'], path: true },
  assumeCivic: { flag: '--assume-civic', commands: ['report'] },
  cache: { flag: '--cache', commands: ['codemod', 'report'] },
  cacheLocation: { flag: '--cache-location', commands: ['codemod', 'report'], path: true },
};

/** The nearest config from `cwd` up to the repository root (a folder with `.git`) or the file system's root. */
export async function findConfig(cwd: string): Promise<{ file: string; config: Config } | undefined> {
  // The schema (and zod) load only when there is a config to check.
  const parse = async (where: string, json: unknown) => (await import('./config-schema.js')).parseConfig(where, json);
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const own = join(dir, CONFIG_FILE);
    if (existsSync(own)) return { file: own, config: await parse(own, readJson(own)) };
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      const json = readJson(pkg) as Record<string, unknown> | undefined;
      if (json && typeof json === 'object' && 'civic-migrate' in json)
        return { file: pkg, config: await parse(`${pkg} ("civic-migrate")`, json['civic-migrate']) };
    }
    if (existsSync(join(dir, '.git')) || dirname(dir) === dir) return undefined;
  }
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readInputFileSync(file, 'config', { maxBytes: 1024 * 1024 }));
  } catch (error) {
    if (error instanceof SyntaxError) throw new UsageError(`${file}: not valid JSON (${error.message})`);
    throw error;
  }
}

/**
 * The command line with the config's options added for the command being run, where the command
 * line does not give them itself (a flag given there wins, and a list given there replaces the
 * config's list).
 */
export function withConfig(argv: readonly string[], found: { file: string; config: Config } | undefined): string[] {
  if (!found) return [...argv];
  const command = argv.find((a) => !a.startsWith('-'));
  if (!command) return [...argv];
  const given = (flag: string) => argv.some((a) => a === flag || a.startsWith(`${flag}=`) || a === `--no-${flag.slice(2)}`);
  const base = dirname(found.file);
  const extra: string[] = [];
  for (const [key, value] of Object.entries(found.config)) {
    const spec = FLAGS[key as keyof typeof FLAGS];
    if (!spec?.commands.includes(command) || given(spec.flag) || value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) extra.push(`${spec.flag}=${v}`);
    else if (value === false) extra.push(spec.flag === '--project' ? '--no-project' : `--no-${spec.flag.slice(2)}`);
    else if (value === true) extra.push(spec.flag);
    else extra.push(`${spec.flag}=${spec.path ? resolve(base, String(value)) : String(value)}`);
  }
  return [...argv, ...extra];
}
