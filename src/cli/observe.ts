import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { shownName } from '../files/names.js';
import { WATCH_EVERY, WATCH_FIRST } from '../observe/defaults.js';
import { defineCommand } from './context.js';

export const observeCommand = defineCommand({
  command: 'observe [command..]',
  describe:
    'Run a Node command (an app, npm start, a test runner) and record what it reads of the V1 data civic-migrate hands it',
  builder: (y) =>
    y
      .positional('command', { type: 'string', array: true, describe: 'The command, after --' })
      .option('out', {
        type: 'string',
        default: 'civic-migrate-usage.json',
        describe: 'The usage file to write (merged over every Node process of the command)',
      })
      .option('sample', {
        type: 'boolean',
        default: false,
        describe: 'Keep the first call site outside node_modules per slug and property (a stack trace each)',
      })
      .option('watch-first', {
        type: 'number',
        default: WATCH_FIRST,
        describe: 'Watch every payload of a kind (state records, field lists, override lists) until this many were handed over',
      })
      .option('watch-every', {
        type: 'number',
        default: WATCH_EVERY,
        describe: 'Then watch one payload in this many (1: every payload; watching one costs about four times handing it over)',
      })
      .option('interval', {
        type: 'number',
        default: 10_000,
        describe: 'How often each process writes what it recorded, in milliseconds (and at exit)',
      })
      .example('$0 observe -- node server.js', 'record while the app runs; stop it with Ctrl-C')
      .example('$0 observe --sample --out usage.json -- npm test', 'record a test run, with call sites')
      .example('$0 observe --watch-every 1 -- npm test', 'watch every payload, not one in 16 after the first 200')
      .epilog(
        'Every Node process of the command (and their child Node processes) records into its own file, merged into --out when the command ends. Exit code: the command’s own; 2 when it cannot be started.',
      ),
  handler: async (args, { io }) => {
    // What follows `--` (yargs keeps it apart: `populate--`), or the words after `observe`.
    const words = [...(args.command ?? []), ...(((args as { '--'?: unknown[] })['--'] ?? []) as unknown[]).map(String)];
    const [command, ...rest] = words;
    if (!command) throw new UsageError('name the command to run after --');
    if (!Number.isInteger(args.interval) || args.interval <= 0)
      throw new UsageError('--interval must be a positive number of milliseconds');
    if (!Number.isSafeInteger(args['watch-first']) || args['watch-first'] < 0)
      throw new UsageError(`--watch-first must be a whole number, not ${args['watch-first']}`);
    if (!Number.isSafeInteger(args['watch-every']) || args['watch-every'] < 1)
      throw new UsageError(`--watch-every must be a whole number of at least 1, not ${args['watch-every']}`);
    const { mergeUsage, readUsageFile } = await import('../observe/usage-file.js');
    const { writeFileAtomic } = await import('../files/write.js');
    const dir = mkdtempSync(join(tmpdir(), 'civic-migrate-observe-'));
    // Loaded into every Node process the command starts (NODE_OPTIONS is inherited).
    const register = new URL('../observe/register.js', import.meta.url).href;
    const env = {
      ...io.env,
      NODE_OPTIONS: `${io.env.NODE_OPTIONS ? `${io.env.NODE_OPTIONS} ` : ''}--import=${register}`,
      CIVIC_MIGRATE_OBSERVE_DIR: dir,
      CIVIC_MIGRATE_OBSERVE_INTERVAL_MS: String(args.interval),
      ...(args.sample ? { CIVIC_MIGRATE_OBSERVE_SAMPLE: '1' } : {}),
      CIVIC_MIGRATE_OBSERVE_WATCH_FIRST: String(args['watch-first']),
      CIVIC_MIGRATE_OBSERVE_WATCH_EVERY: String(args['watch-every']),
    };
    try {
      const { runCommand } = await import('./observe-run.js');
      const code = await runCommand(command, rest, io.cwd, env);
      const files = readdirSync(dir).filter((f) => /^usage-\d+\.json$/.test(f));
      const usage = { ...mergeUsage(files.map((f) => readUsageFile(join(dir, f)))), command: words.join(' ') };
      const out = resolve(io.cwd, args.out);
      await writeFileAtomic(out, `${JSON.stringify(usage, null, 2)}\n`);
      const slugs = new Set([...Object.keys(usage.items), ...Object.keys(usage.descriptors), ...Object.keys(usage.overrides)]);
      const calls = Object.values(usage.endpoints).reduce((a, b) => a + b, 0);
      io.stderr.write(
        files.length === 0
          ? `civic-migrate observe: nothing was recorded (no process handed V1 data through civic-migrate's downgrade or client); ${shownName(args.out)} written empty\n`
          : `civic-migrate observe: ${files.length} process${files.length === 1 ? '' : 'es'} recorded ${slugs.size} V1 slug${slugs.size === 1 ? '' : 's'} and ${calls} V1 endpoint call${calls === 1 ? '' : 's'} → ${shownName(args.out)}\n`,
      );
      return code;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
});
