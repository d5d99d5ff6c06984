import { UsageError } from '../errors.js';
import { shownName } from '../files/names.js';
import { cacheOptions, cacheRunOptions, runCacheDir } from './cache-dir.js';
import { defineCommand } from './context.js';
import { checkedMaxBytes, fileOptions, PROJECT_OPTION, projectArg } from './file-options.js';
import { outsideWarnings } from './outside.js';

/** Progress appears only on a terminal, and only once a run has lasted this long. */
const PROGRESS_AFTER_MS = 400;
const PROGRESS_EVERY_MS = 100;

const files = (n: number) => `${n} ${n === 1 ? 'file' : 'files'}`;

/** Skip reasons that leave a file unread (so possibly unmigrated). */
const UNREAD = new Set(['too-large', 'invalid-utf8', 'binary']);

/** Signals that stop a --write between two files. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

export const codemodCommand = defineCommand({
  command: 'codemod [paths..]',
  describe: 'Rewrite V1 references in TS/JS/Vue code (dry run: a unified diff; --write applies)',
  builder: (y) =>
    fileOptions(y, { walk: 'walk', skip: 'Skip (and list)' })
      .positional('paths', {
        type: 'string',
        array: true,
        default: ['.'],
        describe: 'Files, folders or globs (quote globs: the tool expands them)',
      })
      .option('write', { type: 'boolean', default: false, describe: 'Write the changes (atomically) instead of printing a diff' })
      .option('check', {
        type: 'boolean',
        default: false,
        describe: 'Print the files that would change and exit 1 if any (for CI)',
      })
      .option('json', {
        type: 'boolean',
        default: false,
        describe: 'Print a JSON summary (per file and totals) instead of a diff',
      })
      .option('allow-dirty', {
        type: 'boolean',
        default: false,
        describe: 'With --write: proceed even when git shows uncommitted changes in the target paths',
      })
      .option('project', PROJECT_OPTION)
      .option('allow-type-errors', {
        type: 'boolean',
        default: false,
        describe: 'Program mode with --write: write even when the migration adds type errors (they are still listed)',
      })
      .option('markers', {
        type: 'boolean',
        default: true,
        describe: 'Insert `civic-migrate:` marker comments where a person must decide (--no-markers: report them only)',
      })
      .option('long-name', {
        choices: ['auto', 'always', 'never'] as const,
        default: 'auto' as const,
        describe: 'Rename `long_name` to `description`: in files that show Civic Data API use (auto), everywhere, or nowhere',
      })
      .options(cacheOptions("the decisions (each file's edits and markers)"))
      .example('$0 codemod src/', 'show the diff')
      .example(
        '$0 codemod src/ --cache && $0 codemod src/ --write --cache',
        'show the diff, then write it without deciding again',
      )
      .example('$0 codemod src/ --write', 'apply it (refuses uncommitted changes in src/ unless --allow-dirty)')
      .example("$0 codemod 'src/**/*.ts' --check", 'CI: exit 1 while V1 references remain that the codemod can rewrite')
      .example('$0 codemod . --project tsconfig.app.json', 'program mode with a given config (types, references, constants)')
      .epilog(
        'Exit codes: 0 done (or nothing to do) · 1 --check: changes pending or files not read · 2 usage error, unreadable input, a file that would not parse, a dirty or unanswering git tree, type errors the migration would add · 130/143 --write stopped by SIGINT/SIGTERM',
      ),
  handler: async (args, { io, mappings }) => {
    if (args.write && args.check) throw new UsageError('--write and --check do not go together: --check never writes');
    const maxBytes = checkedMaxBytes(args['max-bytes']);
    const cache = runCacheDir(io.cwd, args.cache, args['cache-location'], io.env);
    const { INTERRUPTED, runCodemod } = await import('../codemod/run.js');
    const { formatSummaryLine } = await import('../codemod/summary-line.js');

    const started = Date.now();
    let progressShown = false;
    let lastProgress = 0;
    const showProgress = io.stderr.isTTY === true && !args.json;
    const clearProgress = () => {
      if (progressShown) io.stderr.write('\r\x1b[K');
      progressShown = false;
    };

    // SIGINT/SIGTERM during --write: finish the file in hand, write nothing more, say what was and was
    // not written, exit 130/143. A second signal ends the process at once (every file is still whole:
    // each is replaced by a rename).
    const controller = new AbortController();
    let stoppedBy: NodeJS.Signals | undefined;
    let notReached = 0;
    /** Files not read for their size or encoding: V1 usage could hide there (--check fails on them). */
    let notRead = 0;
    const onSignal = (signal: NodeJS.Signals) => {
      stoppedBy = signal;
      controller.abort();
      clearProgress();
      io.stderr.write(`civic-migrate: ${signal}: finishing the file in hand, writing no other\n`);
    };
    if (args.write) for (const signal of STOP_SIGNALS) process.once(signal, onSignal);
    const summary = await runCodemod({
      signal: controller.signal,
      cwd: io.cwd,
      paths: args.paths ?? ['.'],
      mappings: mappings(),
      write: args.write,
      allowDirty: args['allow-dirty'],
      ...projectArg(args.project as string | boolean | undefined),
      allowTypeErrors: args['allow-type-errors'],
      markers: args.markers,
      longName: args['long-name'],
      maxBytes,
      gitignore: args.gitignore,
      diff: !args.json && !args.check && !args.write,
      keepFiles: args.json,
      ...(args.include?.length ? { include: args.include } : {}),
      ...(args.exclude?.length ? { exclude: args.exclude } : {}),
      ...cacheRunOptions(cache, 'the decisions', io.stderr),
      ...outsideWarnings(io.cwd, io.stderr, 'migrated'),
      onFile: (result, patch) => {
        if (result.reason === INTERRUPTED) notReached++;
        const unread = result.status === 'skipped' && UNREAD.has(result.reason ?? '');
        if (unread) notRead++;
        if (args.json) return;
        if (unread) {
          clearProgress();
          io.stderr.write(
            `civic-migrate: ${shownName(result.path)}: not read (${result.reason}): V1 usage there is not migrated\n`,
          );
        }
        if (
          patch ||
          (args.check && result.status === 'changed') ||
          result.status === 'error' ||
          result.markers.some((m) => !m.present && m.confidence !== 'low')
        ) {
          clearProgress();
        }
        if (patch) io.stdout.write(patch);
        else if (args.check && result.status === 'changed') io.stdout.write(`${shownName(result.path)}\n`);
        if (result.status === 'error') io.stderr.write(`civic-migrate: ${shownName(result.path)}: ${result.reason}\n`);
        // Places a person must look at that got no comment in the code (--no-markers, Vue templates).
        for (const m of result.markers) {
          if (!m.present && m.confidence !== 'low')
            io.stderr.write(`civic-migrate: ${shownName(result.path)}:${m.line}:${m.column}: ${m.message}\n`);
        }
      },
      onProgress: (done, total) => {
        if (!showProgress) return;
        const now = Date.now();
        if (now - started < PROGRESS_AFTER_MS || (now - lastProgress < PROGRESS_EVERY_MS && done < total)) return;
        lastProgress = now;
        io.stderr.write(`\r\x1b[Kcivic-migrate: ${done}/${total} files`);
        progressShown = true;
      },
    });
    for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
    clearProgress();

    if (args.json) io.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    // Type errors the migration adds: where, and what the compiler says.
    for (const e of summary.typeErrors)
      io.stderr.write(
        `civic-migrate: ${shownName(e.file)}:${e.line}:${e.column}: type error TS${e.code} after the migration: ${e.message}\n`,
      );
    io.stderr.write(`${formatSummaryLine(summary, { check: args.check })}\n`);
    if (stoppedBy) {
      io.stderr.write(
        `civic-migrate: interrupted by ${stoppedBy}: ${files(summary.totals.changed)} written, ${notReached} not written; run again to finish\n`,
      );
      return stoppedBy === 'SIGINT' ? 130 : 143;
    }
    if (summary.totals.errors > 0) return 2;
    if (args.check && (summary.totals.changed > 0 || notRead > 0)) return 1;
    return 0;
  },
});
